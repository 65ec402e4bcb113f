import { z } from 'zod';
import { refuseControlCharacters } from './fields.ts';

export const MAX_PAGE_SIZE = 100;

/** ?page=&size= of every paged list: pages count from 1, at most 100 rows each. */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int()
    .min(1, 'size must be between 1 and 100')
    .max(MAX_PAGE_SIZE, 'size must be between 1 and 100')
    .default(10),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** One page of a list and where it stands in the whole. */
export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });

export function pageOf<T>(items: T[], { page, size }: PageQuery, totalElements: number) {
  return { items, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

/** A list's `search`: part of a name (or an email), any case, at most 100 characters. */
export const SearchTextSchema = refuseControlCharacters(
  z.string({ error: 'Search text must be text' }).trim().max(100, 'Search text is at most 100 characters'),
  'Search text',
);
