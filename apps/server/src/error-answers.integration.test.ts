import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@casebridge/domain/constants';
import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { organizations, patients } from '#src/db/schema/index.ts';
import { AppError } from '#src/lib/app-error.ts';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
} from '#src/lib/database-busy.ts';
import {
  createErrorHandler,
  DEFAULT_RETRY_AFTER_SECONDS,
  RATE_LIMITED_MESSAGE,
} from '#src/lib/error-handler.ts';
import { PUBLIC_RATE_LIMITS } from '#src/lib/rate-limits.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * The error answers (docs/architecture/api-contract.md, 'Errors'): a refused request names the
 * field at fault in `details`, a body of the wrong type says UNSUPPORTED_MEDIA_TYPE, malformed JSON says
 * INVALID_JSON, and every 429 carries Retry-After.
 */
describe('error answers', () => {
  let server: TestServer;
  let clinic: string;
  let patient: Record<string, unknown>;

  beforeAll(async () => {
    server = await createTestServer();
    clinic = await server.login('clinic@demo.test');
    const ids = async (name: string) => {
      const [row] = await server.context.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.name, name));
      return row!.id;
    };
    patient = {
      fullName: 'Fiona Field',
      dob: '1990-01-15',
      clinicIds: [await ids('Harbor Physical Therapy')],
      firmId: await ids('Morgan & Hale Injury Law'),
    };
  });
  afterAll(async () => server?.close());

  const createPatient = (body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { cookie: clinic, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('a refused request names the field', () => {
    it('names the field in the message, and each problem in details', async () => {
      const response = await createPatient({ ...patient, dob: '1990-02-30' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: `dob: ${PATIENT_MESSAGES.dobInvalid}`,
          details: [{ field: 'dob', location: 'body', message: PATIENT_MESSAGES.dobInvalid }],
        },
      });
    });

    it('names an item of a list by its index, and lists every problem', async () => {
      const response = await createPatient({ ...patient, fullName: '', clinicIds: ['nope'] });
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{
        error: { details: Array<{ field: string }> };
      }>();
      expect(error.details.map((detail) => detail.field).toSorted()).toEqual([
        'clinicIds[0]',
        'fullName',
      ]);
    });

    it('names the body itself when it is missing', async () => {
      const response = await server.request({
        method: 'POST',
        url: '/api/patients',
        cookie: clinic,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0]).toMatchObject({ field: 'body', location: 'body' });
    });

    it('names a query parameter as such', async () => {
      const response = await server.request({ url: '/api/patients?limit=0', cookie: clinic });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0]).toMatchObject({ field: 'limit', location: 'query' });
    });

    it('names the field that holds a control character', async () => {
      const response = await createPatient({ ...patient, fullName: 'Fiona\u0000' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Text must not contain control characters',
        details: [
          {
            field: 'fullName',
            location: 'body',
            message: 'Text must not contain control characters',
          },
        ],
      });
    });
  });

  describe('malformed text', () => {
    it('names the field that holds a lone surrogate, and stores nothing', async () => {
      // Raw JSON: "\\ud800" escapes a lone surrogate, which JSON.parse accepts.
      const response = await createPatient(
        JSON.stringify({ ...patient, fullName: 'Fiona ' }).replace('Fiona ', 'Fiona \\ud800'),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Text must be valid Unicode',
        details: [{ field: 'fullName', location: 'body' }],
      });
    });

    it('refuses a lone surrogate in a correction reason with 400, not 500', async () => {
      const [maria] = await server.context.db
        .select({ id: patients.id })
        .from(patients)
        .where(eq(patients.fullName, 'Maria Delgado'));
      const sent = await server.request({
        method: 'POST',
        url: `/api/patients/${maria!.id}/messages`,
        cookie: clinic,
        body: { body: 'To be retracted' },
      });
      const { message } = sent.json<{ message: { id: string } }>();
      const retract = await server.app.inject({
        method: 'POST',
        url: `/api/patients/${maria!.id}/messages/${message.id}/retract`,
        headers: { cookie: clinic, 'content-type': 'application/json' },
        payload: '{"reason":"sent to the wrong \\udfff patient"}',
      });
      expect(retract.statusCode).toBe(400);
      expect(retract.json().error.details[0]).toMatchObject({ field: 'reason', location: 'body' });
    });
  });

  describe('a body the route cannot read', () => {
    it('answers 415 UNSUPPORTED_MEDIA_TYPE for a content type no parser takes', async () => {
      const response = await createPatient('<patient/>', { 'content-type': 'application/xml' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported content type: application/xml',
      });
    });

    it('answers 400 INVALID_JSON for JSON that does not parse, or is empty', async () => {
      const broken = await createPatient('{"fullName": ');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toEqual({
        code: 'INVALID_JSON',
        message: 'body: is not valid JSON',
      });
      const empty = await createPatient('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.code).toBe('INVALID_JSON');
    });
  });

  describe('every 429 says when to try again', () => {
    it('the per-address limit of a public endpoint (@fastify/rate-limit)', async () => {
      const ask = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/access-requests',
          remoteAddress: '198.51.100.40',
          payload: {
            name: 'Rae Limit',
            email: 'rae@example.test',
            organization: 'Rate Practice',
            phone: '555-0102',
            role: 'clinic',
          },
        });
      for (let index = 0; index < PUBLIC_RATE_LIMITS.accessRequest.max; index += 1) await ask();
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    });

    it('the sign-in throttle', async () => {
      const attempt = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '198.51.100.41',
          payload: { email: 'attorney2@demo.test', password: 'not the password at all' },
        });
      for (let index = 0; index < LOGIN_LIMITS.perAccountAndAddress.freeFailures; index += 1)
        await attempt();
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('any other 429, with the default when it names no time', async () => {
      // The app's own handler on a bare app: a route that throws a 429 of no time of its own.
      const bare = Fastify();
      bare.setErrorHandler(createErrorHandler(server.context.db));
      bare.get('/limited', async () => {
        throw new AppError('RATE_LIMITED', 'Slow down');
      });
      const refused = await bare.inject({ url: '/limited' });
      await bare.close();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
      expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Slow down' });
    });
  });

  describe('a database too busy to lend a connection', () => {
    it('answers 503 with Retry-After, not 500, however the error is wrapped', async () => {
      const bare = Fastify();
      bare.setErrorHandler(createErrorHandler(server.context.db));
      bare.get('/pool', async () => {
        throw new Error('timeout exceeded when trying to connect');
      });
      bare.get('/wrapped', async () => {
        const cause = new Error('Connection terminated due to connection timeout');
        throw new Error('Failed query: select 1', { cause });
      });
      for (const url of ['/pool', '/wrapped']) {
        const answered = await bare.inject({ url });
        expect({ url, status: answered.statusCode }).toEqual({ url, status: 503 });
        expect(answered.headers['retry-after']).toBe(String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
        expect(answered.json().error).toEqual({
          code: 'UNAVAILABLE',
          message: DATABASE_BUSY_MESSAGE,
        });
      }
      await bare.close();
    });
  });
});
