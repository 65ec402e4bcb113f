/**
 * The countries a business can sign up from: where the card-payment provider (Paystack) takes payments, and the
 * United States, whose businesses settle dollars through the bank link. Stored by name, as SPEC shows it.
 */
export const SUPPORTED_COUNTRIES = [
  "Côte d'Ivoire",
  'Ghana',
  'Kenya',
  'Nigeria',
  'South Africa',
  'United States',
] as const;
type SupportedCountry = (typeof SUPPORTED_COUNTRIES)[number];

export const isSupportedCountry = (name: string): name is SupportedCountry =>
  (SUPPORTED_COUNTRIES as readonly string[]).includes(name);

export const UNSUPPORTED_COUNTRY = `Choose a supported Country of Business: ${SUPPORTED_COUNTRIES.join(', ')}.`;
