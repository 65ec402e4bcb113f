import type { Currency } from '@bizdash/shared';

/** The market's middle rate of a pair at a moment: how many units of `counter` one unit of `base` is worth. */
interface MidRate {
  base: Currency;
  counter: Currency;
  rate: number;
  at: Date;
}

/**
 * Where mid rates come from. The house's spread and fee are not the provider's business: they are added on top
 * by the conversion service (features/fx), so changing provider never changes what the house charges.
 */
export interface FxRatesProvider {
  readonly name: 'sandbox';
  midRate(base: Currency, counter: Currency, at: Date): Promise<MidRate>;
}
