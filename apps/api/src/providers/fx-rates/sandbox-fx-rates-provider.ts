import type { Currency } from '@bizdash/shared';
import type { FxRatesProvider } from './fx-rates-provider.ts';

const MINUTE_MS = 60_000;
const MINUTES_PER_CYCLE = 60;

/**
 * The configured USD/NGN mid rate, moving by up to `driftBps` either way over each hour: a sine of the minute.
 * Deterministic (the same minute gives the same rate in every process and every run), so tests and screenshots
 * can rely on it, yet a screen left open long enough sees the rate move, as it would with a real market.
 */
export function sandboxMidRate(ngnPerUsd: number, driftBps: number, at: Date): number {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  const phase = (2 * Math.PI * (minute % MINUTES_PER_CYCLE)) / MINUTES_PER_CYCLE;
  return ngnPerUsd * (1 + (driftBps / 10_000) * Math.sin(phase));
}

/** Rates without a market: USD/NGN only (the product's two currencies), from configuration. */
export function createSandboxFxRatesProvider(settings: {
  ngnPerUsd: number;
  driftBps: number;
}): FxRatesProvider {
  return {
    name: 'sandbox',
    midRate: async (base: Currency, counter: Currency, at: Date) => {
      if (base !== 'USD' || counter !== 'NGN')
        throw new Error(`the sandbox quotes USD/NGN, not ${base}/${counter}`);
      return { base, counter, rate: sandboxMidRate(settings.ngnPerUsd, settings.driftBps, at), at };
    },
  };
}
