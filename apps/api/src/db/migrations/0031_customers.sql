CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_email_unique" ON "customers" USING btree ("user_id",lower("email"));
--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD COLUMN "customer_id" uuid;
--> statement-breakpoint
-- Every payment made so far gets its customer (issue 22 §3): one per merchant and email in any case, with the email
-- and name of their latest payment, created when they first paid.
INSERT INTO "customers" ("user_id", "email", "name", "created_at", "updated_at")
  SELECT DISTINCT ON ("user_id", lower("customer_email"))
      "user_id", "customer_email", "customer_name",
      min("created_at") OVER (PARTITION BY "user_id", lower("customer_email")),
      "created_at"
    FROM "checkout_payments"
    ORDER BY "user_id", lower("customer_email"), "created_at" DESC, "id" DESC;
--> statement-breakpoint
UPDATE "checkout_payments" AS p SET "customer_id" = c."id"
  FROM "customers" AS c
  WHERE c."user_id" = p."user_id" AND lower(c."email") = lower(p."customer_email");
--> statement-breakpoint
ALTER TABLE "checkout_payments" ALTER COLUMN "customer_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "checkout_payments_customer_idx" ON "checkout_payments" USING btree ("customer_id","created_at");
