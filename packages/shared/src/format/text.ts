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

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

type TextPart = { text: string; href?: undefined } | { text: string; href: string };

/** A line of text cut into plain parts and web addresses, so an email's links can be drawn as links. */
export function splitLinks(line: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    if (match.index > last) parts.push({ text: line.slice(last, match.index) });
    parts.push({ text: match[0], href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push({ text: line.slice(last) });
  return parts;
}
