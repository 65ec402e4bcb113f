/**
 * What other features may use of webhooks (ADR 034): the URL and secret behind Developer Settings
 * (PUT /api/users/update-api-details, GET /api/users/{id}), the pipeline's 'webhooks' subscriber, the routes, the
 * scheduled jobs that send and prune deliveries, and letting go of a dead process's delivery leases.
 */
export { releaseDeliveryLeases as releaseWebhookDeliveryLeases } from './webhook-deliveries.repository.ts';
export { webhooksJobs } from './webhook-delivery.ts';
export {
  setWebhookUrl,
  webhookSettingsFor,
  webhookSettingsFromJson,
} from './webhook-endpoints.service.ts';
export { type EndpointJson, webhookEndpointOf } from './webhooks.joins.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { enqueueWebhook } from './webhooks.service.ts';
