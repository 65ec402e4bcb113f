-- One vocabulary (issue 21 §5). Every currency column is kept to the same list (CURRENCIES in packages/shared) by
-- a CHECK named <table>_<column>_known (knownCurrency in db/schema/columns.ts): the columns that had none get one,
-- the one named otherwise is renamed, and fx_quotes' single check of both its currencies becomes one per column.
ALTER TABLE "bank_accounts" RENAME CONSTRAINT "bank_accounts_currency_check" TO "bank_accounts_currency_known";--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_currency_known" CHECK ("checkout_payments"."currency" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "system_accounts" ADD CONSTRAINT "system_accounts_currency_known" CHECK ("system_accounts"."currency" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency_known" CHECK ("ledger_entries"."currency" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_currency_code_known" CHECK ("transactions"."currency_code" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_currency_known" CHECK ("payouts"."currency" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "sandbox_card_authorizations" ADD CONSTRAINT "sandbox_card_authorizations_currency_known" CHECK ("sandbox_card_authorizations"."currency" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "fx_quotes" DROP CONSTRAINT "fx_quotes_currencies_known";--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_from_currency_known" CHECK ("fx_quotes"."from_currency" in ('NGN', 'USD'));--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_to_currency_known" CHECK ("fx_quotes"."to_currency" in ('NGN', 'USD'));--> statement-breakpoint
-- A converted quote's status says so, in the word the code and the API use for it (it was EXECUTED).
ALTER TABLE "fx_quotes" DROP CONSTRAINT "fx_quotes_status_known";--> statement-breakpoint
ALTER TABLE "fx_quotes" DROP CONSTRAINT "fx_quotes_executed_iff_booked";--> statement-breakpoint
UPDATE "fx_quotes" SET "status" = 'CONVERTED' WHERE "status" = 'EXECUTED';--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_status_known" CHECK ("fx_quotes"."status" in ('OPEN', 'CONVERTED'));--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_converted_iff_booked" CHECK (("fx_quotes"."status" = 'CONVERTED') = ("fx_quotes"."debit_transaction_id" is not null and "fx_quotes"."credit_transaction_id" is not null and "fx_quotes"."converted_at" is not null));
