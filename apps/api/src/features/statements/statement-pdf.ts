import { PassThrough, type Readable } from 'node:stream';
import { CURRENCY_INFO, formatMoney } from '@bizdash/shared';
import { loadOnce } from '../../lib/load-once.ts';
import type { StatementEntry } from '../money/index.ts';
import type { Statement } from './statement.types.ts';
import { loadStatementFonts } from './statement-fonts.ts';
import { FOOTER_Y, LAYOUT, PAGE, statementPages } from './statement-layout.ts';
import { utcDate } from './statement-period.ts';

// pdfkit and its font tables load at the first statement, not at start (the server's idle memory is budgeted).
const loadPdfKit = loadOnce(async () => (await import('pdfkit')).default);
type PdfDocument = InstanceType<Awaited<ReturnType<typeof loadPdfKit>>>;

/**
 * What the writer reads of pdfkit (0.20) beyond its typed API: its embedded fonts, each with the fontkit font it
 * draws from and the layouts of the words it has drawn so far. pdfkit keeps those for the document's whole life,
 * and a year's amounts and balances are hundreds of thousands of different words (hundreds of MB): each page
 * starts them afresh.
 */
interface PdfKitFonts {
  _font?: { font?: { hasGlyphForCodePoint(codePoint: number): boolean } };
  _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }>;
}
const fontsOf = (doc: PdfDocument) => doc as unknown as PdfKitFonts;

const FONT = { regular: 'NotoSans', bold: 'NotoSans-Bold' } as const;
const TEXT = 7;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

const RIGHT_EDGE = PAGE.width - PAGE.margin;
/** Text columns by left edge and width; amounts right-aligned to their column's right edge (balance: the margin). */
const COLUMNS = {
  date: { x: 40, width: 64 },
  description: { x: 108, width: 112 },
  // A transaction's id (a UUID) fits whole.
  reference: { x: 224, width: 146 },
  inRight: 430,
  outRight: 490,
} as const;

const ASCII = /^[\x20-\x7e]*$/;

/** Money as the product shows it everywhere: ₦1,234.56, $12.00, -₦50.00. */
const money = (minor: number, currency: Statement['wallet']['currency']) => formatMoney(minor, currency);

class StatementWriter {
  private page = 0;
  private y = 0;
  /** The pages the statement takes, known before the first entry is read (statement-layout.ts). */
  private readonly pages: number;

  constructor(
    private readonly doc: PdfDocument,
    private readonly statement: Statement,
  ) {
    this.pages = statementPages(this.details().length, statement.summary.entries);
    doc.on('pageAdded', () => this.startPage());
  }

  private get currency() {
    return this.statement.wallet.currency;
  }

  /** What the font has no glyph for shows as '?' rather than as an empty box. */
  private printable(text: string): string {
    if (ASCII.test(text)) return text;
    const font = fontsOf(this.doc)._font?.font;
    if (!font) return text;
    return [...text]
      .map((char) => (font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('');
  }

  /** Text cut to `width` with an ellipsis; drawn at one position, no wrapping (the fast path of pdfkit). */
  private fit(text: string, width: number): string {
    const shown = this.printable(text);
    if (this.doc.widthOfString(shown) <= width) return shown;
    // The longest start that fits with the ellipsis (one character at least), found by halving: a few layouts of
    // the text rather than one per character dropped.
    let fits = 1;
    let tooLong = shown.length;
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (this.doc.widthOfString(`${shown.slice(0, middle)}…`) <= width) fits = middle;
      else tooLong = middle;
    }
    return `${shown.slice(0, fits)}…`;
  }

  private left(text: string, x: number, y: number, width?: number) {
    this.doc.text(width === undefined ? this.printable(text) : this.fit(text, width), x, y, {
      lineBreak: false,
    });
  }

  private right(text: string, rightEdge: number, y: number) {
    const shown = this.printable(text);
    this.doc.text(shown, rightEdge - this.doc.widthOfString(shown), y, { lineBreak: false });
  }

  private startPage() {
    this.page += 1;
    const { doc, statement } = this;
    for (const font of Object.values(fontsOf(doc)._fontFamilies ?? {})) {
      if (font.layoutCache) font.layoutCache = Object.create(null);
    }
    const { period } = statement;
    doc.font(FONT.regular).fontSize(TEXT).fillColor(MUTED);
    this.left(
      `${statement.business.name} · ${this.currency} statement ${period.from} to ${period.to} (UTC)`,
      PAGE.margin,
      FOOTER_Y,
      380,
    );
    // An entry posted while the statement was written, after its summary was read, can add a page: that page
    // then counts itself, rather than a total that is no longer true.
    this.right(`Page ${this.page} of ${Math.max(this.page, this.pages)}`, RIGHT_EDGE, FOOTER_Y);
    this.y = PAGE.margin;
    if (this.page > 1) this.tableHeader();
  }

  /** The lines under the business's name, as many as the first page's table starts below. */
  private details(): string[] {
    const { business, wallet, generatedAt } = this.statement;
    return [
      business.appName ? `App: ${business.appName}` : null,
      business.country,
      business.email,
      `Wallet ID ${wallet.id}`,
      `Generated ${utcDate(generatedAt, true)} UTC`,
    ].filter((line): line is string => line !== null);
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
      doc.font(FONT.bold).fontSize(16).fillColor(INK);
      this.left(business.name, PAGE.margin, top + 14, 280);
    }
    doc.font(FONT.bold).fontSize(14).fillColor(INK);
    this.right('Account statement', RIGHT_EDGE, top);
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
    this.right(`${CURRENCY_INFO[wallet.currency].name} wallet (${wallet.currency})`, RIGHT_EDGE, top + 20);
    this.right(
      `${utcDate(period.start)} to ${utcDate(new Date(Date.parse(`${period.to}T00:00:00Z`)))} (UTC)`,
      RIGHT_EDGE,
      top + 32,
    );

    let y = top + LAYOUT.businessTop;
    doc.font(FONT.bold).fontSize(10).fillColor(INK);
    this.left(business.name, PAGE.margin, y, 300);
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
    for (const line of this.details()) {
      y += LAYOUT.detailLine;
      this.left(line, PAGE.margin, y, 320);
    }
    this.y = y + LAYOUT.summaryGap;
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
        .font(bold ? FONT.bold : FONT.regular)
        .fontSize(9)
        .fillColor(INK);
      this.left(label, PAGE.margin + 12, y);
      this.right(money(value, this.currency), 290, y);
      doc.font(FONT.regular).fillColor(INK);
      this.left(otherLabel, 320, y);
      this.right(
        typeof otherValue === 'number' ? money(otherValue, this.currency) : otherValue,
        RIGHT_EDGE - 12,
        y,
      );
    });
    this.y = top + LAYOUT.summaryHeight;
  }

  private tableHeader() {
    const { doc } = this;
    doc.font(FONT.bold).fontSize(TEXT).fillColor(INK);
    const y = this.y;
    this.left('Date (UTC)', COLUMNS.date.x, y);
    this.left('Description', COLUMNS.description.x, y);
    this.left('Reference', COLUMNS.reference.x, y);
    this.right('In', COLUMNS.inRight, y);
    this.right('Out', COLUMNS.outRight, y);
    this.right('Balance', RIGHT_EDGE, y);
    doc
      .moveTo(PAGE.margin, y + 10)
      .lineTo(RIGHT_EDGE, y + 10)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.y = y + LAYOUT.tableHeader;
    doc.font(FONT.regular).fillColor(INK);
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
    if (this.y + LAYOUT.row > LAYOUT.rowsEnd) this.doc.addPage();
    const { doc } = this;
    if (bold) doc.font(FONT.bold);
    const y = this.y;
    this.left(date, COLUMNS.date.x, y, COLUMNS.date.width);
    this.left(description, COLUMNS.description.x, y, COLUMNS.description.width);
    this.left(reference, COLUMNS.reference.x, y, COLUMNS.reference.width);
    if (moneyIn) this.right(moneyIn, COLUMNS.inRight, y);
    if (moneyOut) this.right(moneyOut, COLUMNS.outRight, y);
    this.right(balance, RIGHT_EDGE, y);
    if (bold) doc.font(FONT.regular);
    this.y += LAYOUT.row;
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
      money(summary.opening, this.currency),
      true,
    );
  }

  entry(entry: StatementEntry, balance: number) {
    const { currency } = this;
    this.row(
      utcDate(entry.postedAt, true),
      entry.description,
      entry.reference,
      entry.amount > 0 ? money(entry.amount, currency) : '',
      entry.amount < 0 ? money(-entry.amount, currency) : '',
      money(balance, currency),
    );
  }

  end(closing: number, entries: number) {
    const last = new Date(
      Math.max(this.statement.period.start.getTime(), this.statement.period.until.getTime() - 1),
    );
    this.row(utcDate(last), 'Closing balance', '', '', '', money(closing, this.currency), true);
    if (entries === 0) {
      this.doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
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
 * The statement as an A4 PDF with selectable text in Noto Sans (embedded, the glyphs used only), "Page N of M" on
 * every page, the business's logo (else its name), written as its entries are read: pdfkit's output goes into a
 * stream that the writer waits on when the client reads slowly, so memory holds one page of entries and what the
 * socket has not taken yet.
 */
export async function renderStatementPdf(statement: Statement): Promise<Readable> {
  const [PDFDocument, fonts] = await Promise.all([loadPdfKit(), loadStatementFonts()]);
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
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
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
