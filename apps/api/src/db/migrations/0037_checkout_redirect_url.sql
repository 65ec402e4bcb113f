ALTER TABLE "checkout_payments" ADD COLUMN IF NOT EXISTS "redirect_url" text;
