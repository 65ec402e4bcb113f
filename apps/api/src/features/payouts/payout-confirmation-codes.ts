import { formatMoney, OTP_RULES, TWO_FACTOR_CODE_INCORRECT } from '@bizdash/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../types.ts';
import { consumeEmailCode, createOtpSecret, issueEmailCode } from '../otp/index.ts';
import { isTwoFactorEnabled, verifySecondFactor } from '../security/index.ts';
import { findUserById } from '../users/index.ts';
import type { PayoutRow } from './payouts.repository.ts';

/*
 * The code that confirms a payout started from a dashboard session: the person's two-factor code when they have it
 * on, else one emailed to them; either works once.
 */

type CodeDeps = Pick<AppDeps, 'database' | 'config' | 'email' | 'keys' | 'secretBox'>;

/** How long a payout waits for its code: as long as an emailed code lives. */
export const CONFIRM_WITHIN_MS = OTP_RULES.ttlMinutes * 60_000;

const otpSecret = (deps: Pick<CodeDeps, 'keys'>) => createOtpSecret(deps.keys);

/** Which code confirms the payouts this person starts. */
export async function confirmationFor(
  deps: Pick<CodeDeps, 'database'>,
  personId: string,
): Promise<'two_factor' | 'email'> {
  return (await isTwoFactorEnabled(deps.database.db, personId)) ? 'two_factor' : 'email';
}

/** The code goes to the person who started the payout (a finance member's own address, not the owner's). */
export async function emailConfirmationCode(deps: CodeDeps, personId: string, payout: PayoutRow) {
  const person = await findUserById(deps.database.db, personId);
  if (!person) throw notFound('User not found');
  const amount = formatMoney(payout.amount, payout.currency);
  await issueEmailCode(
    deps,
    otpSecret(deps),
    { userId: personId, email: person.email },
    `payout:${payout.id}`,
    (code) => ({
      subject: `${code} confirms your Bizdash payout of ${amount}`,
      text: [
        `Hello ${person.firstName},`,
        '',
        `Enter ${code} to confirm your payout of ${amount} (fee ${formatMoney(payout.fee, payout.currency)}).`,
        `The code works once, for ${OTP_RULES.ttlMinutes} minutes.`,
        '',
        'If you did not start this payout, do not share the code: change your password now.',
      ].join('\n'),
    }),
  );
}

/** The person's code for this payout checked (and used up), the kind its confirmation names; a wrong one is refused. */
export async function checkConfirmationCode(
  deps: CodeDeps,
  personId: string,
  payout: PayoutRow,
  code: string,
) {
  if (payout.confirmation === 'two_factor') {
    if (!(await verifySecondFactor(deps, personId, code))) {
      throw badRequest(TWO_FACTOR_CODE_INCORRECT, 'TWO_FACTOR_CODE_INCORRECT');
    }
  } else {
    await consumeEmailCode(deps, otpSecret(deps), personId, `payout:${payout.id}`, code);
  }
}
