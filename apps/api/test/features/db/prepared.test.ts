import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../src/db/client.ts';
import { preparedQuery } from '../../../src/db/prepared.ts';
import { users } from '../../../src/db/schema/index.ts';
import { buildTestApp, dbOf, insertTestMerchant, type TestContext } from '../../helper.ts';

const findBusinessName = preparedQuery('test_find_business_name', ['id'], (db, { id }) =>
  db.select({ businessName: users.businessName }).from(users).where(eq(users.id, id)),
);

const renameBusiness = preparedQuery('test_rename_business', ['id', 'name'], (db, { id, name }) =>
  db
    .update(users)
    .set({ businessName: sql`${name}`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id }),
);

const nameOf = async (db: DbOrTx, id: string) => (await findBusinessName(db, { id }))[0]?.businessName;

describe('prepared queries', () => {
  let ctx: TestContext;
  let merchantId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchantId = (await insertTestMerchant(ctx.app)).userId;
  });
  afterAll(() => ctx.close());

  it('run on the transaction they are given: its uncommitted writes are seen inside and not outside', async () => {
    const db = dbOf(ctx.app);
    const before = await nameOf(db, merchantId);
    await expect(
      db.transaction(async (tx) => {
        expect(await renameBusiness(tx, { id: merchantId, name: 'Inside Ltd' })).toEqual([
          { id: merchantId },
        ]);
        expect(await nameOf(tx, merchantId)).toBe('Inside Ltd');
        if (ctx.app.deps.database.kind === 'postgres') {
          expect(await nameOf(db, merchantId)).toBe(before);
          const prepared = (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as {
            rows: { name: string }[];
          };
          expect(prepared.rows.map((row) => row.name)).toContain('test_find_business_name');
        }
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameOf(db, merchantId)).toBe(before);
  });

  it('run many times with different values, on the pool and on transactions alike', async () => {
    const db = dbOf(ctx.app);
    for (const name of ['First Ltd', 'Second Ltd', 'Third Ltd']) {
      await db.transaction((tx) => renameBusiness(tx, { id: merchantId, name }));
      expect(await nameOf(db, merchantId)).toBe(name);
    }
    expect(await findBusinessName(db, { id: randomUUID() })).toEqual([]);
  });

  it('refuse to freeze a value computed while building, such as an update timestamp', async () => {
    const stampsOnce = preparedQuery('test_stamps_once', ['id'], (db, { id }) =>
      db.update(users).set({ businessName: sql`business_name` }).where(eq(users.id, id)),
    );
    await expect(stampsOnce(dbOf(ctx.app), { id: merchantId })).rejects.toThrow(
      'prepared query test_stamps_once freezes a per-call value',
    );
  });

  it('refuse a second query under a name already taken', () => {
    expect(() => preparedQuery('test_find_business_name', [], findBusinessNameBuilder)).toThrow(
      'already named test_find_business_name',
    );
  });
});

function findBusinessNameBuilder(db: DbOrTx) {
  return db.select().from(users);
}
