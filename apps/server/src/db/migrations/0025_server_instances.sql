-- One row per running server instance, refreshed by its job runner (modules/system/
-- instance-heartbeat.ts): the admin console's System page lists who was seen in the last minute.
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"commit" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
