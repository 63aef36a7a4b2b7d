import {
  CASE_REQUEST_STATUS_LABELS,
  type CaseRequestStatus,
} from '@casebridge/domain/requests/case-request-constants';
import {
  CASE_REQUEST_PAGE_SIZE,
  CASE_REQUEST_STATUS_FILTERS,
  CASE_REQUEST_TEXTS,
  type CaseRequestStatusFilter,
} from '@casebridge/domain/requests/case-request-texts';
import { useState } from 'react';
import { CursorPagination } from '#src/components/ui/cursor-pagination.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useRequestQueue } from '#src/features/case-requests/api/case-requests-api.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';
import { RequestActions } from './request-actions.tsx';
import { RequestCard } from './request-card.tsx';

const FILTER_LABELS: Record<CaseRequestStatusFilter, string> = {
  open: 'Open (requested or acknowledged)',
  all: 'All statuses',
  ...(CASE_REQUEST_STATUS_LABELS as Record<CaseRequestStatus, string>),
};

/**
 * 'Outstanding requests': the user's party's requests across patients (a clinic's to it, a firm's
 * or lienholder's own, all for admins), open first and overdue first; filter by status, only
 * overdue, search by patient name; keyset pages. Live through the 'case-requests' keys.
 */
export function OutstandingRequests({ uploadFile }: { uploadFile: UploadRequestFile }) {
  const [status, setStatus] = useState<CaseRequestStatusFilter>('open');
  const [overdue, setOverdue] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const pages = useCursorPages<string>();
  const queue = useRequestQueue({
    status,
    overdue,
    search: debouncedSearch,
    cursor: pages.cursor,
  });
  const items = queue.data?.items ?? [];
  const nextCursor = queue.data?.nextCursor ?? null;
  const shownFrom = pages.pageIndex * CASE_REQUEST_PAGE_SIZE.default;

  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <FormField id="requests-search" label="Search by patient">
          <Input
            type="search"
            value={search}
            placeholder="Patient name"
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              pages.reset();
            }}
          />
        </FormField>
        <FormField id="requests-status" label="Status">
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value as CaseRequestStatusFilter);
              pages.reset();
            }}
          >
            {CASE_REQUEST_STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </Select>
        </FormField>
        <label className="flex h-10 items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={overdue}
            onChange={(event) => {
              setOverdue(event.currentTarget.checked);
              pages.reset();
            }}
          />
          Overdue only
        </label>
      </div>
      {queue.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : queue.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {CASE_REQUEST_TEXTS.loadFailed}
        </p>
      ) : items.length === 0 ? (
        <EmptyState title="No requests">Nothing matches these filters.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Outstanding requests">
          {items.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              showPatient
              actions={<RequestActions request={request} uploadFile={uploadFile} />}
            />
          ))}
        </ul>
      )}
      <CursorPagination
        label="Requests pages"
        position={{
          pageIndex: pages.pageIndex,
          pageSize: CASE_REQUEST_PAGE_SIZE.default,
          shown: items.length,
          total: shownFrom + items.length,
          isTotalCapped: nextCursor !== null,
          hasNext: nextCursor !== null,
        }}
        onPrevious={pages.goPrevious}
        onNext={() => {
          if (nextCursor !== null) pages.goNext(nextCursor);
        }}
      />
    </div>
  );
}
