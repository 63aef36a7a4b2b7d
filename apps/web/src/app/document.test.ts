import type { TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { fillDocument, readPageSession } from './document.ts';

const TEMPLATE = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

const SESSION = {
  user: {
    id: '4b82fbed-4388-4b82-9f86-a25caf339614',
    email: 'clinic@demo.test',
    displayName: 'Casey </script><script>alert(1)</script> & \u2028 Harbor',
    role: 'clinic',
    organization: null,
    createdAt: '2026-11-23T18:01:32.269Z',
  },
  idleTimeoutMinutes: 60,
  canCreatePatients: true,
  secondFactor: 'complete',
} as unknown as TSessionResponse;

/** Puts the filled page's body into this document, as the browser would parse it. */
function load(html: string) {
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

describe('the page the server fills', () => {
  afterEach(() => document.body.replaceChildren());

  it('carries the session as data no value in it can break out of', () => {
    const html = fillDocument(TEMPLATE, { root: '<h1>Clinic Dashboard</h1>', session: SESSION });
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('<div id="root" data-prerendered><h1>Clinic Dashboard</h1></div>');
    load(html);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readPageSession()).toEqual(SESSION);
  });

  it('says signed out with null, and nothing when it carries no session', () => {
    load(fillDocument(TEMPLATE, { root: null, session: null }));
    expect(document.getElementById('root')?.hasAttribute('data-prerendered')).toBe(false);
    expect(readPageSession()).toBeNull();
    load(TEMPLATE);
    expect(readPageSession()).toBeUndefined();
  });

  it('refuses a page without the empty root element', () => {
    expect(() => fillDocument('<html><body></body></html>', { root: null })).toThrow(/root/);
  });
});
