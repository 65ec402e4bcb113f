import { apiKeyDetailsFromJson, apiKeyDetailsOf } from './features/api-keys/index.ts';
import { settlementAccountsFromJson, settlementAccountsOf } from './features/banks/index.ts';
import { ownedUserWithSectionsQuery, toWireUser } from './features/users/index.ts';
import type { AppDeps, UserSections } from './types.ts';

/**
 * GET /api/users/{id} in one statement (ADR 064): the user and its wallets (users), its settlement accounts
 * (banks), its working API keys and webhook endpoint (api-keys, webhooks), each owner giving its subquery and
 * reading its own answer back.
 */
const findOwnedUserWithSections = ownedUserWithSectionsQuery(
  'users_find_owned_with_sections',
  (userId, now) => ({
    banks: settlementAccountsOf(userId),
    apiKey: apiKeyDetailsOf(userId, now),
  }),
);

export function createUserSections(deps: Pick<AppDeps, 'database' | 'secretBox' | 'config'>): UserSections {
  return {
    async findOwnedUser(ownerId, userId, via) {
      const found = await findOwnedUserWithSections(deps.database.db, { ownerId, userId, now: new Date() });
      if (!found) return null;
      return toWireUser(found.user, {
        wallets: found.wallets,
        banks: settlementAccountsFromJson(found.banks),
        apiKey: apiKeyDetailsFromJson(deps, found.apiKey, via),
      });
    },
  };
}
