import { describe, expect, it } from 'vitest';
import {
  actorMayUse,
  ROLE_CAPABILITIES,
  TOKEN_CAPABILITIES,
  TOKEN_EXCLUDED_CAPABILITIES,
} from '../capabilities.ts';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import {
  API_TOKEN_TEXTS,
  disallowedTokenCapabilities,
  tokenRoleFor,
  ZCreateApiTokenRequest,
} from './api-token.schemas.ts';

const DAY_MS = 86_400_000;
const valid = {
  name: 'Practice sync',
  organizationId: null,
  capabilities: ['patients:read'],
  expiresAt: new Date(Date.now() + 90 * DAY_MS).toISOString(),
};

describe('what a token may hold', () => {
  it.each(ASSIGNABLE_ROLES)('%s: its role’s capabilities less the excluded ones', (role) => {
    for (const capability of TOKEN_CAPABILITIES[role]) {
      expect(ROLE_CAPABILITIES[role]).toContain(capability);
      expect(TOKEN_EXCLUDED_CAPABILITIES).not.toContain(capability);
    }
    expect(TOKEN_CAPABILITIES[role]).toContain('patients:read');
    for (const never of [
      'session',
      'notifications:own',
      'admin:api-tokens',
      'admin:users',
      'admin:access-grants',
      'admin:settings',
    ] as const)
      expect(TOKEN_CAPABILITIES[role]).not.toContain(never);
  });

  it('maps the organisation kind to the role', () => {
    expect([tokenRoleFor('clinic'), tokenRoleFor('firm'), tokenRoleFor('lienholder')]).toEqual([
      'clinic',
      'attorney',
      'lienholder',
    ]);
    expect(tokenRoleFor(null)).toBe('admin');
  });

  it('names what the role cannot hold', () => {
    expect(disallowedTokenCapabilities('attorney', ['patients:read', 'billing:create'])).toEqual([
      'billing:create',
    ]);
    expect(disallowedTokenCapabilities('clinic', ['patients:read', 'billing:create'])).toEqual([]);
  });
});

describe('actorMayUse', () => {
  it('a person: what the role allows', () => {
    expect(actorMayUse({ role: 'clinic' }, 'billing:create')).toBe(true);
    expect(actorMayUse({ role: 'attorney' }, 'billing:create')).toBe(false);
  });

  it('a token: the role AND its own list', () => {
    const token = { capabilities: ['patients:read', 'billing:create'] };
    expect(actorMayUse({ role: 'clinic', token }, 'patients:read')).toBe(true);
    expect(actorMayUse({ role: 'clinic', token }, 'billing:edit')).toBe(false);
    // A list the role does not allow (the role changed since) grants nothing.
    expect(actorMayUse({ role: 'attorney', token }, 'billing:create')).toBe(false);
    // Never what a token may not hold, even if a list somehow names it.
    expect(
      actorMayUse(
        { role: 'admin', token: { capabilities: ['admin:api-tokens'] } },
        'admin:api-tokens',
      ),
    ).toBe(false);
  });
});

describe('ZCreateApiTokenRequest', () => {
  it('accepts a valid request and orders the capabilities', () => {
    const parsed = ZCreateApiTokenRequest.parse({
      ...valid,
      capabilities: ['billing:create', 'patients:read', 'billing:create'],
    });
    expect(parsed.capabilities).toEqual(['patients:read', 'billing:create']);
  });

  it.each([
    [{ expiresAt: new Date(Date.now() - 1000).toISOString() }, API_TOKEN_TEXTS.expiryPast],
    [
      { expiresAt: new Date(Date.now() + 366 * DAY_MS).toISOString() },
      API_TOKEN_TEXTS.expiryTooFar,
    ],
    [{ expiresAt: '2030-01-01' }, API_TOKEN_TEXTS.expiryInvalid],
    [{ capabilities: [] }, API_TOKEN_TEXTS.capabilitiesRequired],
    [{ name: 'x'.repeat(101) }, API_TOKEN_TEXTS.nameRequired],
    [{ organizationId: 'harbor' }, API_TOKEN_TEXTS.organizationInvalid],
  ])('refuses %j', (change, message) => {
    const result = ZCreateApiTokenRequest.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
