import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadOnce } from '../../lib/load-once.ts';

export interface StatementFonts {
  regular: Buffer;
  bold: Buffer;
}

/**
 * The font with its OpenType layout tables (GSUB, GPOS) renamed in its table directory, so fontkit, which lays out
 * pdfkit's text, does not find them and maps characters to glyphs through the character map alone. A statement is
 * single lines of Latin text and figures, which need no ligatures, contextual forms or kerning (Noto Sans has no
 * older `kern` table either); shaping them cost 140 µs a string against 10 µs, and a year of entries has some
 * 300,000 different strings (amounts, balances, references). The PDF embeds a subset of the glyphs and outlines
 * only, never those tables, so nothing in the file changes but the spacing of kerned pairs.
 */
function withoutLayoutTables(font: Buffer): Buffer {
  const copy = Buffer.from(font);
  const tables = copy.readUInt16BE(4);
  for (let index = 0; index < tables; index++) {
    const at = 12 + index * 16;
    const tag = copy.toString('latin1', at, at + 4);
    if (tag === 'GSUB' || tag === 'GPOS') copy.write(tag.toLowerCase(), at, 'latin1');
  }
  return copy;
}

const require = createRequire(import.meta.url);
const fontFile = async (file: string) => withoutLayoutTables(await readFile(file));

/**
 * Noto Sans (SIL Open Font License 1.1: embedding allowed), which the web app names after the system's fonts,
 * regular and bold. Read at the first statement, then kept (1.3 MB): not at start, where the idle server's memory
 * is budgeted.
 */
export const loadStatementFonts = loadOnce(
  async (): Promise<StatementFonts> => ({
    regular: await fontFile(
      require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    ),
    bold: await fontFile(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  }),
);
