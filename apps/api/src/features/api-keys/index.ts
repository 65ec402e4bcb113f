/** API keys (ADR 033): the signed-in scope authenticates with them, app.ts gives a User its key, apps stop them. */

export { apiKeyDetailsFor, apiKeyDetailsFromJson } from './api-key-details.service.ts';
export { apiKeyDetailsOf } from './api-keys.joins.ts';
export { deleteAllKeys } from './api-keys.repository.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { createKeyAuthenticator, looksLikeApiKey } from './api-keys.service.ts';
