// A third-party client of the API contract, as a partner system would write it: openapi-fetch
// over the `paths` openapi-typescript generates from GET /api/openapi.json. It is never run;
// scripts/openapi-check.mjs generates the types into a temporary directory and type-checks this
// file against them (`casebridge-openapi-paths` points there), so a contract change that breaks
// these calls fails CI.
import createClient from 'openapi-fetch';
import type { paths } from 'casebridge-openapi-paths';

export function connect(baseUrl: string, token: string) {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
}

type Client = ReturnType<typeof connect>;

/** The first page of patients whose name matches, with their ids and statuses. */
export async function findPatients(client: Client, search: string) {
  const { data, error } = await client.GET('/api/patients', { params: { query: { search } } });
  if (error) throw new Error(`${error.error.code}: ${error.error.message}`);
  return data.items.map((patient) => ({ id: patient.id, status: patient.treatmentStatus }));
}

/** Uploads one file under a category; the body goes out as multipart/form-data. */
export async function uploadDocument(client: Client, patientId: string, file: Blob) {
  const { data, error, response } = await client.POST('/api/patients/{patientId}/documents', {
    params: { path: { patientId } },
    body: { category: 'MRI', file },
    bodySerializer(body) {
      const form = new FormData();
      // The category goes first: the server reads the parts in order.
      form.append('category', body.category);
      form.append('file', body.file, 'mri-report.pdf');
      return form;
    },
  });
  if (error) throw new Error(`${response.status} ${error.error.code}`);
  return { id: data.id, category: data.category };
}

/** The Billing History as CSV text. */
export async function exportBilling(client: Client, patientId: string): Promise<string> {
  const { data, error } = await client.GET('/api/patients/{patientId}/billing.csv', {
    params: { path: { patientId } },
    parseAs: 'text',
  });
  if (error) throw new Error(error.error.message);
  return data;
}

/** Adds a billing line, safe to repeat with the same idempotency key. */
export async function addBillingLine(client: Client, patientId: string, idempotencyKey: string) {
  const { data, error } = await client.POST('/api/patients/{patientId}/billing', {
    params: { path: { patientId }, header: { 'Idempotency-Key': idempotencyKey } },
    body: { cptCode: '97110', sessionCount: 3, amount: '375.00' },
  });
  if (error) throw new Error(error.error.message);
  return data.id;
}

/** A stored document's bytes. */
export async function downloadDocument(client: Client, documentId: string): Promise<Blob> {
  const { data, error } = await client.GET('/api/documents/{documentId}/download', {
    params: { path: { documentId } },
    parseAs: 'blob',
  });
  if (error) throw new Error(error.error.message);
  return data;
}
