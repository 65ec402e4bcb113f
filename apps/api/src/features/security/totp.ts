import { TWO_FACTOR_RULES } from '@bizdash/shared';
import { loadOnce } from '../../lib/load-once.ts';

const ISSUER = 'Bizdash';

/** otpauth is loaded at the first two-factor set-up or code, not at start. */
const otpauth = loadOnce(() => import('otpauth'));

const totpOf = async (secret: string, label = '') => {
  const { Secret, TOTP } = await otpauth();
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR_RULES.digits,
    period: TWO_FACTOR_RULES.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
};

/** A new 160-bit secret (RFC 4226's recommendation), base32 as authenticator apps take it. */
export const newTotpSecret = async () => new (await otpauth()).Secret({ size: 20 }).base32;

/** The otpauth:// URL an authenticator app reads from the QR code, and that code as an SVG drawn here. */
export async function enrolmentOf(secret: string, accountLabel: string) {
  const otpauthUrl = (await totpOf(secret, accountLabel)).toString();
  // qrcode is loaded at the first enrolment, not at start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code belongs to, accepting the step before and after this one for clock drift (RFC 6238 5.2);
 * null when it matches none. The caller refuses a step already used, so a code works once.
 */
export async function matchingStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  const totp = await totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
