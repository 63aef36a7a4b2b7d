import { describe, expect, it } from 'vitest';
import { messages, recordHistory } from '#src/db/schema/index.ts';
import {
  inScopeOf,
  MATRIX_ACTORS,
  MISSING_ID,
  outOfScopeOf,
  useCorrectionMatrix,
  type MatrixActor,
} from '#src/test/correction-matrix.ts';

/**
 * Edit, retract and the history × every role × {own, someone else's, out of scope, missing}.
 * Every role may send, so every role may correct its own messages of patients in its scope;
 * someone else's message is 403, a patient outside the scope or a message that is not the
 * patient's answers exactly like a missing one, and the history is for admins only. A refused
 * write changes nothing.
 */
const ROUTES = [
  {
    name: 'edit',
    method: 'PATCH' as const,
    path: (patientId: string, id: string) => `/api/patients/${patientId}/messages/${id}`,
    body: { body: 'Corrected text', version: 1 },
  },
  {
    name: 'retract',
    method: 'POST' as const,
    path: (patientId: string, id: string) => `/api/patients/${patientId}/messages/${id}/retract`,
    body: { version: 1 },
  },
];

describe('message correction routes authorization matrix', () => {
  const matrix = useCorrectionMatrix();

  async function sendAs(actor: MatrixActor, patientName: string): Promise<string> {
    const response = await matrix.server.request({
      method: 'POST',
      url: `/api/patients/${matrix.patientId(patientName)}/messages`,
      cookie: matrix.cookies[actor],
      body: { body: `From ${actor}` },
    });
    expect(response.statusCode).toBe(201);
    return response.json().message.id as string;
  }
  const snapshot = async () => ({
    messages: await matrix.server.context.db.select().from(messages).orderBy(messages.id),
    history: await matrix.server.context.db.select().from(recordHistory),
  });

  for (const route of ROUTES) {
    it.each(MATRIX_ACTORS)(`%s: ${route.name}`, async (actor) => {
      const patient = matrix.patientId(inScopeOf(actor));
      const send = (patientId: string, id: string) =>
        matrix.server.request({
          method: route.method,
          url: route.path(patientId, id),
          cookie: matrix.cookies[actor],
          body: route.body,
        });
      const own = await sendAs(actor, inScopeOf(actor));
      const othersAuthor = actor === 'admin' ? 'clinic' : 'admin';
      const others = await sendAs(othersAuthor, inScopeOf(actor));
      const outside = outOfScopeOf(actor);
      const outsideId = outside ? await sendAs('admin', outside) : null;
      const before = await snapshot();

      const missing = await send(patient, MISSING_ID);
      expect(missing.statusCode).toBe(404);
      expect((await send(patient, 'not-a-message')).body).toBe(missing.body);
      const notTheirs = await send(patient, others);
      expect(notTheirs.statusCode).toBe(403);
      if (outside && outsideId) {
        const outsidePatient = matrix.patientId(outside);
        // Through the patient outside the scope, or through the actor's own patient.
        for (const [patientId, id] of [
          [outsidePatient, outsideId],
          [patient, outsideId],
        ] as const) {
          const refused = await send(patientId, id);
          expect(refused.statusCode).toBe(404);
          expect(refused.body).toBe(missing.body);
        }
      }
      expect(await snapshot()).toEqual(before);
      expect((await send(patient, own)).statusCode).toBe(200);
    });
  }

  it.each(MATRIX_ACTORS)('%s: the history of a message is for admins only', async (actor) => {
    const patient = matrix.patientId(inScopeOf(actor));
    const id = await sendAs('clinic2', 'Sofia Rossi');
    const ofMaria = await sendAs('clinic', 'Maria Delgado');
    const read = (patientId: string, messageId: string) =>
      matrix.server.request({
        url: `/api/patients/${patientId}/messages/${messageId}/history`,
        cookie: matrix.cookies[actor],
      });
    if (actor !== 'admin') {
      expect((await read(patient, MISSING_ID)).statusCode).toBe(403);
      return;
    }
    expect((await read(matrix.patientId('Sofia Rossi'), id)).json()).toEqual({ items: [] });
    const missing = await read(patient, MISSING_ID);
    expect(missing.statusCode).toBe(404);
    expect((await read(matrix.patientId('Sofia Rossi'), ofMaria)).body).toBe(missing.body);
  });
});
