import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '../../../src/features/money/index.ts';
import type { Statement } from '../../../src/features/statements/statement.types.ts';
import { renderStatementPdf } from '../../../src/features/statements/statement-pdf.ts';
import { pdfPageCount, pdfPages } from './pdf-text.ts';

const START = Date.UTC(2026, 0, 1);

async function* entries(count: number): AsyncGenerator<StatementEntry> {
  for (let index = 0; index < count; index++) {
    yield {
      id: index + 1,
      postedAt: new Date(START + index * 60_000),
      amount: index % 3 === 2 ? -2_500 : 1_234_56,
      kind: index % 3 === 2 ? 'FEE' : 'PAYMENT',
      reversal: false,
      description: 'Jollof, party tray',
      reference: `ORD-${index + 1}`,
    };
  }
}

function statementOf(count: number, appName: string | null): Statement {
  return {
    business: { name: 'Adaeze Foods', country: 'Nigeria', email: 'ada@example.com', appName, logo: null },
    wallet: { id: '6f1c1d4e-8f0a-4c55-9a43-2f4b9c1e7d10', currency: 'NGN' },
    period: {
      from: '2026-01-01',
      to: '2026-01-31',
      start: new Date(START),
      until: new Date(Date.UTC(2026, 1, 1)),
    },
    generatedAt: new Date(Date.UTC(2026, 1, 2, 9, 30)),
    summary: {
      opening: 0,
      moneyIn: 0,
      moneyOut: 0,
      fees: 0,
      refunds: 0,
      payouts: 0,
      closing: 0,
      entries: count,
    },
    entries: entries(count),
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('Statement PDF: "Page N of M"', () => {
  // Around each page break: the first page holds 47 rows (46 under an app's name, one line more above), later
  // pages 67; the opening and closing balances are rows too.
  const cases: [appName: string | null, entries: number, pages: number][] = [
    [null, 0, 1],
    [null, 45, 1],
    [null, 46, 2],
    [null, 112, 2],
    [null, 113, 3],
    ['Ikẹja branch', 44, 1],
    ['Ikẹja branch', 45, 2],
    ['Ikẹja branch', 111, 2],
    ['Ikẹja branch', 112, 3],
  ];
  it.each(cases)(
    'under app %s, %i entries: every page says of the pages drawn (%i)',
    async (appName, count, pages) => {
      const pdf = await bytesOf(await renderStatementPdf(statementOf(count, appName)));
      expect(pdfPageCount(pdf)).toBe(pages);
      const texts = pdfPages(pdf);
      expect(texts).toHaveLength(pages);
      texts.forEach((text, index) => {
        expect(text.split('\n')).toContain(`Page ${index + 1} of ${pages}`);
      });
      expect(texts.at(-1)).toContain('Closing balance');
      expect(texts.join('\n')).toContain(count === 0 ? 'No money moved' : `ORD-${count}`);
    },
  );
});
