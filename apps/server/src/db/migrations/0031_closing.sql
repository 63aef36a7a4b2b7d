CREATE TABLE "bill_finals" (
	"patient_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"finalized_by" text,
	"finalized_by_name" text NOT NULL,
	"finalized_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_finals_patient_id_clinic_id_pk" PRIMARY KEY("patient_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "case_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"settled_on" date NOT NULL,
	"source" text NOT NULL,
	"gross_cents" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"costs_cents" bigint NOT NULL,
	"note" text,
	"disbursed_on" date,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	CONSTRAINT "case_settlements_gross_check" CHECK ("case_settlements"."gross_cents" >= 0),
	CONSTRAINT "case_settlements_costs_check" CHECK ("case_settlements"."costs_cents" >= 0),
	CONSTRAINT "case_settlements_fee_check" CHECK ("case_settlements"."fee_basis_points" between 0 and 10000),
	CONSTRAINT "case_settlements_source_check" CHECK ("case_settlements"."source" in ('bodily_injury', 'um_uim', 'med_pay', 'other'))
);
--> statement-breakpoint
CREATE TABLE "lien_payoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"lienholder_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"note" text,
	"proposed_by" text,
	"proposed_by_name" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" text,
	"answered_by_name" text,
	"answered_at" timestamp with time zone,
	"dispute_reason" text,
	"payment_id" uuid,
	CONSTRAINT "lien_payoffs_amount_check" CHECK ("lien_payoffs"."amount_cents" >= 0),
	CONSTRAINT "lien_payoffs_status_check" CHECK ("lien_payoffs"."status" in ('proposed', 'confirmed', 'disputed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "bill_finals" ADD CONSTRAINT "bill_finals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_finals" ADD CONSTRAINT "bill_finals_clinic_id_organizations_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_finals" ADD CONSTRAINT "bill_finals_finalized_by_users_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_settlements" ADD CONSTRAINT "case_settlements_firm_id_organizations_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_settlements" ADD CONSTRAINT "case_settlements_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payoffs" ADD CONSTRAINT "lien_payoffs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payoffs" ADD CONSTRAINT "lien_payoffs_lienholder_id_organizations_id_fk" FOREIGN KEY ("lienholder_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payoffs" ADD CONSTRAINT "lien_payoffs_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payoffs" ADD CONSTRAINT "lien_payoffs_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_payoffs" ADD CONSTRAINT "lien_payoffs_payment_id_lien_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."lien_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_settlements_patient_idx" ON "case_settlements" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lien_payoffs_open_idx" ON "lien_payoffs" USING btree ("patient_id","lienholder_id") WHERE "lien_payoffs"."status" = 'proposed';--> statement-breakpoint
CREATE UNIQUE INDEX "lien_payoffs_confirmed_idx" ON "lien_payoffs" USING btree ("patient_id","lienholder_id") WHERE "lien_payoffs"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "lien_payoffs_lien_idx" ON "lien_payoffs" USING btree ("patient_id","lienholder_id","proposed_at");--> statement-breakpoint
CREATE INDEX "lien_payoffs_inbox_idx" ON "lien_payoffs" USING btree ("lienholder_id","proposed_at") WHERE "lien_payoffs"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "case_facts_closed_idx" ON "case_facts" USING btree ("patient_id") WHERE "case_facts"."stage" = 'closed';