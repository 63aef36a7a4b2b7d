import {
  DEFAULT_SETTINGS,
  type TSettings,
  type TSettingsRecord,
} from '@casebridge/domain/settings/settings.schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { settings } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';

type SettingsRow = typeof settings.$inferSelect;

const toSettings = (row: SettingsRow): TSettings => ({
  maxUploadMb: row.maxUploadMb,
  sessionTimeoutMinutes: row.sessionTimeoutMinutes,
  allowClinicPatientCreation: row.allowClinicPatientCreation,
  requireUserApproval: row.requireUserApproval,
  emailNotificationsEnabled: row.emailNotificationsEnabled,
  smsNotificationsEnabled: row.smsNotificationsEnabled,
  detailedEmailContent: row.detailedEmailContent,
  requireMfaRoles: row.requireMfaRoles,
});

const toSettingsRecord = (row: SettingsRow): TSettingsRecord => ({
  ...toSettings(row),
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  updatedByName: row.updatedByName,
});

const insertDefaults = (db: Db) =>
  db
    .insert(settings)
    .values({ id: true, ...DEFAULT_SETTINGS })
    .onConflictDoNothing();

/** The settings row, created with the defaults of spec section 9 when missing. */
export async function getSettings(db: Db): Promise<TSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, true));
  if (row) return toSettings(row);
  await insertDefaults(db);
  return DEFAULT_SETTINGS;
}

/**
 * The settings with their version, as the admin reads and edits them; `forUpdate` locks the
 * row until the write's transaction ends (the version check's read).
 */
export async function getSettingsRecord(
  db: Db,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<TSettingsRecord> {
  const read = () => {
    const query = db.select().from(settings).where(eq(settings.id, true));
    return forUpdate ? query.for('update') : query;
  };
  const [row] = await read();
  if (row) return toSettingsRecord(row);
  await insertDefaults(db);
  const [created] = await read();
  if (!created) throw new Error('settings row missing after insert');
  return toSettingsRecord(created);
}

/** Saves every setting as the next version of the settings. */
export async function updateSettings(
  db: Db,
  values: TSettings,
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<TSettingsRecord> {
  const [row] = await db
    .update(settings)
    .set({ ...values, ...nextVersion(settings, actor) })
    .where(eq(settings.id, true))
    .returning();
  if (!row) throw new Error('settings row missing');
  return toSettingsRecord(row);
}
