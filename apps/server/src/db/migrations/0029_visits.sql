CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"visit_time" text NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"note" text,
	"rescheduled_from_id" uuid,
	"rescheduled_to_id" uuid,
	"recorded_at" timestamp with time zone,
	"recorded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "visits_type_check" CHECK ("visits"."type" in ('initial_evaluation', 'follow_up', 'therapy', 'imaging', 'procedure', 're_evaluation')),
	CONSTRAINT "visits_state_check" CHECK ("visits"."state" in ('scheduled', 'attended', 'no_show', 'cancelled', 'rescheduled')),
	CONSTRAINT "visits_time_check" CHECK ("visits"."visit_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "notify_on_visits" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_clinic_id_organizations_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_rescheduled_from_id_visits_id_fk" FOREIGN KEY ("rescheduled_from_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_rescheduled_to_id_visits_id_fk" FOREIGN KEY ("rescheduled_to_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_patient_date_idx" ON "visits" USING btree ("patient_id","visit_date" DESC NULLS LAST,"visit_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visits_clinic_date_idx" ON "visits" USING btree ("clinic_id","visit_date","visit_time");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('message', 'document', 'status_update', 'document_upload', 'message_sent', 'patient_edit', 'access_request', 'access_granted', 'case_request', 'request_overdue', 'treatment_gap', 'reduction', 'payment', 'referral', 'visit_no_show'));