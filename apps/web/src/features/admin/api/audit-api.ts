import type {
  TAuditLogFilter,
  TAuditLogPage,
  TListAuditLogsQuery,
} from '@casebridge/domain/audit/audit-log.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys, toQueryString } from './admin-keys.ts';

export function useAuditLogs(query: TListAuditLogsQuery) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: () => apiFetch<TAuditLogPage>(`/audit-logs${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV download of the same filters; a plain link lets the browser save the file. */
export function getAuditExportUrl(filter: TAuditLogFilter): string {
  return `/api/audit-logs/export${toQueryString(filter)}`;
}
