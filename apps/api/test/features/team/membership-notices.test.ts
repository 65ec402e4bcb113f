import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dbOf, type Merchant, signUpMerchant, type TestContext, useTwoProcesses } from '../../helper.ts';
import { actingFor, enableTwoFactor, joinedMember, teamApi } from './team-fixtures.ts';

/*
 * Each process keeps the memberships it has read (features/team/memberships.ts, ADR 070). Two API instances on one
 * PostgreSQL database, as behind a load balancer: a change of the team through A must reach B, which kept the
 * membership from an earlier request. PGlite is one process by design, so there B is A itself.
 */
describe('memberships kept per process', () => {
  const { a, b } = useTwoProcesses();
  afterEach(() => {
    vi.useRealTimers();
  });

  const WITHIN_A_SECOND = { timeout: 1_000, interval: 10 };

  /** A payout start, which finance may make and a viewer may not: its answer tells the role the process read. */
  const payoutOn = (process: TestContext, person: Merchant, business: Merchant) =>
    process.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...actingFor(person, business), 'idempotency-key': randomUUID() },
      payload: { walletId: randomUUID(), bankAccountId: randomUUID(), amount: 100_000 },
    });
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code?: string }).code;

  it("a role changed through one process holds on another that kept the member's old role, within 1 second", async () => {
    const owner = await signUpMerchant(a.app);
    const finance = await joinedMember(a.app, owner, 'finance');
    expect(codeOf(await payoutOn(b, finance, owner))).not.toBe('ROLE_REQUIRED');
    expect(codeOf(await payoutOn(b, finance, owner))).not.toBe('ROLE_REQUIRED');

    expect((await teamApi(a.app).changeRole(owner, finance.userId, 'viewer')).statusCode).toBe(200);

    await vi.waitFor(async () => {
      const refused = await payoutOn(b, finance, owner);
      expect(refused.statusCode).toBe(409);
      expect(codeOf(refused)).toBe('ROLE_REQUIRED');
    }, WITHIN_A_SECOND);
  });

  it('a role change is read by the next request on the process that made it, with no wait for the notice', async () => {
    const owner = await signUpMerchant(a.app);
    const finance = await joinedMember(a.app, owner, 'finance');
    expect(codeOf(await payoutOn(a, finance, owner))).not.toBe('ROLE_REQUIRED');
    await teamApi(a.app).changeRole(owner, finance.userId, 'viewer');
    expect(codeOf(await payoutOn(a, finance, owner))).toBe('ROLE_REQUIRED');
  });

  it('a membership ended by any write, not only through the team screens, is forgotten within 1 second', async () => {
    const owner = await signUpMerchant(a.app);
    const finance = await joinedMember(a.app, owner, 'finance');
    const business = () =>
      b.app.inject({ url: `/api/users/${owner.userId}`, headers: actingFor(finance, owner) });
    expect((await business()).statusCode).toBe(200);
    expect((await business()).statusCode).toBe(200);

    await dbOf(a.app).execute(
      sql`delete from team_members where business_id = ${owner.userId}::uuid and person_id = ${finance.userId}::uuid`,
    );

    await vi.waitFor(async () => expect((await business()).statusCode).toBe(404), WITHIN_A_SECOND);
  });

  it("the business's two-factor rule, turned on through one process, stops its members on another within 1 second", async () => {
    const owner = await signUpMerchant(a.app);
    await enableTwoFactor(a.app, owner);
    const viewer = await joinedMember(a.app, owner, 'viewer');
    const business = () =>
      b.app.inject({ url: `/api/users/${owner.userId}`, headers: actingFor(viewer, owner) });
    expect((await business()).statusCode).toBe(200);

    expect((await teamApi(a.app).settings(owner, true)).statusCode).toBe(200);

    await vi.waitFor(async () => {
      const stopped = await business();
      expect(stopped.statusCode).toBe(409);
      expect(codeOf(stopped)).toBe('TWO_FACTOR_REQUIRED');
    }, WITHIN_A_SECOND);
  });
});
