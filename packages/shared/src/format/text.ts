/** Text over the limit is cut to limit - 1 characters plus an ellipsis, so it never exceeds the limit. */
export function truncate(text: string | null | undefined, limit: number): string {
  const value = text ?? '';
  return value.length > limit ? `${value.slice(0, Math.max(0, limit - 1))}…` : value;
}

/** Masked account numbers are left-padded with '*' to 8 characters. */
export function formatMaskedAccountNumber(masked: string | null | undefined): string {
  return (masked ?? '').padStart(8, '*');
}

export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const letters = [firstName, lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase();
}
