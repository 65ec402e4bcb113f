/**
 * CSV for spreadsheets: a cell quoted where CSV needs it, with text a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) defused by a leading apostrophe.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header, then one CRLF-ended line per row, yielded in chunks of about 64 KB for a streamed answer. */
export async function* csvLines<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  line: (row: T) => string,
): AsyncGenerator<string> {
  yield `${header.join(',')}\r\n`;
  let chunk = '';
  for await (const row of rows) {
    chunk += `${line(row)}\r\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
