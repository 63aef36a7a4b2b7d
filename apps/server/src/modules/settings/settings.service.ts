import type { TSettings, TSettingsRecord } from '@casebridge/domain/settings/settings.schemas';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { getSettings, getSettingsRecord, updateSettings } from './settings.queries.ts';

// Other modules read the settings here: the queries file is this module's own (lint rule).
export { getSettings };

/**
 * Saves every setting at once, from the version the admin saw: made from an older version, it
 * changes nothing and answers 409 with the settings as they now are. Each request reads the
 * settings afresh, so a change applies to the very next request (idle timeout, upload limit,
 * patient creation, approval, e-mail content).
 */
export async function saveSettings(
  db: Db,
  actor: Actor,
  input: { values: TSettings; expected: number },
  context: RequestContext,
): Promise<TSettingsRecord> {
  const { values } = input;
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const before = await getSettingsRecord(tx, { forUpdate: true });
    await assertVersion(before, input.expected, () => before);
    const saved = await updateSettings(tx, values, actor);
    const changes = (Object.keys(values) as Array<keyof TSettings>)
      // String() so that a list ('Require MFA' roles) compares by its content.
      .filter((key) => String(before[key]) !== String(values[key]))
      .map((key) => `${key}: ${String(before[key])} -> ${String(values[key])}`);
    change.audit({
      action: 'settings_updated',
      details: changes.length > 0 ? changes.join('; ') : 'no changes',
    });
    // Everyone's session query learns the new idle timeout.
    change.publish({ topic: 'settings.changed' });
    return saved;
  });
}

/** The settings with their version, as the admin reads them before editing (no lock taken). */
export function getEditableSettings(db: Db): Promise<TSettingsRecord> {
  return getSettingsRecord(db);
}
