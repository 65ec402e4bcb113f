import { loadOnce } from './load-once.ts';

/** The native argon2 library is loaded at the first sign-up or sign-in, not at start. */
const argon2 = loadOnce(() => import('@node-rs/argon2'));

// OWASP's argon2id baseline: 19 MiB, two passes, one lane.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = async (password: string) => (await argon2()).hash(password, ARGON2ID);

export const verifyPassword = async (passwordHash: string, password: string) =>
  (await argon2()).verify(passwordHash, password).catch(() => false);

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so a missing account cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}
