import { count } from 'drizzle-orm';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';
import { billFinals, caseSettlements, lienPayments, lienPayoffs } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the closing suites. */

export const closingUrl = (patientId: string, suffix = '') =>
  `/api/patients/${patientId}/closing${suffix}`;
export const payoffsUrl = (patientId: string, lienholderId: string, suffix = '') =>
  `/api/patients/${patientId}/liens/${lienholderId}/payoffs${suffix}`;

export const settlementBody = (extra: Record<string, unknown> = {}) => ({
  gross: '100000.00',
  settledOn: '2026-01-15',
  source: 'bodily_injury',
  feePercent: '33.33',
  costs: '1500.00',
  ...extra,
});

export async function readClosing(
  server: TestServer,
  cookie: string,
  patientId: string,
): Promise<TClosing> {
  const response = await server.request({ url: closingUrl(patientId), cookie });
  if (response.statusCode !== 200) throw new Error(`closing: ${response.statusCode}`);
  return response.json<TClosing>();
}

/** Records the settlement as the firm (or saves it again from its current version). */
export async function recordSettlementAs(
  server: TestServer,
  cookie: string,
  patientId: string,
  extra: Record<string, unknown> = {},
) {
  const current = await readClosing(server, cookie, patientId);
  const version = current.settlement ? { version: current.settlement.version } : {};
  return server.request({
    method: 'PUT',
    url: closingUrl(patientId, '/settlement'),
    cookie,
    body: settlementBody({ ...version, ...extra }),
  });
}

/** Adds a billing line as a clinic user, so the lien has a balance. */
export async function billAs(
  server: TestServer,
  cookie: string,
  patientId: string,
  amount: string,
) {
  const response = await server.request({
    method: 'POST',
    url: `/api/patients/${patientId}/billing`,
    cookie,
    body: { cptCode: '97110', sessionCount: 1, amount },
  });
  if (response.statusCode !== 201) throw new Error(`billing: ${response.statusCode}`);
}

/** The lien's payoff awaiting an answer, proposed by the firm when there is none. */
export async function openPayoffId(
  server: TestServer,
  firmCookie: string,
  patientId: string,
  lienholderId: string,
  amount = '10.00',
): Promise<string> {
  const closing = await readClosing(server, firmCookie, patientId);
  const open = closing.liens
    .find((lien) => lien.lienholderId === lienholderId)
    ?.payoffs.find((payoff) => payoff.status === 'proposed');
  if (open) return open.id;
  const response = await server.request({
    method: 'POST',
    url: payoffsUrl(patientId, lienholderId),
    cookie: firmCookie,
    body: { amount },
  });
  if (response.statusCode !== 200) throw new Error(`propose: ${response.body}`);
  const proposed = response
    .json<TClosing>()
    .liens.find((lien) => lien.lienholderId === lienholderId)
    ?.payoffs.find((payoff) => payoff.status === 'proposed');
  if (!proposed) throw new Error('no proposal');
  return proposed.id;
}

/** Row counts of every closing table and of lien payments: a refused write leaves them alone. */
export async function closingFingerprint(server: TestServer) {
  const { db } = server.context;
  const countOf = async (
    table: typeof caseSettlements | typeof lienPayoffs | typeof billFinals | typeof lienPayments,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const settlements = await db
    .select({ id: caseSettlements.id, version: caseSettlements.version })
    .from(caseSettlements);
  const payoffs = await db
    .select({ id: lienPayoffs.id, status: lienPayoffs.status })
    .from(lienPayoffs);
  return {
    settlements: settlements.map((row) => `${row.id}:${row.version}`).toSorted(),
    payoffs: payoffs.map((row) => `${row.id}:${row.status}`).toSorted(),
    billFinals: await countOf(billFinals),
    payments: await countOf(lienPayments),
  };
}
