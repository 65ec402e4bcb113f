-- Live screens: a change to a merchant's wallets, transactions or products sends a small notice on the
-- bizdash_live channel. NOTIFY inside the writing transaction is delivered only when it commits, identical
-- payloads within one transaction are merged, and the money path runs no statement of its own for it
-- (see docs/decisions/008-live-money-screens-by-push.md).
CREATE FUNCTION live_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSE
    owner := NEW.user_id;
  END IF;
  PERFORM pg_notify('bizdash_live', json_build_object('userId', owner, 'kind', TG_ARGV[0])::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallets_live_notice AFTER UPDATE ON wallets
  FOR EACH ROW WHEN (OLD.balance IS DISTINCT FROM NEW.balance OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION live_notify_change('wallet');
--> statement-breakpoint
CREATE TRIGGER transactions_live_notice AFTER INSERT OR UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION live_notify_change('transaction');
--> statement-breakpoint
CREATE TRIGGER products_live_notice AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION live_notify_change('product');
