CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"payment_transaction_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"merchant_note" text,
	"customer_note" text,
	"restock" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"transaction_id" uuid NOT NULL,
	"debit_posting_id" uuid NOT NULL,
	"provider_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"idempotency_key" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_currency_known" CHECK ("refunds"."currency" in ('NGN', 'USD')),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('requested_by_customer', 'duplicate', 'fraudulent', 'other')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('PENDING', 'SUCCEEDED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_reference" text NOT NULL,
	"authorization_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"settles_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_refunds_currency_known" CHECK ("sandbox_card_refunds"."currency" in ('NGN', 'USD'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_checkout_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."checkout_payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_transaction_id_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_debit_posting_id_ledger_postings_id_fk" FOREIGN KEY ("debit_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sandbox_card_refunds" ADD CONSTRAINT "sandbox_card_refunds_authorization_id_sandbox_card_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."sandbox_card_authorizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refunds_user_created_idx" ON "refunds" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_transaction_unique" ON "refunds" USING btree ("transaction_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_user_idempotency_key_idx" ON "refunds" USING btree ("user_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;
--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_check_at") WHERE "refunds"."status" = 'PENDING';
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_refunds_reference_unique" ON "sandbox_card_refunds" USING btree ("refund_reference");
--> statement-breakpoint
CREATE INDEX "sandbox_card_refunds_authorization_idx" ON "sandbox_card_refunds" USING btree ("authorization_id");
--> statement-breakpoint
-- Refunds travel through an account of their own (ADR 049): debited from the wallet at once, settled to the
-- customer's card (CUSTOMER_FUNDS) or reversed back to the wallet when the card network answers.
INSERT INTO system_accounts (code, currency)
  SELECT 'REFUNDS_IN_TRANSIT', currency FROM unnest(ARRAY['NGN', 'USD']) AS currency
  ON CONFLICT DO NOTHING;
