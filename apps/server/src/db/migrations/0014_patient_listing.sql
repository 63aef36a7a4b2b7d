-- The patient lists' index and counts (issue 12, docs/decisions/0014-patient-lists-at-scale.md).
-- pg_trgm searches names by any part; btree_gin lets one GIN index hold the party and the
-- name's trigrams. PGlite loads both (apps/server/src/db/client.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "patient_counts" (
	"party" text NOT NULL,
	"treatment_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "patient_counts_party_treatment_status_pk" PRIMARY KEY("party","treatment_status")
);
--> statement-breakpoint
CREATE TABLE "patient_listing" (
	"party" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name_key" text NOT NULL,
	"status_key" smallint NOT NULL,
	"treatment_status" text NOT NULL,
	"dob" date NOT NULL,
	CONSTRAINT "patient_listing_party_patient_id_pk" PRIMARY KEY("party","patient_id")
);
--> statement-breakpoint
CREATE INDEX "patient_listing_updated_idx" ON "patient_listing" USING btree ("party","updated_at","patient_id");--> statement-breakpoint
CREATE INDEX "patient_listing_name_idx" ON "patient_listing" USING btree ("party","name_key","patient_id");--> statement-breakpoint
CREATE INDEX "patient_listing_status_idx" ON "patient_listing" USING btree ("party","status_key","updated_at","patient_id");--> statement-breakpoint
CREATE INDEX "patient_listing_status_name_idx" ON "patient_listing" USING btree ("party","status_key","name_key","patient_id");--> statement-breakpoint
CREATE INDEX "patient_listing_dob_idx" ON "patient_listing" USING btree ("party","dob");--> statement-breakpoint
CREATE INDEX "patient_listing_patient_idx" ON "patient_listing" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_listing_name_trgm_idx" ON "patient_listing" USING gin ("party","name_key" gin_trgm_ops);--> statement-breakpoint
-- Count changes not yet folded into patient_counts: each transaction appends its own (no lock),
-- and one deferred step at commit adds them up (patient_counts_fold below).
CREATE TABLE "patient_count_changes" (
	"tx" bigint NOT NULL,
	"party" text NOT NULL,
	"treatment_status" text NOT NULL,
	"delta" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "patient_count_changes_tx_idx" ON "patient_count_changes" USING btree ("tx");--> statement-breakpoint
-- Minus the status's position in the spec's list (domain TREATMENT_STATUSES): the 'status' sort
-- is this key descending, so every sort runs one direction and keyset pages compare rows.
CREATE FUNCTION patient_status_key(status text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (-array_position(ARRAY['Referred', 'Evaluated', 'Referred for Imaging', 'Referred for MD',
    'Referred for Pain Management', 'Referred for PT', 'Referred for Specialist', 'Discharged']::text[],
    status))::smallint
$$;--> statement-breakpoint
-- Brings the listing rows of the patients in step: one per party that may see each (the scope
-- rule of docs/architecture.md, 'Patient scope': '*' for administrators, the firm, 'user:<id>'
-- for the associated contact, each clinic and each lienholder), and records the count changes.
-- Rows that are already right are left alone, so a bulk assignment only adds its rows. The
-- patients are locked in id order first, so two writers of one patient take turns.
CREATE FUNCTION patient_listing_desired(patient_ids uuid[]) RETURNS TABLE (
  party text, patient_id uuid, updated_at timestamptz, name_key text, status_key smallint,
  treatment_status text, dob date
) LANGUAGE sql STABLE AS $$
  SELECT s.party, p.id, p.updated_at, lower(p.full_name), patient_status_key(p.treatment_status),
    p.treatment_status, p.dob
  FROM (SELECT DISTINCT unnest(patient_ids) AS id) AS ids
  JOIN patients p ON p.id = ids.id
  CROSS JOIN LATERAL (
    SELECT '*'
    UNION SELECT p.firm_id::text WHERE p.firm_id IS NOT NULL
    UNION SELECT 'user:' || p.associated_contact_id WHERE p.associated_contact_id IS NOT NULL
    UNION SELECT c.clinic_id::text FROM patient_clinics c WHERE c.patient_id = p.id
    UNION SELECT l.lienholder_id::text FROM patient_lienholders l WHERE l.patient_id = p.id
  ) AS s(party)
$$;--> statement-breakpoint
CREATE FUNCTION patient_listing_sync(patient_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone_parties text[];
  gone_statuses text[];
  added_parties text[];
  added_statuses text[];
BEGIN
  PERFORM 1 FROM patients WHERE id IN (SELECT unnest(patient_ids)) ORDER BY id FOR NO KEY UPDATE;
  WITH gone AS (
    DELETE FROM patient_listing l
    USING (SELECT DISTINCT unnest(patient_ids) AS id) AS ids
    WHERE l.patient_id = ids.id
      AND NOT EXISTS (
        SELECT 1 FROM patient_listing_desired(ARRAY[l.patient_id]) AS d
        WHERE d.party = l.party AND d.updated_at = l.updated_at AND d.name_key = l.name_key
          AND d.treatment_status = l.treatment_status AND d.dob = l.dob
      )
    RETURNING l.party, l.treatment_status
  )
  SELECT coalesce(array_agg(party), '{}'), coalesce(array_agg(treatment_status), '{}')
    INTO gone_parties, gone_statuses FROM gone;
  WITH added AS (
    INSERT INTO patient_listing (party, patient_id, updated_at, name_key, status_key, treatment_status, dob)
    SELECT * FROM patient_listing_desired(patient_ids)
    ON CONFLICT (party, patient_id) DO NOTHING
    RETURNING party, treatment_status
  )
  SELECT coalesce(array_agg(party), '{}'), coalesce(array_agg(treatment_status), '{}')
    INTO added_parties, added_statuses FROM added;
  INSERT INTO patient_count_changes (tx, party, treatment_status, delta)
  SELECT txid_current(), d.party, d.status, sum(d.delta)::int
  FROM (
    SELECT g.party, g.status, -1 AS delta FROM unnest(gone_parties, gone_statuses) AS g(party, status)
    UNION ALL
    SELECT a.party, a.status, 1 FROM unnest(added_parties, added_statuses) AS a(party, status)
  ) AS d
  GROUP BY d.party, d.status
  HAVING sum(d.delta) <> 0;
END
$$;--> statement-breakpoint
-- At commit: adds the transaction's count changes to patient_counts in one statement, rows in
-- (party, status) order. Every writer takes these locks last and in one order, so concurrent
-- writers wait for each other but cannot deadlock.
CREATE FUNCTION patient_counts_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH folded AS (
    DELETE FROM patient_count_changes WHERE tx = txid_current()
    RETURNING party, treatment_status, delta
  )
  INSERT INTO patient_counts AS c (party, treatment_status, n)
  SELECT party, treatment_status, sum(delta)::int FROM folded
  GROUP BY party, treatment_status
  HAVING sum(delta) <> 0
  ORDER BY party, treatment_status
  ON CONFLICT (party, treatment_status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER patient_count_changes_fold AFTER INSERT ON patient_count_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION patient_counts_fold();--> statement-breakpoint
-- Statement triggers with transition tables: one sync per statement, however many rows.
CREATE FUNCTION patient_listing_on_patients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_listing_sync(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_listing_sync(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM patient_listing_sync(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.full_name, n.dob, n.treatment_status, n.updated_at, n.firm_id, n.associated_contact_id)
        IS DISTINCT FROM (o.full_name, o.dob, o.treatment_status, o.updated_at, o.firm_id, o.associated_contact_id)
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION patient_listing_on_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_listing_sync(ARRAY(SELECT patient_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_listing_sync(ARRAY(SELECT patient_id FROM old_rows));
  ELSE
    PERFORM patient_listing_sync(ARRAY(
      SELECT patient_id FROM new_rows UNION SELECT patient_id FROM old_rows
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER patients_listing_insert AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_patients();--> statement-breakpoint
CREATE TRIGGER patients_listing_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_patients();--> statement-breakpoint
CREATE TRIGGER patients_listing_delete AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_patients();--> statement-breakpoint
CREATE TRIGGER patient_clinics_listing_insert AFTER INSERT ON patient_clinics
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_assignments();--> statement-breakpoint
CREATE TRIGGER patient_clinics_listing_update AFTER UPDATE ON patient_clinics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_assignments();--> statement-breakpoint
CREATE TRIGGER patient_clinics_listing_delete AFTER DELETE ON patient_clinics
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_assignments();--> statement-breakpoint
CREATE TRIGGER patient_lienholders_listing_insert AFTER INSERT ON patient_lienholders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_assignments();--> statement-breakpoint
CREATE TRIGGER patient_lienholders_listing_update AFTER UPDATE ON patient_lienholders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_assignments();--> statement-breakpoint
CREATE TRIGGER patient_lienholders_listing_delete AFTER DELETE ON patient_lienholders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patient_listing_on_assignments();--> statement-breakpoint
-- The patients that exist already.
SELECT patient_listing_sync(ARRAY(SELECT id FROM patients));
