import { PassThrough, type Readable } from 'node:stream';
import { CURRENCY_INFO, formatMajorUnitsPlain } from '@bizdash/shared';
import { loadOnce } from '../../lib/load-once.ts';
import type { StatementEntry } from '../money/index.ts';
import type { Statement } from './statement.types.ts';
import { utcDate } from './statement-period.ts';

// pdfkit and its font tables load at the first statement, not at start (the server's idle memory is budgeted).
const loadPdfKit = loadOnce(async () => (await import('pdfkit')).default);
type PdfDocument = InstanceType<Awaited<ReturnType<typeof loadPdfKit>>>;

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const FOOTER_Y = PAGE.height - 28;
const ROW_HEIGHT = 11;
const ROWS_END = FOOTER_Y - 14;
const TEXT = 7;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

const RIGHT_EDGE = PAGE.width - PAGE.margin;
/** Text columns by left edge and width; amounts right-aligned to their column's right edge (balance: the margin). */
const COLUMNS = {
  date: { x: 40, width: 64 },
  description: { x: 108, width: 120 },
  reference: { x: 232, width: 140 },
  inRight: 428,
  outRight: 486,
} as const;

// The standard PDF fonts draw Windows-1252 only: anything else shows as '?' rather than as nothing.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const ASCII = /^[\x20-\x7e]*$/;
const printable = (text: string) =>
  ASCII.test(text)
    ? text
    : [...text]
        .map((char) => {
          const code = char.charCodeAt(0);
          const plain = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
          return plain || WIN_ANSI_EXTRA.includes(char) ? char : '?';
        })
        .join('');

/** Major units with thousands separators, exact (integer arithmetic): 1,234,567.89. */
function amount(minor: number, currency: Statement['wallet']['currency']): string {
  const plain = formatMajorUnitsPlain(minor, currency);
  const [whole = '', fraction] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

class StatementWriter {
  private page = 0;
  private y = 0;

  constructor(
    private readonly doc: PdfDocument,
    private readonly statement: Statement,
  ) {
    doc.on('pageAdded', () => this.startPage());
  }

  private get currency() {
    return this.statement.wallet.currency;
  }

  /** Text cut to `width` with an ellipsis; drawn at one position, no wrapping (the fast path of pdfkit). */
  private fit(text: string, width: number): string {
    let shown = printable(text);
    if (this.doc.widthOfString(shown) <= width) return shown;
    while (shown.length > 1 && this.doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    return `${shown}…`;
  }

  private left(text: string, x: number, y: number, width?: number) {
    this.doc.text(width === undefined ? printable(text) : this.fit(text, width), x, y, { lineBreak: false });
  }

  private right(text: string, rightEdge: number, y: number) {
    const shown = printable(text);
    this.doc.text(shown, rightEdge - this.doc.widthOfString(shown), y, { lineBreak: false });
  }

  private startPage() {
    this.page += 1;
    const { doc, statement } = this;
    const { period } = statement;
    doc.font('Helvetica').fontSize(TEXT).fillColor(MUTED);
    this.left(
      `${statement.business.name} · ${this.currency} statement ${period.from} to ${period.to} (UTC)`,
      PAGE.margin,
      FOOTER_Y,
      380,
    );
    this.right(`Page ${this.page}`, RIGHT_EDGE, FOOTER_Y);
    this.y = PAGE.margin;
    if (this.page > 1) this.tableHeader();
  }

  private heading() {
    const { doc, statement } = this;
    const { business, period, wallet } = statement;
    const top = PAGE.margin;
    if (business.logo) {
      try {
        doc.image(business.logo, PAGE.margin, top, { fit: [160, 48] });
      } catch {
        business.logo = null;
      }
    }
    if (!business.logo) {
      doc.font('Helvetica-Bold').fontSize(16).fillColor(INK);
      this.left(business.name, PAGE.margin, top + 14, 280);
    }
    doc.font('Helvetica-Bold').fontSize(14).fillColor(INK);
    this.right('Account statement', RIGHT_EDGE, top);
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    this.right(`${CURRENCY_INFO[wallet.currency].name} wallet (${wallet.currency})`, RIGHT_EDGE, top + 20);
    this.right(
      `${utcDate(period.start)} to ${utcDate(new Date(Date.parse(`${period.to}T00:00:00Z`)))} (UTC)`,
      RIGHT_EDGE,
      top + 32,
    );

    let y = top + 64;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    this.left(business.name, PAGE.margin, y, 300);
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    const details = [
      business.appName ? `App: ${business.appName}` : null,
      business.country,
      business.email,
      `Wallet ID ${wallet.id}`,
      `Generated ${utcDate(statement.generatedAt, true)} UTC`,
    ].filter((line): line is string => line !== null);
    for (const line of details) {
      y += 12;
      this.left(line, PAGE.margin, y, 320);
    }
    this.y = y + 22;
    this.summaryBox();
    this.tableHeader();
  }

  private summaryBox() {
    const { doc } = this;
    const { summary } = this.statement;
    const top = this.y;
    const rows: [string, number, string, number | string][] = [
      ['Opening balance', summary.opening, 'Fees', summary.fees],
      ['Money in', summary.moneyIn, 'Refunds', summary.refunds],
      ['Money out', summary.moneyOut, 'Payouts', summary.payouts],
      ['Closing balance', summary.closing, 'Entries', summary.entries.toLocaleString('en')],
    ];
    doc
      .roundedRect(PAGE.margin, top, RIGHT_EDGE - PAGE.margin, rows.length * 15 + 14, 4)
      .strokeColor(RULE)
      .stroke();
    rows.forEach(([label, value, otherLabel, otherValue], index) => {
      const y = top + 9 + index * 15;
      const bold = index === 0 || index === 3;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(INK);
      this.left(label, PAGE.margin + 12, y);
      this.right(`${amount(value, this.currency)} ${this.currency}`, 290, y);
      doc.font('Helvetica').fillColor(INK);
      this.left(otherLabel, 320, y);
      const shown =
        typeof otherValue === 'number' ? `${amount(otherValue, this.currency)} ${this.currency}` : otherValue;
      this.right(shown, RIGHT_EDGE - 12, y);
    });
    this.y = top + rows.length * 15 + 30;
  }

  private tableHeader() {
    const { doc } = this;
    doc.font('Helvetica-Bold').fontSize(TEXT).fillColor(INK);
    const y = this.y;
    this.left('Date (UTC)', COLUMNS.date.x, y);
    this.left('Description', COLUMNS.description.x, y);
    this.left('Reference', COLUMNS.reference.x, y);
    this.right(`In (${this.currency})`, COLUMNS.inRight, y);
    this.right(`Out (${this.currency})`, COLUMNS.outRight, y);
    this.right('Balance', RIGHT_EDGE, y);
    doc
      .moveTo(PAGE.margin, y + 10)
      .lineTo(RIGHT_EDGE, y + 10)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.y = y + 14;
    doc.font('Helvetica').fillColor(INK);
  }

  private row(
    date: string,
    description: string,
    reference: string,
    moneyIn: string,
    moneyOut: string,
    balance: string,
    bold = false,
  ) {
    if (this.y + ROW_HEIGHT > ROWS_END) this.doc.addPage();
    const { doc } = this;
    if (bold) doc.font('Helvetica-Bold');
    const y = this.y;
    this.left(date, COLUMNS.date.x, y, COLUMNS.date.width);
    this.left(description, COLUMNS.description.x, y, COLUMNS.description.width);
    this.left(reference, COLUMNS.reference.x, y, COLUMNS.reference.width);
    if (moneyIn) this.right(moneyIn, COLUMNS.inRight, y);
    if (moneyOut) this.right(moneyOut, COLUMNS.outRight, y);
    this.right(balance, RIGHT_EDGE, y);
    if (bold) doc.font('Helvetica');
    this.y += ROW_HEIGHT;
  }

  begin() {
    this.doc.addPage();
    this.heading();
    const { summary, period } = this.statement;
    this.row(
      utcDate(period.start),
      'Opening balance',
      '',
      '',
      '',
      amount(summary.opening, this.currency),
      true,
    );
  }

  entry(entry: StatementEntry, balance: number) {
    const money = (minor: number) => amount(minor, this.currency);
    this.row(
      utcDate(entry.postedAt, true),
      entry.description,
      entry.reference,
      entry.amount > 0 ? money(entry.amount) : '',
      entry.amount < 0 ? money(-entry.amount) : '',
      money(balance),
    );
  }

  end(closing: number, entries: number) {
    const last = new Date(
      Math.max(this.statement.period.start.getTime(), this.statement.period.until.getTime() - 1),
    );
    this.row(utcDate(last), 'Closing balance', '', '', '', amount(closing, this.currency), true);
    if (entries === 0) {
      this.doc.font('Helvetica').fontSize(9).fillColor(MUTED);
      this.left('No money moved in or out of this wallet in this period.', PAGE.margin, this.y + 8);
    }
  }
}

/** Until the reader has taken what is waiting, or has gone (a closed download must not hold the writer forever). */
const drainedOrClosed = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/**
 * The statement as an A4 PDF with selectable text (pdfkit's standard fonts), page numbers on every page, the
 * business's logo (else its name), written as its entries are read: pdfkit's output goes into a stream that the
 * writer waits on when the client reads slowly, so memory holds one page of entries and what the socket has not
 * taken yet.
 */
export async function renderStatementPdf(statement: Statement): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    margins: { top: PAGE.margin, bottom: 0, left: PAGE.margin, right: PAGE.margin },
    info: {
      Title: `${statement.business.name}: ${statement.wallet.currency} statement ${statement.period.from} to ${statement.period.to}`,
      Author: statement.business.name,
      Creator: 'Bizdash',
    },
  });
  const out = new PassThrough();
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  doc.on('end', () => out.end());
  const write = async () => {
    const writer = new StatementWriter(doc, statement);
    writer.begin();
    let balance = statement.summary.opening;
    let entries = 0;
    for await (const entry of statement.entries) {
      if (out.destroyed) return;
      balance += entry.amount;
      entries += 1;
      writer.entry(entry, balance);
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    writer.end(balance, entries);
    doc.end();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
