import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReferral, TReferralPage } from '@casebridge/domain/referrals/referral.schemas';
import {
  caseFacts,
  caseInsurers,
  events,
  notifications,
  patientActivity,
  patientClinics,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { organizationOf } from '#src/modules/api-tokens/api-token-test-support.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import {
  registerEndpoint,
  startReceiver,
  storedDeliveries,
  testWorker,
  type Receiver,
} from '#src/modules/webhooks/webhook-test-support.ts';
import { DEMO_ACTOR_EMAILS } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  countPatientsNamed,
  referralBody,
  referralUrl,
  sendReferral,
} from './referral-test-support.ts';

/**
 * A referral from send to answer, on the database the run uses (PostgreSQL in CI): the patient
 * an acceptance creates (firm, status, intake, case facts), the duplicate the queue points at and
 * the attach, the clinic joining a patient referred on, the response time both sides read, the
 * notices, events and webhooks, and two accepts racing for one patient.
 */
describe('referrals', () => {
  let server: TestServer;
  let receiver: Receiver;
  let worker: ReturnType<typeof testWorker>;
  const cookies = {} as Record<'attorney' | 'clinic' | 'clinic2' | 'imaging' | 'attorney2', string>;
  const org = {} as Record<'harbor' | 'summit' | 'morganHale', string>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await createTestServer();
    receiver = await startReceiver();
    worker = testWorker(server);
    for (const key of Object.keys(DEMO_ACTOR_EMAILS))
      if (key in { attorney: 1, clinic: 1, clinic2: 1, imaging: 1, attorney2: 1 })
        cookies[key as keyof typeof cookies] = await server.login(
          DEMO_ACTOR_EMAILS[key as keyof typeof DEMO_ACTOR_EMAILS],
        );
    org.harbor = await organizationOf(server, DEMO_ACTOR_EMAILS.clinic);
    org.summit = await organizationOf(server, DEMO_ACTOR_EMAILS.clinic2);
    org.morganHale = await organizationOf(server, DEMO_ACTOR_EMAILS.attorney);
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  const accept = (id: string, body: Record<string, unknown>, cookie = cookies.clinic) =>
    server.request({ method: 'POST', url: referralUrl(id, '/accept'), cookie, body });
  const received = async (cookie = cookies.clinic) =>
    (await server.request({ url: '/api/referrals?box=received', cookie })).json<TReferralPage>();
  const notificationsOf = (email: string) =>
    server.context.db
      .select({
        type: notifications.type,
        content: notifications.content,
        link: notifications.linkTo,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(and(eq(users.email, email), eq(notifications.type, 'referral')))
      .orderBy(desc(notifications.createdAt));

  it('the demo referrals tell their story: one waiting, Maria accepted, one declined', async () => {
    const queue = await received();
    expect(queue.items[0]).toMatchObject({
      clientName: 'Marcus Webb',
      state: 'pending',
      duplicate: null,
    });
    const maria = await getPatientId(server, 'Maria Delgado');
    expect(queue.items.find((item) => item.clientName === 'Maria Delgado')).toMatchObject({
      state: 'accepted',
      patientId: maria,
      responseSeconds: 2 * 3600,
    });
    const sent = (
      await server.request({ url: '/api/referrals?box=sent', cookie: cookies.attorney2 })
    ).json<TReferralPage>();
    expect(sent.items).toEqual([
      expect.objectContaining({ clientName: 'Tyler Grant', state: 'declined', patientId: null }),
    ]);
    const [intake] = await server.context.db
      .select({ intakeDate: patients.intakeDate })
      .from(patients)
      .where(eq(patients.id, maria));
    // Sent on her intake day, before it: no referral answered before it was sent.
    const accepted = queue.items.find((item) => item.clientName === 'Maria Delgado')!;
    expect(accepted.createdAt.slice(0, 10)).toBe(intake?.intakeDate);
    expect(accepted.respondedAt! > accepted.createdAt).toBe(true);
  });

  it('accepting creates the patient with the firm, status Referred, intake today and the case facts', async () => {
    const sent = await sendReferral(
      server,
      cookies.attorney,
      referralBody(org.harbor, { clientName: 'Nadia Brooks' }),
    );
    expect(sent).toMatchObject({ state: 'pending', kind: 'new_client', responseSeconds: null });
    expect((await notificationsOf(DEMO_ACTOR_EMAILS.clinic))[0]?.content).toBe(
      'Morgan & Hale Injury Law referred Nadia Brooks to your clinic',
    );
    const queue = await received();
    expect(queue.items[0]).toMatchObject({ id: sent.id, duplicate: null });
    expect(queue.pendingCount).toBeGreaterThan(0);

    const response = await accept(sent.id, { version: sent.version });
    expect(response.statusCode).toBe(200);
    const { patientId, created, referral } = response.json<{
      patientId: string;
      created: boolean;
      referral: TReferral;
    }>();
    expect(created).toBe(true);
    expect(referral).toMatchObject({
      state: 'accepted',
      patientId,
      respondedByName: expect.any(String),
    });
    expect(referral.responseSeconds).toBeGreaterThanOrEqual(0);
    const [patient] = await server.context.db
      .select()
      .from(patients)
      .where(eq(patients.id, patientId));
    expect(patient).toMatchObject({
      fullName: 'Nadia Brooks',
      dob: '1987-03-14',
      firmId: org.morganHale,
      treatmentStatus: 'Referred',
      intakeDate: today,
      pointOfContactPhone: '(555) 010-2233',
    });
    const clinics = await server.context.db
      .select({ clinicId: patientClinics.clinicId })
      .from(patientClinics)
      .where(eq(patientClinics.patientId, patientId));
    expect(clinics).toEqual([{ clinicId: org.harbor }]);
    const [facts] = await server.context.db
      .select()
      .from(caseFacts)
      .where(eq(caseFacts.patientId, patientId));
    expect(facts).toMatchObject({
      accidentDate: '2026-11-20',
      accidentType: 'auto',
      stage: 'intake',
    });
    const insurers = await server.context.db
      .select({
        carrier: caseInsurers.carrier,
        claimNumber: caseInsurers.claimNumber,
        coverage: caseInsurers.coverage,
      })
      .from(caseInsurers)
      .where(eq(caseInsurers.patientId, patientId));
    expect(insurers).toEqual([
      { carrier: 'Lakeside Casualty', claimNumber: 'LC-55120', coverage: 'liability' },
    ]);

    // Both sides open the patient and read the answer with its response time.
    for (const cookie of [cookies.attorney, cookies.clinic])
      expect((await server.request({ url: `/api/patients/${patientId}`, cookie })).statusCode).toBe(
        200,
      );
    const asSender = (
      await server.request({ url: referralUrl(sent.id), cookie: cookies.attorney })
    ).json<TReferral>();
    expect(asSender).toMatchObject({
      state: 'accepted',
      patientId,
      responseSeconds: referral.responseSeconds,
    });
    const [notice] = await notificationsOf(DEMO_ACTOR_EMAILS.attorney);
    expect(notice).toEqual({
      type: 'referral',
      content: 'Harbor Physical Therapy accepted the referral of Nadia Brooks',
      link: `/patients/${patientId}`,
    });
    const activity = await server.context.db
      .select({ kind: patientActivity.kind, summary: patientActivity.summary })
      .from(patientActivity)
      .where(eq(patientActivity.patientId, patientId));
    expect(activity).toContainEqual({
      kind: 'referral',
      summary: 'Referral from Morgan & Hale Injury Law accepted by Harbor Physical Therapy',
    });
    const topics = (
      await server.context.db
        .select({ topic: events.topic })
        .from(events)
        .where(eq(events.patientId, patientId))
    ).map((row) => row.topic);
    expect(topics).toEqual(
      expect.arrayContaining(['patient.created', 'case-facts.changed', 'referral.responded']),
    );
  });

  it('declining keeps the reason and tells the firm; no patient is made', async () => {
    const sent = await sendReferral(
      server,
      cookies.attorney,
      referralBody(org.summit, { clientName: 'Declined Client' }),
    );
    const response = await server.request({
      method: 'POST',
      url: referralUrl(sent.id, '/decline'),
      cookie: cookies.clinic2,
      body: { version: sent.version, reason: 'We do not treat dog bites' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TReferral>()).toMatchObject({
      state: 'declined',
      declineReason: 'We do not treat dog bites',
      patientId: null,
    });
    expect(await countPatientsNamed(server, 'Declined Client')).toBe(0);
    expect((await notificationsOf(DEMO_ACTOR_EMAILS.attorney))[0]).toMatchObject({
      content: 'Summit Spine & Pain Center declined the referral of Declined Client',
      link: '/referrals',
    });
  });

  it('a match at the clinic is flagged in its queue, and accepting may attach to it', async () => {
    const james = await getPatientId(server, 'James Whitfield');
    const [demo] = await server.context.db.select().from(patients).where(eq(patients.id, james));
    const sent = await sendReferral(
      server,
      cookies.attorney,
      referralBody(org.harbor, { clientName: 'JAMES  whitfield', dob: demo!.dob }),
    );
    const flagged = (await received()).items.find((item) => item.id === sent.id);
    expect(flagged?.duplicate).toEqual({ id: james, fullName: 'James Whitfield', dob: demo!.dob });
    // Another clinic's queue never names Harbor's patient; the sender never sees the match.
    const asSender = (
      await server.request({ url: referralUrl(sent.id), cookie: cookies.attorney })
    ).json<TReferral>();
    expect(asSender.duplicate).toBeNull();
    const response = await accept(sent.id, { version: sent.version, attachToPatientId: james });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ patientId: james, created: false });
    expect(await countPatientsNamed(server, 'JAMES  whitfield')).toBe(0);
  });

  it('a clinic refers its patient on; on acceptance the other clinic joins the patient', async () => {
    const james = await getPatientId(server, 'James Whitfield');
    const response = await server.request({
      method: 'POST',
      url: `/api/patients/${james}/referrals`,
      cookie: cookies.clinic,
      body: { clinicId: org.summit, injurySummary: 'Pain management consult', urgency: 'soon' },
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json<TReferral>();
    expect(sent).toMatchObject({ kind: 'onward', clientName: 'James Whitfield', patientId: james });
    // The receiving clinic cannot open the patient until it accepts.
    const pending = (await received(cookies.clinic2)).items.find((item) => item.id === sent.id);
    expect(pending?.patientId).toBeNull();
    expect(
      (await server.request({ url: `/api/patients/${james}`, cookie: cookies.clinic2 })).statusCode,
    ).toBe(404);
    const accepted = await accept(sent.id, { version: sent.version }, cookies.clinic2);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ patientId: james, created: false });
    expect(
      (await server.request({ url: `/api/patients/${james}`, cookie: cookies.clinic2 })).statusCode,
    ).toBe(200);
  });

  it('the sender withdraws a pending referral; it leaves the clinic’s pending count', async () => {
    const before = (await received()).pendingCount;
    const sent = await sendReferral(
      server,
      cookies.attorney,
      referralBody(org.harbor, { clientName: 'Changed Mind' }),
    );
    expect((await received()).pendingCount).toBe(before + 1);
    const response = await server.request({
      method: 'POST',
      url: referralUrl(sent.id, '/withdraw'),
      cookie: cookies.attorney,
      body: { version: 1 },
    });
    expect(response.json<TReferral>().state).toBe('withdrawn');
    expect((await received()).pendingCount).toBe(before);
  });

  it('webhooks of a referral reach only its two organisations’ endpoints', async () => {
    await worker.fanOut();
    const endpoint = async (cookie: string, name: string) =>
      registerEndpoint(server, cookie, {
        url: receiver.url(`/${name}`),
        eventTypes: ['referral.created', 'referral.responded'],
      });
    const firm = await endpoint(cookies.attorney, 'firm');
    const harbor = await endpoint(cookies.clinic, 'harbor');
    const summit = await endpoint(cookies.clinic2, 'summit');
    const sent = await sendReferral(
      server,
      cookies.attorney,
      referralBody(org.harbor, { clientName: 'Hook Client' }),
    );
    await accept(sent.id, { version: 1 });
    await worker.fanOut();
    const typesOf = async (id: string) =>
      (await storedDeliveries(server, id)).map((row) => [
        row.eventType,
        (row.payload as { data: unknown }).data,
      ]);
    const accepted = (
      await server.request({ url: referralUrl(sent.id), cookie: cookies.attorney })
    ).json<TReferral>();
    const expected = [
      ['referral.created', { patientId: null, referralId: sent.id }],
      ['referral.responded', { patientId: accepted.patientId, referralId: sent.id }],
    ];
    expect(await typesOf(firm.id)).toEqual(expected);
    expect(await typesOf(harbor.id)).toEqual(expected);
    expect(await typesOf(summit.id)).toEqual([]);
  });

  it('two accepts racing: one answers 200, the other 409, and one patient is made', async () => {
    const sent = await sendReferral(
      server,
      cookies.attorney,
      referralBody(org.harbor, { clientName: 'Raced Client' }),
    );
    const other = await server.login(DEMO_ACTOR_EMAILS.clinic);
    const answers = await Promise.all([
      accept(sent.id, { version: sent.version }),
      accept(sent.id, { version: sent.version }, other),
    ]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().current).toMatchObject({
      state: 'accepted',
      version: 2,
    });
    expect(await countPatientsNamed(server, 'Raced Client')).toBe(1);
  });
});
