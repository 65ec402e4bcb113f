-- The card network names a disputed payment by its charge reference: the disputes job finds the payment by it.
CREATE INDEX "checkout_payments_provider_reference_idx" ON "checkout_payments" ("provider_reference")
  WHERE "provider_reference" IS NOT NULL;
