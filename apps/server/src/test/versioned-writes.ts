import { expect } from 'vitest';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import type { TestServer } from './test-server.ts';

type VersionedWrite = {
  method: 'PATCH' | 'PUT' | 'POST';
  url: string;
};

/**
 * Two sessions change the same record from the version both of them read: the first write, with
 * a matching `If-Match`, makes the next version (in its body and its ETag); the second is refused
 * with 409 and the record exactly as the first write left it. Returns both answers' bodies, so
 * the caller can check that the database holds the first write.
 */
export async function writeTwiceFromOneVersion(
  server: TestServer,
  write: VersionedWrite & {
    version: number;
    first: { cookie: string; body: unknown };
    second: { cookie: string; body: unknown };
  },
): Promise<{ saved: Record<string, unknown>; refused: Record<string, unknown> }> {
  const headers = { 'if-match': formatEtag(write.version) };
  const send = ({ cookie, body }: { cookie: string; body: unknown }) =>
    server.request({ method: write.method, url: write.url, cookie, body, headers });
  const first = await send(write.first);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ version: write.version + 1 });
  expect(first.headers.etag).toBe(formatEtag(write.version + 1));
  const second = await send(write.second);
  expect(second.statusCode).toBe(409);
  expect(second.json()).toMatchObject({ error: { code: 'CONFLICT' }, current: first.json() });
  return { saved: first.json(), refused: second.json() };
}

/** A write that names no version (no `If-Match`, no `version` field) is refused with 428. */
export async function expectVersionRequired(
  server: TestServer,
  write: VersionedWrite & { cookie: string; body: unknown },
): Promise<void> {
  const answer = await server.request(write);
  expect(answer.statusCode).toBe(428);
  expect(answer.json().error.code).toBe('PRECONDITION_REQUIRED');
}
