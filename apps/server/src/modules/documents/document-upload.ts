import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import { validationFailed } from '#src/lib/app-error.ts';

export type ReceivedUpload = {
  category: string | undefined;
  file: { fileName: string; data: Buffer; isTooLarge: boolean } | undefined;
};

const MULTIPART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads one multipart upload: the `category` field and the `file` part. At most `maxBytes` of
 * the file are kept; past that busboy truncates and the upload is reported as too large, so an
 * oversized body never sits in memory.
 */
export async function receiveUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { category: undefined, file: undefined };
  if (!request.isMultipart()) return received;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'category') received.category = String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname !== 'file') continue;
      received.file = {
        fileName: part.filename,
        data: Buffer.concat(chunks),
        isTooLarge: part.file.truncated,
      };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && MULTIPART_LIMIT_CODES.has(code))
      throw validationFailed(DOCUMENT_MESSAGES.oneFileOnly);
    throw error;
  }
  return received;
}
