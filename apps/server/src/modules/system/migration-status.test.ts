import { describe, expect, it } from 'vitest';
import { compareMigrations } from './migration-status.ts';

const JOURNAL = [
  { tag: '0000_init', when: 1_000 },
  { tag: '0001_more', when: 2_000 },
  { tag: '0002_latest', when: 3_000 },
];
const at = (ms: number) => new Date(ms).toISOString();

describe('compareMigrations', () => {
  it('finds nothing to report when the database applied exactly the journal', () => {
    expect(compareMigrations(JOURNAL, [1_000, 2_000, 3_000])).toEqual({
      applied: 3,
      known: 3,
      latest: { tag: '0002_latest', createdAt: at(3_000) },
      pending: [],
      unknown: [],
    });
  });

  it('names what a newer instance applied, which this code has no tag for', () => {
    const status = compareMigrations(JOURNAL, [1_000, 2_000, 3_000, 4_000]);
    expect(status.latest).toEqual({ tag: null, createdAt: at(4_000) });
    expect(status.unknown).toEqual([{ tag: null, createdAt: at(4_000) }]);
    expect(status.pending).toEqual([]);
  });

  it('names what this code knows and the database has not applied', () => {
    const status = compareMigrations(JOURNAL, [1_000, 3_000]);
    expect(status.pending).toEqual([{ tag: '0001_more', createdAt: at(2_000) }]);
    expect(status.applied).toBe(2);
  });

  it('reports an empty database', () => {
    expect(compareMigrations(JOURNAL, [])).toMatchObject({ applied: 0, latest: null });
    expect(compareMigrations(JOURNAL, []).pending).toHaveLength(3);
  });
});
