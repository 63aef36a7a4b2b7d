import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';
import { uploadDocument } from '#src/features/documents/api/upload-document.ts';

/**
 * A request's fulfilment uploads its file through the documents' own upload, with its checks;
 * the pages hand this to the case-requests feature (features never import each other).
 */
export const uploadRequestFile: UploadRequestFile = ({ patientId, category, file }) =>
  uploadDocument({ patientId, category, file, onProgress: () => undefined });
