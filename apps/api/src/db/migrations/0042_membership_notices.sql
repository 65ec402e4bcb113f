-- Issue 26 §4 (ADR 070): each process keeps the memberships it has read (who may act for which business, and as
-- what) and forgets a business's when a notice on the memberships channel names it. The notice is sent by these
-- triggers, in the changing transaction and heard when it commits, so no writer can forget it: a member added,
-- removed (also by a cascade) or given another role, the owner changed, an app deleted or moved, the business's
-- two-factor rule changed. Identical notices within one transaction are merged.
CREATE FUNCTION membership_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'team_members' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('memberships', OLD.business_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('memberships', NEW.business_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('memberships', coalesce(OLD.parent_user_id, OLD.id)::text);
    IF TG_OP = 'UPDATE' THEN
      PERFORM pg_notify('memberships', coalesce(NEW.parent_user_id, NEW.id)::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER team_members_membership_notice AFTER INSERT OR DELETE OR UPDATE OF business_id, person_id, role
  ON team_members FOR EACH ROW EXECUTE FUNCTION membership_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_membership_notice AFTER DELETE OR UPDATE OF parent_user_id, require_two_factor
  ON users FOR EACH ROW EXECUTE FUNCTION membership_notify_change();
