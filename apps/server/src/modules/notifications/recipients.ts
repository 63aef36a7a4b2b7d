import type { SQL } from 'drizzle-orm';
import type { DocumentCategory, NotificationType } from '@casebridge/domain/constants';
import {
  getPreferenceToggle,
  type NotificationPreferenceToggle,
} from '@casebridge/domain/notifications/notification.schemas';
import { canSeeDocumentCategory } from '@casebridge/domain/patients/patient.policy';
import type { ReductionParty } from '@casebridge/domain/liens/lien-constants';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { InScopePatient, InScopePatientId } from '#src/modules/patients/patient-access.ts';
import {
  isPatientInAudienceOf,
  listActiveAdmins,
  listPatientAudience,
  listPatientAudiences,
  type AudienceMember,
} from './audience.queries.ts';
import { listNotificationAddresses, listUsersWithToggleOff } from './notifications.queries.ts';

/**
 * What happened, as the recipient rules need it. The notification type names the occasion, so
 * the preference toggle that applies (`getPreferenceToggle`) always matches the rule that chose
 * the audience. A billing line is not an occasion: nobody is notified, the Billing History and
 * the lienholder's Total Billed change live through the `billing.created` event.
 */
/** Who acted: the audience leaves out the actor and, for some occasions, their organisation. */
type OccasionActor = Pick<Actor, 'userId' | 'organizationId'>;

export type NotificationOccasion =
  /** A step of a reduction negotiation: the other side of the lien is told. */
  | {
      type: 'reduction';
      actor: OccasionActor;
      patient: InScopePatient;
      lienholderId: string;
      notify: ReductionParty;
    }
  | {
      type: 'status_update' | 'patient_edit' | 'message';
      actor: OccasionActor;
      patient: InScopePatient;
    }
  | {
      type: 'document_upload';
      actor: OccasionActor;
      patient: InScopePatient;
      category: DocumentCategory;
    }
  | { type: 'access_request' };

/** Roles that take part in a patient's team messages; a patient's contact does not. */
const MESSAGE_RECIPIENT_ROLES = new Set(['clinic', 'attorney', 'lienholder', 'admin']);

/**
 * Who is told about an occasion, before their preferences (docs/architecture.md D5). Every
 * rule starts from the patient's audience, the active users who may see the patient, so nobody
 * outside its scope is ever told; the actor is never told about their own action.
 *
 * - status change, demographics edit: the other organisations: neither admins nor the actor's
 *   own organisation;
 * - message: the patient's clinics, firm and lienholders and the admins;
 * - document: whoever may see the document's category now (the Intake rule);
 * - reduction step: the other side of the lien (the lienholder's users, or the firm's);
 * - access request: every active admin;
 * - treatment gap: the users of the patient's clinics and firm, told once a day of all their
 *   patients' new gaps (`gapDigestScopeOf`, the treatment-gap digest).
 */
export async function listNotificationAudience(
  db: Db,
  occasion: NotificationOccasion,
): Promise<string[]> {
  if (occasion.type === 'access_request') {
    const admins = await listActiveAdmins(db);
    return admins.map((admin) => admin.id);
  }
  const [recipients = []] = await listNotificationAudiences(db, [occasion]);
  return recipients;
}

/** An occasion about a patient whose audience a user's action reaches. */
type PatientOccasion = Extract<NotificationOccasion, { actor: OccasionActor }>;

/**
 * `listNotificationAudience` of each occasion, in order, with the patients' audiences read in
 * one statement: for a job that tells about many patients at once.
 */
export async function listNotificationAudiences(
  db: Db,
  occasions: readonly PatientOccasion[],
): Promise<string[][]> {
  const audiences = await listPatientAudiences(db, [
    ...new Set(occasions.map((occasion) => occasion.patient.id)),
  ]);
  return occasions.map((occasion) =>
    chooseRecipients(occasion, audiences.get(occasion.patient.id) ?? []),
  );
}

/** The rules of `listNotificationAudience`, applied to the patient's audience. */
function chooseRecipients(occasion: PatientOccasion, audience: AudienceMember[]): string[] {
  const { actor, patient } = occasion;
  const others = audience.filter((member) => member.id !== actor.userId);
  switch (occasion.type) {
    case 'status_update':
    case 'patient_edit':
      return others
        .filter(
          (member) =>
            member.role !== 'admin' &&
            (actor.organizationId === null || member.organizationId !== actor.organizationId),
        )
        .map((member) => member.id);
    case 'message':
      return others
        .filter((member) => MESSAGE_RECIPIENT_ROLES.has(member.role))
        .map((member) => member.id);
    case 'document_upload':
      return others
        .filter((member) =>
          canSeeDocumentCategory(member, occasion.category, patient.treatmentStatus),
        )
        .map((member) => member.id);
    case 'reduction':
      return others
        .filter((member) =>
          occasion.notify === 'lienholder'
            ? member.role === 'lienholder' && member.organizationId === occasion.lienholderId
            : member.role === 'attorney' && member.organizationId === patient.firmId,
        )
        .map((member) => member.id);
  }
}

/**
 * The patient's parties: the active users of its clinics, firm and lienholders (not admins, not
 * its contact). They are told when someone is given temporary access to the patient.
 */
export async function listPatientParties(db: Db, patientId: InScopePatientId): Promise<string[]> {
  const audience = await listPatientAudience(db, patientId);
  return audience.filter((member) => PARTY_ROLES.has(member.role)).map((member) => member.id);
}

const PARTY_ROLES = new Set(['clinic', 'attorney', 'lienholder']);

/** Who is told that a patient's treatment has a gap: the clinic treating and the firm. */
export const GAP_RECIPIENT_ROLES = ['clinic', 'attorney'] as const;
const GAP_RECIPIENT_ROLE_SET = new Set<string>(GAP_RECIPIENT_ROLES);

/**
 * The treatment-gap rule seen from one user, for the daily gap digest: SQL true for the rows of
 * `patients` whose gaps the user is told about (the user is in the patient's audience, as a user
 * of its clinics or firm), or null when the user is told of no gap.
 */
export function gapDigestScopeOf(user: {
  id: string;
  role: string;
  organizationId: string | null;
}): SQL | null {
  if (!GAP_RECIPIENT_ROLE_SET.has(user.role)) return null;
  return isPatientInAudienceOf(user);
}

/** `applyNotificationPreferencesToEach` of one list of users. */
export async function applyNotificationPreferences(
  db: Db,
  userIds: readonly string[],
  type: NotificationType,
): Promise<string[]> {
  const [allowed = []] = await applyNotificationPreferencesToEach(db, [{ userIds, type }]);
  return allowed;
}

/**
 * The one place the in-app preferences apply: of each item's users, in order, those whose toggle
 * for the item's type is on (no preferences row means every toggle on); a type without a toggle
 * reaches everyone. One query per toggle for all the items' users, so a job that notifies about
 * many things at once reads them together.
 */
export async function applyNotificationPreferencesToEach(
  db: Db,
  items: ReadonlyArray<{ userIds: readonly string[]; type: NotificationType }>,
): Promise<string[][]> {
  const usersByToggle = new Map<NotificationPreferenceToggle, Set<string>>();
  for (const { userIds, type } of items) {
    const toggle = getPreferenceToggle(type);
    if (!toggle) continue;
    const users = usersByToggle.get(toggle) ?? new Set<string>();
    for (const id of userIds) users.add(id);
    usersByToggle.set(toggle, users);
  }
  const optedOut = new Map<NotificationPreferenceToggle, Set<string>>();
  for (const [toggle, users] of usersByToggle)
    optedOut.set(toggle, await listUsersWithToggleOff(db, [...users], toggle));
  return items.map(({ userIds, type }) => {
    const toggle = getPreferenceToggle(type);
    const off = toggle ? optedOut.get(toggle) : undefined;
    return [...new Set(userIds)].filter((id) => !off?.has(id));
  });
}

/**
 * Where each user's notification e-mails go: the address in their preferences, else the account
 * e-mail; inactive users get none. Message, access-request and digest e-mails all ask here.
 */
export function listRecipientAddresses(
  db: Db,
  userIds: readonly string[],
): Promise<Array<{ userId: string; address: string }>> {
  return listNotificationAddresses(db, userIds);
}

/**
 * Who is told of a payment on a patient's lien: the active users of the patient's
 * firm, who need the balance for the settlement.
 */
export async function listPatientFirmUsers(db: Db, patient: InScopePatient): Promise<string[]> {
  if (!patient.firmId) return [];
  const audience = await listPatientAudience(db, patient.id);
  return audience
    .filter((member) => member.role === 'attorney' && member.organizationId === patient.firmId)
    .map((member) => member.id);
}

/**
 * Who is told that a case's legal stage moved: the active users of the patient's clinics and
 * lienholders, who plan care and collections around it, and the firm's attorneys when someone
 * outside the firm (an administrator) moved it. Never its contact, who does not read the case
 * facts, never administrators, never the actor.
 */
export async function listCaseStageAudience(
  db: Db,
  actor: OccasionActor,
  patient: InScopePatient,
): Promise<string[]> {
  const audience = await listPatientAudience(db, patient.id);
  return audience
    .filter(
      (member) =>
        member.id !== actor.userId &&
        (member.role === 'clinic' ||
          member.role === 'lienholder' ||
          (member.role === 'attorney' &&
            member.organizationId === patient.firmId &&
            member.organizationId !== actor.organizationId)),
    )
    .map((member) => member.id);
}
