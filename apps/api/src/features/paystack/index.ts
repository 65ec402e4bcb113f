/** Paystack as a provider (issue 24, ADR 057): its webhook, which hands each event to the feature it concerns. */

export { paystackWebhookRoutes } from './paystack-webhook.routes.ts';
