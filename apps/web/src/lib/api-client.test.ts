import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, NetworkError } from './api-client.ts';

const created = () =>
  new Response(JSON.stringify({ id: 'b1' }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });

function stubFetch(...answers: Array<() => Response>) {
  const calls: RequestInit[] = [];
  const fetchStub = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(
    async (_url, init) => {
      calls.push(init);
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer();
    },
  );
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['idempotency-key'];

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a create with an Idempotency-Key and resends it with the same key after a network failure', async () => {
    const calls = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    }, created);
    await expect(
      apiFetch('/patients/p1/billing', { method: 'POST', body: { amount: '1' }, idempotent: true }),
    ).resolves.toEqual({ id: 'b1' });
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(calls[1]!)).toBe(keyOf(calls[0]!));
  });

  it('gives each user action its own key', async () => {
    const calls = stubFetch(created, created);
    await apiFetch('/templates', { method: 'POST', body: {}, idempotent: true });
    await apiFetch('/templates', { method: 'POST', body: {}, idempotent: true });
    expect(keyOf(calls[0]!)).not.toBe(keyOf(calls[1]!));
  });

  it('gives up with the network error after three tries', async () => {
    const calls = stubFetch();
    await expect(
      apiFetch('/patients', { method: 'POST', body: {}, idempotent: true }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(3);
  });

  it('does not resend other requests, and sends them without a key', async () => {
    const calls = stubFetch();
    await expect(apiFetch('/auth/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(calls).toHaveLength(1);
    expect(keyOf(calls[0]!)).toBeUndefined();
  });

  it("shows a refused field's own words, and any other error's message", async () => {
    const refused = (error: object) => () =>
      new Response(JSON.stringify({ error }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    stubFetch(
      refused({
        code: 'VALIDATION_FAILED',
        message: 'dob: Date of birth is required',
        details: [{ field: 'dob', location: 'body', message: 'Date of birth is required' }],
      }),
      refused({ code: 'CONFLICT', message: 'Someone else changed it' }),
    );
    const first = await apiFetch('/patients', { method: 'POST', body: {} }).catch((e) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).message).toBe('Date of birth is required');
    expect((first as ApiError).code).toBe('VALIDATION_FAILED');
    const second = await apiFetch('/patients', { method: 'POST', body: {} }).catch((e) => e);
    expect((second as ApiError).message).toBe('Someone else changed it');
  });
});
