import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lienPayments } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import {
  DEMO_ACTOR_EMAILS,
  DEMO_ACTOR_PATIENTS,
  type DemoActorKey,
  type MatrixPatient,
} from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  countPayments,
  getOrganizationId,
  KEYSTONE,
  MEDLIEN,
  paymentsUrl,
} from './lien-test-support.ts';

/**
 * Every lien route × every role × {in scope, out of scope}. James Whitfield: Harbor + Riverside,
 * Morgan Hale, MedLien. Daniel Okafor: Summit, Castillo, Keystone. Reading a ledger needs
 * liens:read (not a contact); recording and voiding a payment is the lienholder's alone
 * (everyone else 403, administrators included), on its own lien; a patient out of scope answers
 * 404 like a missing one; the portfolio is a lienholder's or an administrator's; a refused write
 * changes nothing.
 */
type Patient = MatrixPatient;
const LIENHOLDER_OF: Record<Patient, string> = {
  'James Whitfield': MEDLIEN,
  'Daniel Okafor': KEYSTONE,
};

const ACTORS = DEMO_ACTOR_PATIENTS;
const LIENHOLDERS = new Set<DemoActorKey>(['lienholder', 'keystone']);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Target = { patientId: string; lienholderId: string; paymentId: string };
type Route = {
  name: string;
  method: 'GET' | 'POST';
  url: (target: Target) => string;
  body?: unknown;
  isWrite: boolean;
  /** The status for an actor of the patient's scope. */
  inScope: (actor: DemoActorKey) => number;
};

const readStatus = (actor: DemoActorKey) => (actor === 'contact' ? 403 : 200);
const ROUTES: Route[] = [
  {
    name: 'ledger',
    method: 'GET',
    url: (t) => `/api/patients/${t.patientId}/liens`,
    isWrite: false,
    inScope: readStatus,
  },
  {
    name: 'payments',
    method: 'GET',
    url: (t) => paymentsUrl(t.patientId, t.lienholderId),
    isWrite: false,
    inScope: readStatus,
  },
  {
    name: 'record payment',
    method: 'POST',
    url: (t) => paymentsUrl(t.patientId, t.lienholderId),
    body: { amount: '12.34', paidOn: '2026-01-02' },
    isWrite: true,
    inScope: (actor) => (LIENHOLDERS.has(actor) ? 201 : 403),
  },
  {
    name: 'void payment',
    method: 'POST',
    url: (t) => `${paymentsUrl(t.patientId, t.lienholderId)}/${t.paymentId}/void`,
    body: { reason: 'Entered twice' },
    isWrite: true,
    inScope: (actor) => (LIENHOLDERS.has(actor) ? 200 : 403),
  },
];

/** Refused before the scope: no capability. Else out of scope or missing: 404. */
const outsideStatus = (route: Route, actor: DemoActorKey) =>
  actor === 'contact' || (route.isWrite && !LIENHOLDERS.has(actor)) ? 403 : 404;

/** Each actor on its patient, on the patient out of its scope (none for admins), on a missing one. */
function casesOf(route: Route) {
  return (Object.entries(ACTORS) as Array<[DemoActorKey, (typeof ACTORS)[DemoActorKey]]>).flatMap(
    ([actor, { inScope, outside }]) => [
      { actor, patient: inScope, patientId: undefined, expected: route.inScope(actor) },
      ...(outside
        ? [{ actor, patient: outside, patientId: undefined, expected: outsideStatus(route, actor) }]
        : []),
      { actor, patient: inScope, patientId: MISSING_ID, expected: outsideStatus(route, actor) },
    ],
  );
}

describe('lien routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const targets = {} as Record<Patient, Omit<Target, 'paymentId'>>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of ['James Whitfield', 'Daniel Okafor'] as const) {
      targets[name] = {
        patientId: await getPatientId(server, name),
        lienholderId: await getOrganizationId(server, LIENHOLDER_OF[name]),
      };
    }
    const contact = await createContactOf(server, 'James Whitfield');
    for (const [key, email] of Object.entries({ ...DEMO_ACTOR_EMAILS, contact }))
      cookies[key as DemoActorKey] = await server.login(email);
  });
  afterAll(async () => server.close());

  /** A fresh live payment on the patient's lien, so each void has one to void. */
  const newPayment = async (patient: Patient): Promise<string> => {
    const [row] = await server.context.db
      .insert(lienPayments)
      .values({
        ...targets[patient],
        amountCents: 500,
        paidOn: '2026-01-01',
        recordedByName: 'Seeded for the matrix',
      })
      .returning({ id: lienPayments.id });
    return row!.id;
  };

  const call = async (route: Route, actor: DemoActorKey, patient: Patient, patientId?: string) => {
    const target = { ...targets[patient], paymentId: await newPayment(patient) };
    const before = await countPayments(server);
    const response = await server.request({
      method: route.method,
      url: route.url({ ...target, patientId: patientId ?? target.patientId }),
      cookie: cookies[actor],
      ...(route.body ? { body: route.body } : {}),
    });
    const isRefusedWrite = route.isWrite && response.statusCode >= 400;
    if (isRefusedWrite) expect(await countPayments(server)).toBe(before);
    return response.statusCode;
  };

  for (const route of ROUTES) {
    for (const { actor, patient, patientId, expected } of casesOf(route)) {
      it(`${route.name}: ${actor} on ${patientId ? 'a missing patient' : patient} → ${expected}`, async () => {
        expect(await call(route, actor, patient, patientId)).toBe(expected);
      });
    }
  }

  const PORTFOLIO_ROUTES = ['/api/liens/portfolio', '/api/liens/portfolio.csv', '/api/liens/aging'];
  for (const url of PORTFOLIO_ROUTES) {
    for (const actor of Object.keys(ACTORS) as DemoActorKey[]) {
      const expected = LIENHOLDERS.has(actor) || actor === 'admin' ? 200 : 403;
      it(`${url}: ${actor} → ${expected}`, async () => {
        const response = await server.request({ url, cookie: cookies[actor] });
        expect(response.statusCode).toBe(expected);
      });
    }
  }
});
