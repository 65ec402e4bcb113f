import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/lib/public-address.ts';

describe('isPublicAddress: which literal addresses a server-side request may reach', () => {
  it('refuses loopback, private, link-local, shared, reserved and multicast IPv4 addresses', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('reads hex, octal, decimal and short IPv4 spellings as the address they stand for', () => {
    for (const address of ['0x7f000001', '2130706433', '0177.0.0.1', '127.1', '0xa9.0xfe.0xa9.0xfe']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('0x08080808')).toBe(true);
  });

  it('refuses loopback, unspecified, unique-local, link-local, site-local, multicast and documentation IPv6', () => {
    for (const address of [
      '::1',
      '[::1]',
      '::',
      'fd00::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('2001:db8::1')).toBe(false);
    expect(isPublicAddress('100::1')).toBe(false);
  });

  it('judges an IPv4-mapped, -translated, -compatible or NAT64 IPv6 address as the IPv4 address it carries', () => {
    const forms = (dotted: string, hex: string) => [
      `::ffff:${dotted}`,
      `::ffff:${hex}`,
      `::ffff:0:${dotted}`,
      `::ffff:0:${hex}`,
      `0:0:0:0:ffff:0:${hex}`,
      `::${dotted}`,
      `::${hex}`,
      `64:ff9b::${dotted}`,
      `64:ff9b::${hex}`,
    ];
    for (const address of [
      ...forms('127.0.0.1', '7f00:1'),
      ...forms('169.254.169.254', 'a9fe:a9fe'),
      ...forms('10.0.0.1', 'a00:1'),
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of forms('8.8.8.8', '808:808')) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses 6to4, Teredo and local-use NAT64 addresses, whatever IPv4 address they embed', () => {
    for (const address of [
      '2002:7f00:1::1',
      '2002:808:808::1',
      '2001:0:4136:e378::1',
      '64:ff9b:1::808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows public IPv4 and IPv6 addresses and nothing that is not an address', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '2606:4700::1111', '[2606:4700::1111]']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of ['', 'localhost', 'example.com', '1.2.3.4.5', '::ffff:1.2.3']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
