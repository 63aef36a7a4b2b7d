import type {
  TAuditLogFilter,
  TAuditLogPage,
  TListAuditLogsQuery,
} from '@casebridge/domain/audit/audit-log.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { downloadFile } from '#src/lib/download-file.ts';
import { adminKeys, toQueryString } from './admin-keys.ts';

export function useAuditLogs(query: TListAuditLogsQuery) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: () => apiFetch<TAuditLogPage>(`/audit-logs${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same filters; a failure rejects with the server's message. */
export function downloadAuditCsv(filter: TAuditLogFilter): Promise<void> {
  return downloadFile(`/api/audit-logs/export${toQueryString(filter)}`, 'audit-log.csv');
}
