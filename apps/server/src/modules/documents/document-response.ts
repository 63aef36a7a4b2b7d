import type { FastifyReply } from 'fastify';
import { sanitizeFileName } from '@casebridge/domain/documents/document-naming';

export type DocumentDelivery = 'download' | 'preview';

/**
 * Document bytes never run as part of the app: a sandboxed, resource-less CSP, nosniff and an
 * explicit disposition. A preview may only be framed by the app itself.
 */
const CSP: Record<DocumentDelivery, string> = {
  download: "default-src 'none'; frame-ancestors 'none'; sandbox",
  preview: "default-src 'none'; frame-ancestors 'self'; sandbox",
};

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function toContentDisposition(delivery: DocumentDelivery, fileName: string): string {
  const type = delivery === 'download' ? 'attachment' : 'inline';
  const fallback = sanitizeFileName(fileName) || 'document';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendDocument(
  reply: FastifyReply,
  delivery: DocumentDelivery,
  document: { fileName: string; mimeType: string },
  data: Buffer,
) {
  const contentType =
    document.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : document.mimeType;
  return reply
    .header('content-type', contentType)
    .header('content-length', data.length)
    .header('content-disposition', toContentDisposition(delivery, document.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', CSP[delivery])
    .header('x-frame-options', delivery === 'preview' ? 'SAMEORIGIN' : 'DENY')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(data);
}
