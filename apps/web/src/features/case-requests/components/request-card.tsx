import { CASE_REQUEST_KIND_LABELS } from '@casebridge/domain/requests/case-request-constants';
import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#src/lib/format.ts';
import { RequestBadges } from './request-badges.tsx';

function period(request: TCaseRequest): string | null {
  if (!request.periodFrom && !request.periodTo) return null;
  return `${request.periodFrom ? formatDate(request.periodFrom) : '…'} – ${
    request.periodTo ? formatDate(request.periodTo) : '…'
  }`;
}

/**
 * One request as both sides read it: what, for whom, from whom to which clinic, due when, its
 * status (and 'Overdue'), the note or the reason it was declined, and the documents that
 * fulfilled it that the user may see. `actions` holds the clinic's answers.
 */
export function RequestCard({
  request,
  showPatient,
  actions,
}: {
  request: TCaseRequest;
  showPatient: boolean;
  actions?: ReactNode;
}) {
  const covered = period(request);
  const headingId = `request-${request.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-lg border border-border bg-surface p-4"
      data-testid="case-request"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold text-ink">
            {CASE_REQUEST_KIND_LABELS[request.kind]}
            {showPatient ? (
              <>
                {' for '}
                <Link
                  to={`/patients/${request.patientId}`}
                  className="text-brand underline-offset-2 hover:underline"
                >
                  {request.patientName}
                </Link>
              </>
            ) : null}
          </h3>
          <p className="text-sm text-ink-muted">
            {request.requesterOrganizationName ?? request.requesterName} → {request.clinicName}
          </p>
        </div>
        <RequestBadges status={request.status} isOverdue={request.isOverdue} />
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-muted">Due</dt>
        <dd className={request.isOverdue ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
          {formatDate(request.dueOn)}
        </dd>
        {covered ? (
          <>
            <dt className="text-ink-muted">Period</dt>
            <dd>{covered}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Requested by</dt>
        <dd>{request.requesterName}</dd>
        {request.note ? (
          <>
            <dt className="text-ink-muted">Note</dt>
            <dd className="whitespace-pre-wrap">{request.note}</dd>
          </>
        ) : null}
        {request.declineReason ? (
          <>
            <dt className="text-ink-muted">Declined because</dt>
            <dd className="whitespace-pre-wrap">{request.declineReason}</dd>
          </>
        ) : null}
      </dl>
      {request.documents.length > 0 ? (
        <ul className="mt-2 space-y-1" aria-label="Documents sent">
          {request.documents.map((document) => (
            <li key={document.id} className="flex items-center gap-2 text-sm">
              <FileText className="h-4 w-4 text-ink-muted" aria-hidden />
              <a
                href={`/api/documents/${encodeURIComponent(document.id)}/download`}
                className="text-brand underline-offset-2 hover:underline"
              >
                {document.fileName}
              </a>
              <span className="text-ink-muted">({document.category})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {actions ? <div className="mt-3 flex flex-wrap gap-2 empty:hidden">{actions}</div> : null}
    </li>
  );
}
