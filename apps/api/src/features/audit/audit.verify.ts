import type { DbOrTx } from '../../db/client.ts';
import { entryHash, GENESIS_HASH } from './audit.hash.ts';
import { type AuditEventRow, chainPage, findChainHead, listChains } from './audit.repository.ts';

const PAGE = 1000;

interface AuditVerifyReport {
  ok: boolean;
  /** Entries checked, over every chain. */
  entries: number;
  chains: number;
  /** The first broken entry found, named: its chain, sequence and id, and what is wrong. */
  broken: string | null;
}

const name = (row: AuditEventRow) => `chain ${row.chain} entry #${row.sequence} (id ${row.id})`;

/**
 * Walks every chain in sequence order (npm run audit:verify): each entry must follow the one before (sequence one
 * more, previous_hash its hash) and hash to what it holds; the last must be the chain's head. An edited entry fails
 * its own hash, a deleted one leaves a gap, an inserted one breaks the sequence or the next entry's link, two
 * swapped ones fail their hashes (the sequence is hashed).
 */
export async function verifyAuditTrail(db: DbOrTx): Promise<AuditVerifyReport> {
  const chains = await listChains(db);
  let entries = 0;
  const failed = (broken: string): AuditVerifyReport => ({
    ok: false,
    entries,
    chains: chains.length,
    broken,
  });
  for (const chain of chains) {
    const head = await findChainHead(db, chain);
    const headSequence = head ? Number(head.sequence) : 0;
    let previous: { sequence: number; hash: string } = { sequence: 0, hash: GENESIS_HASH };
    for (;;) {
      const rows = await chainPage(db, chain, previous.sequence, PAGE);
      for (const row of rows) {
        entries += 1;
        const broken =
          row.sequence > headSequence
            ? `it comes after the chain's head (#${headSequence}): not appended by the API`
            : brokenLink(row, previous);
        if (broken) return failed(`${name(row)}: ${broken}`);
        previous = { sequence: row.sequence, hash: row.hash };
      }
      if (rows.length < PAGE) break;
    }
    if (!head) return failed(`chain ${chain} has no head`);
    if (previous.sequence !== headSequence) {
      return failed(
        `chain ${chain} entry #${previous.sequence + 1}: missing (the chain ends at #${previous.sequence}, its head says #${headSequence})`,
      );
    }
    if (head.hash !== previous.hash) {
      return failed(`chain ${chain} entry #${headSequence}: its hash is not the one the chain's head holds`);
    }
  }
  return { ok: true, entries, chains: chains.length, broken: null };
}

function brokenLink(row: AuditEventRow, previous: { sequence: number; hash: string }): string | null {
  if (row.sequence !== previous.sequence + 1) {
    return `expected #${previous.sequence + 1} next, an entry is missing or out of place`;
  }
  if (row.previousHash !== previous.hash) return "its previous_hash is not the previous entry's hash";
  const { id: _id, previousHash: _previous, hash, ...hashed } = row;
  if (entryHash(row.previousHash, hashed) !== hash)
    return 'its hash does not match its content (edited or moved)';
  return null;
}
