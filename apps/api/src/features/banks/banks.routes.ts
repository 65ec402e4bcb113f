import {
  AddNigeriaBankRequestSchema,
  ApiErrorSchema,
  BankAccountIdParamsSchema,
  BankAccountListSchema,
  BankAccountSchema,
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
import { createBankList } from './bank-list.ts';
import { addNigeriaBank, deactivateBankAccount, getBankAccounts, resolveAccount } from './banks.service.ts';

/** Settlement banks (issue 12): the Nigerian banks, name enquiry, and the acting user's settlement accounts. */
export function banksRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  // No list to check the bank against (the directory has not answered since start): 503 BANK_LIST_UNAVAILABLE.
  const enquiryErrors = { ...errors, 409: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema };
  // A name enquiry tells who holds an account: it is limited like sign-in attempts, per address.
  const nameEnquiryLimit = deps.rateLimits.perIp('bank-name-enquiry');
  return typedRoutes(async (api) => {
    // The directory's list, one per app, kept a day (bank-list.ts); name enquiry checks the bank against it.
    const bankList = createBankList(deps.bankDirectory, {
      onRefreshFailed: (error) =>
        api.log.warn({ err: error }, 'the bank directory did not give its list of banks'),
    });
    const enquiryDeps = { ...deps, bankList };

    api.get(
      '/nigeria-banks',
      {
        config: { permission: 'member' },
        schema: {
          tags: ['banks'],
          summary: 'Nigerian banks an NGN settlement account can be at, by name, with their codes',
          description:
            "The bank directory's list (BANK_DIRECTORY_PROVIDER): the sandbox's is the product's own; Paystack's " +
            '(`GET /bank`, NUBAN banks in Naira, active) is kept for a day and refreshed in the background, and ' +
            'served while Paystack is down. 503 BANK_LIST_UNAVAILABLE when there is no list yet to serve.',
          response: { 200: NigeriaBankListSchema, 401: ApiErrorSchema, 503: ApiErrorSchema },
        },
      },
      async () => [...(await bankList.banks())],
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
            'The name the bank holds an account under (name enquiry), to confirm before adding it: the code of a ' +
            'bank on the list and a 10-digit account number (a NUBAN that passes its check digit where the bank ' +
            'is one whose check the product knows)',
          body: ResolveAccountRequestSchema,
          response: { 200: ResolvedAccountSchema, ...enquiryErrors },
        },
      },
      async (request) => resolveAccount(enquiryDeps, request.body),
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
          response: { 201: BankAccountSchema, ...enquiryErrors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const account = await addNigeriaBank(
          enquiryDeps,
          actor,
          request.body,
          businessAuditOf(request, actor),
        );
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
