import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/client.ts';
import { merchantInput } from '../../helper.ts';
import { prepareServerProcess, type ServerProcess, serverCaller } from '../../server-process.ts';

/* npm run audit:verify as an operator runs it: on the database a real server wrote. */
describe('npm run audit:verify', () => {
  let server: ServerProcess;
  let api: ReturnType<typeof serverCaller>;

  beforeAll(async () => {
    server = await prepareServerProcess({});
    api = serverCaller(server.base, () => '');
  }, 60_000);

  afterAll(() => server?.close());

  it('prints the count of entries and exits 0 on an untouched chain', async () => {
    await server.start();
    const input = merchantInput();
    expect((await api('POST', '/api/auth/signup', input)).status).toBe(201);
    expect(
      (await api('POST', '/api/auth/signin', { email: input.email, password: input.password })).status,
    ).toBe(200);
    expect(
      (await api('POST', '/api/auth/signin', { email: input.email, password: 'Wr0ng!Password' })).status,
    ).toBe(401);
    await server.kill();
    const verified = await server.runScript('src/scripts/audit-verify.ts');
    expect(verified.output).toContain('Audit chain OK (2 entries)');
    expect(verified.code).toBe(0);
  }, 120_000);

  it('exits 1 naming the entry once one was edited', async () => {
    const database = await openDatabase({
      databaseUrl: server.env.DATABASE_URL,
      dataDir: server.env.DATA_DIR ?? null,
    });
    let id = '';
    try {
      const result = (await database.db.execute(
        sql`update audit_events set ip = '10.9.9.9' where sequence = 1 and chain <> 'platform' returning id, chain`,
      )) as unknown as { rows: { id: string; chain: string }[] };
      id = result.rows[0]?.id ?? '';
    } finally {
      await database.close();
    }
    expect(id).not.toBe('');
    const verified = await server.runScript('src/scripts/audit-verify.ts');
    expect(verified.code).toBe(1);
    expect(verified.output).toContain(`entry #1 (id ${id})`);
  }, 120_000);
});
