import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { describeStageChange } from '@casebridge/domain/case-facts/case-facts-constants';
import type { TCaseFacts } from '@casebridge/domain/case-facts/case-facts.schemas';
import { caseStageHistory } from '#src/db/schema/index.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { countAuditRows, expectOneAuditRow } from '#src/test/audit-rows.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  caseFactsBody,
  caseUrl,
  factsVersion,
  latestEventOf,
  notificationsOf,
  readCaseFacts,
} from './case-facts-test-support.ts';

const ATTORNEY = 'attorney@demo.test';

/**
 * The case facts of a patient: Hannah Schmidt (Riverside Imaging, Morgan & Hale, MedLien) has
 * none in the demo data, James Whitfield has some. Reads show the specials against the limits and
 * are audited; the firm's first save creates the facts, later ones name their version; a stage
 * move keeps its history, tells the clinics and lienholders and feeds webhooks; every save is
 * audited and published.
 */
describe('case facts', () => {
  let server: TestServer;
  let attorney: string;
  let hannah: string;
  let james: string;
  const save = (
    patientId: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    cookie = attorney,
  ) => server.request({ method: 'PUT', url: caseUrl(patientId), cookie, body, headers });

  beforeAll(async () => {
    server = await createTestServer();
    attorney = await server.login(ATTORNEY);
    hannah = await getPatientId(server, 'Hannah Schmidt');
    james = await getPatientId(server, 'James Whitfield');
  });
  afterAll(async () => server.close());

  it("reads the demo facts with the specials against each limit, audited, the clinic's too", async () => {
    const clinic = await server.login('clinic@demo.test');
    const { response } = await expectOneAuditRow(
      server,
      { email: 'clinic@demo.test', action: 'case_facts_viewed', patientId: james },
      () => server.request({ url: caseUrl(james), cookie: clinic }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const { facts, limits, stageHistory } = response.json<TCaseFacts>();
    expect(facts).toMatchObject({ stage: 'treating', accidentType: 'auto', version: 2 });
    expect(facts?.insurers.map((insurer) => insurer.coverage)).toEqual(['liability', 'med_pay']);
    expect(stageHistory.map((move) => [move.fromStage, move.toStage])).toEqual([
      ['intake', 'treating'],
    ]);
    // James's live billing lines: $185.00 + $720.00.
    expect(limits).toEqual({
      specialsCents: 90_500,
      coverages: [
        { coverage: 'liability', limitCents: 3_000_000, policyCount: 1, percent: 3, isMet: false },
        { coverage: 'med_pay', limitCents: 500_000, policyCount: 1, percent: 18, isMet: false },
      ],
    });
  });

  it('first save creates the facts; the stage move is kept, told and published', async () => {
    const empty = await readCaseFacts(server, attorney, hannah);
    expect(empty).toEqual({
      facts: null,
      stageHistory: [],
      limits: { specialsCents: 145_000, coverages: [] },
    });
    const before = {
      imaging: (await notificationsOf(server, 'imaging@demo.test', hannah)).length,
      medlien: (await notificationsOf(server, 'lienholder@demo.test', hannah)).length,
      attorney: (await notificationsOf(server, ATTORNEY, hannah)).length,
      admin: (await notificationsOf(server, 'admin@demo.test', hannah)).length,
    };
    const stageAudits = await countAuditRows(server, {
      email: ATTORNEY,
      action: 'case_stage_changed',
      patientId: hannah,
    });
    const { response, row } = await expectOneAuditRow(
      server,
      { email: ATTORNEY, action: 'case_facts_saved', patientId: hannah },
      () => save(hannah, caseFactsBody({ stageNote: 'Started PT' })),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(row.details).toBe(
      'Case facts version 1: accident date, accident type, case number; insurers: 1 added',
    );
    const saved = response.json<TCaseFacts>();
    expect(saved.facts).toMatchObject({
      accidentDate: '2026-01-10',
      accidentType: 'auto',
      firmCaseNumber: 'MH-TEST-1',
      stage: 'treating',
      version: 1,
      updatedByName: 'Morgan Hale',
    });
    expect(saved.facts?.insurers).toMatchObject([
      { coverage: 'med_pay', carrier: 'Test Mutual', policyLimitCents: 100_000 },
    ]);
    expect(saved.stageHistory).toMatchObject([
      {
        fromStage: 'intake',
        toStage: 'treating',
        note: 'Started PT',
        changedByName: 'Morgan Hale',
      },
    ]);
    // $1,450.00 of specials against a $1,000.00 med-pay limit.
    expect(saved.limits.coverages).toEqual([
      { coverage: 'med_pay', limitCents: 100_000, policyCount: 1, percent: 145, isMet: true },
    ]);
    expect(
      await countAuditRows(server, {
        email: ATTORNEY,
        action: 'case_stage_changed',
        patientId: hannah,
      }),
    ).toBe(stageAudits + 1);
    expect(await latestEventOf(server, 'case-facts.changed', hannah)).toBeDefined();
    const released = await latestEventOf(server, 'case-facts.stage-changed', hannah);
    expect(released?.recipientUserIds ?? []).toEqual([]);

    const told = describeStageChange('Hannah Schmidt', 'intake', 'treating');
    for (const email of ['imaging@demo.test', 'lienholder@demo.test']) {
      const [latest] = await notificationsOf(server, email, hannah);
      expect(latest).toEqual({ type: 'status_update', content: told });
    }
    expect((await notificationsOf(server, 'imaging@demo.test', hannah)).length).toBe(
      before.imaging + 1,
    );
    expect((await notificationsOf(server, 'lienholder@demo.test', hannah)).length).toBe(
      before.medlien + 1,
    );
    expect((await notificationsOf(server, ATTORNEY, hannah)).length).toBe(before.attorney);
    expect((await notificationsOf(server, 'admin@demo.test', hannah)).length).toBe(before.admin);
  });

  it('refuses a save without a version and one from an older version, changing nothing', async () => {
    const version = await factsVersion(server, hannah);
    expect(version).toBeGreaterThan(0);
    const noVersion = await save(hannah, caseFactsBody());
    expect(noVersion.statusCode).toBe(428);
    expect(noVersion.json().error.code).toBe('PRECONDITION_REQUIRED');

    const current = await readCaseFacts(server, attorney, hannah);
    const insurerId = current.facts!.insurers[0]!.id;
    const kept = caseFactsBody({
      firmCaseNumber: 'MH-TEST-2',
      insurers: [{ insurerId, coverage: 'med_pay', carrier: 'Test Mutual', policyLimit: '2,000' }],
    });
    const first = await save(hannah, kept, { 'if-match': `"${version}"` });
    expect(first.statusCode).toBe(200);
    const saved = first.json<TCaseFacts>();
    expect(saved.facts).toMatchObject({ firmCaseNumber: 'MH-TEST-2', version: version + 1 });
    expect(saved.facts?.insurers).toMatchObject([{ id: insurerId, policyLimitCents: 200_000 }]);

    const moves = async () =>
      (
        await server.context.db
          .select({ n: count() })
          .from(caseStageHistory)
          .where(eq(caseStageHistory.patientId, hannah))
      )[0]!.n;
    const movesBefore = await moves();
    const stale = await save(hannah, caseFactsBody({ stage: 'litigation', version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'CONFLICT' }, current: saved });
    expect(await factsVersion(server, hannah)).toBe(version + 1);
    expect(await moves()).toBe(movesBefore);
  });

  it('refuses malformed facts at their field', async () => {
    const version = await factsVersion(server, hannah);
    const headers = { 'if-match': `"${version}"` };
    const insurer = { coverage: 'liability', carrier: 'Test Mutual' };
    for (const body of [
      caseFactsBody({ accidentDate: '2999-01-01' }),
      caseFactsBody({ accidentDate: 'yesterday' }),
      caseFactsBody({ accidentType: 'boat' }),
      caseFactsBody({ stage: 'appeal' }),
      caseFactsBody({ firmCaseNumber: 'x'.repeat(61) }),
      caseFactsBody({ insurers: [{ ...insurer, carrier: ' ' }] }),
      caseFactsBody({ insurers: [{ ...insurer, policyLimit: '-1' }] }),
      caseFactsBody({ insurers: [{ ...insurer, coverage: 'collision' }] }),
      caseFactsBody({ insurers: [{ ...insurer, adjusterEmail: 'not-an-address' }] }),
      caseFactsBody({ insurers: Array.from({ length: 11 }, () => insurer) }),
      caseFactsBody({
        insurers: [{ ...insurer, insurerId: '00000000-0000-4000-8000-000000000000' }],
      }),
    ]) {
      const response = await save(hannah, body, headers);
      expect({ body, code: response.json().error?.code }).toEqual({
        body,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await factsVersion(server, hannah)).toBe(version);
  });

  it('a save that keeps the stage adds no history and tells nobody', async () => {
    const version = await factsVersion(server, hannah);
    const before = (await notificationsOf(server, 'imaging@demo.test', hannah)).length;
    const { stageHistory } = await readCaseFacts(server, attorney, hannah);
    const response = await save(hannah, caseFactsBody({ stageNote: 'Ignored' }), {
      'if-match': `"${version}"`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TCaseFacts>().stageHistory).toEqual(stageHistory);
    expect((await notificationsOf(server, 'imaging@demo.test', hannah)).length).toBe(before);
  });

  it("an administrator's stage move is told to the firm too", async () => {
    const admin = await server.login('admin@demo.test');
    const before = (await notificationsOf(server, ATTORNEY, hannah)).length;
    const response = await save(
      hannah,
      caseFactsBody({ stage: 'demand_sent', version: await factsVersion(server, hannah) }),
      {},
      admin,
    );
    expect(response.statusCode).toBe(200);
    const notices = await notificationsOf(server, ATTORNEY, hannah);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]?.content).toBe(
      describeStageChange('Hannah Schmidt', 'treating', 'demand_sent'),
    );
  });

  it('the specials follow the billing lines', async () => {
    const clinic = await server.login('imaging@demo.test');
    const added = await server.request({
      method: 'POST',
      url: `/api/patients/${hannah}/billing`,
      cookie: clinic,
      body: { cptCode: '72148', sessionCount: 1, amount: '550.00' },
    });
    expect(added.statusCode).toBe(201);
    const { limits } = await readCaseFacts(server, clinic, hannah);
    expect(limits.specialsCents).toBe(145_000 + 55_000);
  });
});
