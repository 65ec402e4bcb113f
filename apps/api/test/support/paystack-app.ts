import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config.ts';
import { buildTestApp, type TestContext, testConfig } from '../helper.ts';
import {
  type PaystackStandIn,
  type PaystackStandInOptions,
  startPaystackStandIn,
} from './paystack-stand-in/paystack-stand-in.ts';

/** The test key every Paystack test app and its stand-in share (a test key: the instance stays in test mode). */
export const PAYSTACK_TEST_KEY = 'sk_test_5f4e3d2c1b0a99887766554433221100';

/** What Paystack can be for an instance: PAYMENTS_PROVIDER, BANK_DIRECTORY_PROVIDER, PAYOUT_RAIL_PROVIDER. */
type PaystackRole = 'payments' | 'bankDirectory' | 'payoutRail';

export interface PaystackApp {
  ctx: TestContext;
  paystack: PaystackStandIn;
  /** Where the stand-in sends its webhooks: the app's own POST /api/providers/paystack/webhook. */
  webhookUrl: string;
  close(): Promise<void>;
}

/**
 * A test app with Paystack in the given roles against a fresh stand-in, listening on a free port so that the
 * stand-in's signed webhooks reach it. The other providers stay sandboxes.
 */
export async function startPaystackApp(
  roles: PaystackRole[],
  { standIn = {}, config = {} }: { standIn?: Partial<PaystackStandInOptions>; config?: Partial<Config> } = {},
): Promise<PaystackApp> {
  const paystack = await startPaystackStandIn({ ...standIn, secretKey: PAYSTACK_TEST_KEY });
  const defaults = testConfig();
  const ctx = await buildTestApp({
    ...config,
    checkout: {
      ...defaults.checkout,
      ...(roles.includes('payments') ? { paymentsProvider: 'paystack' } : {}),
    },
    banks: {
      ...defaults.banks,
      ...(roles.includes('bankDirectory') ? { directoryProvider: 'paystack' } : {}),
    },
    payouts: { ...defaults.payouts, ...(roles.includes('payoutRail') ? { railProvider: 'paystack' } : {}) },
    paystack: { secretKey: PAYSTACK_TEST_KEY, baseUrl: paystack.url },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const webhookUrl = `http://127.0.0.1:${port}/api/providers/paystack/webhook`;
  paystack.controls.setWebhookUrl(webhookUrl);
  return {
    ctx,
    paystack,
    webhookUrl,
    close: async () => {
      await ctx.close();
      await paystack.close();
    },
  };
}
