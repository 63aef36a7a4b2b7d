import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORM_TEXTS,
  ZCreateWebhookEndpoint,
  ZCreateWebhookForm,
  ZUpdateWebhookEndpoint,
} from './webhook.schemas.ts';

const ORGANIZATION = '11111111-1111-4111-8111-111111111111';
const form = { url: 'https://pms.example/hook', description: '', eventTypes: ['billing.added'] };
const issuesOf = (input: unknown) =>
  ZCreateWebhookForm.safeParse(input).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('ZCreateWebhookEndpoint', () => {
  it('takes a blank, null or absent description as none', () => {
    for (const description of ['  ', null, undefined])
      expect(ZCreateWebhookEndpoint.parse({ ...form, description }).description ?? null).toBeNull();
  });

  it('accepts what it makes of a request, as the update does', () => {
    const parsed = ZCreateWebhookEndpoint.parse({ ...form, description: '' });
    expect(ZCreateWebhookEndpoint.safeParse(parsed).success).toBe(true);
    expect(ZUpdateWebhookEndpoint.safeParse({ description: null }).success).toBe(true);
  });
});

describe('ZCreateWebhookForm', () => {
  it("checks the address and the event types in the dialog's words", () => {
    expect(issuesOf({ ...form, url: ' ', eventTypes: [] })).toEqual([
      ['url', WEBHOOK_FORM_TEXTS.urlInvalid],
      ['eventTypes', WEBHOOK_FORM_TEXTS.eventTypesRequired],
    ]);
    expect(issuesOf({ ...form, url: 'ftp://pms.example/hook' })).toEqual([
      ['url', WEBHOOK_FORM_TEXTS.urlInvalid],
    ]);
    expect(issuesOf({ ...form, description: 'x'.repeat(501) })).toEqual([
      ['description', 'must be at most 500 characters'],
    ]);
  });

  it('makes a create request the route accepts, a blank description sent as null', () => {
    const request = ZCreateWebhookForm.parse({
      ...form,
      url: ' https://pms.example/hook ',
      description: '   ',
    });
    expect(request).toEqual({
      url: 'https://pms.example/hook',
      description: null,
      eventTypes: ['billing.added'],
    });
    expect(ZCreateWebhookEndpoint.safeParse(request).success).toBe(true);
  });

  it("sends an administrator's choice of organisation, or null for all patients", () => {
    const scoped = ZCreateWebhookForm.parse({
      ...form,
      description: ' Harbor sync ',
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      organizationId: ORGANIZATION,
    });
    expect(scoped).toMatchObject({ description: 'Harbor sync', organizationId: ORGANIZATION });
    expect(ZCreateWebhookEndpoint.safeParse(scoped).success).toBe(true);
    const everyone = ZCreateWebhookForm.parse({ ...form, organizationId: '' });
    expect(everyone.organizationId).toBeNull();
    expect(ZCreateWebhookEndpoint.safeParse(everyone).success).toBe(true);
    // Anyone else names no organisation at all: the route refuses theirs, even null.
    expect(ZCreateWebhookForm.parse(form)).not.toHaveProperty('organizationId');
  });
});
