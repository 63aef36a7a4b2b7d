ALTER TABLE "events" ADD COLUMN "recipient_user_ids" text[];--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "admin_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "events" SET "recipient_user_ids" = ARRAY["recipient_user_id"] WHERE "recipient_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "events" SET "admin_only" = true WHERE "payload" ->> 'adminOnly' = 'true';
