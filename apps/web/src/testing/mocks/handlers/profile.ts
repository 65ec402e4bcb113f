import {
  UpdateCompanyDetailsRequestSchema,
  UpdateProfileRequestSchema,
  UploadedFileUrlSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

const USER_NOT_FOUND = 'User not found';
const INVALID_IMAGE = 'Please select a valid image';

function ownUser(request: Request, params: Record<string, unknown>): void {
  requireSession(request);
  const { userId } = parseOr400(UserIdParamsSchema, params);
  if (userId !== db.user.recordId) throw notFound(USER_NOT_FOUND);
}

/** Answers an image upload as the API does: png or jpeg only, stored under a new URL on this site. */
async function storedImageUrl(request: Request): Promise<string> {
  // The multipart text: jsdom's FormData parsing of a request body does not finish in tests.
  const body = await request.text();
  if (!/name="file"; filename="[^"]+"\r\nContent-Type: image\/(png|jpeg)\r\n/.test(body))
    throw apiError(400, INVALID_IMAGE, 'BAD_REQUEST');
  return `${window.location.origin}/api/files/${crypto.randomUUID()}`;
}

export const profileHandlers = [
  http.put('/api/users/:userId/profile', async ({ request, params }) => {
    ownUser(request, params);
    const body = parseOr400(UpdateProfileRequestSchema, await jsonBody(request));
    if (body.email !== db.user.email.toLowerCase())
      return apiError(
        400,
        'Email cannot be changed here. It is the address you sign in with.',
        'BAD_REQUEST',
      );
    db.user = UserSchema.parse({ ...db.user, ...body, email: db.user.email });
    return contractJson(UserSchema, db.user);
  }),

  http.put('/api/users/:userId', async ({ request, params }) => {
    ownUser(request, params);
    const body = parseOr400(UpdateCompanyDetailsRequestSchema, await jsonBody(request));
    if (body.businessName !== db.user.businessName)
      return apiError(400, 'Company Name cannot be changed. Contact support to change it.', 'BAD_REQUEST');
    if (body.countryOfBusiness !== db.user.countryOfBusiness)
      return apiError(
        400,
        'Country of Business cannot be changed. Contact support to change it.',
        'BAD_REQUEST',
      );
    db.user = UserSchema.parse({
      ...db.user,
      businessDescription: body.businessDescription,
      checkoutLogUrl: body.checkoutLogUrl,
      chargeCheckoutFeeToCustomer: body.chargeCheckoutFeeToCustomer,
    });
    return contractJson(UserSchema, db.user);
  }),

  http.post('/api/document/:userId/upload-profile-picture', async ({ request, params }) => {
    ownUser(request, params);
    const url = await storedImageUrl(request);
    db.user = UserSchema.parse({ ...db.user, profilePictureUrl: url });
    return contractJson(UploadedFileUrlSchema, { url });
  }),

  http.post('/api/document/:userId/upload-checkout-logo', async ({ request, params }) => {
    ownUser(request, params);
    return contractJson(UploadedFileUrlSchema, { url: await storedImageUrl(request) });
  }),
];
