import type { EventOf, EventType, NotificationPage } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventValues } from '../../../src/jobs/events.repository.ts';
import { bearer, countRows, type Merchant, signUpMerchant, useTestApp } from '../../helper.ts';
import { createApp } from '../api-keys/api-key-fixtures.ts';
import { createProduct, pay, startBody } from '../checkout/checkout-fixtures.ts';

const ALL_ON = {
  inApp: true,
  accountUpdates: true,
  incomingPayments: true,
  outgoingTransfer: true,
  securityAlerts: true,
  email: false,
};

const security = { ip: '203.0.113.7', userAgent: 'Firefox on Linux' };
const documents = [{ documentName: 'articles_of_incorporation', originalFileName: 'articles.pdf' }];

/** Each event type that makes a notice, with the type of notice (the setting that allows it). */
const EVENTS: { type: EventType; setting: keyof typeof ALL_ON; data: (userId: string) => object }[] = [
  {
    type: 'user.kyc.updated',
    setting: 'accountUpdates',
    data: (userId) => ({ userId, status: 'ACTIVE', reason: null }),
  },
  { type: 'document.uploaded', setting: 'accountUpdates', data: (userId) => ({ userId, documents }) },
  { type: 'document.deleted', setting: 'accountUpdates', data: (userId) => ({ userId, documents }) },
  {
    type: 'security.password_changed',
    setting: 'securityAlerts',
    data: (userId) => ({ userId, ...security }),
  },
  {
    type: 'security.two_factor_enabled',
    setting: 'securityAlerts',
    data: (userId) => ({ userId, ...security }),
  },
  {
    type: 'security.two_factor_disabled',
    setting: 'securityAlerts',
    data: (userId) => ({ userId, ...security }),
  },
  { type: 'security.signed_in', setting: 'securityAlerts', data: (userId) => ({ userId, ...security }) },
];

describe('notifications', () => {
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, who: Merchant, payload?: object) =>
    ctx.app.inject({ method, url: `/api/users/${who.userId}${url}`, headers: bearer(who.token), payload });
  const setSettings = async (who: Merchant, settings: Partial<typeof ALL_ON>) =>
    expect((await send('PUT', '/notification-settings', who, { ...ALL_ON, ...settings })).statusCode).toBe(
      200,
    );
  const listOf = async (who: Merchant, query = ''): Promise<NotificationPage> =>
    (await send('GET', `/notifications${query}`, who)).json();
  const noticesOf = (who: Merchant) =>
    countRows(ctx.app, sql`select count(*) as n from notifications where user_id = ${who.userId}`);

  /** Writes an event as its producer would (the event and a delivery per subscriber), then runs the pipeline. */
  async function emit<T extends EventType>(who: Merchant, type: T, data: EventOf<T>['data']) {
    const values = eventValues({ userId: who.userId, type, data });
    await ctx.app.deps.database.db.execute(sql`
      with event as (
        insert into outbox_events (id, user_id, event_type, payload)
        values (${values.eventId}::uuid, ${values.eventUserId}::uuid, ${values.eventType}, ${values.eventPayload}::jsonb)
      )
      insert into event_deliveries (event_id, handler)
      select ${values.eventId}::uuid, handler from unnest(${`{${values.eventHandlers.join(',')}}`}::text[]) as handler`);
    await ctx.app.deps.jobs.runDueEvents();
  }

  const ctx = useTestApp();

  it.each(EVENTS)('$type makes a $setting notice only while that type and in-app are on', async (event) => {
    const merchant = await signUpMerchant(ctx.app);
    const emitIt = () => emit(merchant, event.type, event.data(merchant.userId) as never);

    await setSettings(merchant, { [event.setting]: false });
    await emitIt();
    await setSettings(merchant, { inApp: false });
    await emitIt();
    expect(await noticesOf(merchant)).toBe(0);

    await setSettings(merchant, {});
    await emitIt();
    const page = await listOf(merchant);
    expect(page.items).toEqual([
      expect.objectContaining({ type: event.setting, read: false, title: expect.any(String) }),
    ]);
    expect(page.unreadCount).toBe(1);
  });

  it('a paid card payment makes an incoming payments notice once incoming payments is on (off by default)', async () => {
    const merchant = await signUpMerchant(ctx.app);
    const product = await createProduct(ctx.app, merchant);
    await pay(ctx.app, product.recordId, startBody());
    await ctx.app.deps.jobs.runDueEvents();
    expect(await noticesOf(merchant)).toBe(0);

    await setSettings(merchant, { incomingPayments: true });
    await pay(ctx.app, product.recordId, startBody(undefined, { customerName: 'Ada Obi' }));
    await ctx.app.deps.jobs.runDueEvents();
    const [notice] = (await listOf(merchant)).items;
    expect(notice).toMatchObject({ type: 'incomingPayments', title: 'Payment received' });
    expect(notice?.body).toContain('Ada Obi');
  });

  it("puts an app's payment in its merchant's bell, under the merchant's settings, named with the app", async () => {
    const merchant = await signUpMerchant(ctx.app);
    const shop = await createApp(ctx.app, merchant, 'Ikeja Store');
    const product = await createProduct(ctx.app, merchant, { productName: 'Suya box' }, shop.recordId);
    await setSettings(merchant, { incomingPayments: true });

    await pay(ctx.app, product.recordId, startBody(undefined, { customerName: 'Bola Ade' }));
    await ctx.app.deps.jobs.runDueEvents();
    const [notice] = (await listOf(merchant)).items;
    expect(notice).toMatchObject({ type: 'incomingPayments', title: 'Payment received' });
    expect(notice?.body).toMatch(/^Ikeja Store: Bola Ade paid /);
    expect(await noticesOf({ ...merchant, userId: shop.recordId })).toBe(0);
  });

  it('emails the same notice when email is on, and only then', async () => {
    const merchant = await signUpMerchant(ctx.app);
    await setSettings(merchant, {});
    await emit(merchant, 'security.signed_in', { userId: merchant.userId, ...security });
    expect(await ctx.app.deps.email.mailbox(merchant.email)).toEqual([]);

    await setSettings(merchant, { email: true });
    await emit(merchant, 'security.signed_in', { userId: merchant.userId, ...security });
    const [mail] = await ctx.app.deps.email.mailbox(merchant.email);
    expect(mail).toMatchObject({ subject: 'New sign-in' });
    expect(mail?.text).toContain('203.0.113.7');
  });

  it('lists newest first in pages, marks one and then all read', async () => {
    const merchant = await signUpMerchant(ctx.app);
    await setSettings(merchant, {});
    for (const status of ['IN_REVIEW', 'KYC_FAILED', 'ACTIVE'] as const)
      await emit(merchant, 'user.kyc.updated', { userId: merchant.userId, status, reason: null });

    const first = await listOf(merchant, '?page=1&size=2');
    expect(first).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2, unreadCount: 3 });
    expect(first.items.map((item) => item.title)).toEqual(['Identity verified', 'Identity check failed']);
    expect((await listOf(merchant, '?page=2&size=2')).items.map((item) => item.title)).toEqual([
      'Identity check in review',
    ]);

    const oneId = first.items[0]?.id;
    const read = await send('POST', `/notifications/${oneId}/read`, merchant);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: oneId, read: true });
    expect((await listOf(merchant)).unreadCount).toBe(2);

    const all = await send('POST', '/notifications/read-all', merchant);
    expect(all.json()).toEqual({ marked: 2, unreadCount: 0 });
    expect((await listOf(merchant)).items.every((item) => item.read)).toBe(true);
  });

  it("keeps another merchant's notices invisible and untouched", async () => {
    const [owner, intruder] = [await signUpMerchant(ctx.app), await signUpMerchant(ctx.app)];
    await emit(owner, 'user.kyc.updated', { userId: owner.userId, status: 'ACTIVE', reason: null });
    const [notice] = (await listOf(owner)).items;

    const asIntruder = (method: 'GET' | 'POST', url: string) =>
      ctx.app.inject({ method, url: `/api/users/${owner.userId}${url}`, headers: bearer(intruder.token) });
    expect((await asIntruder('GET', '/notifications')).statusCode).toBe(404);
    expect((await asIntruder('POST', `/notifications/${notice?.id}/read`)).statusCode).toBe(404);
    expect((await asIntruder('POST', '/notifications/read-all')).statusCode).toBe(404);
    const ownPath = await send('POST', `/notifications/${notice?.id}/read`, intruder);
    expect(ownPath.statusCode).toBe(404);
    expect((await listOf(intruder)).items).toEqual([]);
    expect((await listOf(owner)).unreadCount).toBe(1);
  });

  it('refuses bad paging and ids with a 400', async () => {
    const merchant = await signUpMerchant(ctx.app);
    expect((await send('GET', '/notifications?size=101', merchant)).statusCode).toBe(400);
    expect((await send('GET', '/notifications?page=0', merchant)).statusCode).toBe(400);
    const badId = await send('POST', '/notifications/nope/read', merchant);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('Notification ID is invalid');
  });
});
