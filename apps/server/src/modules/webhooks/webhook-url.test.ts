import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#src/env.ts';
import { AppError } from '#src/lib/app-error.ts';
import { signWebhookBody } from './webhook-jobs.ts';
import type { LookupAddress } from 'node:dns';
import {
  checkWebhookUrl,
  NOT_PUBLIC_MESSAGE,
  publicOnlyLookup,
  resolvesToPublicAddresses,
} from './webhook-url.ts';

const DEV = { isProduction: false, allowHttpLoopback: true };
const PROD = { isProduction: true, allowHttpLoopback: false };

function refusal(url: string, policy: typeof DEV): string | null {
  try {
    checkWebhookUrl(url, policy);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

describe('webhook addresses', () => {
  it('takes https anywhere public, and http only on loopback outside production', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in#x', PROD)).toBe(
      'https://hooks.example.com/in',
    );
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', DEV)).toBe('http://127.0.0.1:4000/hook');
    expect(checkWebhookUrl('http://localhost/hook', DEV)).toBe('http://localhost/hook');
    expect(checkWebhookUrl('http://[::1]:80/hook', DEV)).toBe('http://[::1]/hook');
    expect(refusal('http://hooks.example.com/', DEV)).toBe('url: must be an https:// address');
    expect(refusal('http://127.0.0.1/', { ...DEV, allowHttpLoopback: false })).toBe(
      'url: must be an https:// address',
    );
    expect(refusal('http://127.0.0.1/', PROD)).toBe('url: must be an https:// address');
  });

  it.each([
    'https://127.0.0.1/',
    'https://localhost/',
    'https://10.1.2.3/',
    'https://172.20.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://[::ffff:10.0.0.1]/',
    // IPv6 forms that carry an internal IPv4 address, and the other non-public IPv6 ranges.
    'https://[::127.0.0.1]/',
    'https://[::ffff:0:7f00:1]/',
    'https://[::ffff:7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[2002:a00:1::]/',
    'https://[64:ff9b::a00:1]/',
    'https://[64:ff9b:1::a00:1]/',
    'https://[fec0::1]/',
    'https://[fe80::1]/',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'https://[::]/',
  ])('refuses the non-public address %s in production', (url) => {
    expect(refusal(url, PROD)).toBe(
      'url: must be a public address (not loopback or a private network)',
    );
    expect(refusal(url, DEV)).toBeNull();
  });

  it('takes public IPv6 addresses, and 6to4 or mapped forms of a public IPv4 address', () => {
    for (const url of [
      'https://[2606:4700:4700::1111]/',
      'https://[2002:808:808::]/',
      'https://[::ffff:8.8.8.8]/',
    ])
      expect(refusal(url, PROD)).toBeNull();
  });

  it('refuses at connect time a name that resolves to an IPv6 form of an internal address', async () => {
    for (const address of ['::ffff:0:7f00:1', '2002:a00:1::', '64:ff9b:1::a00:1', 'fec0::1'])
      expect(
        await resolvesToPublicAddresses('https://hooks.example.com/', PROD, async () => [
          { address, family: 6 },
        ]),
      ).toBe(false);
  });

  it('refuses credentials in the address', () => {
    expect(refusal('https://a:b@hooks.example.com/', DEV)).toBe(
      'url: must not contain a user name or password',
    );
  });

  it('checks what a name resolves to in production only', async () => {
    const to =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address }));
    const url = 'https://hooks.example.com/';
    expect(await resolvesToPublicAddresses(url, PROD, to('93.184.216.34'))).toBe(true);
    expect(await resolvesToPublicAddresses(url, PROD, to('93.184.216.34', '10.0.0.5'))).toBe(false);
    expect(await resolvesToPublicAddresses(url, PROD, to())).toBe(false);
    expect(await resolvesToPublicAddresses(url, { isProduction: false }, to('10.0.0.5'))).toBe(
      true,
    );
  });
});

describe('publicOnlyLookup (the connection of a send in production)', () => {
  const resolving =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address }));
  /** Calls the lookup as net.connect does; the callback's arguments. */
  const lookUp = (
    lookup: ReturnType<typeof publicOnlyLookup>,
    options: { all?: boolean; family?: number } = {},
  ) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>(
      (resolve) =>
        lookup('hooks.example.com', options, (error, address, family) =>
          resolve({ error, address, family }),
        ),
    );

  it('gives the connection the public addresses the name resolves to', async () => {
    const lookup = publicOnlyLookup(resolving('93.184.216.34', '2606:2800:220:1::1'));
    expect(await lookUp(lookup)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    const all = await lookUp(lookup, { all: true });
    expect(all.address as LookupAddress[]).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    expect((await lookUp(lookup, { family: 6 })).address).toBe('2606:2800:220:1::1');
  });

  it('refuses a name with any internal address, or none, before connecting', async () => {
    for (const addresses of [
      ['93.184.216.34', '127.0.0.1'],
      ['10.0.0.5'],
      ['::ffff:192.168.1.2'],
      [],
    ]) {
      const { error } = await lookUp(publicOnlyLookup(resolving(...addresses)), { all: true });
      expect(error?.message).toBe(NOT_PUBLIC_MESSAGE);
      expect(error?.code).toBe('ENOTPUBLIC');
    }
  });

  it('passes on a resolver error', async () => {
    const failing = publicOnlyLookup(() =>
      Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' })),
    );
    expect((await lookUp(failing)).error?.code).toBe('ENOTFOUND');
  });
});

describe('webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const body = '{"id":"x"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(signWebhookBody('whsec_test', body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });
});

describe('WEBHOOK_ALLOW_HTTP_LOOPBACK', () => {
  const base = {
    AUTH_SECRET: 'x'.repeat(40),
    DOCUMENT_KEY: Buffer.alloc(32, 3).toString('base64'),
    AUDIT_KEY: Buffer.alloc(32, 4).toString('base64'),
    DATA_DIR: '/tmp/casebridge-env-test-unused',
  };
  it('is on by default outside production, can be turned off, and is never on in production', () => {
    expect(parseEnv({ ...base, NODE_ENV: 'development' }).webhookAllowHttpLoopback).toBe(true);
    expect(
      parseEnv({ ...base, NODE_ENV: 'test', WEBHOOK_ALLOW_HTTP_LOOPBACK: 'false' })
        .webhookAllowHttpLoopback,
    ).toBe(false);
    expect(
      parseEnv({ ...base, NODE_ENV: 'production', WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true' })
        .webhookAllowHttpLoopback,
    ).toBe(false);
  });
});
