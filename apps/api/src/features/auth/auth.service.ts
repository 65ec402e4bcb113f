import type { AuthTokenResponse, SignInRequest, SignUpRequest } from '@bizdash/shared';
import { AppError, conflict } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/postgres-errors.ts';
import type { AppDeps } from '../../types.ts';
import { findCredentialsByEmail, incrementTokenVersion, insertMerchant } from './auth.repository.ts';

const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Sign in instead.';
const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

type Deps = Pick<AppDeps, 'database' | 'tokens'>;

export async function signUp({ database, tokens }: Deps, input: SignUpRequest): Promise<AuthTokenResponse> {
  const { password, ...profile } = input;
  const passwordHash = await hashPassword(password);
  try {
    const user = await database.db.transaction((tx) => insertMerchant(tx, profile, passwordHash));
    return {
      token: await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion }),
      userId: user.id,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'EMAIL_TAKEN');
    throw error;
  }
}

export async function signIn({ database, tokens }: Deps, input: SignInRequest): Promise<AuthTokenResponse> {
  const account = await findCredentialsByEmail(database.db, input.email);
  if (!account) {
    await burnPasswordCheck(input.password);
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  return {
    token: await tokens.sign({ userId: account.userId, tokenVersion: account.tokenVersion }),
    userId: account.userId,
  };
}

/** Ends every token issued to the merchant so far, on every device. */
export async function logout(
  { database, tokenVersions }: Pick<AppDeps, 'database' | 'tokenVersions'>,
  userId: string,
): Promise<void> {
  await incrementTokenVersion(database.db, userId);
  tokenVersions.forget(userId);
}
