-- A patient's case facts (modules/case-facts, docs/architecture/case-facts.md): one row per
-- patient with the accident, the firm's case number and the legal stage, its insurers, and the
-- stage's history. New tables only.
CREATE TABLE "case_facts" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"accident_date" date,
	"accident_type" text,
	"firm_case_number" text,
	"stage" text DEFAULT 'intake' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "case_facts_stage_check" CHECK ("case_facts"."stage" in ('intake', 'treating', 'demand_sent', 'negotiating', 'litigation', 'settled', 'disbursed', 'closed')),
	CONSTRAINT "case_facts_accident_type_check" CHECK ("case_facts"."accident_type" in ('auto', 'truck', 'motorcycle', 'pedestrian', 'slip_and_fall', 'workplace', 'dog_bite', 'other'))
);
--> statement-breakpoint
CREATE TABLE "case_insurers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"coverage" text NOT NULL,
	"carrier" text NOT NULL,
	"claim_number" text,
	"adjuster_name" text,
	"adjuster_phone" text,
	"adjuster_email" text,
	"policy_limit_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_insurers_coverage_check" CHECK ("case_insurers"."coverage" in ('liability', 'med_pay', 'um_uim')),
	CONSTRAINT "case_insurers_limit_check" CHECK ("case_insurers"."policy_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "case_stage_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"from_stage" text NOT NULL,
	"to_stage" text NOT NULL,
	"note" text,
	"changed_by" text,
	"changed_by_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_stage_history_from_check" CHECK ("case_stage_history"."from_stage" in ('intake', 'treating', 'demand_sent', 'negotiating', 'litigation', 'settled', 'disbursed', 'closed')),
	CONSTRAINT "case_stage_history_to_check" CHECK ("case_stage_history"."to_stage" in ('intake', 'treating', 'demand_sent', 'negotiating', 'litigation', 'settled', 'disbursed', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "case_facts" ADD CONSTRAINT "case_facts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_insurers" ADD CONSTRAINT "case_insurers_patient_id_case_facts_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."case_facts"("patient_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_stage_history" ADD CONSTRAINT "case_stage_history_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_stage_history" ADD CONSTRAINT "case_stage_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_insurers_patient_idx" ON "case_insurers" USING btree ("patient_id","position");--> statement-breakpoint
CREATE INDEX "case_stage_history_patient_idx" ON "case_stage_history" USING btree ("patient_id","changed_at" DESC NULLS LAST);