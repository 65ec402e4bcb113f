import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts the server's per-field validation messages (ApiError details) under the matching inputs; says whether
 * any landed, so the caller can show the error elsewhere when none did.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const detail of error.details) {
    const name = detail.path.split(/[./]/).pop();
    // A nested field ('card.number') matches its whole path; a flat one its last segment.
    const field = fields.find((candidate) => candidate === detail.path || candidate === name);
    if (!field) continue;
    setError(field, { type: 'server', message: detail.message });
    applied = true;
  }
  return applied;
}
