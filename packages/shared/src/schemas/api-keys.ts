import { z } from 'zod';

/** SPEC section 5: the one message for any webhook URL that is not an http(s) URL. */
export const INVALID_WEBHOOK_URL = 'Invalid webhook URL';
export const WEBHOOK_URL_MAX = 2048;

/** Every API key starts with this, then `test_` or `live_`: the server tells a key from a session token by it. */
export const API_KEY_PREFIX = 'bzk_';

const userIdField = z.uuid({
  error: (issue) => (issue.input === undefined ? 'User ID is required' : 'User ID is invalid'),
});

const webhookUrlField = z
  .string({ error: INVALID_WEBHOOK_URL })
  .trim()
  .max(WEBHOOK_URL_MAX, INVALID_WEBHOOK_URL)
  .refine((url) => z.url({ protocol: /^https?$/ }).safeParse(url).success, {
    error: INVALID_WEBHOOK_URL,
  });

export const ONE_API_DETAILS_CHANGE = 'Send exactly one of webhookUrl, generateNewKey or deleteKey';

/**
 * PUT /api/users/update-api-details (SPEC section 7): `{ userId, webhookUrl }`, `{ userId, generateNewKey: true }`
 * or `{ userId, deleteKey: true }`. One object rather than a union, so each field says what is wrong with it.
 */
export const UpdateApiDetailsRequestSchema = z
  .object({
    userId: userIdField,
    webhookUrl: webhookUrlField.optional(),
    generateNewKey: z.literal(true, { error: 'generateNewKey must be true' }).optional(),
    deleteKey: z.literal(true, { error: 'deleteKey must be true' }).optional(),
  })
  .refine(
    (body) =>
      [body.webhookUrl !== undefined, body.generateNewKey === true, body.deleteKey === true].filter(Boolean)
        .length === 1,
    { error: ONE_API_DETAILS_CHANGE },
  )
  .meta({
    examples: [
      {
        userId: '5f0c6a9e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
        webhookUrl: 'https://shop.example.com/webhooks/bizdash',
      },
      { userId: '5f0c6a9e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', generateNewKey: true },
      { userId: '5f0c6a9e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', deleteKey: true },
    ],
  });
export type UpdateApiDetailsRequest = z.infer<typeof UpdateApiDetailsRequestSchema>;
