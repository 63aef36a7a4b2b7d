-- A multipart upload's SHA-256 (its boundary left out), kept when the first request read it all:
-- a repeat of the key with another file of the same size is refused (lib/idempotency.ts).
ALTER TABLE "idempotency_keys" ADD COLUMN "body_hash" text;
