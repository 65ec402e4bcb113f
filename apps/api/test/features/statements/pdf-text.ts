import { inflateSync } from 'node:zlib';

/*
 * The text a PDF shows, read back without a PDF library, as far as pdfkit writes it: objects `N 0 obj ... endobj`,
 * one flat page tree, each page's fonts in its resources. Text in an embedded font is glyph ids (4 hex digits each)
 * turned back into characters by the font's ToUnicode map, as a viewer does when text is selected or copied; text
 * in a standard font is Latin-1 bytes.
 */

interface PdfObject {
  body: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const latin = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of latin.matchAll(/(?:^|\n)(\d+) 0 obj\b/g)) {
    const from = (match.index ?? 0) + match[0].length;
    const end = latin.indexOf('endobj', from);
    const body = latin.slice(from, end);
    const streamAt = /stream\r?\n/.exec(body);
    let stream: Buffer | null = null;
    if (streamAt) {
      const start = from + streamAt.index + streamAt[0].length;
      const raw = pdf.subarray(start, latin.indexOf('endstream', start));
      stream = body.includes('/FlateDecode') ? inflateSync(raw) : raw;
    }
    objects.set(Number(match[1]), { body, stream });
  }
  return objects;
}

const refs = (text: string, key: string) =>
  [...text.matchAll(new RegExp(`/${key} (\\d+) 0 R`, 'g'))].map((match) => Number(match[1]));

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** Glyph id to text, from the `bfrange` lines pdfkit writes (`<first> <last> [<text> ...]` or `<first> <last> <text>`). */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
    const first = Number.parseInt(range[1] ?? '', 16);
    const last = Number.parseInt(range[2] ?? '', 16);
    const target = range[3] ?? '';
    if (target.startsWith('[')) {
      [...target.matchAll(/<([0-9a-f]+)>/gi)].forEach((each, index) => {
        map.set(first + index, utf16(each[1] ?? ''));
      });
    } else {
      const start = Number.parseInt(target.slice(1, -1), 16);
      for (let code = first; code <= last; code++) map.set(code, String.fromCodePoint(start + code - first));
    }
  }
  return map;
}

type Decoder = (hex: string) => string;

const latin1: Decoder = (hex) => Buffer.from(hex, 'hex').toString('latin1');

function fontDecoder(objects: Map<number, PdfObject>, fontId: number): Decoder {
  const [toUnicode] = refs(objects.get(fontId)?.body ?? '', 'ToUnicode');
  if (toUnicode === undefined) return latin1;
  const map = toUnicodeMap(objects.get(toUnicode)?.stream?.toString('latin1') ?? '');
  return (hex) =>
    (hex.match(/.{4}/g) ?? []).map((code) => map.get(Number.parseInt(code, 16)) ?? '\uFFFD').join('');
}

/** Each page's text, in page order, one text operator a line. */
export function pdfPages(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  const tree = [...objects.values()].find((object) => /\/Type \/Pages\b/.test(object.body));
  const kids = /\/Kids \[([^\]]*)\]/.exec(tree?.body ?? '')?.[1] ?? '';
  const decoders = new Map<number, Decoder>();
  return [...kids.matchAll(/(\d+) 0 R/g)].map(([, pageId]) => {
    const page = objects.get(Number(pageId))?.body ?? '';
    const [resourcesId] = refs(page, 'Resources');
    const resources = objects.get(resourcesId ?? -1)?.body ?? page;
    const fonts = new Map<string, Decoder>();
    for (const [, name, id] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const fontId = Number(id);
      if (!decoders.has(fontId)) decoders.set(fontId, fontDecoder(objects, fontId));
      fonts.set(name ?? '', decoders.get(fontId) ?? latin1);
    }
    const [contentsId] = refs(page, 'Contents');
    const content = objects.get(contentsId ?? -1)?.stream?.toString('latin1') ?? '';
    let decode = latin1;
    const lines: string[] = [];
    for (const operator of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (operator[1] !== undefined) {
        decode = fonts.get(operator[1]) ?? latin1;
        continue;
      }
      const hexes =
        operator[2] !== undefined
          ? [...operator[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((each) => each[1] ?? '')
          : [operator[3] ?? ''];
      lines.push(hexes.map(decode).join(''));
    }
    return lines.join('\n');
  });
}

/** The whole PDF's text, page after page. */
export const pdfText = (pdf: Buffer) => pdfPages(pdf).join('\n');

/** Pages of a PDF, counted as its page objects ("/Type /Page", not the "/Type /Pages" tree). */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;
