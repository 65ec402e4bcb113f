-- A payout remembers the Idempotency-Key it was made with: the request store's row can be lost in a crash (it
-- commits without waiting for the disk) or outlived by a retry after its lease, and a payout from an API key moves
-- money at once, so the payout itself must answer "already made" (docs/decisions/032-payouts.md).
ALTER TABLE "payouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_user_idempotency_key_idx" ON "payouts" USING btree ("user_id","idempotency_key")
  WHERE "idempotency_key" IS NOT NULL;
