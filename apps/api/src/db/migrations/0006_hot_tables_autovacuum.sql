-- Rows that every payment updates (a wallet's balance, a product's stock) pile up dead versions fast on a few
-- pages: vacuum them after a fixed number of dead rows rather than a fraction of the table, and leave room on each
-- page so an update can stay on it (a HOT update: no index to touch, nothing for vacuum to chase).
ALTER TABLE wallets SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.05);
--> statement-breakpoint
ALTER TABLE products SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.05);
--> statement-breakpoint
-- Written and updated once or twice per payment or event, then left: vacuum at 5% dead rather than 20%.
ALTER TABLE checkout_payments SET (autovacuum_vacuum_scale_factor = 0.05);
--> statement-breakpoint
ALTER TABLE event_deliveries SET (autovacuum_vacuum_scale_factor = 0.05);
--> statement-breakpoint
ALTER TABLE idempotency_keys SET (autovacuum_vacuum_scale_factor = 0.05);
--> statement-breakpoint
ALTER TABLE scheduled_jobs SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 100);
