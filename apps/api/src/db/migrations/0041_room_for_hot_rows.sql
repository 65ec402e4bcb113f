-- Issue 26 §3: every payment updates its wallet's balance and its product's stock, columns no index holds. With
-- room left on the page the new row version stays there (a HOT update: no index entry written, and the page
-- prunes its dead versions itself), so a busy merchant's rows do not bloat their indexes during a run.
ALTER TABLE "wallets" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 70);
