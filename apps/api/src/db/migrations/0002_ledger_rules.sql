-- The ledger is append-only: mistakes are corrected by reversing postings, never by editing history.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Counters and daily totals move in the same transaction as the row they describe.
CREATE FUNCTION transactions_keep_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE transaction_counters SET count = count - 1, total_amount = total_amount - OLD.transaction_amount
      WHERE user_id = OLD.user_id AND wallet_id = OLD.wallet_id
        AND transaction_type = OLD.transaction_type AND transaction_status = OLD.transaction_status;
    IF OLD.transaction_status = 'SUCCESSFUL' THEN
      UPDATE wallet_daily_totals SET
        money_in = money_in - CASE WHEN OLD.transaction_type = 'CREDIT' THEN OLD.transaction_amount ELSE 0 END,
        money_out = money_out - CASE WHEN OLD.transaction_type = 'DEBIT' THEN OLD.transaction_amount ELSE 0 END,
        transaction_count = transaction_count - 1
      WHERE wallet_id = OLD.wallet_id AND day = (OLD.impact_time AT TIME ZONE 'UTC')::date;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_counters AS c
        (user_id, wallet_id, transaction_type, transaction_status, count, total_amount)
      VALUES (NEW.user_id, NEW.wallet_id, NEW.transaction_type, NEW.transaction_status, 1, NEW.transaction_amount)
      ON CONFLICT (user_id, wallet_id, transaction_type, transaction_status)
      DO UPDATE SET count = c.count + 1, total_amount = c.total_amount + EXCLUDED.total_amount;
    IF NEW.transaction_status = 'SUCCESSFUL' THEN
      INSERT INTO wallet_daily_totals AS t (wallet_id, day, money_in, money_out, transaction_count)
        VALUES (
          NEW.wallet_id,
          (NEW.impact_time AT TIME ZONE 'UTC')::date,
          CASE WHEN NEW.transaction_type = 'CREDIT' THEN NEW.transaction_amount ELSE 0 END,
          CASE WHEN NEW.transaction_type = 'DEBIT' THEN NEW.transaction_amount ELSE 0 END,
          1
        )
        ON CONFLICT (wallet_id, day) DO UPDATE SET
          money_in = t.money_in + EXCLUDED.money_in,
          money_out = t.money_out + EXCLUDED.money_out,
          transaction_count = t.transaction_count + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_aggregates AFTER INSERT OR UPDATE OF transaction_status, transaction_amount, transaction_type, impact_time, wallet_id OR DELETE
  ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_keep_aggregates();
--> statement-breakpoint
INSERT INTO system_accounts (code, currency)
  SELECT code, currency
  FROM unnest(ARRAY['CUSTOMER_FUNDS', 'FEES_EARNED', 'PAYOUTS_IN_TRANSIT', 'FX']) AS code,
       unnest(ARRAY['NGN', 'USD']) AS currency
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A wallet belongs to one user: without this the planner multiplies the two filters' selectivities, expects a
-- handful of rows for "this user's wallet", and sorts thousands instead of reading the ordered index.
CREATE STATISTICS transactions_user_wallet_dependency (dependencies) ON user_id, wallet_id FROM transactions;
