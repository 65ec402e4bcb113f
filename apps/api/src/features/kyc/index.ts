export { kycRoutes } from './kyc.routes.ts';
export { kycCallbackRoutes } from './kyc-callback.routes.ts';
export { kycSandboxRoutes } from './kyc-sandbox.routes.ts';
export { kycJobs } from './sandbox-reviews-job.ts';
