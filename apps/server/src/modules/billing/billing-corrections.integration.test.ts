import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import { auditLogs, billingEntries, recordHistory } from '#src/db/schema/index.ts';
import { getPatientId, subscribeAs } from '#src/modules/documents/document-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';
import { formMessage } from '#src/test/form-message.ts';

/** Corrections of billing lines: versions, edit, void, what totals count, history and audit. */
describe('billing corrections', () => {
  let server: TestServer;
  const cookies = new Map<string, string>();
  let whitfield: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const email of [
      'admin@demo.test',
      'clinic@demo.test',
      'attorney@demo.test',
      'lienholder@demo.test',
      'clinic2@demo.test',
      'keystone@demo.test',
    ])
      cookies.set(email, await server.login(email));
    whitfield = await getPatientId(server, 'James Whitfield');
  });
  afterAll(async () => server.close());

  const cookie = (email: string) => cookies.get(email)!;
  const lineUrl = (entryId: string) => `/api/patients/${whitfield}/billing/${entryId}`;
  const readBilling = async (email = 'clinic@demo.test') =>
    (
      await server.request({ url: `/api/patients/${whitfield}/billing`, cookie: cookie(email) })
    ).json() as {
      items: TBillingEntry[];
      totalCents: number;
    };
  const readSummary = async () =>
    (
      await server.request({ url: '/api/billing/summary', cookie: cookie('lienholder@demo.test') })
    ).json();
  /** A new Harbor line on James Whitfield, as the clinic adds it. */
  const addLine = async (cptCode: string, amount: string) => {
    const added = await server.request({
      method: 'POST',
      url: `/api/patients/${whitfield}/billing`,
      cookie: cookie('clinic@demo.test'),
      body: { cptCode, sessionCount: '2', amount },
    });
    expect(added.statusCode).toBe(201);
    return added.json() as TBillingEntry;
  };
  const storedLine = async (entryId: string) =>
    (
      await server.context.db.select().from(billingEntries).where(eq(billingEntries.id, entryId))
    )[0]!;
  const historyRows = (entryId: string) =>
    server.context.db.select().from(recordHistory).where(eq(recordHistory.recordId, entryId));
  const edit = (entryId: string, body: object, email = 'clinic@demo.test', version?: number) =>
    server.request({
      method: 'PATCH',
      url: lineUrl(entryId),
      cookie: cookie(email),
      body,
      ...(version === undefined ? {} : { headers: { 'if-match': formatEtag(version) } }),
    });
  const voidLine = (entryId: string, body: object, email = 'clinic@demo.test') =>
    server.request({
      method: 'POST',
      url: `${lineUrl(entryId)}/void`,
      cookie: cookie(email),
      body,
    });
  const editBody = {
    cptCode: '97112',
    sessionCount: '3',
    amount: '250',
    date: '2026-03-14',
    reason: 'Wrong code',
  };

  it('lists each line with its version, who changed it last and when', async () => {
    const { items } = await readBilling('attorney@demo.test');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item).toMatchObject({
        version: 1,
        updatedAt: expect.any(String),
        updatedByName: null,
        voidedAt: null,
        voidReason: null,
        clinicId: expect.any(String),
      });
  });

  it('refuses a write made from an older version: the second of two gets 409, the first stays', async () => {
    const line = await addLine('97530', '100');
    const { saved, refused } = await writeTwiceFromOneVersion(server, {
      method: 'PATCH',
      url: lineUrl(line.id),
      version: line.version,
      first: { cookie: cookie('clinic@demo.test'), body: { ...editBody, reason: 'First' } },
      second: {
        cookie: cookie('admin@demo.test'),
        body: { ...editBody, sessionCount: '9', amount: '999', reason: 'Second' },
      },
    });
    expect(saved).toMatchObject({
      cptCode: '97112',
      sessionCount: 3,
      amountCents: 25_000,
      updatedByName: 'Casey Harbor',
    });
    expect(refused.error).toEqual({
      code: 'CONFLICT',
      message: expect.stringContaining('Someone else changed'),
    });
    expect(await storedLine(line.id)).toMatchObject({
      version: 2,
      sessionCount: 3,
      billedAmountCents: 25_000,
      date: '2026-03-14',
    });
    expect(await historyRows(line.id)).toHaveLength(1);
    // A void made from the version before the edit is refused the same way.
    const staleVoid = await voidLine(line.id, { reason: 'Duplicate', version: line.version });
    expect(staleVoid.statusCode).toBe(409);
    expect(staleVoid.json().current).toEqual(saved);
    expect((await storedLine(line.id)).voidedAt).toBeNull();
  });

  it('requires the version: without If-Match or a version field a correction is 428', async () => {
    const line = await addLine('97140', '50');
    await expectVersionRequired(server, {
      method: 'PATCH',
      url: lineUrl(line.id),
      cookie: cookie('clinic@demo.test'),
      body: editBody,
    });
    await expectVersionRequired(server, {
      method: 'POST',
      url: `${lineUrl(line.id)}/void`,
      cookie: cookie('clinic@demo.test'),
      body: { reason: 'Duplicate' },
    });
    expect(await storedLine(line.id)).toMatchObject({
      version: 1,
      cptCode: '97140',
      voidedAt: null,
    });
    expect(await historyRows(line.id)).toEqual([]);
  });

  it('checks an edit as Add Billing Entry does, and asks for a reason', async () => {
    const line = await addLine('97150', '10');
    for (const [body, message] of [
      [{ ...editBody, cptCode: '9711' }, BILLING_MESSAGES.cptInvalid],
      [{ ...editBody, date: '2999-01-01' }, BILLING_MESSAGES.dateInvalid],
      [{ ...editBody, reason: ' ' }, 'Please give a reason'],
    ] as const) {
      const response = await edit(line.id, { ...body, version: 1 });
      expect(response.statusCode).toBe(400);
      expect(formMessage(response)).toBe(message);
    }
    const noReason = await voidLine(line.id, { version: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(await storedLine(line.id)).toMatchObject({ version: 1, voidedAt: null });
  });

  it('edits a line: next version and ETag, a history row, an audit row and a live event', async () => {
    const line = await addLine('97161', '185');
    const listeners = await Promise.all(
      ['attorney@demo.test', 'lienholder@demo.test', 'clinic2@demo.test', 'keystone@demo.test'].map(
        (email) => subscribeAs(server, email),
      ),
    );
    try {
      const response = await edit(
        line.id,
        { ...editBody, cptCode: '97161', sessionCount: '2' },
        'clinic@demo.test',
        1,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBe(formatEtag(2));
      expect(response.json()).toMatchObject({
        version: 2,
        amountCents: 25_000,
        date: '2026-03-14',
      });
      await server.flushEvents();
    } finally {
      listeners.forEach((listener) => listener.remove());
    }
    const changed = listeners.map(
      (listener) => listener.received.filter((event) => event.topic === 'billing.changed').length,
    );
    expect(changed).toEqual([1, 1, 0, 0]);
    const [row] = await historyRows(line.id);
    expect(row).toMatchObject({
      recordType: 'billing_entry',
      patientId: whitfield,
      version: 2,
      action: 'edited',
      // Only what changed: the code and the sessions were sent as they were.
      changes: {
        amountCents: { from: 18_500, to: 25_000 },
        date: { from: line.date, to: '2026-03-14' },
      },
      reason: 'Wrong code',
      actorName: 'Casey Harbor',
      actorRole: 'clinic',
    });
    const audits = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'billing_entry_edited'), eq(auditLogs.patientId, whitfield)));
    expect(audits.map((audit) => audit.details)).toContain(
      `97161, 2 session(s), 185.00 on ${line.date} edited: amount 185.00 → 250.00, date ${line.date} → 2026-03-14. Reason: Wrong code`,
    );
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const line = await addLine('97164', '75');
    const same = {
      cptCode: '97164',
      sessionCount: 2,
      amount: '75.00',
      date: line.date,
      reason: 'Check',
    };
    const response = await edit(line.id, { ...same, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(line);
    expect(await historyRows(line.id)).toEqual([]);
  });

  it('voids a line: still listed, marked with its reason, and counted by no total, figure or export', async () => {
    const line = await addLine('97010', '1234.56');
    const [beforeHistory, beforeSummary] = [await readBilling(), await readSummary()];
    const voided = await voidLine(
      line.id,
      { reason: 'Entered twice', version: 1 },
      'admin@demo.test',
    );
    expect(voided.statusCode).toBe(200);
    expect(voided.headers.etag).toBe(formatEtag(2));
    expect(voided.json()).toMatchObject({
      version: 2,
      voidedAt: expect.any(String),
      voidReason: 'Entered twice',
      updatedByName: 'Avery Admin',
    });

    const history = await readBilling('lienholder@demo.test');
    expect(history.items.find((item) => item.id === line.id)).toMatchObject({
      voidReason: 'Entered twice',
    });
    expect(beforeHistory.totalCents - history.totalCents).toBe(123_456);
    expect(history.totalCents).toBe(
      history.items
        .filter((item) => item.voidedAt === null)
        .reduce((sum, item) => sum + item.amountCents, 0),
    );

    const summary = await readSummary();
    expect(beforeSummary.totalBilledCents - summary.totalBilledCents).toBe(123_456);
    expect(beforeSummary.entryCount - summary.entryCount).toBe(1);
    expect(beforeSummary.recent.map((item: TBillingEntry) => item.id)).toContain(line.id);
    expect(summary.recent.map((item: TBillingEntry) => item.id)).not.toContain(line.id);

    const csv = await server.request({
      url: `/api/patients/${whitfield}/billing.csv`,
      cookie: cookie('lienholder@demo.test'),
    });
    expect(csv.body).not.toContain('97010');
    expect(csv.body).toContain(
      `Total Medical Specials,,${(history.totalCents / 100).toFixed(2)},,`,
    );

    const [row] = await historyRows(line.id);
    expect(row).toMatchObject({
      action: 'voided',
      version: 2,
      changes: { voided: { from: false, to: true } },
      reason: 'Entered twice',
      actorRole: 'admin',
    });
    const [audit] = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'billing_entry_voided'), eq(auditLogs.patientId, whitfield)));
    expect(audit?.details).toBe(
      `97010, 2 session(s), 1234.56 on ${line.date} voided. Reason: Entered twice`,
    );
  });

  it('treats a void as final: a later edit or void is 409 with the line as it is', async () => {
    const line = await addLine('97012', '40');
    const voided = (await voidLine(line.id, { reason: 'Not performed', version: 1 })).json();
    for (const response of [
      await voidLine(line.id, { reason: 'Again', version: 2 }),
      await edit(line.id, { ...editBody, version: 2 }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'CONFLICT', message: BILLING_MESSAGES.alreadyVoided },
        current: voided,
      });
    }
    expect(await storedLine(line.id)).toMatchObject({
      version: 2,
      voidReason: 'Not performed',
      cptCode: '97012',
    });
    expect(await historyRows(line.id)).toHaveLength(1);
  });

  it('shows a line’s history, oldest first, to everyone who sees the line, and audits the read', async () => {
    const line = await addLine('97018', '60');
    await edit(line.id, { ...editBody, cptCode: '97018', amount: '65', version: 1 });
    await voidLine(
      line.id,
      { reason: 'Billed by the other clinic', version: 2 },
      'admin@demo.test',
    );
    for (const email of ['attorney@demo.test', 'lienholder@demo.test', 'admin@demo.test']) {
      const response = await server.request({
        url: `${lineUrl(line.id)}/history`,
        cookie: cookie(email),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual([
        {
          version: 2,
          action: 'edited',
          changes: {
            sessionCount: { from: 2, to: 3 },
            amountCents: { from: 6000, to: 6500 },
            date: { from: line.date, to: '2026-03-14' },
          },
          reason: 'Wrong code',
          actorName: 'Casey Harbor',
          actorRole: 'clinic',
          at: expect.any(String),
        },
        {
          version: 3,
          action: 'voided',
          changes: { voided: { from: false, to: true } },
          reason: 'Billed by the other clinic',
          actorName: 'Avery Admin',
          actorRole: 'admin',
          at: expect.any(String),
        },
      ]);
    }
    const audits = await server.context.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'billing_history_viewed'), eq(auditLogs.patientId, whitfield)),
      );
    expect(audits.map((audit) => audit.userRole).toSorted()).toEqual([
      'admin',
      'attorney',
      'lienholder',
    ]);
  });
});
