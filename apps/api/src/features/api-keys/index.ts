/** API keys (ADR 033): the signed-in scope authenticates with them, users shows them, apps stop them. */

export { apiKeyDetailsFor, withoutSecrets } from './api-key-details.service.ts';
export { deleteAllKeys } from './api-keys.repository.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { type ApiKeyDeps, createKeyAuthenticator, looksLikeApiKey } from './api-keys.service.ts';
