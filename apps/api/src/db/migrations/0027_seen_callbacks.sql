-- One table of the callback ids already received, for every provider that calls back (ADR 045): the identity
-- provider's and the bank-link provider's had a table each (migrations 0010 and 0016). Ids still inside their day
-- move over, so a replay sent across the upgrade is still refused.
CREATE TABLE "seen_callbacks" (
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"callback_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seen_callbacks_pkey" PRIMARY KEY("source","provider","callback_id"),
	CONSTRAINT "seen_callbacks_source_check" CHECK ("seen_callbacks"."source" in ('identity', 'bank-link'))
);--> statement-breakpoint
CREATE INDEX "seen_callbacks_received_at_idx" ON "seen_callbacks" USING btree ("received_at");--> statement-breakpoint
INSERT INTO "seen_callbacks" ("source", "provider", "callback_id", "received_at")
SELECT 'identity', "provider", "callback_id", "received_at" FROM "identity_callbacks";--> statement-breakpoint
INSERT INTO "seen_callbacks" ("source", "provider", "callback_id", "received_at")
SELECT 'bank-link', "provider", "callback_id", "received_at" FROM "bank_link_callbacks";--> statement-breakpoint
DROP TABLE "identity_callbacks";--> statement-breakpoint
DROP TABLE "bank_link_callbacks";--> statement-breakpoint
-- Their two pruning jobs are one now (seen-callbacks-prune).
DELETE FROM "scheduled_jobs" WHERE "name" IN ('kyc-callback-ids-prune', 'bank-link-callback-ids-prune');
