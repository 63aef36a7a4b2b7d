-- Keyset indexes of the billing lists, the mail outbox and the users list (issue 12). The
-- snapshot also learns patient_count_changes, which 0014 created in SQL; nothing to create here.
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "billing_entries_patient_date_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_email_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"email");--> statement-breakpoint
CREATE INDEX "billing_entries_patient_date_created_id_idx" ON "billing_entries" USING btree ("patient_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billing_entries_live_recent_idx" ON "billing_entries" USING btree ("date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "billing_entries"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_id_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);