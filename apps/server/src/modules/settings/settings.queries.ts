import { DEFAULT_SETTINGS, type TSettings } from '@casebridge/domain/settings/settings.schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { settings } from '#src/db/schema/index.ts';

/** The settings row, created with the defaults of spec section 9 when missing. */
export async function getSettings(db: Db): Promise<TSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, true));
  if (row) {
    return {
      maxUploadMb: row.maxUploadMb,
      sessionTimeoutMinutes: row.sessionTimeoutMinutes,
      allowClinicPatientCreation: row.allowClinicPatientCreation,
      requireUserApproval: row.requireUserApproval,
      emailNotificationsEnabled: row.emailNotificationsEnabled,
      smsNotificationsEnabled: row.smsNotificationsEnabled,
      detailedEmailContent: row.detailedEmailContent,
    };
  }
  await db
    .insert(settings)
    .values({ id: true, ...DEFAULT_SETTINGS })
    .onConflictDoNothing();
  return DEFAULT_SETTINGS;
}

export async function updateSettings(
  db: Db,
  values: TSettings,
  updatedBy: string,
): Promise<TSettings> {
  await getSettings(db);
  await db
    .update(settings)
    .set({ ...values, updatedAt: new Date(), updatedBy })
    .where(eq(settings.id, true));
  return values;
}
