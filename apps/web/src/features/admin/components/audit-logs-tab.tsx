import { AUDIT_LOG_PAGE_SIZE } from '@casebridge/domain/constants';
import { AUDIT_MESSAGES } from '@casebridge/domain/audit/audit-log.schemas';
import type { AuditAction } from '@casebridge/domain/audit';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { describeTimeZone, getBrowserTimeZone } from '#src/lib/time-zone.ts';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { downloadAuditCsv, useAuditLogs } from '#src/features/admin/api/audit-api.ts';
import {
  AuditFilters,
  EMPTY_AUDIT_FILTERS,
  toAuditRange,
  type AuditFilterValues,
} from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';

/**
 * Admin 'Audit Logs' tab: newest first, paged by cursor and filtered on the server, CSV of the
 * same rows. The count stops at AUDIT_LOG_COUNT_CAP ('1000+ entries').
 * `?patient=<id>` (a patient's 'Open in the audit log') starts it filtered to that patient.
 */
export function AuditLogsTab() {
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<AuditFilterValues>(() => ({
    ...EMPTY_AUDIT_FILTERS,
    patient: searchParams.get('patient') ?? '',
  }));
  const pages = useCursorPages<string>();
  const [isExporting, setIsExporting] = useState(false);
  const user = useDebouncedValue(values.user.trim());
  const patient = useDebouncedValue(values.patient.trim());
  const range = toAuditRange(values);
  const isRangeValid = !range.from || !range.to || range.from <= range.to;
  const filter = {
    user: user || undefined,
    patient: patient || undefined,
    action: (values.action || undefined) as AuditAction | undefined,
    ...(isRangeValid ? range : {}),
  };
  const logs = useAuditLogs({ ...filter, cursor: pages.cursor, limit: AUDIT_LOG_PAGE_SIZE });
  const total = logs.data ? `${logs.data.total}${logs.data.isTotalCapped ? '+' : ''}` : '';

  async function handleExport() {
    setIsExporting(true);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      toast.error(getErrorMessage(error, AUDIT_MESSAGES.exportFailed));
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <div>
      <AuditFilters
        values={values}
        onChange={(next) => {
          setValues(next);
          pages.reset();
        }}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {isRangeValid
            ? logs.data
              ? `${total} ${total === '1' ? 'entry' : 'entries'}`
              : 'Loading entries...'
            : AUDIT_MESSAGES.invalidRange}
        </p>
        <Button variant="secondary" onClick={handleExport} disabled={isExporting}>
          <Download className="h-4 w-4" aria-hidden />
          {isExporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <p className="mb-3 text-sm text-ink-muted">
        Times are shown in {describeTimeZone(getBrowserTimeZone())}; the CSV export gives them in
        UTC (ISO 8601).
      </p>
      {logs.error ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load audit logs
        </p>
      ) : (
        <AuditTable entries={logs.data?.items} />
      )}
      <CursorPageControls
        label="Audit log pages"
        pages={pages}
        pageSize={AUDIT_LOG_PAGE_SIZE}
        data={logs.data}
      />
    </div>
  );
}
