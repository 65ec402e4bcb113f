import type { Readable } from 'node:stream';
import type { StatementFormat, StatementQuery } from '@bizdash/shared';
import { notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { findOwnedFiles } from '../files/index.ts';
import {
  eachOwnedWalletEntry,
  findOwnedWallet,
  type KindTotals,
  summarizeOwnedWalletPeriod,
} from '../money/index.ts';
import { findUserById } from '../users/index.ts';
import type { Statement, StatementSummary } from './statement.types.ts';
import { statementCsv } from './statement-csv.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { statementWindow } from './statement-period.ts';

type StatementDeps = Pick<AppDeps, 'database' | 'storage' | 'config'>;

const WALLET_NOT_FOUND = 'Wallet not found';
/** A logo is an image the files feature re-encoded (1024 px at most); anything bigger is not one of ours. */
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

function summaryOf(opening: number, kinds: KindTotals[]): StatementSummary {
  const sum = (pick: (totals: KindTotals) => number) => kinds.reduce((total, each) => total + pick(each), 0);
  const paidFor = (kind: KindTotals['kind']) => {
    const totals = kinds.find((each) => each.kind === kind);
    return totals ? totals.moneyOut - totals.moneyIn : 0;
  };
  const moneyIn = sum((each) => each.moneyIn);
  const moneyOut = sum((each) => each.moneyOut);
  return {
    opening,
    moneyIn,
    moneyOut,
    fees: paidFor('FEE'),
    refunds: paidFor('REFUND'),
    payouts: paidFor('PAYOUT'),
    closing: opening + moneyIn - moneyOut,
    entries: sum((each) => each.entries),
  };
}

/** The stored checkout logo's bytes when it is one of our files (ADR 023); null otherwise or when unreadable. */
async function logoOf(deps: StatementDeps, ownerId: string, logoUrl: string | null): Promise<Buffer | null> {
  const prefix = `${deps.config.publicUrl}/api/files/`;
  if (!logoUrl?.startsWith(prefix)) return null;
  const fileId = logoUrl.slice(prefix.length);
  try {
    const [file] = await findOwnedFiles(deps.database.db, ownerId, [fileId]);
    if (!file || file.size > LOGO_MAX_BYTES || !/^image\/(png|jpeg)$/.test(file.contentType)) return null;
    const body = await deps.storage.get(file.storageKey);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    // The logo adorns the statement; without it the business's name stands in its place.
    return null;
  }
}

async function businessOf(deps: StatementDeps, actor: Actor) {
  const db = deps.database.db;
  const owner = await findUserById(db, actor.ownerId);
  if (!owner) throw notFound(WALLET_NOT_FOUND);
  const app = actor.actingUserId === actor.ownerId ? null : await findUserById(db, actor.actingUserId);
  return {
    name: owner.businessName,
    country: owner.countryOfBusiness,
    email: owner.email,
    appName: app?.businessName ?? null,
    logo: await logoOf(deps, owner.id, owner.checkoutLogoUrl),
  };
}

const CONTENT_TYPES: Record<StatementFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/**
 * A wallet's statement for a period as a file: the wallet must be the acting user's (another's is 404), the summary
 * is read first, then the entries stream into the file page by page (ADR 061).
 */
export async function walletStatement(
  deps: StatementDeps,
  actor: Actor,
  walletId: string,
  query: StatementQuery,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  const db = deps.database.db;
  const wallet = await findOwnedWallet(db, actor.actingUserId, walletId);
  if (!wallet) throw notFound(WALLET_NOT_FOUND);
  const generatedAt = new Date();
  const window = { walletId, ...statementWindow(query, generatedAt) };
  const { opening, kinds } = await summarizeOwnedWalletPeriod(db, actor.actingUserId, window);
  const statement: Statement = {
    business: await businessOf(deps, actor),
    wallet: { id: wallet.id, currency: wallet.currency },
    period: { from: query.from, to: query.to, start: window.start, until: window.until },
    generatedAt,
    summary: summaryOf(opening, kinds),
    entries: eachOwnedWalletEntry(db, actor.actingUserId, window),
  };
  const filename = `bizdash-statement-${wallet.currency}-${query.from}-to-${query.to}.${query.format}`;
  const body = query.format === 'pdf' ? await renderStatementPdf(statement) : statementCsv(statement);
  return { filename, contentType: CONTENT_TYPES[query.format], body };
}
