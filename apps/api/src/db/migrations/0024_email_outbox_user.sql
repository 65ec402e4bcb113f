-- Each email names the merchant or app it concerns (the account's codes, its customers' receipts), so a signed-in
-- merchant can read their own sandbox mail without the operator key (docs/decisions/013-sandbox-mailbox-and-test-mode.md).
ALTER TABLE "email_outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id","created_at");
