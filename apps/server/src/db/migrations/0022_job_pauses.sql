-- Job names no instance may claim until an admin resumes them: a restored backup's outboxes
-- start paused (apps/server/src/ops/restore-backup.ts, ADR 0035).
CREATE TABLE "job_pauses" (
	"name" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
