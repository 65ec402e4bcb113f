-- Currency conversion (issue 12, ADR 031): each quote the house gives a merchant, kept so that converting it moves
-- exactly the quoted amounts, once, before it expires. Rates are naira per dollar to 4 decimal places.
CREATE TABLE "fx_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"side" text NOT NULL,
	"requested_amount" bigint NOT NULL,
	"mid_rate" numeric(18, 4) NOT NULL,
	"rate" numeric(18, 4) NOT NULL,
	"spread_bps" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"fee" bigint NOT NULL,
	"amount_in" bigint NOT NULL,
	"amount_out" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"conversion_key" text,
	"reference" text,
	"debit_transaction_id" uuid REFERENCES "transactions"("id"),
	"credit_transaction_id" uuid REFERENCES "transactions"("id"),
	"fee_transaction_id" uuid REFERENCES "transactions"("id"),
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_quotes_currencies_differ" CHECK ("fx_quotes"."from_currency" <> "fx_quotes"."to_currency"),
	CONSTRAINT "fx_quotes_currencies_known" CHECK ("fx_quotes"."from_currency" in ('NGN', 'USD') and "fx_quotes"."to_currency" in ('NGN', 'USD')),
	CONSTRAINT "fx_quotes_side_known" CHECK ("fx_quotes"."side" in ('sell', 'buy')),
	CONSTRAINT "fx_quotes_status_known" CHECK ("fx_quotes"."status" in ('OPEN', 'EXECUTED')),
	CONSTRAINT "fx_quotes_amounts" CHECK ("fx_quotes"."fee" >= 0 and "fx_quotes"."amount_in" > "fx_quotes"."fee" and "fx_quotes"."amount_out" > 0 and "fx_quotes"."requested_amount" > 0),
	CONSTRAINT "fx_quotes_executed_iff_booked" CHECK (("fx_quotes"."status" = 'EXECUTED') = ("fx_quotes"."debit_transaction_id" is not null and "fx_quotes"."credit_transaction_id" is not null and "fx_quotes"."converted_at" is not null))
);--> statement-breakpoint
CREATE INDEX "fx_quotes_user_idx" ON "fx_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fx_quotes_open_expiry_idx" ON "fx_quotes" USING btree ("expires_at") WHERE "fx_quotes"."status" = 'OPEN';
