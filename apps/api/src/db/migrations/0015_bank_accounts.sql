CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"wallet_id" uuid NOT NULL REFERENCES "wallets"("id"),
	"currency" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text,
	"account_holder_name" text NOT NULL,
	"account_type" text NOT NULL,
	"account_number_sealed" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"account_number_hash" text NOT NULL,
	"routing_number_sealed" text,
	"source" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_status_check" CHECK ("bank_accounts"."status" in ('ACTIVE', 'DEACTIVATED')),
	CONSTRAINT "bank_accounts_currency_check" CHECK ("bank_accounts"."currency" in ('NGN', 'USD'))
);--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_active_unique" ON "bank_accounts" USING btree ("user_id","currency","account_number_hash") WHERE "bank_accounts"."status" = 'ACTIVE';
