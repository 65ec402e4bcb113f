-- A wallet's entries in date order (statements page through them by (created_at, id)); it also serves every
-- lookup by wallet alone, so it replaces the single-column index instead of adding a write per entry.
CREATE INDEX IF NOT EXISTS "ledger_entries_wallet_created_idx" ON "ledger_entries" USING btree ("wallet_id","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_entries_wallet_idx";
