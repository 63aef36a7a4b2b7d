CREATE TABLE "live_stream_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_stream_slots_user_id_idx" ON "live_stream_slots" USING btree ("user_id","refreshed_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");