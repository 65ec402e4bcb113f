import { randomBytes } from 'node:crypto';
import { TWO_FACTOR_RULES } from '@bizdash/shared';
import type { Keys } from '../../lib/keys.ts';

// 32 letters and digits with the look-alikes (0, 1, l, o) left out: 5 bits a character, 50 bits a code.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

const newCode = () =>
  Array.from(randomBytes(CODE_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join('');

export const newRecoveryCodes = () => Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, newCode);

/**
 * Codes are random, not chosen by people, so a keyed hash is enough (no slow hash needed); the key keeps a leaked
 * table from being checked offline, and the user id keeps equal codes of two merchants apart.
 */
export const hashRecoveryCode = (keys: Keys, userId: string, code: string) =>
  keys.hmac('two-factor-recovery-codes', `${userId}:${code}`);
