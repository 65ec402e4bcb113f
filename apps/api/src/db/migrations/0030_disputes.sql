CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"payment_transaction_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone NOT NULL,
	"provider_reference" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"hold_posting_id" uuid NOT NULL,
	"reversal_transaction_id" uuid,
	"network_action" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"evidence_explanation" text,
	"evidence_customer_name" text,
	"evidence_customer_email" text,
	"evidence_delivery_details" text,
	"evidence_file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"evidence_updated_at" timestamp with time zone,
	"evidence_submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_amount_positive" CHECK ("disputes"."amount" > 0),
	CONSTRAINT "disputes_currency_known" CHECK ("disputes"."currency" in ('NGN', 'USD')),
	CONSTRAINT "disputes_reason_check" CHECK ("disputes"."reason" in ('fraudulent', 'product_not_received', 'not_as_described', 'duplicate', 'other')),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED')),
	CONSTRAINT "disputes_network_action_check" CHECK ("disputes"."network_action" in ('EVIDENCE', 'ACCEPT'))
);
--> statement-breakpoint
CREATE TABLE "dispute_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_events_kind_check" CHECK ("dispute_events"."kind" in ('OPENED', 'EVIDENCE_SAVED', 'EVIDENCE_SUBMITTED', 'REMINDER_SENT', 'ACCEPTED', 'WON', 'LOST', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"authorization_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"reported_status" text,
	"evidence_due_by" timestamp with time zone NOT NULL,
	"decides_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_disputes_currency_known" CHECK ("sandbox_card_disputes"."currency" in ('NGN', 'USD'))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_checkout_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."checkout_payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_transaction_id_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reversal_transaction_id_transactions_id_fk" FOREIGN KEY ("reversal_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_hold_posting_id_ledger_postings_id_fk" FOREIGN KEY ("hold_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sandbox_card_disputes" ADD CONSTRAINT "sandbox_card_disputes_authorization_id_sandbox_card_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."sandbox_card_authorizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "disputes_user_created_idx" ON "disputes" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "disputes_payment_idx" ON "disputes" USING btree ("payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_reference_unique" ON "disputes" USING btree ("provider_reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_transaction_unique" ON "disputes" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "disputes_open_due_idx" ON "disputes" USING btree ("evidence_due_by") WHERE "disputes"."status" = 'NEEDS_RESPONSE';
--> statement-breakpoint
CREATE INDEX "disputes_network_due_idx" ON "disputes" USING btree ("next_check_at") WHERE "disputes"."network_action" is not null;
--> statement-breakpoint
CREATE INDEX "dispute_events_dispute_idx" ON "dispute_events" USING btree ("dispute_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_disputes_authorization_unique" ON "sandbox_card_disputes" USING btree ("authorization_id");
--> statement-breakpoint
-- Disputed money is held in an account of its own (ADR 051): out of the wallet when a dispute opens, back to it
-- when won, to the card network (CUSTOMER_FUNDS, out of the platform) when lost or accepted.
INSERT INTO system_accounts (code, currency)
  SELECT 'DISPUTES_HELD', currency FROM unnest(ARRAY['NGN', 'USD']) AS currency
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ADR 051: a dispute's hold takes its full amount even from a wallet that holds less, so a wallet may go below
-- zero, only through a dispute hold (the ledger posts it with its own rule; every other movement still refuses to
-- take a balance below zero, and ledger:verify explains every negative balance by the wallet's dispute holds).
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_not_negative";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_purpose_check";
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('profile', 'checkout_logo', 'document', 'kyc_selfie', 'dispute_evidence'));
--> statement-breakpoint
-- A dispute opened, answered or decided sends a live notice, so the sidebar badge and the disputes screens follow.
CREATE TRIGGER disputes_live_notice AFTER INSERT OR UPDATE OF status ON disputes
  FOR EACH ROW EXECUTE FUNCTION live_notify_change('dispute');
--> statement-breakpoint
-- Notification settings gain "Refunds" (refund.* events sat under outgoing transfers: a merchant who had those on
-- keeps hearing about refunds) and "Disputes" (on by default: a dispute holds money and is lost without an answer).
ALTER TABLE "notification_settings" ADD COLUMN "refunds" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "disputes" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
UPDATE "notification_settings" SET "refunds" = "outgoing_transfers";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('accountUpdates', 'incomingPayments', 'outgoingTransfer', 'securityAlerts', 'refunds', 'disputes'));
