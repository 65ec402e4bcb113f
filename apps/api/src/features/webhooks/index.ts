/**
 * What other features may use of webhooks (ADR 034): the URL and secret behind Developer Settings
 * (PUT /api/users/update-api-details, GET /api/users/{id}).
 */
export { setWebhookUrl, webhookSettingsFor } from './webhook-endpoints.service.ts';
