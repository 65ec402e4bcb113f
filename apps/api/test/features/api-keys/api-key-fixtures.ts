import type { ApiKeyDetails, User } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import { bearer, type Merchant } from '../../helper.ts';

/** PUT /api/users/update-api-details as the merchant's session, for itself or one of its apps. */
export async function updateApiDetails(
  app: FastifyInstance,
  merchant: Merchant,
  body: Record<string, unknown>,
) {
  return app.inject({
    method: 'PUT',
    url: '/api/users/update-api-details',
    headers: bearer(merchant.token),
    payload: { userId: merchant.userId, ...body },
  });
}

/** A new current key for `userId` (the merchant by default), as Developer Settings' button makes one. */
export async function generateKey(app: FastifyInstance, merchant: Merchant, userId = merchant.userId) {
  const response = await updateApiDetails(app, merchant, { userId, generateNewKey: true });
  if (response.statusCode !== 200) throw new Error(`generate key: ${response.statusCode} ${response.body}`);
  const details = response.json() as ApiKeyDetails;
  if (!details.apiKey) throw new Error('no key in the answer');
  return details.apiKey;
}

/** An app of the merchant, registered through the API. */
export async function createApp(app: FastifyInstance, merchant: Merchant, name = 'Lagos Shop') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register?isApp=true',
    headers: bearer(merchant.token),
    payload: { name, description: 'Online store for the Lagos branch' },
  });
  if (response.statusCode !== 201) throw new Error(`create app: ${response.statusCode} ${response.body}`);
  return response.json() as User;
}
