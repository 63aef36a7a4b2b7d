import { describe, expect, it } from 'vitest';
import { isSameOriginWrite } from './same-origin.ts';

describe('isSameOriginWrite', () => {
  it('accepts the same origin and non-browser clients', () => {
    expect(isSameOriginWrite({ host: 'app.example', origin: 'https://app.example' })).toBe(true);
    expect(isSameOriginWrite({ host: 'app.example' })).toBe(true);
    expect(isSameOriginWrite({ host: 'app.example', 'sec-fetch-site': 'same-origin' })).toBe(true);
  });

  it('refuses other, opaque and malformed origins and cross-site fetches', () => {
    expect(isSameOriginWrite({ host: 'app.example', origin: 'https://evil.example' })).toBe(false);
    expect(isSameOriginWrite({ host: 'app.example', origin: 'null' })).toBe(false);
    expect(isSameOriginWrite({ host: 'app.example', origin: 'garbage' })).toBe(false);
    expect(isSameOriginWrite({ host: 'app.example', 'sec-fetch-site': 'cross-site' })).toBe(false);
  });
});
