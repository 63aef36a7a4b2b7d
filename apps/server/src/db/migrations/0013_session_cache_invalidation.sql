-- Each instance caches a session's check for a few seconds (apps/server/src/auth/session-cache.ts,
-- issue 12). Every change that alters what a check answers NOTIFYs the channel
-- 'session_changes' on commit, and every instance drops the entries it names at once. The
-- triggers, not the application, send it, so that no writer (better-auth, an admin's change, a
-- restore) can forget to. Payloads: 'session:<id>', 'user:<id>', or '*' for everything.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', 'session:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', 'user:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'totp_factors' AND TG_OP = 'INSERT' THEN
    PERFORM pg_notify('session_changes', 'user:' || NEW.user_id);
  ELSIF TG_TABLE_NAME = 'totp_factors' THEN
    PERFORM pg_notify('session_changes', 'user:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('session_changes', '*');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token IS DISTINCT FROM NEW.token
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.second_factor_pending IS DISTINCT FROM NEW.second_factor_pending)
  EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
    OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.approved IS DISTINCT FROM NEW.approved)
  EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER totp_factors_notify AFTER INSERT OR UPDATE OR DELETE ON totp_factors
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER settings_notify AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER organizations_notify AFTER UPDATE ON organizations FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.kind IS DISTINCT FROM NEW.kind)
  EXECUTE FUNCTION notify_session_change();
