import type { TListMailOutboxQuery } from '@casebridge/domain/admin/system-tools.schemas';
import type { AccessRequestStatus } from '@casebridge/domain/access-requests/access-request-review.schemas';
import type { TListAuditLogsQuery } from '@casebridge/domain/audit/audit-log.schemas';
import type { TListUsersQuery } from '@casebridge/domain/users/user.schemas';

/** Every admin query key starts with 'admin': user and access-request events invalidate them. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (query: TListUsersQuery) => ['admin', 'users', query] as const,
  accessRequests: (status: AccessRequestStatus) => ['admin', 'access-requests', status] as const,
  templates: () => ['admin', 'templates'] as const,
  audit: (query: TListAuditLogsQuery) => ['admin', 'audit', query] as const,
  settings: () => ['admin', 'settings'] as const,
  tools: () => ['admin', 'tools'] as const,
  allMail: () => ['admin', 'mail'] as const,
  mail: (query: TListMailOutboxQuery) => ['admin', 'mail', query] as const,
  mailDetail: (id: string) => ['admin', 'mail', 'detail', id] as const,
  jobs: () => ['admin', 'jobs'] as const,
  system: () => ['admin', 'system'] as const,
};

/** `?a=1&b=2` from the defined, non-empty values of a query object. */
export { toQueryString } from '#src/lib/query-string.ts';
