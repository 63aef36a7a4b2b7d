ALTER TABLE "mail_outbox" ADD COLUMN "subject_id" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_subject_idx" ON "mail_outbox" USING btree ("kind","subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
UPDATE "mail_outbox" AS m SET "subject_id" = u."id" FROM "users" AS u WHERE m."kind" = 'invitation' AND m."to_address" = u."email";--> statement-breakpoint
UPDATE "mail_outbox" AS o SET "subject_id" = msg."id"::text FROM "messages" AS msg WHERE o."kind" = 'message_notification' AND o."created_at" = msg."created_at" AND strpos(o."text", '/patients/' || msg."patient_id"::text) > 0;
