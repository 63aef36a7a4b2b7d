import { describe, expect, it } from 'vitest';
import { checkFileBeforeUpload } from './check-file.ts';

const MB = 1024 * 1024;

describe('checkFileBeforeUpload', () => {
  it('accepts an allowed file under the limit', () => {
    expect(checkFileBeforeUpload({ name: 'scan.PDF', size: 10 * MB - 1 }, 10)).toEqual({
      isOk: true,
    });
  });

  it('refuses a type outside the accept list with the spec message', () => {
    expect(checkFileBeforeUpload({ name: 'invoice.pdf.html', size: 10 }, 10)).toEqual({
      isOk: false,
      reason: 'type',
      message: 'Invalid file type: invoice.pdf.html',
    });
  });

  it('refuses a file of exactly the configured limit, naming the limit', () => {
    expect(checkFileBeforeUpload({ name: 'a.png', size: 2 * MB }, 2)).toEqual({
      isOk: false,
      reason: 'size',
      message: 'File size must be less than 2MB',
    });
  });

  it('refuses an empty file', () => {
    expect(checkFileBeforeUpload({ name: 'a.txt', size: 0 }, 2)).toMatchObject({ reason: 'empty' });
  });
});
