CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"referring_org_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"firm_id" uuid,
	"patient_id" uuid,
	"client_name" text NOT NULL,
	"dob" date NOT NULL,
	"phone" text,
	"accident_date" date,
	"accident_type" text,
	"injury_summary" text,
	"insurer_carrier" text,
	"claim_number" text,
	"lop_on_file" boolean DEFAULT false NOT NULL,
	"urgency" text DEFAULT 'routine' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"created_by" text,
	"created_by_name" text,
	"responded_at" timestamp with time zone,
	"responded_by" text,
	"responded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "referrals_kind_check" CHECK ("referrals"."kind" in ('new_client', 'onward')),
	CONSTRAINT "referrals_state_check" CHECK ("referrals"."state" in ('pending', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "referrals_urgency_check" CHECK ("referrals"."urgency" in ('routine', 'soon', 'urgent')),
	CONSTRAINT "referrals_other_clinic_check" CHECK ("referrals"."referring_org_id" <> "referrals"."clinic_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referring_org_id_organizations_id_fk" FOREIGN KEY ("referring_org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_clinic_id_organizations_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_firm_id_organizations_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_clinic_idx" ON "referrals" USING btree ("clinic_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referring_org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_patient_idx" ON "referrals" USING btree ("patient_id") WHERE "referrals"."patient_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('message', 'document', 'status_update', 'document_upload', 'message_sent', 'patient_edit', 'access_request', 'access_granted', 'case_request', 'request_overdue', 'treatment_gap', 'reduction', 'payment', 'referral'));