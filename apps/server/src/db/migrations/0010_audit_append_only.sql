-- The audit log is a hash chain and append-only (docs/architecture.md, '5. Audit').
-- A row's hash is SHA-256 (hex) over its previous hash, a newline and the canonical JSON of its
-- content; apps/server/src/modules/audit/audit-chain.ts computes the same for new rows and for
-- `npm run audit:verify`, and audit-chain.integration.test.ts checks that both agree.
CREATE FUNCTION audit_log_hash(
  p_previous_hash text,
  p_id bigint,
  p_timestamp timestamptz,
  p_user_id text,
  p_user_name text,
  p_user_role text,
  p_action text,
  p_patient_id uuid,
  p_details text,
  p_ip text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    p_previous_hash || E'\n' || '[' || concat_ws(',',
      to_json(p_id)::text,
      to_json(to_char(p_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text,
      coalesce(to_json(p_user_id)::text, 'null'),
      coalesce(to_json(p_user_name)::text, 'null'),
      coalesce(to_json(p_user_role)::text, 'null'),
      to_json(p_action)::text,
      coalesce(to_json(p_patient_id::text)::text, 'null'),
      coalesce(to_json(p_details)::text, 'null'),
      coalesce(to_json(p_ip)::text, 'null')
    ) || ']',
  'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Rows written before the chain existed are chained here, in id order, from the genesis value.
DO $$
DECLARE
  r audit_logs%ROWTYPE;
  v_previous text := repeat('0', 64);
BEGIN
  FOR r IN SELECT * FROM audit_logs ORDER BY id LOOP
    UPDATE audit_logs
      SET previous_hash = v_previous,
        hash = audit_log_hash(v_previous, r.id, r.timestamp, r.user_id, r.user_name, r.user_role,
          r.action, r.patient_id, r.details, r.ip)
      WHERE id = r.id
      RETURNING hash INTO v_previous;
  END LOOP;
END
$$;--> statement-breakpoint
-- From now on nobody changes or removes a row, not even with direct database access short of
-- disabling the trigger (which verify would then show). Statement-level, so TRUNCATE is refused
-- too and an UPDATE that matches no row still fails loudly.
CREATE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change();
