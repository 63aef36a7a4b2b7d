import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTokenAs,
  organizationOf,
  requestWithToken,
} from '#src/modules/api-tokens/api-token-test-support.ts';
import { getPatientId } from '#src/modules/documents/document-test-support.ts';
import { MISSING_ID, signInMatrix } from '#src/modules/reductions/reduction-test-support.ts';
import { DEMO_ACTOR_EMAILS, type DemoActorKey } from '#src/test/demo-actors.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  referralBody,
  referralFingerprint,
  referralUrl,
  referralVersion,
  sendReferral,
} from './referral-test-support.ts';

/**
 * The referral routes × every demo role. Morgan & Hale's attorney refers a client to Harbor:
 * only those two organisations read it (everyone else holding referrals:read gets the missing
 * record's 404; lienholders, admins and contacts hold no referral capability: 403). Only the
 * receiving clinic answers, only the sender withdraws, only firms refer new clients and only a
 * patient's own clinic refers it on. A refused write changes no referral and makes no patient.
 */
const ACTORS: DemoActorKey[] = [
  'admin',
  'clinic',
  'imaging',
  'clinic2',
  'attorney',
  'attorney2',
  'lienholder',
  'keystone',
  'contact',
];
const NO_CAPABILITY = new Set<DemoActorKey>(['admin', 'lienholder', 'keystone', 'contact']);
/** The referral's two sides: Morgan & Hale (sender) and Harbor (receiver). */
const SIDES = new Set<DemoActorKey>(['attorney', 'clinic']);

describe('referral routes authorization matrix', () => {
  let server: TestServer;
  let cookies: Record<DemoActorKey, string>;
  const org = {} as Record<'harbor' | 'summit' | 'riverside' | 'morganHale', string>;
  let james: string;
  let daniel: string;

  beforeAll(async () => {
    server = await createTestServer();
    cookies = await signInMatrix(server, 'James Whitfield');
    org.harbor = await organizationOf(server, DEMO_ACTOR_EMAILS.clinic);
    org.summit = await organizationOf(server, DEMO_ACTOR_EMAILS.clinic2);
    org.riverside = await organizationOf(server, DEMO_ACTOR_EMAILS.imaging);
    org.morganHale = await organizationOf(server, DEMO_ACTOR_EMAILS.attorney);
    james = await getPatientId(server, 'James Whitfield');
    daniel = await getPatientId(server, 'Daniel Okafor');
  });
  afterAll(async () => server.close());

  const fresh = (overrides: Record<string, unknown> = {}) =>
    sendReferral(server, cookies.attorney, referralBody(org.harbor, overrides));

  describe('reading one referral', () => {
    let id: string;
    beforeAll(async () => {
      id = (await fresh()).id;
    });
    for (const actor of ACTORS) {
      const expected = NO_CAPABILITY.has(actor) ? 403 : SIDES.has(actor) ? 200 : 404;
      it(`${actor} → ${expected}`, async () => {
        const response = await server.request({ url: referralUrl(id), cookie: cookies[actor] });
        expect(response.statusCode).toBe(expected);
        if (expected === 404)
          expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      });
      const missing = NO_CAPABILITY.has(actor) ? 403 : 404;
      it(`${actor} on a missing or malformed id → ${missing}`, async () => {
        for (const other of [MISSING_ID, 'not-an-id'])
          expect(
            (await server.request({ url: referralUrl(other), cookie: cookies[actor] })).statusCode,
          ).toBe(missing);
      });
    }
  });

  describe('the lists hold only the organisation’s own referrals', () => {
    it('the receiver’s queue and the sender’s list have it; nobody else’s does', async () => {
      const { id } = await fresh({ clientName: 'Listed Client' });
      const ids = async (actor: DemoActorKey, box: string) => {
        const response = await server.request({
          url: `/api/referrals?box=${box}`,
          cookie: cookies[actor],
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id);
      };
      expect(await ids('clinic', 'received')).toContain(id);
      expect(await ids('attorney', 'sent')).toContain(id);
      for (const actor of ['imaging', 'clinic2', 'attorney2'] as const) {
        expect(await ids(actor, 'received')).not.toContain(id);
        expect(await ids(actor, 'sent')).not.toContain(id);
      }
      for (const actor of NO_CAPABILITY)
        expect(
          (await server.request({ url: '/api/referrals', cookie: cookies[actor] })).statusCode,
        ).toBe(403);
    });

    it('refuses an unknown box, state or cursor: 400', async () => {
      for (const query of ['box=all', 'state=lost', 'cursor=nope', 'limit=0', 'extra=1'])
        expect(
          (await server.request({ url: `/api/referrals?${query}`, cookie: cookies.clinic }))
            .statusCode,
        ).toBe(400);
    });
  });

  describe('sending', () => {
    for (const actor of ACTORS) {
      const expected = actor === 'attorney' || actor === 'attorney2' ? 201 : 403;
      it(`a new client: ${actor} → ${expected}`, async () => {
        const before = await referralFingerprint(server);
        const response = await server.request({
          method: 'POST',
          url: '/api/referrals',
          cookie: cookies[actor],
          body: referralBody(org.harbor),
        });
        expect(response.statusCode).toBe(expected);
        if (expected !== 201) expect(await referralFingerprint(server)).toEqual(before);
      });
    }

    it('refuses malformed input and a clinic that is not one, at the field: 400', async () => {
      const before = await referralFingerprint(server);
      for (const body of [
        referralBody(org.harbor, { clientName: '' }),
        referralBody(org.harbor, { dob: '31/12/1990' }),
        referralBody(org.harbor, { urgency: 'whenever' }),
        referralBody(org.harbor, { accidentType: 'meteor' }),
        referralBody('not-a-uuid'),
        referralBody(MISSING_ID),
        referralBody(org.morganHale),
      ]) {
        const response = await server.request({
          method: 'POST',
          url: '/api/referrals',
          cookie: cookies.attorney,
          body,
        });
        expect(response.statusCode).toBe(400);
      }
      expect(await referralFingerprint(server)).toEqual(before);
    });

    const referOn = (actor: DemoActorKey, patientId: string, clinicId: string) =>
      server.request({
        method: 'POST',
        url: `/api/patients/${patientId}/referrals`,
        cookie: cookies[actor],
        body: { clinicId, injurySummary: 'Lumbar MRI, please', urgency: 'routine' },
      });

    it('on: only a clinic of the patient refers it on; others 403, outsiders 404', async () => {
      const before = await referralFingerprint(server);
      for (const actor of ['admin', 'attorney', 'lienholder', 'contact'] as const)
        expect((await referOn(actor, james, org.summit)).statusCode).toBe(403);
      expect((await referOn('clinic2', james, org.riverside)).statusCode).toBe(404);
      expect((await referOn('clinic', daniel, org.riverside)).statusCode).toBe(404);
      expect((await referOn('clinic', MISSING_ID, org.summit)).statusCode).toBe(404);
      // To itself, to a clinic already treating the patient, to a firm: 400.
      expect((await referOn('clinic', james, org.harbor)).statusCode).toBe(400);
      expect((await referOn('clinic', james, org.riverside)).statusCode).toBe(400);
      expect((await referOn('clinic', james, org.morganHale)).statusCode).toBe(400);
      expect(await referralFingerprint(server)).toEqual(before);
      expect((await referOn('clinic', james, org.summit)).statusCode).toBe(201);
    });
  });

  describe('answering', () => {
    const answer = (
      actor: DemoActorKey | null,
      id: string,
      action: 'accept' | 'decline' | 'withdraw',
      body: Record<string, unknown>,
    ) =>
      server.request({
        method: 'POST',
        url: referralUrl(id, `/${action}`),
        ...(actor ? { cookie: cookies[actor] } : {}),
        body,
      });

    for (const action of ['accept', 'decline', 'withdraw'] as const) {
      const allowed: DemoActorKey = action === 'withdraw' ? 'attorney' : 'clinic';
      for (const actor of ACTORS) {
        const expected =
          actor === allowed
            ? 200
            : NO_CAPABILITY.has(actor) || (action !== 'withdraw' && actor.startsWith('attorney'))
              ? 403
              : SIDES.has(actor)
                ? 403
                : 404;
        it(`${action}: ${actor} → ${expected}`, async () => {
          const { id } = await fresh();
          const before = await referralFingerprint(server);
          const response = await answer(actor, id, action, {
            version: await referralVersion(server, id),
            reason: 'Not taking new auto cases this month',
          });
          expect(response.statusCode).toBe(expected);
          if (expected !== 200) expect(await referralFingerprint(server)).toEqual(before);
        });
      }
    }

    it('no session: 401', async () => {
      const { id } = await fresh();
      expect((await answer(null, id, 'accept', { version: 1 })).statusCode).toBe(401);
      expect((await server.request({ url: '/api/referrals' })).statusCode).toBe(401);
    });

    it('a stale version is 409 with the referral as it is; none is 428; no reason is 400', async () => {
      const { id } = await fresh();
      const before = await referralFingerprint(server);
      const stale = await answer('clinic', id, 'accept', { version: 7 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ id, state: 'pending', version: 1 });
      expect((await answer('clinic', id, 'decline', { version: 7, reason: 'x' })).statusCode).toBe(
        409,
      );
      expect((await answer('clinic', id, 'accept', {})).statusCode).toBe(428);
      expect((await answer('clinic', id, 'decline', { version: 1, reason: ' ' })).statusCode).toBe(
        400,
      );
      expect(
        (await answer('clinic', id, 'accept', { version: 1, attachToPatientId: 'x' })).statusCode,
      ).toBe(400);
      expect(await referralFingerprint(server)).toEqual(before);
    });

    it('an answered referral cannot be answered again: 409', async () => {
      const { id } = await fresh();
      expect(
        (await answer('clinic', id, 'decline', { version: 1, reason: 'Full' })).statusCode,
      ).toBe(200);
      const before = await referralFingerprint(server);
      expect((await answer('clinic', id, 'accept', { version: 2 })).statusCode).toBe(409);
      expect((await answer('attorney', id, 'withdraw', { version: 2 })).statusCode).toBe(409);
      expect(await referralFingerprint(server)).toEqual(before);
    });

    it('attaching refuses a patient that is not the clinic’s own: 400', async () => {
      const { id } = await fresh();
      const before = await referralFingerprint(server);
      const response = await answer('clinic', id, 'accept', {
        version: 1,
        attachToPatientId: daniel,
      });
      expect(response.statusCode).toBe(400);
      expect(await referralFingerprint(server)).toEqual(before);
    });
  });

  it('an API token needs referrals:read to read, :create to send and :respond to answer', async () => {
    const firm = org.morganHale;
    const token = async (
      organizationId: string,
      capabilities: Parameters<typeof createTokenAs>[2]['capabilities'],
    ) =>
      (
        await createTokenAs(server, cookies.admin, {
          name: capabilities.join(' '),
          organizationId,
          capabilities,
        })
      ).secret;
    const withoutReferrals = await token(firm, ['patients:read']);
    const firmReader = await token(firm, ['referrals:read']);
    const firmSender = await token(firm, ['referrals:read', 'referrals:create']);
    const clinicReader = await token(org.harbor, ['referrals:read']);
    const clinicResponder = await token(org.harbor, ['referrals:read', 'referrals:respond']);
    const list = (secret: string) =>
      requestWithToken(server, secret, { url: '/api/referrals?box=sent' });
    const send = (secret: string) =>
      requestWithToken(server, secret, {
        method: 'POST',
        url: '/api/referrals',
        body: referralBody(org.harbor, { clientName: 'Token Client' }),
      });
    expect((await list(withoutReferrals)).statusCode).toBe(403);
    expect((await list(firmReader)).statusCode).toBe(200);
    const before = await referralFingerprint(server);
    expect((await send(firmReader)).statusCode).toBe(403);
    expect(await referralFingerprint(server)).toEqual(before);
    const sent = await send(firmSender);
    expect(sent.statusCode).toBe(201);
    const id = sent.json<{ id: string }>().id;
    const accept = (secret: string) =>
      requestWithToken(server, secret, {
        method: 'POST',
        url: referralUrl(id, '/accept'),
        body: { version: 1 },
      });
    expect((await accept(clinicReader)).statusCode).toBe(403);
    expect((await accept(clinicResponder)).statusCode).toBe(200);
  });
});
