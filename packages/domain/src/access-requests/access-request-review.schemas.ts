import { z } from 'zod';
import { SIGNUP_ROLES } from '../roles.ts';
import {
  checkRoleOrganization,
  getRoleOrganizationId,
  ROLE_ORGANIZATION_FIELDS,
} from '../users/user.schemas.ts';

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const ACCESS_REQUEST_MESSAGES = {
  alreadyReviewed: 'This request has already been reviewed',
  // What became of the invitation follows in the toast ('e-mailed' or queued).
  approved: 'Access request approved',
  rejected: 'Access request rejected',
  reviewFailed: 'Failed to review access request',
} as const;

export const ZAccessRequest = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  organization: z.string(),
  phone: z.string(),
  role: z.enum(SIGNUP_ROLES),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedByName: z.string().nullable(),
});
export type TAccessRequest = z.infer<typeof ZAccessRequest>;

export const ZListAccessRequestsQuery = z.object({
  status: z.enum(ACCESS_REQUEST_STATUSES).default('pending'),
});
export type TListAccessRequestsQuery = z.input<typeof ZListAccessRequestsQuery>;

export const ZAccessRequestList = z.object({ items: z.array(ZAccessRequest) });
export type TAccessRequestList = z.infer<typeof ZAccessRequestList>;

/** Approving picks the real role (a request for 'other' is only a request) and organisation. */
export const ZApproveAccessRequest = z
  .object(ROLE_ORGANIZATION_FIELDS)
  .superRefine(checkRoleOrganization)
  .transform((value) => ({ role: value.role, organizationId: getRoleOrganizationId(value) }));
export type TApproveAccessRequest = z.input<typeof ZApproveAccessRequest>;
