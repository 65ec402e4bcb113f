-- A payout's status change (confirmed, sent, settled, returned) sends a live notice, so the payout screens move on
-- the rail's answer instead of asking every 2 seconds (docs/decisions/008-live-money-screens-by-push.md).
CREATE TRIGGER payouts_live_notice AFTER INSERT OR UPDATE OF status ON payouts
  FOR EACH ROW EXECUTE FUNCTION live_notify_change('payout');
