ALTER TABLE "bank_accounts" ADD COLUMN IF NOT EXISTS "rail_recipient_code" text;
