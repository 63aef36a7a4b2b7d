import { and, eq, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES } from '@casebridge/domain/constants';
import {
  canSeeDocumentCategory,
  getPatientScope,
} from '@casebridge/domain/patients/patient.policy';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { events, patients } from '../db/schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { patientScopeCondition } from '../modules/patients/patient-scope.ts';

const isAdminOnly = sql`coalesce(${events.payload} -> 'adminOnly' = 'true'::jsonb, false)`;
const isDocumentEvent = sql`${events.topic} like 'document.%'`;
/** Like canReceiveDocumentEvent: an event without a valid category counts as Intake. */
const eventCategory = sql`case when ${events.payload} ->> 'category' in (${sql.join(
  DOCUMENT_CATEGORIES.map((category) => sql`${category}`),
  sql`, `,
)}) then ${events.payload} ->> 'category' else 'Intake' end`;

/**
 * The category rule of spec section 6 for document events, against the patient's status now.
 * Derived from the pure policy pair by pair (as documentVisibilityCondition is for documents),
 * so it cannot disagree with canSeeDocumentCategory.
 */
function documentEventCondition(actor: Actor): SQL {
  const allowed: SQL[] = [];
  for (const category of DOCUMENT_CATEGORIES) {
    const statuses = TREATMENT_STATUSES.filter((status) =>
      canSeeDocumentCategory(actor, category, status),
    );
    if (statuses.length === TREATMENT_STATUSES.length)
      allowed.push(sql`${eventCategory} = ${category}`);
    else if (statuses.length > 0)
      allowed.push(
        and(sql`${eventCategory} = ${category}`, inArray(patients.treatmentStatus, statuses))!,
      );
  }
  return or(not(isDocumentEvent), ...allowed)!;
}

/**
 * The rule of event-filter.ts as a WHERE clause on `events` left-joined to `patients` on the
 * event's patient, so a replay reads only what the actor may receive: their own events, admin
 * events for admins, events about no patient, and events about a patient in their scope (for
 * document events, a category they may see at the patient's current status). An actor whose
 * scope cannot be computed receives no patient events, as with the live filter.
 */
export function eventVisibilityCondition(actor: Actor): SQL {
  let patientCondition: SQL;
  try {
    patientCondition = patientScopeCondition(getPatientScope(actor));
  } catch {
    patientCondition = sql`false`;
  }
  const isBroadcast = and(isNull(events.recipientUserId), not(isAdminOnly))!;
  return or(
    eq(events.recipientUserId, actor.userId),
    and(
      isNull(events.recipientUserId),
      isAdminOnly,
      actor.role === 'admin' ? sql`true` : sql`false`,
    ),
    and(isBroadcast, isNull(events.patientId)),
    and(isBroadcast, isNotNull(patients.id), patientCondition, documentEventCondition(actor)),
  )!;
}
