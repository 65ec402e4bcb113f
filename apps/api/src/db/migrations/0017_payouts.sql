CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"wallet_id" uuid NOT NULL REFERENCES "wallets"("id"),
	"bank_account_id" uuid NOT NULL REFERENCES "bank_accounts"("id"),
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"confirmation" text,
	"confirm_by" timestamp with time zone,
	"transaction_id" uuid REFERENCES "transactions"("id"),
	"fee_transaction_id" uuid REFERENCES "transactions"("id"),
	"debit_posting_id" uuid REFERENCES "ledger_postings"("id"),
	"rail_reference" text,
	"rail_checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0 and "payouts"."fee" >= 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('PENDING_CONFIRMATION', 'PROCESSING', 'SUCCESSFUL', 'FAILED', 'CANCELLED'))
);--> statement-breakpoint
CREATE INDEX "payouts_user_created_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_check_at") WHERE "payouts"."status" = 'PROCESSING';
