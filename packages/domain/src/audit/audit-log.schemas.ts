import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit.ts';
import { CURSOR_INVALID, cursorPage, cursorQuery } from '../common.schemas.ts';
import { AUDIT_LOG_PAGE_SIZE } from '../constants.ts';

export const AUDIT_MESSAGES = {
  exportFailed: 'Failed to export audit logs',
  invalidRange: 'The start date must be before the end date',
} as const;

const ZAuditLogFilterFields = z.object({
  user: z.string().trim().max(200).optional(),
  patient: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

const isRangeOrdered = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || new Date(value.from) <= new Date(value.to);

/** Filters of the Audit Logs tab; `from`/`to` are instants (the browser sends local day bounds). */
export const ZAuditLogFilter = ZAuditLogFilterFields.refine(isRangeOrdered, {
  message: AUDIT_MESSAGES.invalidRange,
  path: ['to'],
});
export type TAuditLogFilter = z.infer<typeof ZAuditLogFilter>;

export const ZListAuditLogsQuery = ZAuditLogFilterFields.extend({
  /**
   * The id of the last entry already shown; the page holds the entries after it in the list's
   * order (keyset paging: a page costs the same at the end of a long log as at its start).
   */
  ...cursorQuery(
    { default: AUDIT_LOG_PAGE_SIZE },
    z.string().regex(/^[1-9][0-9]{0,17}$/, CURSOR_INVALID),
  ),
}).refine(isRangeOrdered, { message: AUDIT_MESSAGES.invalidRange, path: ['to'] });
export type TListAuditLogsQuery = z.input<typeof ZListAuditLogsQuery>;

export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userRole: z.string().nullable(),
  action: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  details: z.string().nullable(),
  ip: z.string().nullable(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export const ZAuditLogPage = cursorPage(ZAuditLogEntry, {
  /** The entries matching the filters, counted up to AUDIT_LOG_COUNT_CAP. */
  total: z.number().int(),
  /** Whether more than `total` entries match (the count stopped at the cap). */
  isTotalCapped: z.boolean(),
});
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

/** Human labels for the action filter. */
export function getAuditActionLabel(action: string): string {
  const text = action.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
