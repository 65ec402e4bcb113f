CREATE TABLE "outbox_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"fee_transaction_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" bigint NOT NULL,
	"subtotal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"customer_total" bigint NOT NULL,
	"merchant_net" bigint NOT NULL,
	"currency" text NOT NULL,
	"fee_bearer" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"next_action" text,
	"failure_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_payments_quantity_positive" CHECK ("checkout_payments"."quantity" > 0),
	CONSTRAINT "checkout_payments_amounts_add_up" CHECK ("checkout_payments"."customer_total" = "checkout_payments"."merchant_net" + "checkout_payments"."fee" and "checkout_payments"."fee" >= 0 and "checkout_payments"."merchant_net" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"quantity_available" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_amount_positive" CHECK ("products"."amount" > 0),
	CONSTRAINT "products_quantity_not_negative" CHECK ("products"."quantity_available" >= 0),
	CONSTRAINT "products_currency_known" CHECK ("products"."currency" in ('NGN', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"wrong_otp_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_fee_transaction_id_transactions_id_fk" FOREIGN KEY ("fee_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_events_due_idx" ON "outbox_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_events_user_idx" ON "outbox_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_payments_reference_unique" ON "checkout_payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_payments_transaction_unique" ON "checkout_payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_payments_idempotency_unique" ON "checkout_payments" USING btree ("product_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "checkout_payments_product_idx" ON "checkout_payments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "checkout_payments_open_idx" ON "checkout_payments" USING btree ("created_at") WHERE "checkout_payments"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "products_user_created_idx" ON "products" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_authorizations_reference_unique" ON "sandbox_card_authorizations" USING btree ("merchant_reference");