import {
  AddNigeriaBankRequestSchema,
  ApiErrorSchema,
  BankAccountIdParamsSchema,
  BankAccountListSchema,
  BankAccountSchema,
  NIGERIAN_BANKS,
  NigeriaBankListSchema,
  ResolveAccountRequestSchema,
  ResolvedAccountSchema,
  SANDBOX_NAIRA_ACCOUNTS,
  SANDBOX_NAIRA_BANK,
  SandboxNairaAccountsSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { addNigeriaBank, deactivateBankAccount, getBankAccounts, resolveAccount } from './banks.service.ts';

/** The list as the settlement form shows it: by name, without the check's institution codes. */
const BANK_LIST = [...NIGERIAN_BANKS]
  .sort((a, b) => a.bankName.localeCompare(b.bankName, 'en'))
  .map(({ bankName, bankCode }) => ({ bankName, bankCode }));

/** Settlement banks (issue 12): the Nigerian banks, name enquiry, and the acting user's settlement accounts. */
export function banksRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  // A name enquiry tells who holds an account: it is limited like sign-in attempts, per address.
  const nameEnquiryLimit = deps.rateLimits.perIp('bank-name-enquiry');
  return typedRoutes(async (api) => {
    api.get(
      '/nigeria-banks',
      {
        config: { permission: 'member' },
        schema: {
          tags: ['banks'],
          summary: 'Nigerian banks an NGN settlement account can be at, by name, with their CBN codes',
          response: { 200: NigeriaBankListSchema, 401: ApiErrorSchema },
        },
      },
      async () => BANK_LIST,
    );

    // The numbers hold only for the sandbox directory and rail, which decide by them; with real ones: no route.
    if (deps.bankDirectory.name === 'sandbox' && deps.config.payouts.railProvider === 'sandbox') {
      api.get(
        '/sandbox-accounts',
        {
          config: { permission: 'member' },
          schema: {
            tags: ['banks'],
            summary:
              'Test mode: Naira account numbers to try, one per outcome of the sandbox bank directory and payout rail',
            response: { 200: SandboxNairaAccountsSchema, 401: ApiErrorSchema },
          },
        },
        async () => ({
          ...SANDBOX_NAIRA_BANK,
          accounts: SANDBOX_NAIRA_ACCOUNTS.map(({ accountNumber, description }) => ({
            accountNumber,
            description,
          })),
        }),
      );
    }

    api.post(
      '/resolve-account',
      {
        // It serves adding an account, which a key cannot do, and tells who holds an account: the person's only.
        config: { dashboardOnly: true, permission: 'bank_accounts.manage' },
        preHandler: nameEnquiryLimit,
        schema: {
          tags: ['banks'],
          summary:
            "The name the bank holds an account under (name enquiry), to confirm before adding it: the bank's " +
            'CBN code and a 10-digit NUBAN that passes its check digit',
          body: ResolveAccountRequestSchema,
          response: { 200: ResolvedAccountSchema, ...errors, 409: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request) => resolveAccount(deps, request.body),
    );

    api.post(
      '/add-nigeria-bank',
      {
        // Where payouts may go is the person's choice: a key pays out at once (ADR 032), so it cannot add one.
        config: { dashboardOnly: true, permission: 'bank_accounts.manage' },
        preHandler: nameEnquiryLimit,
        schema: {
          tags: ['banks'],
          summary:
            "Adds an NGN settlement account to the acting user's NGN wallet: the holder's name is resolved by the " +
            'bank directory, the number is kept sealed (only its last four are ever shown)',
          body: AddNigeriaBankRequestSchema,
          response: { 201: BankAccountSchema, ...errors, 409: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const account = await addNigeriaBank(deps, actor, request.body, businessAuditOf(request, actor));
        return reply.code(201).send(account);
      },
    );

    api.get(
      '/accounts',
      {
        config: { permission: 'money.read' },
        schema: {
          tags: ['banks'],
          summary: "The acting user's settlement accounts, newest first (deactivated ones included)",
          description:
            "An API key may list them, to choose a payout's bankAccountId; adding one, its name enquiry and " +
            'deactivating one are for the dashboard only (401 API_KEY_NOT_ALLOWED with a key).',
          response: { 200: BankAccountListSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getBankAccounts(deps.database.db, actorOf(request).actingUserId),
    );

    api.post(
      '/accounts/:bankAccountId/deactivate',
      {
        config: { dashboardOnly: true, permission: 'bank_accounts.manage' },
        schema: {
          tags: ['banks'],
          summary: 'Stops settling to the account; it stays listed as DEACTIVATED',
          params: BankAccountIdParamsSchema,
          response: { 200: BankAccountSchema, ...errors },
        },
      },
      async (request) =>
        deactivateBankAccount(
          deps,
          actorOf(request),
          request.params.bankAccountId,
          businessAuditOf(request, actorOf(request)),
        ),
    );
  });
}
