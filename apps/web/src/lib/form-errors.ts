import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/** Puts the server's per-field validation messages (ApiError details) under the matching inputs. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const detail of error.details) {
    const name = detail.path.split(/[./]/).pop();
    const field = fields.find((candidate) => candidate === name);
    if (field) setError(field, { type: 'server', message: detail.message });
  }
}
