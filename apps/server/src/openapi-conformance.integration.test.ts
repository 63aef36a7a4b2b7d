import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { DEFAULT_SETTINGS } from '@casebridge/domain/settings/settings.schemas';
import type { Role } from '@casebridge/domain/roles';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';
import {
  accessRequests,
  billingEntries,
  caseFacts,
  caseRequests,
  caseUpdateAsks,
  documents,
  jobPauses,
  jobs,
  mailOutbox,
  messages,
  messageTemplates,
  notifications,
  organizations,
  patients,
  reductionOffers,
  sessions,
  settings,
  settlementDrafts,
  users,
  visits,
  webhookDeliveries,
} from '#src/db/schema/index.ts';
import { multipartBody, samplePdf } from '#src/modules/documents/document-test-files.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { createUserOf, enrolTotp, forgetUsedTotpStep, totpCodeOf } from '#src/test/mfa-user.ts';
import {
  ConformanceChecker,
  listOperations,
  type Answer,
  type OpenApiDocument,
  type Operation,
} from '#src/test/openapi-conformance.ts';
import { createTestServer, toCookieHeader, type TestServer } from '#src/test/test-server.ts';

/**
 * Every operation of GET /api/openapi.json (docs/architecture/api-contract.md), called on the
 * demo data as every role and
 * anonymously, answers as the document says: a status it lists, a content type it lists, and a
 * body its schema accepts (none for a 204). Each operation also answers 2xx to some role, so the
 * success schemas are really exercised. Operations that end a session or change a record for good
 * work on records (and users) of their own, made fresh for the call, and run after the others.
 */

const ACTORS = [
  'anonymous',
  'contact',
  'lienholder',
  'attorney',
  'outsider',
  'clinic',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];
/** The demo account of each signed-in actor; `outsider` is Summit's clinic, not Maria's. */
const ROLE_OF: Record<Exclude<Actor, 'anonymous'>, Role> = {
  contact: 'contact',
  lienholder: 'lienholder',
  attorney: 'attorney',
  outsider: 'clinic',
  clinic: 'clinic',
  admin: 'admin',
};

const NEW_PASSWORD = 'a new and long conformance passphrase';
const TODAY = new Date().toISOString().slice(0, 10);

type Call = {
  /** Path parameters beside (or instead of) the shared ones. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw body (multipart), sent with its own content type in `headers`. */
  payload?: Buffer;
  /** The Cookie header to send instead of the actor's own session (null: none). */
  cookie?: string | null;
};

type Plan = {
  /** Runs after every other operation: it ends sessions or closes records for good. */
  isLast?: true;
  /** The call as `actor`, on records of its own where the operation changes or ends them. */
  call?: (fixture: Fixture, actor: Actor) => Promise<Call> | Call;
};

type Fixture = {
  server: TestServer;
  /** Where the server listens: the event stream is read over a real socket. */
  baseUrl: string;
  /** Shared path parameters by name: real ids of the demo data. */
  ids: Record<string, string>;
  cookieOf(actor: Actor): string | null;
  userIdOf(actor: Actor): string | null;
  /** A new user of the actor's role and organisation, signed in: for calls that end sessions. */
  freshUser(actor: Actor): Promise<{ id: string; email: string; cookie: string | null }>;
  as(actor: Actor, call: Omit<Parameters<TestServer['request']>[0], 'cookie'>): Promise<unknown>;
};

let freshCounter = 0;

async function versionOfPatient(fixture: Fixture, id: string) {
  const [row] = await fixture.server.context.db
    .select({ version: patients.version })
    .from(patients)
    .where(eq(patients.id, id));
  return row!.version;
}

/** A new visit of Maria's at Harbor today, scheduled: one per call that records or corrects. */
async function freshVisit(fixture: Fixture): Promise<string> {
  const [row] = await fixture.server.context.db
    .insert(visits)
    .values({
      patientId: fixture.ids.patientId!,
      clinicId: fixture.ids.clinicId!,
      visitDate: TODAY,
      visitTime: '09:00',
      type: 'therapy',
    })
    .returning({ id: visits.id });
  return row!.id;
}

/** A new message on Maria's case by the actor (the seeded one when the actor may not post). */
async function ownMessage(fixture: Fixture, actor: Actor): Promise<string> {
  const posted = (await fixture.as(actor, {
    method: 'POST',
    url: `/api/patients/${fixture.ids.patientId}/messages`,
    body: { body: `A message of ${actor} ${(freshCounter += 1)}` },
  })) as { message?: { id: string } } | null;
  return posted?.message?.id ?? fixture.ids.messageId!;
}

async function messageCall(fixture: Fixture, actor: Actor, body: Record<string, unknown>) {
  const messageId = await ownMessage(fixture, actor);
  const [row] = await fixture.server.context.db
    .select({ version: messages.version })
    .from(messages)
    .where(eq(messages.id, messageId));
  return { params: { messageId }, body: { ...body, version: row!.version } };
}

/** A new billing line on Maria's case, recorded by Harbor's clinic. */
async function freshBillingEntry(fixture: Fixture) {
  const entry = (await fixture.as('clinic', {
    method: 'POST',
    url: `/api/patients/${fixture.ids.patientId}/billing`,
    body: { cptCode: '97110', sessionCount: 1, amount: '85.00', correctionReason: 'Late charge' },
  })) as { id: string; version: number };
  return entry;
}

/** A new document on Maria's case, uploaded by Harbor's clinic. */
async function freshDocument(fixture: Fixture) {
  const multipart = multipartBody(
    { category: 'Treatment Notes' },
    {
      fileName: `notes-${(freshCounter += 1)}.pdf`,
      data: samplePdf(),
      contentType: 'application/pdf',
    },
  );
  const response = await fixture.server.app.inject({
    method: 'POST',
    url: `/api/patients/${fixture.ids.patientId}/documents`,
    headers: { ...multipart.headers, cookie: fixture.cookieOf('clinic')! },
    payload: multipart.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  return response.json<{ id: string; version: number }>();
}

/** An open reduction offer on Maria's MedLien lien, made by Morgan's attorney. */
async function freshOffer(fixture: Fixture): Promise<string> {
  const { db } = fixture.server.context;
  const open = await db
    .select({ id: reductionOffers.id })
    .from(reductionOffers)
    .where(
      and(
        eq(reductionOffers.patientId, fixture.ids.patientId!),
        eq(reductionOffers.status, 'open'),
      ),
    );
  const base = `/api/patients/${fixture.ids.patientId}/liens/${fixture.ids.lienholderId}/reductions`;
  for (const offer of open) {
    await fixture.as('attorney', { method: 'POST', url: `${base}/${offer.id}/withdraw`, body: {} });
    await fixture.as('lienholder', { method: 'POST', url: `${base}/${offer.id}/reject`, body: {} });
  }
  await fixture.as('attorney', {
    method: 'POST',
    url: base,
    body: { kind: 'percent', value: '5' },
  });
  const [offer] = await db
    .select({ id: reductionOffers.id })
    .from(reductionOffers)
    .where(
      and(
        eq(reductionOffers.patientId, fixture.ids.patientId!),
        eq(reductionOffers.status, 'open'),
      ),
    );
  if (!offer) throw new Error('no open reduction offer');
  return offer.id;
}

/** Maria's closing as her firm sees it, with the settlement recorded. */
async function settledClosing(fixture: Fixture): Promise<TClosing> {
  const url = `/api/patients/${fixture.ids.patientId}/closing`;
  const closing = (await fixture.as('attorney', { url })) as TClosing;
  if (closing.settlement) return closing;
  return (await fixture.as('attorney', {
    method: 'PUT',
    url: `${url}/settlement`,
    body: { gross: '50000', settledOn: TODAY, source: 'bodily_injury', feePercent: '33' },
  })) as TClosing;
}

/** A new payoff of 0 awaiting MedLien on Maria's lien (an open one withdrawn first). */
async function freshPayoff(fixture: Fixture): Promise<string> {
  const base = `/api/patients/${fixture.ids.patientId}/liens/${fixture.ids.lienholderId}/payoffs`;
  const lienOf = (closing: TClosing) =>
    closing.liens.find((lien) => lien.lienholderId === fixture.ids.lienholderId);
  const payoffs = lienOf(await settledClosing(fixture))?.payoffs ?? [];
  // Once confirmed, the lien takes no new payoff: the calls after answer 409 about that one.
  const confirmed = payoffs.find((item) => item.status === 'confirmed');
  if (confirmed) return confirmed.id;
  for (const open of payoffs) {
    if (open.status !== 'proposed') continue;
    await fixture.as('attorney', { method: 'POST', url: `${base}/${open.id}/withdraw` });
  }
  const after = (await fixture.as('attorney', {
    method: 'POST',
    url: base,
    body: { amount: '0' },
  })) as TClosing;
  const payoff = lienOf(after)?.payoffs.find((item) => item.status === 'proposed');
  if (!payoff) throw new Error('no open payoff');
  return payoff.id;
}

/** Maria's closing with every lien resolved (a confirmed payoff of 0 where one is needed). */
async function resolvedClosing(fixture: Fixture): Promise<TClosing> {
  const closing = await settledClosing(fixture);
  if (closing.areLiensResolved) return closing;
  const payoffId = await freshPayoff(fixture);
  return (await fixture.as('lienholder', {
    method: 'POST',
    url: `/api/patients/${fixture.ids.patientId}/liens/${fixture.ids.lienholderId}/payoffs/${payoffId}/confirm`,
    body: { paidOn: TODAY },
  })) as TClosing;
}

/** A new open request of Morgan's attorney to Harbor about Maria. */
async function freshCaseRequest(fixture: Fixture) {
  const created = (await fixture.as('attorney', {
    method: 'POST',
    url: `/api/patients/${fixture.ids.patientId}/requests`,
    body: { clinicId: fixture.ids.clinicId, kind: 'medical_records' },
  })) as { id: string; version: number };
  return created;
}

async function freshCaseRequestCall(fixture: Fixture, body: Record<string, unknown>) {
  const request = await freshCaseRequest(fixture);
  return { params: { requestId: request.id }, body: { ...body, version: request.version } };
}

/** A new pending referral of a client by Morgan's attorney to Harbor. */
async function freshReferral(fixture: Fixture) {
  return (await fixture.as('attorney', {
    method: 'POST',
    url: '/api/referrals',
    body: {
      clinicId: fixture.ids.clinicId,
      clientName: `Conformance Client ${(freshCounter += 1)}`,
      dob: '1991-05-06',
      accidentType: 'auto',
      insurerCarrier: 'Golden Coast Mutual',
    },
  })) as { id: string; version: number };
}

async function freshReferralCall(fixture: Fixture, body: Record<string, unknown>) {
  const referral = await freshReferral(fixture);
  return { params: { referralId: referral.id }, body: { ...body, version: referral.version } };
}

/** A new pending access request. */
async function freshAccessRequest(fixture: Fixture): Promise<string> {
  const [row] = await fixture.server.context.db
    .insert(accessRequests)
    .values({
      name: 'Pat Pending',
      email: `pending-${(freshCounter += 1)}@example.test`,
      organization: 'Pending Practice',
      phone: '555-0100',
      role: 'clinic',
    })
    .returning({ id: accessRequests.id });
  return row!.id;
}

/** A user outside Maria's case (a new Summit clinic user) that an admin may grant access. */
async function freshGrantCandidate(fixture: Fixture): Promise<string> {
  const user = await createUserOf(
    fixture.server,
    'clinic',
    `grantee-${(freshCounter += 1)}@demo.test`,
  );
  await fixture.server.context.db
    .update(users)
    .set({ organizationId: fixture.ids.outsiderClinicId! })
    .where(eq(users.id, user.id));
  return user.id;
}

/** The newest link token mailed to `to` (invitation, password reset, e-mail confirmation). */
async function mailedToken(fixture: Fixture, to: string): Promise<string> {
  const [mail] = await fixture.server.context.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return decodeURIComponent(token);
}

async function freshInvitationToken(fixture: Fixture): Promise<string> {
  const email = `invitee-${(freshCounter += 1)}@example.test`;
  const user = (await fixture.as('admin', {
    method: 'POST',
    url: '/api/users',
    body: { name: 'Ivy Invitee', email, role: 'clinic', organizationId: fixture.ids.clinicId },
  })) as { id: string };
  if (!user?.id) throw new Error('invitee not created');
  return mailedToken(fixture, email);
}

async function freshResetToken(fixture: Fixture): Promise<string> {
  const user = await fixture.freshUser('clinic');
  await fixture.as('anonymous', {
    method: 'POST',
    url: '/api/auth/password-reset/request',
    body: { email: user.email },
  });
  return mailedToken(fixture, user.email);
}

/** A fresh user's session in the second-factor `verify` step, and the code that passes it. */
async function verifyingSession(fixture: Fixture, actor: Actor): Promise<Call> {
  const user = await fixture.freshUser(actor);
  if (!user.cookie) return { body: { code: '123456' }, cookie: null };
  const { secret } = await enrolTotp(fixture.server, user.cookie);
  await forgetUsedTotpStep(fixture.server, user.id);
  const login = await fixture.server.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: user.email, password: DEMO_PASSWORD },
  });
  return { body: { code: totpCodeOf(secret) }, cookie: toCookieHeader(login) };
}

/** A fresh user with TOTP set up: the code to disable it or to draw new recovery codes. */
async function enrolledSession(fixture: Fixture, actor: Actor): Promise<Call> {
  const user = await fixture.freshUser(actor);
  if (!user.cookie) return { body: { code: '123456' }, cookie: null };
  const { secret } = await enrolTotp(fixture.server, user.cookie);
  await forgetUsedTotpStep(fixture.server, user.id);
  return { body: { code: totpCodeOf(secret) }, cookie: user.cookie };
}

const WEBHOOK_BODY = {
  url: 'https://receiver.example.com/casebridge',
  description: 'Practice system',
  eventTypes: ['patient.status-changed'],
};

/** A new webhook endpoint of the admin's (every patient in scope). */
async function freshWebhook(fixture: Fixture): Promise<string> {
  const created = (await fixture.as('admin', {
    method: 'POST',
    url: '/api/webhooks',
    body: WEBHOOK_BODY,
  })) as { id?: string; endpoint?: { id: string } } | null;
  const id = created?.id ?? created?.endpoint?.id;
  if (!id) throw new Error('no webhook endpoint created');
  return id;
}

/** What each operation is called with. Absent: no body, the shared path parameters. */
const PLANS: Record<string, Plan> = {
  'POST /api/auth/login': {
    call: (fixture, actor) => ({
      body: {
        email: actor === 'anonymous' ? 'clinic@demo.test' : 'admin@demo.test',
        password: DEMO_PASSWORD,
      },
    }),
  },
  'POST /api/auth/logout': {
    isLast: true,
    call: async (fixture, actor) => ({ cookie: (await fixture.freshUser(actor)).cookie }),
  },
  'POST /api/mfa/verify': { call: (fixture, actor) => verifyingSession(fixture, actor) },
  'POST /api/mfa/totp/start': {
    call: async (fixture, actor) => ({ cookie: (await fixture.freshUser(actor)).cookie }),
  },
  'POST /api/mfa/totp/confirm': {
    call: async (fixture, actor) => {
      const user = await fixture.freshUser(actor);
      if (!user.cookie) return { body: { code: '123456' }, cookie: null };
      const started = await fixture.server.request({
        method: 'POST',
        url: '/api/mfa/totp/start',
        cookie: user.cookie,
      });
      return {
        body: { code: totpCodeOf(started.json<{ secret: string }>().secret) },
        cookie: user.cookie,
      };
    },
  },
  'POST /api/mfa/recovery-codes': { call: (fixture, actor) => enrolledSession(fixture, actor) },
  'POST /api/mfa/disable': { call: (fixture, actor) => enrolledSession(fixture, actor) },
  'POST /api/users/{userId}/mfa/reset': {
    call: async (fixture) => {
      const user = await fixture.freshUser('clinic');
      await enrolTotp(fixture.server, user.cookie!);
      return { params: { userId: user.id } };
    },
  },
  'POST /api/access-requests': {
    call: () => ({
      body: {
        name: 'Nora New',
        email: `nora-${(freshCounter += 1)}@example.test`,
        organization: 'New Practice',
        phone: '555-0101',
        role: 'clinic',
      },
    }),
  },
  'POST /api/organizations': {
    call: () => ({
      body: { name: `Conformance Clinic ${(freshCounter += 1)}`, kind: 'clinic' },
    }),
  },
  'PATCH /api/organizations/{organizationId}': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, fixture.ids.organizationId!));
      return {
        body: {
          name: row!.name,
          kind: row!.kind,
          description: 'Renamed nothing',
          version: row!.version,
        },
      };
    },
  },
  'POST /api/patients/{patientId}/messages': {
    call: () => ({ body: { body: 'A question about the next appointment.' } }),
  },
  'POST /api/patients/{patientId}/messages/read': {
    call: (fixture) => ({ body: { messageIds: [fixture.ids.messageId] } }),
  },
  'PATCH /api/patients/{patientId}/messages/{messageId}': {
    call: (fixture, actor) => messageCall(fixture, actor, { body: 'Corrected wording.' }),
  },
  'POST /api/patients/{patientId}/messages/{messageId}/retract': {
    isLast: true,
    call: (fixture, actor) => messageCall(fixture, actor, {}),
  },
  'PATCH /api/notifications/{notificationId}/read': {
    call: async (fixture, actor) => {
      const userId = fixture.userIdOf(actor);
      if (!userId) return {};
      const [row] = await fixture.server.context.db
        .insert(notifications)
        .values({ recipientUserId: userId, type: 'message', content: 'A new message' })
        .returning({ id: notifications.id });
      return { params: { notificationId: row!.id } };
    },
  },
  'PUT /api/notifications/preferences': {
    call: (fixture, actor) => ({
      body: {
        notificationEmail: `${actor}@demo.test`,
        digestFrequency: 'Daily',
        notifyOnStatusChange: true,
        notifyOnDocumentUpload: true,
        notifyOnMessageReceived: true,
        notifyOnCaseRequests: true,
        notifyOnTreatmentGaps: true,
        notifyOnLienActivity: true,
        notifyOnVisits: true,
      },
    }),
  },
  'POST /api/notifications/preferences/email-confirmation': {
    call: async (fixture, actor) => {
      const cookie = fixture.cookieOf(actor);
      if (cookie) {
        await fixture.as(actor, {
          method: 'PUT',
          url: '/api/notifications/preferences',
          body: {
            notificationEmail: `elsewhere-${actor}@example.test`,
            digestFrequency: 'Daily',
            notifyOnStatusChange: true,
            notifyOnDocumentUpload: true,
            notifyOnMessageReceived: true,
          },
        });
      }
      return {};
    },
  },
  'POST /api/notification-email-confirmations': {
    call: async (fixture) => {
      const user = await fixture.freshUser('attorney');
      const to = `confirm-${(freshCounter += 1)}@example.test`;
      await fixture.server.request({
        method: 'PUT',
        url: '/api/notifications/preferences',
        cookie: user.cookie!,
        body: {
          notificationEmail: to,
          digestFrequency: 'Daily',
          notifyOnStatusChange: true,
          notifyOnDocumentUpload: true,
          notifyOnMessageReceived: true,
        },
      });
      return { body: { token: await mailedToken(fixture, to) } };
    },
  },
  'POST /api/patients': {
    call: (fixture) => ({
      body: {
        fullName: `Conformance Patient ${(freshCounter += 1)}`,
        dob: '1990-01-15',
        clinicIds: [fixture.ids.clinicId],
        firmId: fixture.ids.firmId,
        lienholderIds: [fixture.ids.lienholderId],
      },
    }),
  },
  'PATCH /api/patients/{patientId}/status': {
    call: async (fixture) => ({
      params: { patientId: fixture.ids.statusPatientId! },
      body: {
        treatmentStatus: 'Evaluated',
        version: await versionOfPatient(fixture, fixture.ids.statusPatientId!),
      },
    }),
  },
  'POST /api/patients/bulk/status': {
    call: async (fixture) => ({
      body: {
        treatmentStatus: freshCounter++ % 2 ? 'Referred for PT' : 'Referred for MD',
        patients: [
          {
            id: fixture.ids.statusPatientId!,
            version: await versionOfPatient(fixture, fixture.ids.statusPatientId!),
          },
        ],
      },
    }),
  },
  'POST /api/patients/bulk/requests': {
    call: (fixture) => ({ body: { patientIds: [fixture.ids.patientId], kind: 'itemized_bill' } }),
  },
  'POST /api/patients/bulk/case-update-asks': {
    call: (fixture) => ({ body: { patientIds: [fixture.ids.patientId] } }),
  },
  'POST /api/patients/bulk/export': {
    call: (fixture) => ({ body: { patientIds: [fixture.ids.patientId] } }),
  },
  'POST /api/patients/{patientId}/status/undo': {
    call: async (fixture, actor) => {
      const patientId = fixture.ids.statusPatientId!;
      const changed = (await fixture.as(actor === 'anonymous' ? 'clinic' : actor, {
        method: 'PATCH',
        url: `/api/patients/${patientId}/status`,
        body: {
          treatmentStatus: freshCounter++ % 2 ? 'Referred for PT' : 'Referred for MD',
          version: await versionOfPatient(fixture, patientId),
        },
      })) as { undo?: { changeId: string } } | null;
      return {
        params: { patientId },
        body: { changeId: changed?.undo?.changeId ?? '00000000-0000-4000-8000-000000000000' },
      };
    },
  },
  'PUT /api/patients/{patientId}/demographics': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select()
        .from(patients)
        .where(eq(patients.id, fixture.ids.patientId!));
      return {
        body: { fullName: row!.fullName, dob: row!.dob, version: row!.version },
      };
    },
  },
  'POST /api/templates': {
    call: () => ({
      body: {
        title: `Follow-up ${(freshCounter += 1)}`,
        body: 'Please send the latest notes.',
        templateType: 'message',
      },
    }),
  },
  'PATCH /api/templates/{templateId}': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select()
        .from(messageTemplates)
        .where(eq(messageTemplates.id, fixture.ids.templateId!));
      return {
        body: {
          title: row!.title,
          body: row!.body,
          templateType: row!.templateType,
          version: row!.version,
        },
      };
    },
  },
  'POST /api/users': {
    call: (fixture) => ({
      body: {
        name: 'Nia New',
        email: `new-user-${(freshCounter += 1)}@example.test`,
        role: 'clinic',
        organizationId: fixture.ids.clinicId,
      },
    }),
  },
  'PATCH /api/users/{userId}': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select()
        .from(users)
        .where(eq(users.id, fixture.ids.userId!));
      return {
        body: {
          name: row!.name,
          role: row!.role,
          organizationId: row!.organizationId,
          version: row!.version,
        },
      };
    },
  },
  'POST /api/users/{userId}/invitation': {
    call: async (fixture) => {
      const invitee = (await fixture.as('admin', {
        method: 'POST',
        url: '/api/users',
        body: {
          name: 'Ines Invited',
          email: `invited-${(freshCounter += 1)}@example.test`,
          role: 'clinic',
          organizationId: fixture.ids.clinicId,
        },
      })) as { id: string };
      return { params: { userId: invitee.id } };
    },
  },
  'PUT /api/patients/{patientId}/external-id': {
    call: (fixture, actor) => ({
      body: { externalId: `EXT-${actor}-${(freshCounter += 1)}` },
      ...(actor === 'admin' ? { query: { organizationId: fixture.ids.clinicId! } } : {}),
    }),
  },
  'DELETE /api/patients/{patientId}/external-id': {
    call: async (fixture, actor) => {
      const query = actor === 'admin' ? { organizationId: fixture.ids.clinicId! } : undefined;
      await fixture.as(actor, {
        method: 'PUT',
        url: `/api/patients/${fixture.ids.patientId}/external-id${query ? `?organizationId=${query.organizationId}` : ''}`,
        body: { externalId: `EXT-CLEAR-${actor}-${(freshCounter += 1)}` },
      });
      return query ? { query } : {};
    },
  },
  'POST /api/admin/api-tokens': {
    call: (fixture) => ({
      body: {
        name: `Practice sync ${(freshCounter += 1)}`,
        organizationId: fixture.ids.clinicId,
        capabilities: ['patients:read'],
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    }),
  },
  'POST /api/admin/api-tokens/{tokenId}/revoke': {
    isLast: true,
    call: async (fixture) => {
      const created = (await fixture.as('admin', {
        method: 'POST',
        url: '/api/admin/api-tokens',
        body: {
          name: `Revoked sync ${(freshCounter += 1)}`,
          organizationId: fixture.ids.clinicId,
          capabilities: ['patients:read'],
          expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        },
      })) as { token: { id: string } };
      return { params: { tokenId: created.token.id } };
    },
  },
  'POST /api/webhooks': {
    call: () => ({ body: WEBHOOK_BODY }),
  },
  'PATCH /api/webhooks/{endpointId}': {
    call: () => ({ body: { description: 'Practice system, updated' } }),
  },
  'DELETE /api/webhooks/{endpointId}': {
    isLast: true,
    call: async (fixture) => ({ params: { endpointId: await freshWebhook(fixture) } }),
  },
  'POST /api/webhooks/{endpointId}/deliveries/{deliveryId}/replay': {
    call: async (fixture) => {
      const [delivery] = await fixture.server.context.db
        .insert(webhookDeliveries)
        .values({
          endpointId: fixture.ids.endpointId!,
          eventType: 'patient.status-changed',
          patientId: fixture.ids.patientId!,
          // A payload as the outbox writes it (ZWebhookPayload): ids only.
          payload: {
            id: randomUUID(),
            type: 'patient.status-changed',
            occurredAt: new Date().toISOString(),
            data: { patientId: fixture.ids.patientId! },
          },
          status: 'failed',
        })
        .returning({ id: webhookDeliveries.id });
      return { params: { deliveryId: delivery!.id } };
    },
  },
  'POST /api/invitations/lookup': {
    call: async (fixture) => ({ body: { token: await freshInvitationToken(fixture) } }),
  },
  'POST /api/invitations/accept': {
    call: async (fixture) => ({
      body: { token: await freshInvitationToken(fixture), password: NEW_PASSWORD },
    }),
  },
  'DELETE /api/sessions/{sessionId}': {
    isLast: true,
    call: async (fixture, actor) => {
      const user = await fixture.freshUser(actor);
      if (!user.cookie) return {};
      // A second session of the same user: the one ended.
      await fixture.server.login(user.email);
      const [row] = await fixture.server.context.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      return { params: { sessionId: row!.id }, cookie: user.cookie };
    },
  },
  'POST /api/sessions/end-others': {
    isLast: true,
    call: async (fixture, actor) => ({ cookie: (await fixture.freshUser(actor)).cookie }),
  },
  'POST /api/users/{userId}/sessions/end': {
    isLast: true,
    call: async (fixture) => ({ params: { userId: (await fixture.freshUser('clinic')).id } }),
  },
  'POST /api/account/password': {
    isLast: true,
    call: async (fixture, actor) => ({
      cookie: (await fixture.freshUser(actor)).cookie,
      body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    }),
  },
  'POST /api/auth/password-reset/request': {
    call: async (fixture) => ({ body: { email: (await fixture.freshUser('clinic')).email } }),
  },
  'POST /api/auth/password-reset': {
    call: async (fixture) => ({
      body: { token: await freshResetToken(fixture), password: NEW_PASSWORD },
    }),
  },
  'POST /api/users/{userId}/password-reset': {
    call: async (fixture) => ({ params: { userId: (await fixture.freshUser('clinic')).id } }),
  },
  'POST /api/access-requests/{requestId}/approve': {
    call: async (fixture) => ({
      params: { requestId: await freshAccessRequest(fixture) },
      body: { role: 'clinic', organizationId: fixture.ids.clinicId },
    }),
  },
  'POST /api/access-requests/{requestId}/reject': {
    call: async (fixture) => ({ params: { requestId: await freshAccessRequest(fixture) } }),
  },
  'PUT /api/settings': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db.select().from(settings).limit(1);
      return { body: { ...DEFAULT_SETTINGS, version: row!.version } };
    },
  },
  'POST /api/admin/demo-data': {},
  'POST /api/admin/mail-outbox/{mailId}/retry': {
    call: async (fixture) => {
      const [mail] = await fixture.server.context.db
        .insert(mailOutbox)
        .values({
          kind: 'test',
          toAddress: 'retry@example.test',
          subject: 'Retry me',
          html: '<p>Retry</p>',
          text: 'Retry',
          status: 'failed',
        })
        .returning({ id: mailOutbox.id });
      return { params: { mailId: mail!.id } };
    },
  },
  'POST /api/admin/jobs/{jobId}/retry': {
    call: async (fixture) => {
      const [job] = await fixture.server.context.db
        .insert(jobs)
        .values({ name: 'mail.send', payload: {}, status: 'failed', lastError: 'refused' })
        .returning({ id: jobs.id });
      return { params: { jobId: String(job!.id) } };
    },
  },
  'POST /api/admin/jobs/queues/{name}/resume': {
    call: async (fixture) => {
      await fixture.server.context.db
        .insert(jobPauses)
        .values({ name: 'mail.send', reason: 'restored' })
        .onConflictDoNothing();
      return { params: { name: 'mail.send' } };
    },
  },
  'POST /api/patients/{patientId}/documents': {
    call: () => {
      const multipart = multipartBody(
        { category: 'Treatment Notes' },
        {
          fileName: `visit-${(freshCounter += 1)}.pdf`,
          data: samplePdf(),
          contentType: 'application/pdf',
        },
      );
      return { payload: multipart.payload, headers: multipart.headers };
    },
  },
  'PATCH /api/documents/{documentId}/category': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select({ version: documents.version, category: documents.category })
        .from(documents)
        .where(eq(documents.id, fixture.ids.documentId!));
      // A move to the category it is already in is refused: always another one.
      const category = row!.category === 'Billing' ? 'Treatment Notes' : 'Billing';
      return { body: { category, version: row!.version } };
    },
  },
  'POST /api/documents/{documentId}/remove': {
    isLast: true,
    call: async (fixture) => {
      const document = await freshDocument(fixture);
      return {
        params: { documentId: document.id },
        body: { reason: 'Uploaded to the wrong case', version: document.version },
      };
    },
  },
  'POST /api/patients/{patientId}/billing': {
    call: () => ({ body: { cptCode: '97140', sessionCount: 2, amount: '120.00' } }),
  },
  'PATCH /api/patients/{patientId}/billing/{entryId}': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select()
        .from(billingEntries)
        .where(eq(billingEntries.id, fixture.ids.entryId!));
      return {
        body: {
          cptCode: '97110',
          sessionCount: 1,
          amount: '90.00',
          date: TODAY,
          reason: 'Corrected amount',
          version: row!.version,
        },
      };
    },
  },
  'POST /api/patients/{patientId}/billing/{entryId}/void': {
    isLast: true,
    call: async (fixture) => {
      const entry = await freshBillingEntry(fixture);
      return {
        params: { entryId: entry.id },
        body: { reason: 'Entered twice', version: entry.version },
      };
    },
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/payments': {
    call: () => ({ body: { amount: '10.00', paidOn: TODAY, reference: 'CHK-1001' } }),
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/payments/{paymentId}/void': {
    isLast: true,
    call: async (fixture) => {
      const payment = (await fixture.as('lienholder', {
        method: 'POST',
        url: `/api/patients/${fixture.ids.patientId}/liens/${fixture.ids.lienholderId}/payments`,
        body: { amount: '5.00', paidOn: TODAY },
      })) as { payments?: Array<{ id: string }>; id?: string };
      const paymentId = payment.id ?? payment.payments?.[0]?.id;
      return { params: { paymentId: paymentId! }, body: { reason: 'Bounced cheque' } };
    },
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/reductions': {
    call: async (fixture) => {
      await freshOffer(fixture);
      // The attorney's own open offer is withdrawn first, so the call opens a new round.
      const [open] = await fixture.server.context.db
        .select({ id: reductionOffers.id })
        .from(reductionOffers)
        .where(
          and(
            eq(reductionOffers.patientId, fixture.ids.patientId!),
            eq(reductionOffers.status, 'open'),
          ),
        );
      await fixture.as('attorney', {
        method: 'POST',
        url: `/api/patients/${fixture.ids.patientId}/liens/${fixture.ids.lienholderId}/reductions/${open!.id}/withdraw`,
        body: {},
      });
      return { body: { kind: 'amount', value: '25.00', note: 'Hardship' } };
    },
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/reductions/{offerId}/counter': {
    call: async (fixture) => ({
      params: { offerId: await freshOffer(fixture) },
      body: { kind: 'percent', value: '3' },
    }),
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/reductions/{offerId}/accept': {
    isLast: true,
    call: async (fixture) => ({ params: { offerId: await freshOffer(fixture) }, body: {} }),
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/reductions/{offerId}/reject': {
    call: async (fixture) => ({ params: { offerId: await freshOffer(fixture) }, body: {} }),
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/reductions/{offerId}/withdraw': {
    call: async (fixture) => ({ params: { offerId: await freshOffer(fixture) }, body: {} }),
  },
  'PUT /api/patients/{patientId}/settlement': {
    call: async (fixture) => {
      const [draft] = await fixture.server.context.db
        .select({ version: settlementDrafts.version })
        .from(settlementDrafts)
        .where(eq(settlementDrafts.patientId, fixture.ids.patientId!));
      return {
        body: {
          gross: '50000.00',
          feePercent: '33.33',
          costs: '1200.00',
          ...(draft ? { version: draft.version } : {}),
        },
      };
    },
  },
  'PUT /api/patients/{patientId}/case': {
    call: async (fixture) => {
      const [facts] = await fixture.server.context.db
        .select({ version: caseFacts.version })
        .from(caseFacts)
        .where(eq(caseFacts.patientId, fixture.ids.patientId!));
      return {
        body: {
          accidentDate: '2026-01-10',
          accidentType: 'auto',
          stage: 'treating',
          insurers: [
            { coverage: 'liability', carrier: 'Golden Coast Mutual', policyLimit: '30000' },
          ],
          ...(facts ? { version: facts.version } : {}),
        },
      };
    },
  },
  'POST /api/patients/{patientId}/visits': {
    call: (fixture) => ({
      body: { clinicId: fixture.ids.clinicId, date: TODAY, time: '10:00', type: 'therapy' },
    }),
  },
  'POST /api/visits/{visitId}/outcome': {
    call: async (fixture) => ({
      params: { visitId: await freshVisit(fixture) },
      body: { outcome: 'cancelled', version: 1 },
    }),
  },
  'PUT /api/visits/{visitId}': {
    call: async (fixture) => ({
      params: { visitId: await freshVisit(fixture) },
      body: {
        date: TODAY,
        time: '11:15',
        type: 'follow_up',
        state: 'scheduled',
        reason: 'Booked at the wrong time',
        version: 1,
      },
    }),
  },
  'GET /api/clinics/{clinicId}/visits': {
    call: () => ({ query: { date: TODAY } }),
  },
  'POST /api/clinics/{clinicId}/visits/sign-in': {
    call: async (fixture) => ({
      body: {
        date: TODAY,
        entries: [{ visitId: await freshVisit(fixture), outcome: 'attended', version: 1 }],
      },
    }),
  },
  'PUT /api/patients/{patientId}/closing/settlement': {
    call: async (fixture) => {
      const closing = await settledClosing(fixture);
      return {
        body: {
          gross: '50000',
          settledOn: TODAY,
          source: 'bodily_injury',
          feePercent: '33',
          costs: '250',
          version: closing.settlement!.version,
        },
      };
    },
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/payoffs': {
    call: async (fixture) => {
      await freshPayoff(fixture);
      const closing = await settledClosing(fixture);
      const lien = closing.liens.find((item) => item.lienholderId === fixture.ids.lienholderId);
      const open = lien?.payoffs.find((item) => item.status === 'proposed');
      if (open) {
        await fixture.as('attorney', {
          method: 'POST',
          url: `/api/patients/${fixture.ids.patientId}/liens/${fixture.ids.lienholderId}/payoffs/${open.id}/withdraw`,
        });
      }
      return { body: { amount: '0', note: 'Final figure' } };
    },
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/payoffs/{payoffId}/dispute': {
    call: async (fixture) => ({
      params: { payoffId: await freshPayoff(fixture) },
      body: { reason: 'Our figure is higher' },
    }),
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/payoffs/{payoffId}/withdraw': {
    call: async (fixture) => ({ params: { payoffId: await freshPayoff(fixture) } }),
  },
  'POST /api/patients/{patientId}/liens/{lienholderId}/payoffs/{payoffId}/confirm': {
    isLast: true,
    call: async (fixture) => ({
      params: { payoffId: await freshPayoff(fixture) },
      body: { paidOn: TODAY, reference: 'CHK-2001' },
    }),
  },
  'GET /api/patients/{patientId}/disbursement-statement.pdf': {
    call: async (fixture) => {
      await settledClosing(fixture);
      return {};
    },
  },
  'POST /api/patients/{patientId}/closing/disburse': {
    isLast: true,
    call: async (fixture) => {
      const closing = await resolvedClosing(fixture);
      return { body: { disbursedOn: TODAY, version: closing.settlement!.version } };
    },
  },
  'POST /api/patients/{patientId}/closing/close': {
    isLast: true,
    call: async (fixture) => {
      let closing = await resolvedClosing(fixture);
      if (closing.stage !== 'disbursed' && closing.stage !== 'closed') {
        closing = (await fixture.as('attorney', {
          method: 'POST',
          url: `/api/patients/${fixture.ids.patientId}/closing/disburse`,
          body: { disbursedOn: TODAY, version: closing.settlement!.version },
        })) as TClosing;
      }
      return { body: { version: closing.settlement!.version } };
    },
  },
  'POST /api/patients/{patientId}/case-updates': {
    call: () => ({ body: { note: 'Demand sent to the carrier.' } }),
  },
  'POST /api/patients/{patientId}/case-updates/asks': {
    // The asks before are answered, so the clinic's ask is not the second open one.
    call: async (fixture) => {
      await fixture.server.context.db
        .update(caseUpdateAsks)
        .set({ answeredAt: new Date() })
        .where(eq(caseUpdateAsks.patientId, fixture.ids.patientId!));
      return {};
    },
  },
  'PUT /api/firms/{firmId}/case-update-setting': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select({ version: organizations.version })
        .from(organizations)
        .where(eq(organizations.id, fixture.ids.firmId!));
      return { body: { intervalDays: 45, version: row!.version } };
    },
  },
  'POST /api/patients/{patientId}/requests': {
    call: (fixture) => ({ body: { clinicId: fixture.ids.clinicId, kind: 'medical_records' } }),
  },
  'POST /api/referrals': {
    call: (fixture) => ({
      body: { clinicId: fixture.ids.clinicId, clientName: 'Conformance Client', dob: '1990-01-02' },
    }),
  },
  'POST /api/patients/{patientId}/referrals': {
    call: (fixture) => ({
      body: { clinicId: fixture.ids.outsiderClinicId, injurySummary: 'Lumbar MRI' },
    }),
  },
  'GET /api/referrals/{referralId}': {
    call: (fixture) => ({ params: { referralId: fixture.ids.referralId! } }),
  },
  'POST /api/referrals/{referralId}/accept': {
    call: (fixture) => freshReferralCall(fixture, {}),
  },
  'POST /api/referrals/{referralId}/decline': {
    call: (fixture) => freshReferralCall(fixture, { reason: 'No openings this month' }),
  },
  'POST /api/referrals/{referralId}/withdraw': {
    call: (fixture) => freshReferralCall(fixture, {}),
  },
  'GET /api/requests/{requestId}': {
    call: (fixture) => ({ params: { requestId: fixture.ids.caseRequestId! } }),
  },
  'POST /api/requests/{requestId}/acknowledge': {
    call: (fixture) => freshCaseRequestCall(fixture, {}),
  },
  'POST /api/requests/{requestId}/fulfil': {
    call: async (fixture) => {
      // Only an acknowledged request is fulfilled: Harbor acknowledges it first.
      const request = await freshCaseRequest(fixture);
      const acknowledged = (await fixture.as('clinic', {
        method: 'POST',
        url: `/api/requests/${request.id}/acknowledge`,
        body: { version: request.version },
      })) as { version: number };
      return {
        params: { requestId: request.id },
        body: { documentIds: [fixture.ids.documentId], version: acknowledged.version },
      };
    },
  },
  'POST /api/requests/{requestId}/decline': {
    call: (fixture) => freshCaseRequestCall(fixture, { reason: 'No records for that period' }),
  },
  'POST /api/patients/{patientId}/access-grants': {
    call: async (fixture) => ({
      body: {
        userId: await freshGrantCandidate(fixture),
        durationHours: 24,
        reason: 'Covering for the treating clinic',
      },
    }),
  },
  'POST /api/patients/{patientId}/access-grants/{grantId}/revoke': {
    isLast: true,
    call: async (fixture) => {
      const grant = (await fixture.as('admin', {
        method: 'POST',
        url: `/api/patients/${fixture.ids.patientId}/access-grants`,
        body: {
          userId: await freshGrantCandidate(fixture),
          durationHours: 24,
          reason: 'Covering for the treating clinic',
        },
      })) as { id: string };
      return { params: { grantId: grant.id } };
    },
  },
  'PUT /api/clinics/{clinicId}/gap-setting': {
    call: async (fixture) => {
      const [row] = await fixture.server.context.db
        .select({ version: organizations.version })
        .from(organizations)
        .where(eq(organizations.id, fixture.ids.clinicId!));
      return { body: { thresholdDays: 21, version: row!.version } };
    },
  },
};

/**
 * Operations no call here can answer 2xx, and why. Each is still called as every actor and its
 * answers held to the document; only the "some role got a 2xx" rule is waived for it.
 */
const NO_SUCCESS_EXPECTED: Record<string, string> = {};

type Outcome = { key: string; actor: Actor; status: number; problem?: string };

describe('every operation answers as the OpenAPI document says', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    // Demo data on: 'Load demo data' answers 2xx on PostgreSQL too (it is off there by default).
    server = await createTestServer({ SEED_DEMO: 'true' });
    const response = await server.request({ url: '/api/openapi.json' });
    document = response.json<OpenApiDocument>();
  }, 120_000);
  afterAll(async () => server?.close());

  it('calls every operation as every role', { timeout: 600_000 }, async () => {
    const fixture = await createFixture(server);
    const checker = new ConformanceChecker(document);
    const operations = listOperations(document);
    const ordered = [
      ...operations.filter((operation) => !PLANS[operation.key]?.isLast),
      ...operations.filter((operation) => PLANS[operation.key]?.isLast),
    ];
    for (const target of ordered) {
      for (const actor of ACTORS) {
        const started = Date.now();
        try {
          const response = await callOperation(fixture, target, actor);
          const verdict = checker.check(target, response);
          outcomes.push({
            key: target.key,
            actor,
            status: response.statusCode,
            ...(verdict.ok ? {} : { problem: verdict.problem }),
          });
        } catch (error) {
          // A call that could not be made (its setup failed, or no answer came) is a finding too.
          outcomes.push({
            key: target.key,
            actor,
            status: 0,
            problem: `the call failed: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
        if (Date.now() - started > 2_000) console.info(`slow: ${target.key} as ${actor}`);
      }
    }

    const mismatches = [
      ...ConformanceChecker.documentProblems(operations),
      ...outcomes
        .filter((outcome) => outcome.problem)
        .map((outcome) => `${outcome.key} as ${outcome.actor}: ${outcome.problem}`),
    ];
    const succeeded = new Set(
      outcomes.filter((outcome) => outcome.status < 300).map((outcome) => outcome.key),
    );
    const neverSucceeded = operations
      .map((operation) => operation.key)
      .filter((key) => !succeeded.has(key) && !(key in NO_SUCCESS_EXPECTED))
      .map((key) => {
        const answers = outcomes
          .filter((outcome) => outcome.key === key)
          .map((outcome) => `${outcome.actor} ${outcome.status}`);
        return `${key}: ${answers.join(', ')}`;
      });
    console.info(
      [
        `${operations.length} operations, ${outcomes.length} calls, ${mismatches.length} mismatches`,
        ...Object.entries(NO_SUCCESS_EXPECTED).map(([key, why]) => `exception ${key}: ${why}`),
        ...mismatches.map((mismatch) => `mismatch ${mismatch}`),
        ...neverSucceeded.map((key) => `no 2xx ${key}`),
      ].join('\n'),
    );
    expect(mismatches).toEqual([]);
    expect(neverSucceeded).toEqual([]);
  });
});

/** Longer than any call takes: a call that hangs is a mismatch, not a stuck test. */
const CALL_TIMEOUT_MS = 20_000;

/** The event stream never ends: its status, headers and first bytes, read over a socket. */
async function openStream(baseUrl: string, path: string, cookie: string | null): Promise<Answer> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  let body = '';
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const first = await reader.read();
    body = new TextDecoder().decode(first.value ?? new Uint8Array());
    controller.abort();
  } else {
    body = await response.text();
  }
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    rawPayload: { length: body.length },
  };
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${CALL_TIMEOUT_MS} ms`)),
      CALL_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function callOperation(fixture: Fixture, target: Operation, actor: Actor): Promise<Answer> {
  const plan = PLANS[target.key];
  const requestBody = target.operation.requestBody?.content;
  if (requestBody && !plan?.call) {
    throw new Error(`${target.key} takes a body and has no plan: add one to PLANS`);
  }
  const call: Call = (await plan?.call?.(fixture, actor)) ?? {};
  const params = { ...fixture.ids, ...call.params };
  const path = target.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${target.key}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const url = call.query ? `${path}?${new URLSearchParams(call.query).toString()}` : path;
  const cookie = call.cookie === undefined ? fixture.cookieOf(actor) : call.cookie;
  if (
    target.operation.responses?.['200']?.content?.['text/event-stream'] ||
    target.key === 'GET /api/events'
  ) {
    return withTimeout(openStream(fixture.baseUrl, url, cookie), target.key);
  }
  const hasJsonBody = call.payload === undefined && call.body !== undefined;
  const injected = fixture.server.app.inject({
    method: target.method as 'GET',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(hasJsonBody ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    ...(call.payload
      ? { payload: call.payload }
      : hasJsonBody
        ? { payload: JSON.stringify(call.body) }
        : {}),
  });
  return withTimeout(injected, `${target.key} as ${actor}`);
}

async function createFixture(server: TestServer): Promise<Fixture> {
  const { db } = server.context;
  const idOf = async (name: string) => {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, name));
    return row!.id;
  };
  const contactEmail = await createContactOf(server, 'Maria Delgado');
  const emails: Record<Exclude<Actor, 'anonymous'>, string> = {
    contact: contactEmail,
    lienholder: 'lienholder@demo.test',
    attorney: 'attorney@demo.test',
    outsider: 'clinic2@demo.test',
    clinic: 'clinic@demo.test',
    admin: 'admin@demo.test',
  };
  const cookies = new Map<Actor, string>();
  const userIds = new Map<Actor, string>();
  for (const [actor, email] of Object.entries(emails) as Array<[Actor, string]>) {
    cookies.set(actor, await server.login(email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    userIds.set(actor, user!.id);
  }
  const [maria] = await db.select().from(patients).where(eq(patients.fullName, 'Maria Delgado'));
  const [robert] = await db.select().from(patients).where(eq(patients.fullName, 'Robert Alvarez'));
  const [message] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.patientId, maria!.id), isNull(messages.retractedAt)))
    .limit(1);
  const [template] = await db.select({ id: messageTemplates.id }).from(messageTemplates).limit(1);
  const [caseRequest] = await db
    .select({ id: caseRequests.id })
    .from(caseRequests)
    .where(eq(caseRequests.patientId, maria!.id))
    .limit(1);
  const [mail] = await db
    .insert(mailOutbox)
    .values({
      kind: 'test',
      toAddress: 'x@example.test',
      subject: 's',
      html: 'h',
      text: 't',
      status: 'failed',
    })
    .returning({ id: mailOutbox.id });
  const [organization] = await db
    .insert(organizations)
    .values({ name: 'Conformance Imaging', slug: 'conformance-imaging', kind: 'clinic' })
    .returning({ id: organizations.id });

  const ids: Record<string, string> = {
    patientId: maria!.id,
    statusPatientId: robert!.id,
    messageId: message!.id,
    templateId: template!.id,
    mailId: mail!.id,
    organizationId: organization!.id,
    clinicId: await idOf('Harbor Physical Therapy'),
    outsiderClinicId: await idOf('Summit Spine & Pain Center'),
    firmId: await idOf('Morgan & Hale Injury Law'),
    lienholderId: await idOf('MedLien Funding Partners'),
    caseRequestId: caseRequest?.id ?? '',
  };
  const fixture: Fixture = {
    server,
    baseUrl: await server.app.listen({ port: 0, host: '127.0.0.1' }),
    ids,
    cookieOf: (actor) => cookies.get(actor) ?? null,
    userIdOf: (actor) => userIds.get(actor) ?? null,
    async freshUser(actor) {
      if (actor === 'anonymous') return { id: '', email: '', cookie: null };
      const email = `fresh-${ROLE_OF[actor]}-${(freshCounter += 1)}@demo.test`;
      const user = await createUserOf(server, ROLE_OF[actor], email);
      return { id: user.id, email, cookie: await server.login(email) };
    },
    async as(actor, call) {
      const cookie = cookies.get(actor);
      const response = await server.request({ ...call, ...(cookie ? { cookie } : {}) });
      if (response.statusCode >= 300) return null;
      return response.body ? (response.json() as unknown) : null;
    },
  };
  // Records of Maria's case the calls share: a document and a billing line of Harbor's.
  ids.documentId = (await freshDocument(fixture)).id;
  ids.entryId = (await freshBillingEntry(fixture)).id;
  ids.userId = (await fixture.freshUser('clinic')).id;
  ids.endpointId = await freshWebhook(fixture);
  if (!ids.caseRequestId) ids.caseRequestId = (await freshCaseRequest(fixture)).id;
  ids.notificationId = '00000000-0000-4000-8000-000000000000';
  ids.sessionId = '00000000-0000-4000-8000-000000000000';
  ids.grantId = '00000000-0000-4000-8000-000000000000';
  ids.paymentId = '00000000-0000-4000-8000-000000000000';
  ids.offerId = '00000000-0000-4000-8000-000000000000';
  ids.requestId = ids.caseRequestId;
  ids.referralId = (await freshReferral(fixture)).id;
  return fixture;
}
