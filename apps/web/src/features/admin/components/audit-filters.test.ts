import { describe, expect, it } from 'vitest';
import { toAuditRange } from './audit-filters.tsx';

describe('audit date range', () => {
  it('covers whole local days', () => {
    const range = toAuditRange({ fromDate: '2024-05-01', toDate: '2024-05-01' });
    expect(new Date(range.from!).getTime()).toBe(new Date(2024, 4, 1, 0, 0, 0, 0).getTime());
    expect(new Date(range.to!).getTime()).toBe(new Date(2024, 4, 1, 23, 59, 59, 999).getTime());
    expect(toAuditRange({ fromDate: '', toDate: '' })).toEqual({ from: undefined, to: undefined });
  });
});
