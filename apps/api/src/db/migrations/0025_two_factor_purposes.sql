-- An app code is accepted once per time step and purpose: sign-in keeps its own last step, so the code that turned
-- two-factor on still signs in; a sign-in challenge is spent once it has signed in (docs/decisions/037-credential-guessing-and-single-use-codes.md).
ALTER TABLE "two_factor_secrets" ADD COLUMN "last_sign_in_step" bigint;--> statement-breakpoint
ALTER TABLE "two_factor_secrets" ADD COLUMN "last_challenge_issued_at" timestamp with time zone;
