-- ADR 053: the database refuses again to take a wallet below zero (0030 dropped the CHECK for dispute holds), except
-- in the one statement the ledger's dispute hold marks for that wallet (bizdash.dispute_hold, local to the
-- transaction and cleared right after). A credit to a wallet that is below zero is never refused.
CREATE FUNCTION wallets_refuse_overdraw() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.balance >= OLD.balance THEN
    RETURN NEW;
  END IF;
  IF coalesce(current_setting('bizdash.dispute_hold', true), '') = NEW.id::text THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'wallet % would go below zero', NEW.id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'wallets_balance_not_negative';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallets_balance_not_negative BEFORE INSERT OR UPDATE OF balance ON wallets
  FOR EACH ROW WHEN (NEW.balance < 0) EXECUTE FUNCTION wallets_refuse_overdraw();
