ALTER TABLE "documents" ADD COLUMN "encryption_key_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "wrapped_key" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;