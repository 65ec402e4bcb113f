import {
  type App,
  AppInputSchema,
  AppSchema,
  AppsResponseSchema,
  DeleteAppResponseSchema,
  PageQuerySchema,
  pageOf,
  RegisterAppQuerySchema,
  UserIdParamsSchema,
  UserSchema,
  WalletListSchema,
  WebhookDeliveryPageSchema,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { buildTransactionPage, buildUser, buildWallet } from '../../factories';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, queryOf, requireSession } from '../utils';

const USER_NOT_FOUND = 'User not found';

/** An app of the merchant as GET /users/{id}/apps lists it; its NGN and USD wallets hold `balance` each. */
export function seedApp(overrides: Partial<App> & { balance?: number } = {}): App {
  const { balance = 0, ...fields } = overrides;
  const recordId = fields.recordId ?? crypto.randomUUID();
  const wallets = (['NGN', 'USD'] as const).map((currency) =>
    buildWallet({
      walletId: crypto.randomUUID(),
      userId: recordId,
      currency,
      availableBalance: balance,
      pendingAmount: 0,
    }),
  );
  const app = AppSchema.parse({
    recordId,
    businessName: 'Lagos Shop',
    businessDescription: 'Online store for the Lagos branch',
    status: db.user.status,
    isApp: true,
    createdAt: '2026-11-20T09:30:00.000Z',
    archivedAt: null,
    wallets: wallets.map(({ currency, walletId }) => ({ currency, walletId })),
    ...fields,
  });
  db.apps.unshift(app);
  db.appWallets.push(...wallets);
  return app;
}

const findApp = (id: string | undefined) => db.apps.find((app) => app.recordId === id);

/** The app a request acts for through its user_id header, as the API's auth scope reads it; null for the merchant. */
function actingApp(request: Request): App | null {
  const named = request.headers.get('user_id');
  return named && named !== db.user.recordId ? (findApp(named) ?? null) : null;
}

/** Like the API: a header naming an app confines the request to it, so a path naming another user is a 404. */
function confined(request: Request, userId: string): boolean {
  const acting = actingApp(request);
  return acting !== null && acting.recordId !== userId;
}

const appAsUser = (app: App) =>
  buildUser({
    recordId: app.recordId,
    businessName: app.businessName,
    businessDescription: app.businessDescription,
    isApp: true,
    wallets: app.wallets,
  });

/** Before the users and transactions handlers: what is not about an app falls through to them. */
export const appsHandlers = [
  http.get('/api/users/:userId/apps', ({ request, params }) => {
    requireSession(request);
    const { userId } = parseOr400(UserIdParamsSchema, params);
    if (userId !== db.user.recordId || confined(request, userId)) return notFound(USER_NOT_FOUND);
    return contractJson(AppsResponseSchema, { apps: db.apps });
  }),

  http.post('/api/users/register', async ({ request }) => {
    requireSession(request);
    parseOr400(RegisterAppQuerySchema, queryOf(request));
    const body = parseOr400(AppInputSchema, await jsonBody(request));
    if (actingApp(request))
      return apiError(
        400,
        'An app cannot have apps of its own. Switch back to the business to add an app.',
        'BAD_REQUEST',
      );
    const app = seedApp({
      businessName: body.name,
      businessDescription: body.description,
      createdAt: new Date().toISOString(),
    });
    return contractJson(UserSchema, appAsUser(app), 201);
  }),

  http.get('/api/users/:userId', ({ request, params }) => {
    const app = findApp(String(params.userId));
    if (!app) return undefined;
    requireSession(request);
    return confined(request, app.recordId)
      ? notFound(USER_NOT_FOUND)
      : contractJson(UserSchema, appAsUser(app));
  }),

  // An app's developer settings: no deliveries yet (developer.ts mocks the merchant's log).
  http.get('/api/users/:userId/webhook-deliveries', ({ request, params }) => {
    const app = findApp(String(params.userId));
    if (!app) return undefined;
    requireSession(request);
    const query = parseOr400(PageQuerySchema, queryOf(request));
    return contractJson(WebhookDeliveryPageSchema, pageOf([], query, 0));
  }),

  http.put('/api/users/:userId', async ({ request, params }) => {
    const app = findApp(String(params.userId));
    if (!app) return undefined;
    requireSession(request);
    if (confined(request, app.recordId)) return notFound(USER_NOT_FOUND);
    const body = parseOr400(AppInputSchema, await jsonBody(request));
    Object.assign(app, { businessName: body.name, businessDescription: body.description });
    return contractJson(UserSchema, appAsUser(app));
  }),

  http.delete('/api/users/:userId', ({ request, params }) => {
    requireSession(request);
    const { userId } = parseOr400(UserIdParamsSchema, params);
    const app = findApp(userId);
    if (!app || confined(request, userId)) return notFound(USER_NOT_FOUND);
    if (app.archivedAt) return notFound(USER_NOT_FOUND);
    const holdsMoney = db.appWallets.some(
      (wallet) => wallet.userId === userId && wallet.availableBalance !== 0,
    );
    const kept = db.appsWithHistory.has(userId) || holdsMoney;
    // Like the API: an archived app stays listed while it holds money.
    if (holdsMoney) app.archivedAt = new Date().toISOString();
    else db.apps = db.apps.filter((candidate) => candidate !== app);
    return contractJson(
      DeleteAppResponseSchema,
      kept
        ? {
            recordId: userId,
            outcome: 'ARCHIVED',
            message:
              'App archived: it has money or history, so its records are kept. Its payment links stop selling and its API keys stop working; it stays in your apps while it holds money, so you can move it.',
          }
        : { recordId: userId, outcome: 'ERASED', message: 'App deleted.' },
    );
  }),

  http.get('/api/wallets', ({ request }) => {
    const app = actingApp(request);
    if (!app) return undefined;
    requireSession(request);
    return contractJson(WalletListSchema, {
      wallets: db.appWallets.filter((wallet) => wallet.userId === app.recordId),
    });
  }),

  http.post('/api/transaction/search', async ({ request }) => {
    const app = actingApp(request);
    if (!app) return undefined;
    const query = parseOr400(PageQuerySchema, queryOf(request));
    const total = db.appsWithHistory.has(app.recordId) ? 1 : 0;
    return HttpResponse.json(buildTransactionPage([], { ...query, totalElements: total }));
  }),
];
