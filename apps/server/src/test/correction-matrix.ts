import { afterAll, beforeAll } from 'vitest';
import { patients } from '#src/db/schema/index.ts';
import { createContactOf } from './contact-user.ts';
import { createTestServer, type DemoEmail, type TestServer } from './test-server.ts';

/**
 * The accounts of the corrections' authorization matrices: every role, with the
 * organisations of the demo data, plus a contact of Maria Delgado. Maria is Harbor + Morgan +
 * MedLien; Sofia Rossi is Summit + Castillo with no lienholder.
 */
export const MATRIX_ACTORS = [
  'admin',
  'clinic',
  'clinic2',
  'attorney',
  'attorney2',
  'lienholder',
  'contact',
] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const OUTSIDE_MARIA: readonly MatrixActor[] = ['clinic2', 'attorney2'];

/** The demo patient in the actor's scope, and one outside it (none for admins). */
export const inScopeOf = (actor: MatrixActor) =>
  OUTSIDE_MARIA.includes(actor) ? 'Sofia Rossi' : 'Maria Delgado';
export const outOfScopeOf = (actor: MatrixActor) =>
  actor === 'admin' ? null : inScopeOf(actor) === 'Maria Delgado' ? 'Sofia Rossi' : 'Maria Delgado';

export type CorrectionMatrix = {
  readonly server: TestServer;
  readonly cookies: Record<MatrixActor, string>;
  /** The id of Maria Delgado or Sofia Rossi. */
  patientId(name: string): string;
};

/**
 * One server for the enclosing `describe`, with every matrix account signed in. Read its fields
 * inside hooks and tests, once beforeAll has run.
 */
export function useCorrectionMatrix(): CorrectionMatrix {
  let server: TestServer | undefined;
  const cookies = {} as Record<MatrixActor, string>;
  const patientIds = new Map<string, string>();
  beforeAll(async () => {
    server = await createTestServer();
    const contact = await createContactOf(server, 'Maria Delgado');
    for (const actor of MATRIX_ACTORS)
      cookies[actor] = await server.login(
        actor === 'contact' ? contact : (`${actor}@demo.test` as DemoEmail),
      );
    const rows = await server.context.db
      .select({ id: patients.id, fullName: patients.fullName })
      .from(patients);
    for (const row of rows) patientIds.set(row.fullName, row.id);
  });
  afterAll(async () => server?.close());
  return {
    get server() {
      if (!server) throw new Error('useCorrectionMatrix: the server exists once beforeAll has run');
      return server;
    },
    cookies,
    patientId(name) {
      const id = patientIds.get(name);
      if (!id) throw new Error(`no demo patient ${name}`);
      return id;
    },
  };
}
