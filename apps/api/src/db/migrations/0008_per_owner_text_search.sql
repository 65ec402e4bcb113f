CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "transactions_search_text_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_search_text_idx" ON "transactions" USING gin ("user_id",("description" || ' ' || coalesce("beneficiary", '') || ' ' || coalesce("order_reference", '')) gin_trgm_ops);