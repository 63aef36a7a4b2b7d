-- The three-party workflow (issue 13): records and bills requests, treatment gaps, lien payments,
-- reduction offers, settlement drafts and the patient Activity feed; per-clinic gap threshold,
-- three notification preferences and the new notification types.
CREATE TABLE "case_request_documents" (
	"request_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"linked_by" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_request_documents_request_id_document_id_pk" PRIMARY KEY("request_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "case_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"requester_organization_id" uuid,
	"requester_user_id" text,
	"requester_name" text NOT NULL,
	"requester_role" text NOT NULL,
	"kind" text NOT NULL,
	"period_from" date,
	"period_to" date,
	"due_on" date NOT NULL,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text,
	"acknowledged_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_reminder_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "case_requests_kind_check" CHECK ("case_requests"."kind" in ('medical_records', 'itemized_bill', 'narrative_report', 'imaging', 'discharge_summary')),
	CONSTRAINT "case_requests_status_check" CHECK ("case_requests"."status" in ('requested', 'acknowledged', 'fulfilled', 'declined')),
	CONSTRAINT "case_requests_period_check" CHECK ("case_requests"."period_from" is null or "case_requests"."period_to" is null or "case_requests"."period_from" <= "case_requests"."period_to"),
	CONSTRAINT "case_requests_decline_reason_check" CHECK ("case_requests"."status" <> 'declined' or length(trim(coalesce("case_requests"."decline_reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "lien_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"lienholder_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"recorded_by" text,
	"recorded_by_name" text NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "lien_payments_amount_check" CHECK ("lien_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "patient_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid,
	"lienholder_id" uuid,
	"summary" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"actor_role" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reduction_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"lienholder_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"offered_by" text NOT NULL,
	"offered_by_user_id" text,
	"offered_by_name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"percent_basis_points" integer,
	"balance_cents" bigint NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by_user_id" text,
	"responded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reduction_offers_party_check" CHECK ("reduction_offers"."offered_by" in ('attorney', 'lienholder')),
	CONSTRAINT "reduction_offers_kind_check" CHECK ("reduction_offers"."kind" in ('amount', 'percent')),
	CONSTRAINT "reduction_offers_status_check" CHECK ("reduction_offers"."status" in ('open', 'accepted', 'rejected', 'countered', 'withdrawn')),
	CONSTRAINT "reduction_offers_amount_check" CHECK ("reduction_offers"."amount_cents" >= 0),
	CONSTRAINT "reduction_offers_percent_check" CHECK (("reduction_offers"."kind" = 'percent') = ("reduction_offers"."percent_basis_points" is not null) and coalesce("reduction_offers"."percent_basis_points", 0) between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "settlement_drafts" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"gross_cents" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"costs_cents" bigint NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "settlement_drafts_gross_check" CHECK ("settlement_drafts"."gross_cents" >= 0),
	CONSTRAINT "settlement_drafts_costs_check" CHECK ("settlement_drafts"."costs_cents" >= 0),
	CONSTRAINT "settlement_drafts_fee_check" CHECK ("settlement_drafts"."fee_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "treatment_gaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"last_care_on" date NOT NULL,
	"threshold_days" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "gap_threshold_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "notify_on_case_requests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "notify_on_treatment_gaps" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "notify_on_lien_activity" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "case_request_documents" ADD CONSTRAINT "case_request_documents_request_id_case_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."case_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_request_documents" ADD CONSTRAINT "case_request_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_request_documents" ADD CONSTRAINT "case_request_documents_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_requests" ADD CONSTRAINT "case_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_requests" ADD CONSTRAINT "case_requests_clinic_id_organizations_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_requests" ADD CONSTRAINT "case_requests_requester_organization_id_organizations_id_fk" FOREIGN KEY ("requester_organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_requests" ADD CONSTRAINT "case_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payments" ADD CONSTRAINT "lien_payments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payments" ADD CONSTRAINT "lien_payments_lienholder_id_organizations_id_fk" FOREIGN KEY ("lienholder_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payments" ADD CONSTRAINT "lien_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_activity" ADD CONSTRAINT "patient_activity_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reduction_offers" ADD CONSTRAINT "reduction_offers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reduction_offers" ADD CONSTRAINT "reduction_offers_lienholder_id_organizations_id_fk" FOREIGN KEY ("lienholder_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reduction_offers" ADD CONSTRAINT "reduction_offers_offered_by_user_id_users_id_fk" FOREIGN KEY ("offered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reduction_offers" ADD CONSTRAINT "reduction_offers_responded_by_user_id_users_id_fk" FOREIGN KEY ("responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_drafts" ADD CONSTRAINT "settlement_drafts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_drafts" ADD CONSTRAINT "settlement_drafts_firm_id_organizations_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_gaps" ADD CONSTRAINT "treatment_gaps_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_request_documents_document_idx" ON "case_request_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "case_requests_clinic_status_due_idx" ON "case_requests" USING btree ("clinic_id","status","due_on","id");--> statement-breakpoint
CREATE INDEX "case_requests_requester_status_due_idx" ON "case_requests" USING btree ("requester_organization_id","status","due_on","id");--> statement-breakpoint
CREATE INDEX "case_requests_patient_created_idx" ON "case_requests" USING btree ("patient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_requests_open_due_idx" ON "case_requests" USING btree ("due_on") WHERE "case_requests"."status" in ('requested', 'acknowledged');--> statement-breakpoint
CREATE INDEX "lien_payments_lienholder_patient_idx" ON "lien_payments" USING btree ("lienholder_id","patient_id","paid_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lien_payments_patient_idx" ON "lien_payments" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_activity_patient_occurred_idx" ON "patient_activity" USING btree ("patient_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reduction_offers_open_idx" ON "reduction_offers" USING btree ("patient_id","lienholder_id") WHERE "reduction_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reduction_offers_lien_created_idx" ON "reduction_offers" USING btree ("patient_id","lienholder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_gaps_open_patient_idx" ON "treatment_gaps" USING btree ("patient_id") WHERE "treatment_gaps"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "treatment_gaps_patient_opened_idx" ON "treatment_gaps" USING btree ("patient_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_gap_threshold_check" CHECK ("organizations"."gap_threshold_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('message', 'document', 'status_update', 'document_upload', 'message_sent', 'patient_edit', 'access_request', 'access_granted', 'case_request', 'request_overdue', 'treatment_gap', 'reduction', 'payment'));