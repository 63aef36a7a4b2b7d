import type { DocumentCategory } from '@casebridge/domain/constants';

/**
 * Uploads one file to the patient's documents and answers the new document's id. The page
 * passes the documents feature's upload in (features never import each other), so a fulfilment
 * goes through the one upload path with its checks.
 */
export type UploadRequestFile = (input: {
  patientId: string;
  category: DocumentCategory;
  file: File;
}) => Promise<{ id: string }>;
