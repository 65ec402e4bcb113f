import type { FastifyInstance } from 'fastify';
import { postSandboxCallback } from '../../lib/sandbox-callback.ts';
import type { DeliverCallback } from '../../providers/identity/sandbox-identity-widget.ts';
import type { FeatureJobs } from '../../types.ts';

/**
 * The sandbox's callbacks take the same road as a real provider's: signed, through the app's callback endpoint.
 * True when the app took it (a 409 is a replay it already has).
 */
export const deliverSandboxKycCallback =
  (app: FastifyInstance): DeliverCallback =>
  async (callback) => {
    const { statusCode } = await postSandboxCallback(app, '/api/kyc/callback', callback, 'KYC');
    return statusCode === 200 || statusCode === 409;
  };

/**
 * KYC's scheduled jobs (listed in app.ts): while the identity provider is the sandbox, every 10 seconds the reviews
 * it promised for later are approved, by callback.
 */
export const kycJobs: FeatureJobs = (deps, app) => {
  const widget = deps.identity.sandbox;
  if (!widget) return [];
  const deliver = deliverSandboxKycCallback(app);
  return [{ name: 'sandbox-kyc-reviews', everyMs: 10_000, run: () => widget.approveDueReviews(deliver) }];
};
