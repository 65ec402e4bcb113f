import type { CardBrand, Currency } from '@bizdash/shared';

/** Card details exactly as the customer typed them (already checked); they go to the provider and nowhere else. */
interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
}

interface AuthorizationRequest {
  /** Our payment id: asking twice with the same reference gives the first answer, never a second hold. */
  merchantReference: string;
  amount: number;
  currency: Currency;
  card: CardInput;
  brand: CardBrand;
}

export type AuthorizationResult =
  | { outcome: 'AUTHORIZED'; providerReference: string }
  | { outcome: 'OTP_REQUIRED'; providerReference: string }
  | { outcome: 'DECLINED'; providerReference: string | null; reason: string };

type OtpResult =
  | { outcome: 'AUTHORIZED' }
  | { outcome: 'WRONG_OTP'; attemptsLeft: number }
  | { outcome: 'DECLINED'; reason: string };

/**
 * A card acquirer: places a hold (authorize, possibly after an OTP), then takes the money (capture) once the
 * sale is booked, or lets the hold go (release) when it is not.
 */
export interface PaymentsProvider {
  readonly name: 'sandbox';
  /** A test network shows its test cards and code on the checkout; a real acquirer has none (null). */
  readonly testMode: { cards: { number: string; outcome: string }[]; otp: string } | null;
  authorize(request: AuthorizationRequest): Promise<AuthorizationResult>;
  submitOtp(providerReference: string, otp: string): Promise<OtpResult>;
  capture(providerReference: string): Promise<void>;
  release(providerReference: string): Promise<void>;
}
