-- Why a FAILED transaction failed, as its customer was told: shown in the transaction detail and the CSV export.
ALTER TABLE "transactions" ADD COLUMN "failure_reason" text;--> statement-breakpoint
-- Payments that failed before this column existed keep their reason on the payment.
UPDATE "transactions" SET "failure_reason" = p."failure_reason"
FROM "checkout_payments" p
WHERE p."transaction_id" = "transactions"."id" AND p."failure_reason" IS NOT NULL
  AND "transactions"."transaction_status" = 'FAILED';--> statement-breakpoint
-- And payouts the rail gave up on.
UPDATE "transactions" SET "failure_reason" = p."failure_reason"
FROM "payouts" p
WHERE p."transaction_id" = "transactions"."id" AND p."failure_reason" IS NOT NULL
  AND "transactions"."transaction_status" = 'FAILED';
