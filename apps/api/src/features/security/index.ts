/** Password changes, sessions and two-factor sign-in of the signed-in merchant (ADR 025, ADR 027). */
export { sendPasswordChangedEmail } from './password-changed-email.ts';
export { securityRoutes } from './security.routes.ts';
export { issueSignInChallenge, readSignInChallenge } from './sign-in-challenge.ts';
export { listTwoFactorEnabled } from './two-factor.repository.ts';
export { twoFactorRoutes } from './two-factor.routes.ts';
export {
  isChallengeSpent,
  isTwoFactorEnabled,
  spendSignInChallenge,
  verifySecondFactor,
} from './two-factor.service.ts';
