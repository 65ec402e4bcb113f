import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSecondProcess, countRows, signUpMerchant, useTestApp } from '../../helper.ts';
import { invitationLinkFor, newEmail, teamApi, teamAuditOf } from './team-fixtures.ts';

/** Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with the two accepts on two processes. */
describe('an invitation link accepted twice at the same moment', () => {
  const ctx = useTestApp();

  it('makes one member: one accept succeeds, the other finds the link used', async () => {
    const second = await buildSecondProcess(ctx);
    try {
      for (let round = 0; round < 3; round++) {
        const owner = await signUpMerchant(ctx.app);
        const email = newEmail();
        expect((await teamApi(ctx.app).invite(owner, email, 'finance')).statusCode).toBe(201);
        const { token } = await invitationLinkFor(ctx.app, email);
        const person = await signUpMerchant(ctx.app, { email });

        const answers = await Promise.all([
          teamApi(ctx.app).accept(person, token),
          teamApi(second.app).accept(person, token),
          teamApi(ctx.app).accept(person, token),
        ]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 404, 404]);
        for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
          expect(refused.json().code).toBe('INVITATION_LINK_INVALID');
        }
        expect(
          await countRows(
            ctx.app,
            sql`select count(*) as n from team_members where business_id = ${owner.userId}::uuid and person_id = ${person.userId}::uuid`,
          ),
        ).toBe(1);
        const accepted = (await teamAuditOf(ctx.app, owner.userId)).filter(
          (entry) => entry.action === 'team.invitation_accepted',
        );
        expect(accepted).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
