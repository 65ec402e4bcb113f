import ipaddr from 'ipaddr.js';

/*
 * Which addresses a server-side fetch may reach, by ipaddr.js's classification of special-purpose ranges (IANA
 * registries): only its 'unicast', the rest of the address space. Everything else is refused: this host, private
 * networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, documentation, benchmarking,
 * multicast and reserved ranges, and their IPv6 counterparts.
 */

/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address the gateway connects to. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** IPv4-compatible addresses (RFC 4291, deprecated): '::a.b.c.d'. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * The IPv4 address an IPv6 one stands for, where the packet ends up there: IPv4-mapped '::ffff:a.b.c.d',
 * IPv4-translated '::ffff:0:a.b.c.d' (RFC 6145), IPv4-compatible '::a.b.c.d' and NAT64 '64:ff9b::a.b.c.d'.
 * 6to4, Teredo and local-use NAT64 prefixes embed addresses too but are never reached (not 'unicast').
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const standsForIpv4 =
    range === 'ipv4Mapped' ||
    range === 'rfc6145' ||
    address.match(NAT64_WELL_KNOWN) ||
    address.match(IPV4_COMPATIBLE);
  return standsForIpv4 ? new ipaddr.IPv4(address.toByteArray().slice(12)) : null;
}

/**
 * True only for a literal IP address on the public internet, in any spelling ipaddr.js reads (hex, octal and
 * short IPv4 forms included); anything unparseable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  const judged = parsed.kind() === 'ipv6' ? (embeddedIpv4(parsed as ipaddr.IPv6) ?? parsed) : parsed;
  return judged.range() === 'unicast';
}
