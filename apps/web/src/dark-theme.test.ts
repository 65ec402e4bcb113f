import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = import.meta.dirname;
const UTILITY =
  /\b(?:bg|text|border|ring|outline|fill|stroke|from|via|to|divide|decoration|accent|caret|shadow)-([a-z]+)-(?:50|[1-9]00|950)\b/g;
/** Scales Tailwind has that are not tinted colours of the palette. */
const NOT_COLOURS = new Set(['white', 'black', 'slate']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('Dark mode covers every colour the screens use (ADR 062)', () => {
  it('mirrors each tinted scale a component names, so none keeps its light shade on the dark surface', () => {
    const css = readFileSync(path.join(SOURCE, 'dark-theme.css'), 'utf8');
    const mirrored = new Set(
      [...css.matchAll(/--color-([a-z]+)-50: --theme\(--color-\1-950 inline\)/g)].map((m) => m[1]),
    );
    const used = new Map<string, string>();
    for (const file of sourceFiles(SOURCE)) {
      for (const match of readFileSync(file, 'utf8').matchAll(UTILITY)) {
        const scale = match[1] ?? '';
        if (!NOT_COLOURS.has(scale) && !used.has(scale)) used.set(scale, path.relative(SOURCE, file));
      }
    }
    expect(used.size).toBeGreaterThan(3);
    const missing = [...used]
      .filter(([scale]) => !mirrored.has(scale))
      .map(([scale, file]) => `${scale} (${file})`);
    expect(missing).toEqual([]);
  });
});
