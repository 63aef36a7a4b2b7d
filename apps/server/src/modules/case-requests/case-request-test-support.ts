import { eq } from 'drizzle-orm';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import { organizations } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import type { TestServer } from '#src/test/test-server.ts';

/**
 * Test-only helpers of the case-request suites. James Whitfield: Harbor + Riverside Imaging,
 * Morgan Hale, MedLien. Daniel Okafor: Summit, Castillo, Keystone.
 */
export type RequestPatient = 'James Whitfield' | 'Daniel Okafor';
export const CLINIC_OF: Record<RequestPatient, string> = {
  'James Whitfield': 'Harbor Physical Therapy',
  'Daniel Okafor': 'Summit Spine & Pain Center',
};
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export async function organizationId(server: TestServer, name: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  if (!row) throw new Error(`no organisation ${name}`);
  return row.id;
}

export type RequestWorld = {
  patientIds: Record<RequestPatient, string>;
  clinicIds: Record<RequestPatient, string>;
  cookies: Partial<Record<DemoActorKey, string>>;
};

/** The demo patients, their first clinics and a session per demo actor named. */
export async function loadRequestWorld(
  server: TestServer,
  actors: ReadonlyArray<Exclude<DemoActorKey, 'contact'>>,
): Promise<RequestWorld> {
  const world: RequestWorld = {
    patientIds: {} as Record<RequestPatient, string>,
    clinicIds: {} as Record<RequestPatient, string>,
    cookies: {},
  };
  for (const patient of ['James Whitfield', 'Daniel Okafor'] as const) {
    world.patientIds[patient] = await getPatientId(server, patient);
    world.clinicIds[patient] = await organizationId(server, CLINIC_OF[patient]);
  }
  for (const actor of actors) world.cookies[actor] = await server.login(DEMO_ACTOR_EMAILS[actor]);
  return world;
}

/** Creates a request on the patient as the cookie's user; returns the raw answer. */
export function postRequest(
  server: TestServer,
  cookie: string | undefined,
  patientId: string,
  body: Record<string, unknown>,
) {
  return server.request({
    method: 'POST',
    url: `/api/patients/${patientId}/requests`,
    cookie,
    body,
  });
}

/** A request made by the attorney (or whoever `cookie` is) to the patient's first clinic. */
export async function createRequestAs(
  server: TestServer,
  world: RequestWorld,
  cookie: string | undefined,
  patient: RequestPatient,
  body: Record<string, unknown> = {},
): Promise<TCaseRequest> {
  const response = await postRequest(server, cookie, world.patientIds[patient], {
    clinicId: world.clinicIds[patient],
    kind: 'itemized_bill',
    ...body,
  });
  if (response.statusCode !== 201)
    throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** One of the clinic's answers, from the version given. */
export function answer(
  server: TestServer,
  cookie: string | undefined,
  requestId: string,
  action: 'acknowledge' | 'fulfil' | 'decline',
  version: number,
  body: Record<string, unknown> = {},
) {
  return server.request({
    method: 'POST',
    url: `/api/requests/${requestId}/${action}`,
    cookie,
    body,
    headers: { 'if-match': formatEtag(version) },
  });
}
