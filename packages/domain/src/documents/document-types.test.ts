import { describe, expect, it } from 'vitest';
import {
  getAllowedDocumentExtension,
  getFileExtension,
  isWithinUploadLimit,
  toDisplayFileName,
} from './document-types.ts';

describe('document types', () => {
  it.each([
    ['scan.PDF', 'pdf'],
    ['photo.jpeg', 'jpeg'],
    ['notes.txt', 'txt'],
    ['report.docx', 'docx'],
  ])('%s is allowed as %s', (name, extension) => {
    expect(getAllowedDocumentExtension(name)).toBe(extension);
  });

  it.each(['invoice.pdf.html', 'script.js', 'archive.zip', 'noextension', '.pdf', 'trailing.'])(
    'refuses %s',
    (name) => {
      expect(getAllowedDocumentExtension(name)).toBeNull();
    },
  );

  it('takes the extension of the last path segment only', () => {
    expect(getFileExtension('folder.pdf/readme')).toBeNull();
    expect(getFileExtension('../x/report.Pdf')).toBe('pdf');
  });

  it('allows less than the configured size: one byte under, not exactly 10 MB', () => {
    expect(isWithinUploadLimit(10 * 1024 * 1024 - 1, 10)).toBe(true);
    expect(isWithinUploadLimit(10 * 1024 * 1024, 10)).toBe(false);
  });

  it('shows a name without directories or control characters', () => {
    expect(toDisplayFileName('../../etc/\u0000pass\r\nwd.pdf')).toBe('passwd.pdf');
    expect(toDisplayFileName('C:\\temp\\x.txt')).toBe('x.txt');
    expect(toDisplayFileName('a\u202Egnp.pdf')).toBe('agnp.pdf');
  });
});
