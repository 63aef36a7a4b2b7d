import { toLoggableError } from '#src/lib/loggable-error.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type {
  HealthCheckId,
  THealthCheckResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import type { Db } from '#src/db/client.ts';
import { healthChecks } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';

const MAIL_VERIFY_TIMEOUT_MS = 10_000;

class CheckFailed extends Error {}

async function timed(
  id: HealthCheckId,
  run: () => Promise<{ status: THealthCheckResult['status']; detail: string }>,
): Promise<THealthCheckResult> {
  const started = performance.now();
  try {
    const result = await run();
    return { id, ...result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const detail = toLoggableError(error).message;
    return { id, status: 'failed', detail, durationMs: Math.round(performance.now() - started) };
  }
}

/** Writes a row to the scratch table, reads it back, deletes it and confirms it is gone. */
export function checkDatabase(db: Db): Promise<THealthCheckResult> {
  return timed('database', async () => {
    const note = randomBytes(16).toString('hex');
    const [written] = await db.insert(healthChecks).values({ note }).returning();
    if (!written) throw new CheckFailed('write returned no row');
    try {
      const [read] = await db.select().from(healthChecks).where(eq(healthChecks.id, written.id));
      if (read?.note !== note) throw new CheckFailed('read did not return the written row');
    } finally {
      await db.delete(healthChecks).where(eq(healthChecks.id, written.id));
    }
    const left = await db.select().from(healthChecks).where(eq(healthChecks.id, written.id));
    if (left.length > 0) throw new CheckFailed('delete left the row behind');
    return { status: 'passed', detail: 'Wrote, read and deleted a test row' };
  });
}

/** Puts a random file into storage, reads it back byte for byte, removes it. */
export function checkStorage(storage: FileStorage): Promise<THealthCheckResult> {
  return timed('storage', async () => {
    const key = `health-checks/${randomUUID()}.bin`;
    const data = randomBytes(64);
    await storage.put(key, data);
    try {
      const read = await storage.read(key);
      if (!read.equals(data)) throw new CheckFailed('read returned different bytes');
    } finally {
      await storage.remove(key);
    }
    if (await storage.exists(key)) throw new CheckFailed('remove left the file behind');
    return { status: 'passed', detail: 'Wrote, read and removed a test file' };
  });
}

/** Asks the SMTP server to accept a connection (and authentication) without sending anything. */
export function checkMail(smtpUrl: string | undefined): Promise<THealthCheckResult> {
  return timed('mail', async () => {
    if (!smtpUrl) {
      return {
        status: 'not_configured',
        detail: 'No email service configured: e-mails stay in the outbox',
      };
    }
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: MAIL_VERIFY_TIMEOUT_MS,
      greetingTimeout: MAIL_VERIFY_TIMEOUT_MS,
      socketTimeout: MAIL_VERIFY_TIMEOUT_MS,
    });
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return { status: 'passed', detail: 'The SMTP server accepted the connection' };
  });
}
