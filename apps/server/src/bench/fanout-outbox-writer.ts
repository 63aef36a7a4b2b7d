import { eq } from 'drizzle-orm';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { openDatabase } from '#src/db/client.ts';
import { patients } from '#src/db/schema/index.ts';
import { publishEvent } from '#src/events/outbox.ts';

/**
 * A writer as plain as the floor's: one transaction that changes the status and publishes the
 * event through the real outbox (so the commit-order lock and NOTIFY are paid), with no HTTP,
 * authentication, audit or notifications in front of it.
 */
export async function openOutboxWriter(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  return {
    async write(patientId: string, status: TreatmentStatus): Promise<void> {
      await database.db.transaction(async (tx) => {
        await tx
          .update(patients)
          .set({ treatmentStatus: status, updatedAt: new Date() })
          .where(eq(patients.id, patientId));
        await publishEvent(tx, { topic: 'patient.updated', patientId });
      });
    },
    close: () => database.close(),
  };
}
