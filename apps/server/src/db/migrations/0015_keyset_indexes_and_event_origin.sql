DROP INDEX "messages_patient_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_timestamp_idx";--> statement-breakpoint
DROP INDEX "audit_logs_patient_idx";--> statement-breakpoint
DROP INDEX "audit_logs_action_idx";--> statement-breakpoint
DROP INDEX "notifications_recipient_created_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "origin_user_id" text;--> statement-breakpoint
CREATE INDEX "messages_patient_created_id_idx" ON "messages" USING btree ("patient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_timestamp_id_idx" ON "audit_logs" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_patient_timestamp_id_idx" ON "audit_logs" USING btree ("patient_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_action_timestamp_id_idx" ON "audit_logs" USING btree ("action","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_id_idx" ON "notifications" USING btree ("recipient_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A user's emergency access grants are part of a session's check (auth/session-cache.ts): a
-- grant given, revoked or changed drops the grantee's cached checks at once (see 0013).
CREATE FUNCTION notify_access_grant_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_changes', 'user:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('session_changes', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER access_grants_notify AFTER INSERT OR UPDATE OR DELETE ON access_grants
  FOR EACH ROW EXECUTE FUNCTION notify_access_grant_change();
