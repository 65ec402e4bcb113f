CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'STARTED' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_status_check" CHECK ("identity_verifications"."status" in ('STARTED', 'IN_REVIEW', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "identity_callbacks" (
	"provider" text NOT NULL,
	"callback_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_callbacks_pkey" PRIMARY KEY("provider","callback_id")
);
--> statement-breakpoint
CREATE INDEX "identity_callbacks_received_at_idx" ON "identity_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE TABLE "sandbox_identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"id_type" text,
	"id_number_last4" text,
	"selfie_file_id" text,
	"reason" text,
	"review_due_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_identity_sessions" ADD CONSTRAINT "sandbox_identity_sessions_verification_id_identity_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."identity_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_identity_sessions_verification_unique" ON "sandbox_identity_sessions" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "sandbox_identity_sessions_review_idx" ON "sandbox_identity_sessions" USING btree ("review_due_at") WHERE "sandbox_identity_sessions"."status" = 'IN_REVIEW';--> statement-breakpoint
-- The top bar's status follows KYC live: a change of a user's status sends a 'user' notice on the channel of
-- migration 0004 (delivered at commit, with the change).
CREATE FUNCTION live_notify_user_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bizdash_live', json_build_object('userId', NEW.id, 'kind', 'user')::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_status_live_notice AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION live_notify_user_status();
