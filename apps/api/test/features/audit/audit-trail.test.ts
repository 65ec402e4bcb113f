import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordAuditEvent } from '../../../src/features/audit/index.ts';
import { bearer, countRows, inTx, PASSWORD, signUpMerchant, useTestApp } from '../../helper.ts';
import { generateKey, updateApiDetails } from '../api-keys/api-key-fixtures.ts';
import { chainOf, USER_AGENT, verify, verifyAfterTampering } from './audit-fixtures.ts';

const NEW_PASSWORD = 'N3w!Passw0rdToo';

describe('the audit trail', () => {
  const ctx = useTestApp();
  const signIn = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'user-agent': USER_AGENT },
      payload: { email, password },
    });

  it('records a sign-in with the address and browser, once', async () => {
    const merchant = await signUpMerchant(ctx.app);
    expect((await signIn(merchant.email, PASSWORD)).statusCode).toBe(200);
    const entries = await chainOf(ctx.app, merchant.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'auth.sign_in',
      outcome: 'success',
      actor_person_id: merchant.userId,
      acting_user_id: merchant.userId,
      api_key_prefix: null,
      target_type: 'user',
      target_id: merchant.userId,
      ip: '127.0.0.1',
      user_agent: USER_AGENT,
    });
    expect(Number(entries[0]?.sequence)).toBe(1);
    expect(entries[0]?.previous_hash).toBe('0'.repeat(64));
  });

  it('records a failed sign-in, for a known account in its chain and for an unknown email in the platform chain', async () => {
    const merchant = await signUpMerchant(ctx.app);
    expect((await signIn(merchant.email, 'Wr0ng!Password')).statusCode).toBe(401);
    const [entry, ...more] = await chainOf(ctx.app, merchant.userId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      actor_person_id: merchant.userId,
      user_agent: USER_AGENT,
      details: { step: 'password' },
    });
    expect(JSON.stringify(entry)).not.toContain('Wr0ng');

    const email = `nobody-${Date.now()}@example.com`;
    expect((await signIn(email, 'Wr0ng!Password')).statusCode).toBe(401);
    const platform = await chainOf(ctx.app, 'platform');
    const unknown = platform.filter((row) => row.details.email === email);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      actor_person_id: null,
      acting_user_id: null,
      target_type: null,
    });
  });

  it('records sign-out and a password change', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${merchant.userId}/change-password`,
      headers: { ...bearer(merchant.token), 'user-agent': USER_AGENT },
      payload: { password: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const session = (await signIn(merchant.email, NEW_PASSWORD)).json() as { token: string };
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(session.token), 'user-agent': USER_AGENT },
    });
    expect(out.statusCode).toBe(204);
    const entries = await chainOf(ctx.app, merchant.userId);
    expect(entries.map((row) => row.action)).toEqual([
      'auth.password_changed',
      'auth.sign_in',
      'auth.sign_out',
    ]);
    for (const row of entries) {
      expect(row).toMatchObject({
        actor_person_id: merchant.userId,
        user_agent: USER_AGENT,
        ip: '127.0.0.1',
      });
    }
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
  });

  it('records API keys generated, rolled and deleted, without the key', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const first = await generateKey(ctx.app, merchant);
    const second = await generateKey(ctx.app, merchant);
    expect((await updateApiDetails(ctx.app, merchant, { deleteKey: true })).statusCode).toBe(200);
    const entries = await chainOf(ctx.app, merchant.userId);
    expect(entries.map((row) => row.action)).toEqual([
      'api_key.generated',
      'api_key.rolled',
      'api_key.deleted',
    ]);
    expect(entries[0]).toMatchObject({ target_type: 'api_key', actor_person_id: merchant.userId });
    expect(entries[1]?.details.previousKeyId).toBe(entries[0]?.target_id);
    expect(entries[2]?.details.keyIds).toHaveLength(2);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(first);
    expect(text).not.toContain(second);
    expect(entries.map((row) => Number(row.sequence))).toEqual([1, 2, 3]);
    expect(entries[1]?.previous_hash).toBe(entries[0]?.hash);
    expect(entries[2]?.previous_hash).toBe(entries[1]?.hash);
  });

  it('writes nothing for a change that rolls back', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const before = await countRows(ctx.app, sql`select count(*) as n from audit_events`);
    await expect(
      inTx(ctx.app, async (tx) => {
        await recordAuditEvent(tx, {
          businessId: merchant.userId,
          actorPersonId: merchant.userId,
          apiKeyPrefix: null,
          actingUserId: merchant.userId,
          ip: null,
          userAgent: null,
          action: 'api_key.generated',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countRows(ctx.app, sql`select count(*) as n from audit_events`)).toBe(before);
    expect(await chainOf(ctx.app, merchant.userId)).toHaveLength(0);
    expect((await verify(ctx.app)).ok).toBe(true);
  });

  describe('verification', () => {
    let chain: string;
    it('passes on a real chain', async () => {
      const merchant = await signUpMerchant(ctx.app);
      chain = merchant.userId;
      await signIn(merchant.email, PASSWORD);
      await signIn(merchant.email, 'Wr0ng!Password');
      await generateKey(ctx.app, merchant);
      await generateKey(ctx.app, merchant);
      expect(await chainOf(ctx.app, chain)).toHaveLength(4);
      const report = await verify(ctx.app);
      expect(report).toMatchObject({ ok: true, broken: null });
      expect(report.entries).toBeGreaterThanOrEqual(4);
    });

    const entryAt = async (sequence: number) => {
      const row = (await chainOf(ctx.app, chain)).find((entry) => Number(entry.sequence) === sequence);
      if (!row) throw new Error(`no entry #${sequence}`);
      return row;
    };

    it('catches an edited entry and names it', async () => {
      const second = await entryAt(2);
      const report = await verifyAfterTampering(
        ctx.app,
        `update audit_events set ip = '10.0.0.9' where id = '${second.id}'`,
      );
      expect(report.ok).toBe(false);
      expect(report.broken).toContain(`chain ${chain} entry #2 (id ${second.id})`);
    });

    it('catches an edited detail (the JSON) too', async () => {
      const third = await entryAt(3);
      const report = await verifyAfterTampering(
        ctx.app,
        `update audit_events set details = '{"userId":"someone-else"}' where id = '${third.id}'`,
      );
      expect(report.broken).toContain(`entry #3 (id ${third.id})`);
    });

    it('catches a deleted entry and names where', async () => {
      const second = await entryAt(2);
      const third = await entryAt(3);
      const inside = await verifyAfterTampering(
        ctx.app,
        `delete from audit_events where id = '${second.id}'`,
      );
      expect(inside.ok).toBe(false);
      expect(inside.broken).toContain(`chain ${chain} entry #3 (id ${third.id})`);
      const last = await entryAt(4);
      const atEnd = await verifyAfterTampering(ctx.app, `delete from audit_events where id = '${last.id}'`);
      expect(atEnd.ok).toBe(false);
      expect(atEnd.broken).toContain(`chain ${chain} entry #4: missing`);
    });

    it('catches an inserted (forged) entry and names it', async () => {
      const first = await entryAt(1);
      const forgedId = '00000000-0000-4000-8000-00000000f0f0';
      const columns =
        'chain, occurred_at, actor_person_id, api_key_prefix, acting_user_id, action, target_type, target_id, ip, user_agent, outcome, details, previous_hash, hash';
      // In the middle: the later entries move up one place to make room.
      const middle = await verifyAfterTampering(
        ctx.app,
        `update audit_events set sequence = sequence + 100 where chain = '${chain}' and sequence >= 2`,
        `update audit_events set sequence = sequence - 99 where chain = '${chain}' and sequence >= 102`,
        `insert into audit_events (id, sequence, ${columns})
           select '${forgedId}', 2, ${columns} from audit_events where id = '${first.id}'`,
      );
      expect(middle.ok).toBe(false);
      expect(middle.broken).toContain(`entry #2 (id ${forgedId})`);
      // At the end, past the head.
      const atEnd = await verifyAfterTampering(
        ctx.app,
        `insert into audit_events (id, sequence, ${columns})
           select '${forgedId}', 5, ${columns} from audit_events where id = '${first.id}'`,
      );
      expect(atEnd.ok).toBe(false);
      expect(atEnd.broken).toContain(`entry #5 (id ${forgedId})`);
    });

    it('catches two entries swapped and names the first out of place', async () => {
      const second = await entryAt(2);
      const third = await entryAt(3);
      const report = await verifyAfterTampering(
        ctx.app,
        `update audit_events set sequence = -1 where id = '${second.id}'`,
        `update audit_events set sequence = 2 where id = '${third.id}'`,
        `update audit_events set sequence = 3 where id = '${second.id}'`,
      );
      expect(report.ok).toBe(false);
      expect(report.broken).toContain(`chain ${chain} entry #2 (id ${third.id})`);
    });

    it('still passes once each tampering has rolled back', async () => {
      expect((await verify(ctx.app)).ok).toBe(true);
    });
  });
});
