/** An ILIKE pattern matching text that contains `text` as typed: its own %, _ and \ match only themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
