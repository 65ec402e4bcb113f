/**
 * Runs the Paystack stand-in on its own, for the e2e suite's webServer list:
 *   node --import tsx apps/api/test/support/paystack-stand-in/serve.ts --port 4320 --secret-key sk_test_… \
 *     --webhook-url http://localhost:4310/api/providers/paystack/webhook
 * Options: --public-url (the checkout page's base as browsers see it), --transfer-settle-ms,
 * --refund-process-ms, --webhook-retry-ms (numbers; "never" for the first two: only the controls move them,
 * and the controls are not reachable from outside, so keep the defaults for e2e).
 */
import { parseArgs } from 'node:util';
import { startPaystackStandIn } from './paystack-stand-in.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4320' },
    'secret-key': { type: 'string' },
    'webhook-url': { type: 'string' },
    'public-url': { type: 'string' },
    'transfer-settle-ms': { type: 'string' },
    'refund-process-ms': { type: 'string' },
    'webhook-retry-ms': { type: 'string' },
  },
});

function milliseconds(name: string, value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'never') return null;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`--${name} must be a number of milliseconds`);
  return ms;
}

const secretKey = values['secret-key'] ?? process.env.PAYSTACK_SECRET_KEY;
if (!secretKey) {
  console.error('The Paystack stand-in needs --secret-key (or PAYSTACK_SECRET_KEY)');
  process.exit(1);
}

const standIn = await startPaystackStandIn({
  secretKey,
  port: Number(values.port),
  webhookUrl: values['webhook-url'] ?? null,
  publicUrl: values['public-url'],
  transferSettleMs: milliseconds('transfer-settle-ms', values['transfer-settle-ms']),
  refundProcessMs: milliseconds('refund-process-ms', values['refund-process-ms']),
  webhookRetryMs: milliseconds('webhook-retry-ms', values['webhook-retry-ms']) ?? undefined,
});
console.log(`Paystack stand-in listening on ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
