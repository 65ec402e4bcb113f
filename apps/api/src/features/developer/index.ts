/** API keys (ADR 033): the signed-in scope authenticates with them, users shows them, apps stop them. */
export { deleteKeysOf } from './api-keys.repository.ts';
export { createKeyAuthenticator, looksLikeApiKey } from './api-keys.service.ts';
export { developerRoutes } from './developer.routes.ts';
export { apiKeyDetailsFor, type DeveloperDeps, withoutSecrets } from './developer.service.ts';
