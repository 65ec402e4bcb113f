import { describe, expect, it } from 'vitest';
import { bearer, signUpMerchant, useTwoProcesses } from '../../helper.ts';

/*
 * Each process keeps the token versions it has read (features/users/token-versions.ts). Two API instances on one
 * PostgreSQL database, as behind a load balancer: a logout through A must end the session on B, which kept the
 * version from an earlier request. PGlite is one process by design, so there B is A itself.
 */
describe('a logout through one API process', () => {
  const { a, b } = useTwoProcesses();

  const userOnB = (userId: string, token: string) =>
    b.app.inject({ url: `/api/users/${userId}`, headers: bearer(token) });

  it('ends the session on another process that had kept the token version, within 1 second', async () => {
    const merchant = await signUpMerchant(a.app);
    expect((await userOnB(merchant.userId, merchant.token)).statusCode).toBe(200);
    expect((await userOnB(merchant.userId, merchant.token)).statusCode).toBe(200);

    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(merchant.token),
    });
    expect(logout.statusCode).toBe(204);
    const loggedOutAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - loggedOutAt < 1_000) {
      status = (await userOnB(merchant.userId, merchant.token)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });

  it('ends the session on its own process at once, with no wait for the notice', async () => {
    const merchant = await signUpMerchant(a.app);
    const userOnA = () =>
      a.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) });
    expect((await userOnA()).statusCode).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(merchant.token) });
    expect((await userOnA()).statusCode).toBe(401);
  });
});
