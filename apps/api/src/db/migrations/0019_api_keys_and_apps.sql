-- API keys and apps (issue 13, ADR 033). A key is kept twice, never in plain text: key_hash is an HMAC of it under
-- a key derived from the instance secret (looked up by equality: a unique index, nothing to time), key_sealed the
-- secret box's encryption of it bound to `api-key:<id>` (Developer Settings shows it again). expires_at is null for
-- the current key; a rolled-over key gets the end of its overlap; deleted_at stops every key of a user at once.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"key_hash" text NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_unique" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
-- One current key per user: two "generate" clicks racing cannot leave two.
CREATE UNIQUE INDEX "api_keys_one_current_idx" ON "api_keys" USING btree ("user_id") WHERE "api_keys"."expires_at" IS NULL AND "api_keys"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
-- An app with money or history is archived rather than erased: hidden from lists, its keys refused.
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;
