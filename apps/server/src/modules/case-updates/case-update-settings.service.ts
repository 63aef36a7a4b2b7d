import { canConfigureCaseUpdates } from '@casebridge/domain/case-updates/case-updates.policy';
import type { TCaseUpdateSetting } from '@casebridge/domain/case-updates/case-updates.schemas';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { writeAuditOnItsOwn } from '#src/modules/audit/audit.service.ts';
import {
  findFirmSetting,
  updateFirmInterval,
  type CaseUpdateSettingRow,
} from './case-updates.queries.ts';

const toDto = (row: CaseUpdateSettingRow): TCaseUpdateSetting => ({
  firmId: row.id,
  firmName: row.name,
  intervalDays: row.caseUpdateIntervalDays,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  updatedByName: row.updatedByName,
});

/**
 * A firm's attorney configures their own firm and an administrator any firm; another firm (or an
 * id that is no firm) answers 404 like a missing record.
 */
async function requireConfigurableFirm(
  db: Db,
  actor: Actor,
  firmId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CaseUpdateSettingRow> {
  if (!canConfigureCaseUpdates(actor, firmId)) throw notFound();
  const row = await findFirmSetting(db, firmId, options);
  if (!row) throw notFound();
  return row;
}

export async function getCaseUpdateSetting(
  db: Db,
  actor: Actor,
  firmId: string,
  context: Pick<RequestContext, 'ip'>,
): Promise<TCaseUpdateSetting> {
  const row = await requireConfigurableFirm(db, actor, firmId);
  await writeAuditOnItsOwn(db, {
    action: 'case_update_setting_viewed',
    actor,
    details: `firm "${row.name}"`,
    ip: context.ip,
  });
  return toDto(row);
}

/**
 * Saves the firm's interval from the version the user saw (409 with the setting as it is when
 * the firm changed since). The overdue flags follow at once: they are computed when read.
 */
export async function updateCaseUpdateSetting(
  db: Db,
  actor: Actor,
  firmId: string,
  input: { intervalDays: number; expected: number },
  context: RequestContext,
): Promise<TCaseUpdateSetting> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await requireConfigurableFirm(tx, actor, firmId, { forUpdate: true });
    await assertVersion(current, input.expected, () => toDto(current));
    const row = await updateFirmInterval(tx, actor, firmId, input.intervalDays);
    change
      .audit({
        action: 'case_update_setting_updated',
        details: `firm "${row.name}": ${current.caseUpdateIntervalDays} → ${row.caseUpdateIntervalDays} days`,
      })
      .publish({ topic: 'organization.changed', payload: { id: firmId } });
    return toDto(row);
  });
}
