import { z } from 'zod';

/**
 * A success answer that is not JSON (a stored file, a CSV export, an event stream), as a route's response schema:
 * the reference then documents its media types, and the tests' response check accepts exactly these.
 */
export const nonJsonResponse = (description: string, mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: z.string() }])),
});
