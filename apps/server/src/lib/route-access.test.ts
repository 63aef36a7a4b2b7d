import { describe, expect, it } from 'vitest';
import { isVendorPublicRoute, UndeclaredRouteAccessError } from './route-access.ts';

describe('isVendorPublicRoute', () => {
  it('covers the Swagger UI and its assets', () => {
    expect(isVendorPublicRoute('/api/docs')).toBe(true);
    expect(isVendorPublicRoute('/api/docs/')).toBe(true);
    expect(isVendorPublicRoute('/api/docs/static/index.html')).toBe(true);
  });

  it('does not cover routes that merely start with the same letters', () => {
    expect(isVendorPublicRoute('/api/docsecret')).toBe(false);
    expect(isVendorPublicRoute('/api/documents')).toBe(false);
    expect(isVendorPublicRoute('/api/patients')).toBe(false);
  });
});

describe('UndeclaredRouteAccessError', () => {
  it('names the method and path', () => {
    const error = new UndeclaredRouteAccessError('GET', '/api/x');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(
      'Route GET /api/x does not declare its access (public or a capability)',
    );
  });
});
