import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { patients, sessions, users } from '#src/db/schema/index.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { EventRow } from '#src/events/event-hub.ts';
import { actorOf } from '#src/test/test-actor.ts';
import { useTestServer, type TestServer } from '#src/test/test-server.ts';
import { multipartBody } from './document-test-files.ts';

/** Test-only helpers shared by the document and billing integration suites. */

export async function getPatientId(server: TestServer, fullName: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.fullName, fullName));
  if (!row) throw new Error(`no demo patient ${fullName}`);
  return row.id;
}

export async function getUserId(server: TestServer, email: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return row.id;
}

/** Sets the status as the service would: with the event that tells live delivery. */
export async function setPatientStatus(
  server: TestServer,
  patientId: string,
  status: TreatmentStatus,
) {
  await server.context.db.transaction(async (tx) => {
    await tx.update(patients).set({ treatmentStatus: status }).where(eq(patients.id, patientId));
    await publishEvent(tx, { topic: 'patient.updated', patientId });
  });
}

/** Signs the demo user in and returns the id of that new session. */
async function signInSessionId(server: TestServer, email: string): Promise<string> {
  await server.login(email);
  const [row] = await server.context.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (!row) throw new Error(`no session for ${email}`);
  return row.id;
}

/** An event-stream subscriber acting as a demo user, recording what it is sent. */
export async function subscribeAs(server: TestServer, email: string) {
  // A real session: the hub ends streams whose session is gone.
  const actor = await actorOf(server, email, await signInSessionId(server, email));
  const received: EventRow[] = [];
  const remove = server.context.hub.add({ actor, send: (event) => received.push(event) });
  return { actor, received, remove };
}

/** Every stored file under the server's storage root, as keys. */
export async function listStoredKeys(server: TestServer): Promise<string[]> {
  const root = path.join(server.context.env.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .toSorted();
}

export function upload(
  server: TestServer,
  options: {
    patientId: string;
    cookie?: string;
    category?: string;
    file?: { fileName: string; data: Buffer; contentType?: string };
  },
) {
  const body = multipartBody(
    options.category === undefined ? {} : { category: options.category },
    options.file,
  );
  return server.request({
    method: 'POST',
    url: `/api/patients/${options.patientId}/documents`,
    cookie: options.cookie,
    body: body.payload,
    headers: body.headers,
  });
}

/** Downloads each uploaded document as `cookie`: its status and bytes, in the same order. */
export async function downloadAll(
  server: TestServer,
  cookie: string,
  uploads: Array<{ json(): { id: string } }>,
): Promise<Array<{ statusCode: number; bytes: Buffer }>> {
  const downloads = [];
  for (const uploaded of uploads) {
    const download = await server.request({
      url: `/api/documents/${uploaded.json().id}/download`,
      cookie,
    });
    downloads.push({ statusCode: download.statusCode, bytes: download.rawPayload });
  }
  return downloads;
}

export type ClinicUploadSetup = {
  readonly server: TestServer;
  /** The clinic user's session cookie. */
  readonly clinic: string;
  /** Maria Delgado's patient id, a patient of the clinic. */
  readonly maria: string;
};

/** One server for the enclosing describe, with the clinic user signed in and Maria's id. */
export function useClinicUploads(): ClinicUploadSetup {
  const setup = useTestServer('clinic@demo.test');
  const patient = { maria: '' };
  // Runs after useTestServer's own beforeAll, once the server exists.
  beforeAll(async () => {
    patient.maria = await getPatientId(setup.server, 'Maria Delgado');
  });
  return {
    get server() {
      return setup.server;
    },
    get clinic() {
      return setup.cookie;
    },
    get maria() {
      return patient.maria;
    },
  };
}
