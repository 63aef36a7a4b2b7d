import type { TGapSetting } from '@casebridge/domain/gaps/treatment-gap.schemas';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { notFound } from '#src/lib/app-error.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { writeAuditOnItsOwn } from '#src/modules/audit/audit.service.ts';
import { runTreatmentGapCheck } from './treatment-gaps.service.ts';
import {
  findClinicGapSetting,
  updateClinicGapThreshold,
  type GapSettingRow,
} from './treatment-gaps.queries.ts';

/** The request's context and its log, where a failed recheck is reported. */
type GapSettingContext = RequestContext & { log: { warn(message: string): void } };

const toDto = (row: GapSettingRow): TGapSetting => ({
  clinicId: row.id,
  clinicName: row.name,
  thresholdDays: row.gapThresholdDays,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  updatedByName: row.updatedByName,
});

/**
 * A clinic user configures their own clinic and an administrator any clinic; any other clinic
 * (or an id that is no clinic) answers 404 like a missing record.
 */
async function requireConfigurableClinic(
  db: Db,
  actor: Actor,
  clinicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<GapSettingRow> {
  if (actor.role !== 'admin' && actor.organizationId !== clinicId) throw notFound();
  const row = await findClinicGapSetting(db, clinicId, options);
  if (!row) throw notFound();
  return row;
}

export async function getGapSetting(
  db: Db,
  actor: Actor,
  clinicId: string,
  context: Pick<RequestContext, 'ip'>,
): Promise<TGapSetting> {
  const row = await requireConfigurableClinic(db, actor, clinicId);
  await writeAuditOnItsOwn(db, {
    action: 'gap_setting_viewed',
    actor,
    details: `clinic "${row.name}"`,
    ip: context.ip,
  });
  return toDto(row);
}

/**
 * Saves a clinic's threshold from the version the user saw (409 with the setting as it is when
 * the clinic changed since), then runs the gap check at once so the badges follow the new
 * threshold without waiting for the next periodic run.
 */
export async function updateGapSetting(
  db: Db,
  actor: Actor,
  clinicId: string,
  input: { thresholdDays: number; expected: number },
  context: GapSettingContext,
): Promise<TGapSetting> {
  const saved = await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await requireConfigurableClinic(tx, actor, clinicId, { forUpdate: true });
    await assertVersion(current, input.expected, () => toDto(current));
    const row = await updateClinicGapThreshold(tx, actor, clinicId, input.thresholdDays);
    change
      .audit({
        action: 'gap_setting_updated',
        details: `clinic "${row.name}": ${current.gapThresholdDays} → ${row.gapThresholdDays} days`,
      })
      .publish({ topic: 'organization.changed', payload: { id: clinicId } });
    return toDto(row);
  });
  await recheckTreatmentGaps(db, context);
  return saved;
}

/**
 * Runs the gap check at once after a clinic's threshold changed (here or in the admin's
 * organisation edit), so the badges follow without waiting for the periodic run. The change is
 * already saved: a failure is logged, and the periodic check catches up.
 */
export async function recheckTreatmentGaps(
  db: Db,
  context: Pick<GapSettingContext, 'appUrl' | 'log'>,
): Promise<void> {
  await runTreatmentGapCheck(db, { appUrl: context.appUrl }).catch((error: unknown) =>
    context.log.warn(`treatment gap check after a threshold change: ${String(error)}`),
  );
}
