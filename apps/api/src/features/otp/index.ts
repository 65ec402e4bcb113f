/** Single-use emailed codes: other features confirm a step with one (payouts without two-factor). */
export { consumeEmailCode, createOtpSecret, issueEmailCode } from './otp.service.ts';
