-- USD settlement accounts are linked through a bank-link provider's hosted page (issue 12): one bank_links row per
-- hosted link the merchant asked for, completed at most once by the provider's signed callback.
CREATE TABLE "bank_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"wallet_id" uuid NOT NULL REFERENCES "wallets"("id"),
	"provider" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text,
	"bank_account_id" uuid REFERENCES "bank_accounts"("id"),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_links_status_check" CHECK ("bank_links"."status" in ('OPEN', 'COMPLETED', 'FAILED'))
);--> statement-breakpoint
CREATE INDEX "bank_links_user_idx" ON "bank_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "bank_link_callbacks" (
	"provider" text NOT NULL,
	"callback_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_link_callbacks_pkey" PRIMARY KEY("provider","callback_id")
);--> statement-breakpoint
CREATE INDEX "bank_link_callbacks_received_at_idx" ON "bank_link_callbacks" USING btree ("received_at");--> statement-breakpoint
-- The sandbox bank-link provider's own records (its hosted page's sessions): what a real provider keeps on its side.
CREATE TABLE "sandbox_bank_link_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL REFERENCES "bank_links"("id") ON DELETE cascade,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text,
	"completion_redirect_url" text NOT NULL,
	"institution_id" text,
	"account_type" text,
	"public_token" text,
	"exchanged_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_link_sessions_status_check" CHECK ("sandbox_bank_link_sessions"."status" in ('OPEN', 'COMPLETED', 'FAILED'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_link_sessions_link_unique" ON "sandbox_bank_link_sessions" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_link_sessions_public_token_unique" ON "sandbox_bank_link_sessions" USING btree ("public_token");--> statement-breakpoint
-- The settlement screen follows its accounts live (an account linked in another tab appears at once): a 'bank'
-- notice on the channel of migration 0004.
CREATE TRIGGER bank_accounts_live_notice AFTER INSERT OR UPDATE ON bank_accounts
  FOR EACH ROW EXECUTE FUNCTION live_notify_change('bank');
