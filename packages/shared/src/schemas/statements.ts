import { z } from 'zod';
import { dayField, whenFieldsValid } from './fields.ts';

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The longest statement, in calendar days counted inclusively: a leap year. */
export const STATEMENT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** Calendar days from `from` to `to`, both included (YYYY-MM-DD, read as UTC days). */
export const statementDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/**
 * `GET /api/wallets/{walletId}/statement`: a period of whole calendar days (`from` and `to` included, at most a
 * year) and the file to make of it.
 */
export const StatementQuerySchema = z
  .object({
    from: dayField('from'),
    to: dayField('to'),
    format: z.enum(STATEMENT_FORMATS, { error: 'format must be pdf or csv' }),
  })
  .refine((period) => period.from <= period.to, {
    error: 'The start date must be on or before the end date.',
    path: ['to'],
    ...whenFieldsValid,
  })
  .refine((period) => statementDays(period.from, period.to) <= STATEMENT_MAX_DAYS, {
    error: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
    path: ['to'],
    ...whenFieldsValid,
  });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;
