import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_PATIENTS } from '@casebridge/domain/patients/bulk.schemas';
import { hasCapability, type Capability } from '@casebridge/domain/capabilities';
import type { Role } from '@casebridge/domain/roles';
import {
  createTokenAs,
  organizationOf,
  requestWithToken,
} from '#src/modules/api-tokens/api-token-test-support.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { MISSING_ID, signInMatrix } from '#src/modules/reductions/reduction-test-support.ts';
import { countAuditRows } from '#src/test/audit-rows.ts';
import {
  DEMO_ACTOR_EMAILS,
  DEMO_ACTOR_PATIENTS,
  type DemoActorKey,
  type MatrixPatient,
} from '#src/test/demo-actors.ts';
import { getPatientVersion } from '#src/test/patient-writes.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  BULK_URLS,
  bulkBody,
  bulkFingerprint,
  otherStatusOf,
  type BulkRoute,
} from './bulk-test-support.ts';

/**
 * The bulk routes × every role × {a patient in its scope, one outside it, a missing one}. The
 * capability decides first (403 for a role without it, nothing changed); then each chosen id is
 * scoped: an action answers 200 with one result per patient, an outsider's or a missing id as
 * `not_found` (audited as a refused access, nothing changed), while the export, a read, answers
 * the whole request 404 like a missing record.
 */
const ROLE_OF: Record<DemoActorKey, Role> = {
  admin: 'admin',
  clinic: 'clinic',
  imaging: 'clinic',
  clinic2: 'clinic',
  attorney: 'attorney',
  attorney2: 'attorney',
  lienholder: 'lienholder',
  keystone: 'lienholder',
  contact: 'contact',
};
const CAPABILITY: Record<BulkRoute, Capability> = {
  status: 'patients:update-status',
  requests: 'requests:create',
  export: 'patients:read',
  asks: 'case-updates:request',
};

describe('bulk routes authorization matrix', () => {
  let server: TestServer;
  const cookies = {} as Record<DemoActorKey, string>;
  const ids = {} as Record<MatrixPatient, string>;

  beforeAll(async () => {
    server = await createTestServer();
    for (const name of ['James Whitfield', 'Daniel Okafor'] as const)
      ids[name] = await getPatientId(server, name);
    Object.assign(cookies, await signInMatrix(server, 'James Whitfield'));
  });
  afterAll(async () => server.close());

  const post = async (route: BulkRoute, cookie: string | undefined, patientId: string) =>
    server.request({
      method: 'POST',
      url: BULK_URLS[route],
      cookie,
      body: await bulkBody(server, route, [patientId]),
    });

  for (const route of Object.keys(BULK_URLS) as BulkRoute[]) {
    for (const [actor, scope] of Object.entries(DEMO_ACTOR_PATIENTS) as Array<
      [DemoActorKey, (typeof DEMO_ACTOR_PATIENTS)[DemoActorKey]]
    >) {
      const allowed = hasCapability(ROLE_OF[actor], CAPABILITY[route]);
      it(`${route}: ${actor} on ${scope.inScope} → ${allowed ? 'done' : 403}`, async () => {
        const before = await bulkFingerprint(server);
        const response = await post(route, cookies[actor], ids[scope.inScope]);
        if (!allowed) {
          expect(response.statusCode).toBe(403);
          expect(await bulkFingerprint(server)).toEqual(before);
          return;
        }
        expect(response.statusCode).toBe(200);
        if (route === 'export') {
          expect(response.body).toContain(scope.inScope);
          return;
        }
        expect(response.json().results).toMatchObject([
          { patientId: ids[scope.inScope], outcome: 'done', patientName: scope.inScope },
        ]);
      });

      const others = [
        ...(scope.outside ? [{ on: scope.outside, id: () => ids[scope.outside!] }] : []),
        { on: 'a missing patient', id: () => MISSING_ID },
      ];
      for (const other of others) {
        const expected = !allowed ? 403 : route === 'export' ? 404 : 'not found';
        it(`${route}: ${actor} on ${other.on} → ${expected}`, async () => {
          const before = await bulkFingerprint(server);
          const refusals = await countAuditRows(server, {
            email: actor === 'contact' ? 'contact@example.test' : DEMO_ACTOR_EMAILS[actor],
            action: 'access_denied',
          });
          const response = await post(route, cookies[actor], other.id());
          expect(await bulkFingerprint(server)).toEqual(before);
          if (expected === 403) return expect(response.statusCode).toBe(403);
          if (expected === 404) {
            expect(response.statusCode).toBe(404);
            expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
          } else {
            expect(response.statusCode).toBe(200);
            // The same answer for an outsider's patient and a missing one: no name, no status.
            expect(response.json().results).toEqual([
              expect.objectContaining({
                patientId: other.id(),
                outcome: 'not_found',
                patientName: null,
              }),
            ]);
            expect(JSON.stringify(response.json())).not.toContain(other.on);
          }
          expect(
            await countAuditRows(server, {
              email: actor === 'contact' ? 'contact@example.test' : DEMO_ACTOR_EMAILS[actor],
              action: 'access_denied',
            }),
          ).toBe(refusals + 1);
        });
      }
    }
  }

  it('no session: 401 on every bulk route', async () => {
    for (const route of Object.keys(BULK_URLS) as BulkRoute[])
      expect((await post(route, undefined, ids['James Whitfield'])).statusCode).toBe(401);
  });

  it('an API token needs the capability of each bulk route', async () => {
    const james = ids['James Whitfield'];
    const tokenOf = async (email: string, capabilities: Capability[]) =>
      (
        await createTokenAs(server, cookies.admin, {
          name: `${email} ${capabilities.join(' ')}`,
          organizationId: await organizationOf(server, email),
          capabilities,
        })
      ).secret;
    const call = async (secret: string, route: BulkRoute) =>
      (
        await requestWithToken(server, secret, {
          method: 'POST',
          url: BULK_URLS[route],
          body: await bulkBody(server, route, [james]),
        })
      ).statusCode;
    const clinicReader = await tokenOf(DEMO_ACTOR_EMAILS.clinic, ['patients:read']);
    const clinicWriter = await tokenOf(DEMO_ACTOR_EMAILS.clinic, [
      'patients:read',
      'patients:update-status',
    ]);
    const firmReader = await tokenOf(DEMO_ACTOR_EMAILS.attorney, ['patients:read']);
    const firmRequester = await tokenOf(DEMO_ACTOR_EMAILS.attorney, ['requests:create']);
    expect(await call(clinicReader, 'status')).toBe(403);
    expect(await call(clinicReader, 'export')).toBe(200);
    expect(await call(clinicWriter, 'status')).toBe(200);
    expect(await call(firmReader, 'requests')).toBe(403);
    expect(await call(firmRequester, 'requests')).toBe(200);
    expect(await call(firmRequester, 'export')).toBe(403);
  });

  describe('malformed input answers 400 and changes nothing', () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const cases: Array<[string, BulkRoute, () => Promise<unknown>]> = [
      ['no patients', 'export', async () => ({ patientIds: [] })],
      [
        `more than ${BULK_MAX_PATIENTS}`,
        'export',
        async () => ({
          patientIds: Array.from({ length: BULK_MAX_PATIENTS + 1 }, (_, n) => uuid(n)),
        }),
      ],
      [
        'a patient twice',
        'requests',
        async () => ({ patientIds: [uuid(1), uuid(1)], kind: 'imaging' }),
      ],
      [
        'an id that is no uuid',
        'requests',
        async () => ({ patientIds: ['1 or 1=1'], kind: 'imaging' }),
      ],
      ['an unknown kind', 'requests', async () => ({ patientIds: [uuid(1)], kind: 'everything' })],
      [
        'no version',
        'status',
        async () => ({ treatmentStatus: 'Evaluated', patients: [{ id: ids['James Whitfield'] }] }),
      ],
      [
        'an unknown status',
        'status',
        async () => ({
          treatmentStatus: 'Cured',
          patients: [{ id: ids['James Whitfield'], version: 1 }],
        }),
      ],
      ['an unknown field', 'export', async () => ({ patientIds: [uuid(1)], everyone: true })],
    ];
    for (const [name, route, body] of cases) {
      it(`${route}: ${name}`, async () => {
        const before = await bulkFingerprint(server);
        const response = await server.request({
          method: 'POST',
          url: BULK_URLS[route],
          cookie: cookies.admin,
          body: await body(),
        });
        expect(response.statusCode).toBe(400);
        expect(await bulkFingerprint(server)).toEqual(before);
      });
    }
  });

  it('a stale version is reported for its patient, the others are changed', async () => {
    const james = ids['James Whitfield'];
    const daniel = ids['Daniel Okafor'];
    const status = await otherStatusOf(server, [james, daniel]);
    const jamesVersion = await getPatientVersion(server, james);
    const response = await server.request({
      method: 'POST',
      url: BULK_URLS.status,
      cookie: cookies.admin,
      body: {
        treatmentStatus: status,
        patients: [
          { id: james, version: jamesVersion - 1 },
          { id: daniel, version: await getPatientVersion(server, daniel) },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const [stale, changed] = response.json().results;
    expect(stale).toMatchObject({ patientId: james, outcome: 'stale', undo: null });
    expect(stale.current.version).toBe(jamesVersion);
    expect(changed).toMatchObject({ patientId: daniel, outcome: 'done' });
    expect(response.json()).toMatchObject({ done: 1, notDone: 1 });
    expect(await getPatientVersion(server, james)).toBe(jamesVersion);
  });
});
