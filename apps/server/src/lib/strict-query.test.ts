import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZListAuditLogsQuery } from '@casebridge/domain/audit/audit-log.schemas';
import { ZListCaseRequestsQuery } from '@casebridge/domain/requests/case-request.schemas';
import { declaredQueryKeys } from './strict-query.ts';

describe('declaredQueryKeys', () => {
  it('reads the keys through refinements, transforms, pipes and unions', () => {
    expect([...declaredQueryKeys(ZListAuditLogsQuery)].toSorted()).toEqual(
      ['action', 'cursor', 'from', 'limit', 'patient', 'to', 'user'].toSorted(),
    );
    expect(declaredQueryKeys(ZListCaseRequestsQuery).has('updatedSince')).toBe(true);
    const piped = z.object({ a: z.string() }).transform((value) => value);
    expect([...declaredQueryKeys(piped)]).toEqual(['a']);
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
    expect([...declaredQueryKeys(union)].toSorted()).toEqual(['a', 'b']);
  });

  it('declares nothing for a route without a querystring schema', () => {
    expect(declaredQueryKeys(undefined).size).toBe(0);
  });
});
