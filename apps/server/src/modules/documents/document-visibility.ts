import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES } from '@casebridge/domain/constants';
import {
  getDocumentCategoryStatuses,
  type PolicyActor,
} from '@casebridge/domain/patients/patient.policy';
import { TREATMENT_STATUSES } from '@casebridge/domain/patients/treatment-status';
import { documents, patients } from '#src/db/schema/index.ts';

/**
 * The category rule of spec section 6 as a WHERE clause on documents joined to patients, built
 * from the domain's one statement of it (`RESTRICTED_DOCUMENT_CATEGORIES` through
 * `getDocumentCategoryStatuses`, which `canSeeDocumentCategory` reads too), so the SQL cannot
 * disagree with the predicate. A condition, not a query: this module's queries and the
 * notifications' (a notification about a document) both filter with it, like patient-scope.ts.
 * A removed document is kept for the audit but hidden from everyone, admins included, here.
 */
export function documentVisibilityCondition(actor: Pick<PolicyActor, 'role'>): SQL {
  const allowed: SQL[] = [];
  for (const category of DOCUMENT_CATEGORIES) {
    const statuses = getDocumentCategoryStatuses(actor.role, category);
    if (statuses.length === TREATMENT_STATUSES.length)
      allowed.push(eq(documents.category, category));
    else if (statuses.length > 0)
      allowed.push(
        and(eq(documents.category, category), inArray(patients.treatmentStatus, [...statuses]))!,
      );
  }
  if (allowed.length === 0) return sql`false`;
  return and(isNull(documents.removedAt), or(...allowed))!;
}
