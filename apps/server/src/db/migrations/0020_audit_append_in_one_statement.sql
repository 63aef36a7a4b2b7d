-- Appending to the audit chain in one statement (issue 12, ADR 0027). Before, an append was five
-- round trips: begin, take the chain lock, read the head, insert, commit. A list page's read is
-- audited, so that cost every read of the product.
--
-- The chain lock (pg_advisory_xact_lock on one key, held to the commit) serialises appends, so
-- the next writer reads this row's hash and ids follow the chain. The key lives here alone.
CREATE FUNCTION audit_chain_lock() RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(7161393514296210547)
$$;--> statement-breakpoint
-- Appends rows (a JSON array of objects: user_id, user_name, user_role, action, patient_id,
-- details, ip) after the chain's last row, in the array's order, hashed by audit_log_hash
-- (migration 0010), which apps/server/src/modules/audit/audit-hash.ts matches for the check.
-- The head is read after the lock in a statement of its own: a volatile function's statements
-- each take a new snapshot, so it sees the row the previous holder committed meanwhile. All rows
-- take the transaction's now() as their timestamp, as the hash covers it.
CREATE FUNCTION audit_append(p_rows jsonb) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  r jsonb;
  v_previous text;
  v_id bigint;
  v_hash text;
BEGIN
  PERFORM audit_chain_lock();
  SELECT hash INTO v_previous FROM audit_logs ORDER BY id DESC LIMIT 1;
  v_previous := coalesce(v_previous, repeat('0', 64));
  FOR i IN 0 .. jsonb_array_length(p_rows) - 1 LOOP
    r := p_rows -> i;
    v_id := nextval(pg_get_serial_sequence('audit_logs', 'id'));
    v_hash := audit_log_hash(v_previous, v_id, now(), r ->> 'user_id', r ->> 'user_name',
      r ->> 'user_role', r ->> 'action', (r ->> 'patient_id')::uuid, r ->> 'details', r ->> 'ip');
    INSERT INTO audit_logs (id, "timestamp", user_id, user_name, user_role, action, patient_id,
        details, ip, previous_hash, hash)
      VALUES (v_id, now(), r ->> 'user_id', r ->> 'user_name', r ->> 'user_role', r ->> 'action',
        (r ->> 'patient_id')::uuid, r ->> 'details', r ->> 'ip', v_previous, v_hash);
    v_previous := v_hash;
  END LOOP;
END
$$;
