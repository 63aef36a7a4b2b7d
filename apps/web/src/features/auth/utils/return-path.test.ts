import { describe, expect, it } from 'vitest';
import { getReturnPath } from './return-path.ts';

describe('getReturnPath', () => {
  it('returns the path and query the guard saved', () => {
    expect(getReturnPath({ from: '/patients/abc?tab=messages' })).toBe(
      '/patients/abc?tab=messages',
    );
  });

  it.each([
    ['no state', null],
    ['no from', {}],
    ['a non-string from', { from: 42 }],
    ['a full URL', { from: 'https://evil.example/x' }],
    ['a protocol-relative URL', { from: '//evil.example/x' }],
    ['a backslash URL', { from: '/\\evil.example' }],
    ['the login page', { from: '/login' }],
  ])('falls back to /dashboard for %s', (_label, state) => {
    expect(getReturnPath(state)).toBe('/dashboard');
  });
});
