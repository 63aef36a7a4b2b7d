import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from './import-progress.ts';

describe('the import command’s progress lines', () => {
  it('counts done and total per collection, with thousands separated', () => {
    const lines: string[] = [];
    const print = createProgressPrinter((line) => lines.push(line));
    print('patients', 1_000, { total: 5_000 });
    print('patients/billingEntries', 20_000, { total: 20_000 });
    expect(lines).toEqual(['patients 1,000/5,000', 'patients/billingEntries 20,000/20,000']);
  });
});
