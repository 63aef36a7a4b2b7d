-- The audit chain is keyed (ADR 0036): new rows are hashed with HMAC-SHA-256 under the audit key
-- (AUDIT_KEY), which the database never holds, so someone who can write the database can no
-- longer recompute the chain after changing a row. Each row says how its hash was made:
-- hash_version 1, SHA-256 (every row written before this migration, which keep verifying as they
-- were), or 2, HMAC-SHA-256 under the key whose id is hash_key_id. Adding the columns writes no
-- row (the default is kept in the catalog), so the append-only trigger has nothing to refuse. A
-- row inserted by hand gets version 1, which verify refuses after the first keyed row.
ALTER TABLE "audit_logs" ADD COLUMN "hash_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash_key_id" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_hash_key_check" CHECK (("audit_logs"."hash_version" = 1 and "audit_logs"."hash_key_id" is null) or ("audit_logs"."hash_version" = 2 and "audit_logs"."hash_key_id" is not null));--> statement-breakpoint
-- The text a row's hash covers: the previous hash, a newline and the row as a JSON array, as
-- audit_log_hash (migration 0010) builds it and apps/server/src/modules/audit/audit-hash.ts does.
CREATE FUNCTION audit_log_content(
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
) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT convert_to(
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
  'UTF8')
$$;--> statement-breakpoint
-- The unkeyed hash of migration 0010 over the same text, so the row's text is built in one place.
CREATE OR REPLACE FUNCTION audit_log_hash(
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
  SELECT encode(sha256(audit_log_content(p_previous_hash, p_id, p_timestamp, p_user_id,
    p_user_name, p_user_role, p_action, p_patient_id, p_details, p_ip)), 'hex')
$$;--> statement-breakpoint
-- HMAC's two padded keys (RFC 2104, SHA-256's 64-byte block), made once per append rather than
-- per row. Built in: neither PGlite nor every managed PostgreSQL offers pgcrypto.
CREATE FUNCTION audit_hmac_pads(p_key bytea, OUT inner_pad bytea, OUT outer_pad bytea)
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  v_key bytea;
BEGIN
  -- A longer key would be hashed first (RFC 2104); AUDIT_KEY is 32 bytes.
  IF length(p_key) > 64 THEN
    RAISE EXCEPTION 'audit key longer than 64 bytes';
  END IF;
  v_key := p_key || decode(repeat('00', 64 - length(p_key)), 'hex');
  inner_pad := v_key;
  outer_pad := v_key;
  FOR i IN 0 .. 63 LOOP
    inner_pad := set_byte(inner_pad, i, get_byte(v_key, i) # 54);
    outer_pad := set_byte(outer_pad, i, get_byte(v_key, i) # 92);
  END LOOP;
END
$$;--> statement-breakpoint
-- HMAC-SHA-256 (hex) of a row's content under the key whose pads are given.
CREATE FUNCTION audit_log_hmac(
  p_inner_pad bytea,
  p_outer_pad bytea,
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
  SELECT encode(sha256(p_outer_pad || sha256(p_inner_pad || audit_log_content(p_previous_hash,
    p_id, p_timestamp, p_user_id, p_user_name, p_user_role, p_action, p_patient_id, p_details,
    p_ip))), 'hex')
$$;--> statement-breakpoint
-- Appending now takes the key and its id as parameters of the statement (never stored): the
-- unkeyed audit_append of migration 0020 goes, so no writer can append an unsigned row by
-- mistake. Otherwise as before: the chain lock, the head read in a statement of its own, each
-- row's id drawn in order, the transaction's now() as every row's timestamp.
DROP FUNCTION audit_append(jsonb);--> statement-breakpoint
CREATE FUNCTION audit_append(p_rows jsonb, p_key_id text, p_key bytea) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  r jsonb;
  v_pads record;
  v_previous text;
  v_id bigint;
  v_hash text;
BEGIN
  IF p_key_id IS NULL OR p_key IS NULL THEN
    RAISE EXCEPTION 'audit_append needs the audit key';
  END IF;
  SELECT * INTO v_pads FROM audit_hmac_pads(p_key);
  PERFORM audit_chain_lock();
  SELECT hash INTO v_previous FROM audit_logs ORDER BY id DESC LIMIT 1;
  v_previous := coalesce(v_previous, repeat('0', 64));
  FOR i IN 0 .. jsonb_array_length(p_rows) - 1 LOOP
    r := p_rows -> i;
    v_id := nextval(pg_get_serial_sequence('audit_logs', 'id'));
    v_hash := audit_log_hmac(v_pads.inner_pad, v_pads.outer_pad, v_previous, v_id, now(),
      r ->> 'user_id', r ->> 'user_name', r ->> 'user_role', r ->> 'action',
      (r ->> 'patient_id')::uuid, r ->> 'details', r ->> 'ip');
    INSERT INTO audit_logs (id, "timestamp", user_id, user_name, user_role, action, patient_id,
        details, ip, previous_hash, hash, hash_version, hash_key_id)
      VALUES (v_id, now(), r ->> 'user_id', r ->> 'user_name', r ->> 'user_role', r ->> 'action',
        (r ->> 'patient_id')::uuid, r ->> 'details', r ->> 'ip', v_previous, v_hash, 2, p_key_id);
    v_previous := v_hash;
  END LOOP;
END
$$;
