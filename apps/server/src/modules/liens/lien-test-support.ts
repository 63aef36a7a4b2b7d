import { and, eq, isNull, sum } from 'drizzle-orm';
import { lienPayments, organizations } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

export const MEDLIEN = 'MedLien Funding Partners';
export const KEYSTONE = 'Keystone Medical Receivables';

export async function getOrganizationId(server: TestServer, name: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  if (!row) throw new Error(`no organization ${name}`);
  return row.id;
}

/** The live payments of one lien straight from the table, to check the API's figures against. */
export async function sumLivePayments(
  server: TestServer,
  patientId: string,
  lienholderId: string,
): Promise<number> {
  const [row] = await server.context.db
    .select({ cents: sum(lienPayments.amountCents) })
    .from(lienPayments)
    .where(
      and(
        eq(lienPayments.patientId, patientId),
        eq(lienPayments.lienholderId, lienholderId),
        isNull(lienPayments.voidedAt),
      ),
    );
  return Number(row?.cents ?? 0);
}

export const paymentsUrl = (patientId: string, lienholderId: string) =>
  `/api/patients/${patientId}/liens/${lienholderId}/payments`;

/** Records a payment as `cookie`'s user; the answer as the route gave it. */
export function postPayment(
  server: TestServer,
  cookie: string,
  patientId: string,
  lienholderId: string,
  body: Record<string, unknown> = { amount: '100.00', paidOn: '2026-01-05', reference: 'CK 1' },
) {
  return server.request({
    method: 'POST',
    url: paymentsUrl(patientId, lienholderId),
    cookie,
    body,
  });
}

export async function countPayments(server: TestServer): Promise<number> {
  return (await server.context.db.select({ id: lienPayments.id }).from(lienPayments)).length;
}
