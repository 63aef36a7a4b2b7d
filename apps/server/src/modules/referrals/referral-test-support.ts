import { count, eq, sum } from 'drizzle-orm';
import type { TReferral } from '@casebridge/domain/referrals/referral.schemas';
import { patients, referrals } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the referral suites. */

export const referralUrl = (id: string, suffix = '') => `/api/referrals/${id}${suffix}`;

/** A firm's referral of a new client to `clinicId`, with every field a clinic reads. */
export function referralBody(clinicId: string, overrides: Record<string, unknown> = {}) {
  return {
    clinicId,
    clientName: 'Rosa Delgado',
    dob: '1987-03-14',
    phone: '(555) 010-2233',
    accidentDate: '2026-11-20',
    accidentType: 'auto',
    injurySummary: 'Rear-ended at a light; neck and lower back pain since.',
    insurerCarrier: 'Lakeside Casualty',
    claimNumber: 'LC-55120',
    lopOnFile: true,
    urgency: 'soon',
    ...overrides,
  };
}

/** POST /api/referrals as `cookie`'s user; throws unless it answers 201. */
export async function sendReferral(
  server: TestServer,
  cookie: string,
  body: Record<string, unknown>,
): Promise<TReferral> {
  const response = await server.request({ method: 'POST', url: '/api/referrals', cookie, body });
  if (response.statusCode !== 201)
    throw new Error(`referral: ${response.statusCode} ${response.body}`);
  return response.json<TReferral>();
}

/** The referral's version straight from the table. */
export async function referralVersion(server: TestServer, id: string): Promise<number> {
  const [row] = await server.context.db
    .select({ version: referrals.version })
    .from(referrals)
    .where(eq(referrals.id, id));
  if (!row) throw new Error(`no referral ${id}`);
  return row.version;
}

/** What a refused write must leave alone: the referrals' versions and the patients. */
export async function referralFingerprint(server: TestServer) {
  const { db } = server.context;
  const [rows] = await db.select({ n: count(), versions: sum(referrals.version) }).from(referrals);
  const [people] = await db.select({ n: count() }).from(patients);
  return { referrals: rows?.n, versions: rows?.versions, patients: people?.n };
}

/** How many patients have this full name. */
export async function countPatientsNamed(server: TestServer, fullName: string): Promise<number> {
  const [row] = await server.context.db
    .select({ n: count() })
    .from(patients)
    .where(eq(patients.fullName, fullName));
  return row?.n ?? 0;
}
