CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" uuid NOT NULL,
	"wallet_id" uuid,
	"system_account_id" uuid,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_one_account" CHECK (num_nonnulls("ledger_entries"."wallet_id", "ledger_entries"."system_account_id") = 1),
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"reverses_posting_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_counters" (
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_counters_user_id_wallet_id_transaction_type_transaction_status_pk" PRIMARY KEY("user_id","wallet_id","transaction_type","transaction_status")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"impact_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"parent_transaction_id" uuid,
	"transaction_amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_status" text NOT NULL,
	"beneficiary" text,
	"transaction_channel" text NOT NULL,
	"order_reference" text,
	"posting_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."transaction_amount" > 0),
	CONSTRAINT "transactions_type_known" CHECK ("transactions"."transaction_type" in ('CREDIT', 'DEBIT')),
	CONSTRAINT "transactions_posted_iff_successful" CHECK (("transactions"."transaction_status" = 'SUCCESSFUL') = ("transactions"."posting_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "wallet_daily_totals" (
	"wallet_id" uuid NOT NULL,
	"day" date NOT NULL,
	"money_in" bigint DEFAULT 0 NOT NULL,
	"money_out" bigint DEFAULT 0 NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_daily_totals_wallet_id_day_pk" PRIMARY KEY("wallet_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_system_account_id_system_accounts_id_fk" FOREIGN KEY ("system_account_id") REFERENCES "public"."system_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_reverses_posting_id_ledger_postings_id_fk" FOREIGN KEY ("reverses_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_parent_transaction_id_transactions_id_fk" FOREIGN KEY ("parent_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_idx" ON "ledger_entries" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_system_account_idx" ON "ledger_entries" USING btree ("system_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_idempotency_key_unique" ON "ledger_postings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_reverses_unique" ON "ledger_postings" USING btree ("reverses_posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_accounts_code_currency_unique" ON "system_accounts" USING btree ("code","currency");--> statement-breakpoint
CREATE INDEX "transactions_user_time_idx" ON "transactions" USING btree ("user_id","impact_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_wallet_time_idx" ON "transactions" USING btree ("wallet_id","impact_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_user_status_time_idx" ON "transactions" USING btree ("user_id","transaction_status","impact_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_user_type_time_idx" ON "transactions" USING btree ("user_id","transaction_type","impact_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_user_pending_time_idx" ON "transactions" USING btree ("user_id","impact_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."transaction_status" in ('CREATED', 'OTP_VERIFIED');--> statement-breakpoint
CREATE INDEX "transactions_parent_idx" ON "transactions" USING btree ("parent_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_posting_unique" ON "transactions" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "transactions_search_text_idx" ON "transactions" USING gin (("description" || ' ' || coalesce("beneficiary", '') || ' ' || coalesce("order_reference", '')) gin_trgm_ops);