-- Issue 26 §3: indexes no query needs are writes every payment pays for.
-- (product_id, idempotency_key) is unique and leads with product_id: it serves every lookup by product.
DROP INDEX IF EXISTS "checkout_payments_product_idx";--> statement-breakpoint
-- No query reads the outbox by status (a message is found by its dedupe key, the mailbox by address or user);
-- without it, marking an email sent changes no indexed column, so the update can stay on its page (HOT).
DROP INDEX IF EXISTS "email_outbox_status_idx";--> statement-breakpoint
-- Room on each page for those updates, and for the claim of a delivery (lease and attempt count, not indexed).
ALTER TABLE "email_outbox" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "event_deliveries" SET (fillfactor = 85);
