import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setWebhookUrl } from '../../../src/features/webhooks/index.ts';
import { bearer, sqlRows, useTestApp } from '../../helper.ts';
import { testAuditOf } from '../audit/audit-fixtures.ts';
import { webhookTestConfig } from '../webhooks/webhook-fixtures.ts';
import {
  paidMerchant,
  REFUND_FAILS_CARD,
  refund,
  refundTestConfig,
  settleRefunds,
} from './refund-fixtures.ts';

describe('refund events', () => {
  const ctx = useTestApp({ ...refundTestConfig(), ...webhookTestConfig() });

  const eventsOf = (userId: string) =>
    sqlRows<{ type: string; data: Record<string, unknown> }>(
      ctx.app,
      sql`select event_type as type, payload -> 'data' as data from outbox_events where user_id = ${userId} and event_type like 'refund.%' order by created_at`,
    );

  const notificationsOf = async (token: string, userId: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${userId}/notifications`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as { type: string; title: string; body: string }[];
  };

  const turnOnRefunds = async (token: string, userId: string) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/notification-settings`,
      headers: bearer(token),
      payload: {
        inApp: true,
        accountUpdates: true,
        incomingPayments: false,
        outgoingTransfer: false,
        securityAlerts: false,
        refunds: true,
        email: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('refund.created emails the customer, queues a webhook; refund.succeeded rings the bell', async () => {
    const paid = await paidMerchant(ctx.app);
    const { merchant } = paid;
    await turnOnRefunds(merchant.token, merchant.userId);
    await setWebhookUrl(
      ctx.app.deps,
      merchant.userId,
      'http://127.0.0.1:9/hooks',
      testAuditOf(merchant.userId),
    );
    const [customer] = await sqlRows<{ customer_email: string }>(
      ctx.app,
      sql`select customer_email from checkout_payments where id = ${paid.paymentId}`,
    );

    const made = await refund(ctx.app, merchant, {
      transactionId: paid.transactionId,
      amount: 250_000,
      customerNote: 'Sorry about the cold rice.',
    });
    await ctx.app.deps.jobs.runDueEvents();

    const [mail, ...others] = await ctx.app.deps.email.mailbox(customer?.customer_email ?? '');
    expect(others.filter((other) => other.subject.startsWith('Your refund'))).toEqual([]);
    expect(mail?.subject).toMatch(/^Your refund of ₦2,500\.00 from .+$/);
    expect(mail?.text).toContain('Hi Chioma Eze,');
    expect(mail?.text).toContain('Sorry about the cold rice.');
    expect(mail?.text).toContain('Jollof rice tray');
    expect(mail?.text).toContain('Visa •••• 4242');

    await settleRefunds(ctx.app);
    await ctx.app.deps.jobs.runDueEvents();

    const events = await eventsOf(merchant.userId);
    expect(events.map((event) => event.type)).toEqual(['refund.created', 'refund.succeeded']);
    expect(events[0]?.data).toMatchObject({
      refundId: made.id,
      paymentTransactionId: paid.transactionId,
      amount: 250_000,
      status: 'PENDING',
      customer: { name: 'Chioma Eze' },
    });
    expect(events[1]?.data).toMatchObject({ refundId: made.id, status: 'SUCCEEDED' });

    const hooks = await sqlRows<{ event_type: string }>(
      ctx.app,
      sql`select event_type from webhook_deliveries where user_id = ${merchant.userId} and event_type like 'refund.%'
          order by created_at`,
    );
    expect(hooks.map((hook) => hook.event_type)).toEqual(['refund.created', 'refund.succeeded']);

    const notices = await notificationsOf(merchant.token, merchant.userId);
    expect(notices).toContainEqual(
      expect.objectContaining({
        type: 'refunds',
        title: 'Refund completed',
        body: "₦2,500.00 is back on Chioma Eze's card.",
      }),
    );
  });

  it('refund.failed tells the merchant the money is back', async () => {
    const paid = await paidMerchant(ctx.app, { card: REFUND_FAILS_CARD });
    const { merchant } = paid;
    await turnOnRefunds(merchant.token, merchant.userId);
    await refund(ctx.app, merchant, { transactionId: paid.transactionId, amount: 1_000 });
    await settleRefunds(ctx.app);
    await ctx.app.deps.jobs.runDueEvents();

    expect((await eventsOf(merchant.userId)).map((event) => event.type)).toEqual([
      'refund.created',
      'refund.failed',
    ]);
    const notices = await notificationsOf(merchant.token, merchant.userId);
    expect(notices).toContainEqual(
      expect.objectContaining({
        type: 'refunds',
        title: 'Refund failed',
        body: '₦10.00 could not be refunded to Chioma Eze: The card issuer refused the refund: the card account is closed. The money is back in your wallet.',
      }),
    );
  });
});
