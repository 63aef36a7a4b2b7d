import { z } from 'zod';
import { ZRecordIdParam } from '../record-id.ts';

/**
 * `/patients/:patientId/...` path parameters. The server's patient guard
 * (`requirePatientInScope`) checks the format together with the scope, so a malformed id, a
 * missing patient and one outside the caller's scope all answer the same 404.
 */
export const ZPatientIdParams = z.object({ patientId: ZRecordIdParam });
export type TPatientIdParams = z.infer<typeof ZPatientIdParams>;
