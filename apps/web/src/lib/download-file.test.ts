import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { downloadFile } from './download-file.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it("saves the body under the server's file name", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('a,b\r\n', {
            headers: { 'content-disposition': 'attachment; filename="audit-log-2026.csv"' },
          }),
      ),
    );
    // jsdom has no object URLs: stand in for them on a copy of URL.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:x';
        static override revokeObjectURL = () => undefined;
      },
    );
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    await downloadFile('/api/audit-logs/export', 'fallback.csv');
    expect(clicked).toEqual([{ href: 'blob:x', download: 'audit-log-2026.csv' }]);
  });

  it("rejects with the server's message when the export fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not allowed' } }), {
            status: 403,
          }),
      ),
    );
    const failure = downloadFile('/api/audit-logs/export', 'audit.csv');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Not allowed');
  });

  it('rejects with the network message when the request cannot be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(downloadFile('/api/x', 'x.csv')).rejects.toBeInstanceOf(NetworkError);
  });
});
