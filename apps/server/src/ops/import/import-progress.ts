import type { ImportOptions } from './import-run.ts';

const count = new Intl.NumberFormat('en-US');

/**
 * Progress lines for the command, on stderr so stdout keeps only the report: one per chunk of a
 * collection, 'patients 1,000/5,000', and one when it is done.
 */
export function createProgressPrinter(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): NonNullable<ImportOptions['onProgress']> {
  return (collection, done, { total }) =>
    write(`${collection} ${count.format(done)}/${count.format(total)}`);
}
