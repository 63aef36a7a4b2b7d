import type { BadgeColor } from '../badge-colors.ts';

/** The colour of a sender badge (spec: clinic green, attorney blue, lienholder yellow, admin purple). */
export type SenderColor = Extract<BadgeColor, 'green' | 'blue' | 'yellow' | 'purple' | 'gray'>;

export function getSenderColor(role: string): SenderColor {
  switch (role) {
    case 'clinic':
      return 'green';
    case 'attorney':
      return 'blue';
    case 'lienholder':
      return 'yellow';
    case 'admin':
      return 'purple';
    default:
      return 'gray';
  }
}

/**
 * The sender label of spec section 2: the clinic name, the firm name, 'Lienholder',
 * 'Administrator' or 'User' (also when a clinic or firm name is unknown).
 */
export function getSenderLabel(role: string, organizationName: string | null): string {
  switch (role) {
    case 'clinic':
    case 'attorney':
      return organizationName?.trim() || 'User';
    case 'lienholder':
      return 'Lienholder';
    case 'admin':
      return 'Administrator';
    default:
      return 'User';
  }
}

/** The {org} of 'New message from {org} regarding {patient}': the sender's organisation. */
export function getSenderOrganizationLabel(role: string, organizationName: string | null): string {
  if (role === 'admin') return 'Administrator';
  return organizationName?.trim() || getSenderLabel(role, null);
}

export function getMessageNotificationText(
  sender: { role: string; organizationName: string | null },
  patientName: string,
): string {
  return `New message from ${getSenderOrganizationLabel(sender.role, sender.organizationName)} regarding ${patientName}`;
}

/** Deep link of a message notification (docs/architecture.md D11). */
export function getMessagesLink(patientId: string): string {
  return `/patients/${patientId}?tab=messages`;
}
