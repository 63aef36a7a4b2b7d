import type { TAccessGrant } from '@casebridge/domain/access-grants/access-grant.schemas';
import { ACCESS_GRANT_TEXTS } from '@casebridge/domain/access-grants/access-grant.schemas';
import { hasCapability } from '@casebridge/domain/capabilities';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import {
  useAccessGrants,
  useRevokeAccess,
} from '#src/features/access-grants/api/access-grants-api.ts';
import { GrantAccessDialog } from './grant-access-dialog.tsx';

/** The longest a browser timer waits; a grant ends within 7 days, well inside it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When the grant ends the page reads the patient again (it is then a 404, like any patient
 * outside the scope): no event announces an expiry, the database's clock decides it.
 */
function useRefetchWhenEnded(grant: TAccessGrant | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!grant) return undefined;
    const wait = Math.min(Date.parse(grant.expiresAt) - Date.now() + 1_000, MAX_TIMER_MS);
    const timer = setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: ['patients'] });
        void queryClient.invalidateQueries({ queryKey: ['access-grants'] });
      },
      Math.max(wait, 0),
    );
    return () => clearTimeout(timer);
  }, [grant, queryClient]);
}

/** 'You have temporary access to this patient until … (reason)' */
export function TemporaryAccessBanner({ grant }: { grant: TAccessGrant }) {
  useRefetchWhenEnded(grant);
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      You have temporary access to this patient until {formatDateTime(grant.expiresAt)} (
      {grant.reason}). Granted by {grant.grantedByName}; every view and change is audited.
    </div>
  );
}

function GrantRow({
  grant,
  canRevoke,
  onRevoke,
}: {
  grant: TAccessGrant;
  canRevoke: boolean;
  onRevoke: (grant: TAccessGrant) => void;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="text-sm">
        <p className="font-medium text-ink">
          {grant.userName}{' '}
          <span className="font-normal text-ink-muted">
            ({ROLE_LABELS[grant.userRole]}
            {grant.organizationName ? `, ${grant.organizationName}` : ''})
          </span>
        </p>
        <p className="text-ink-muted">
          Until {formatDateTime(grant.expiresAt)} · granted by {grant.grantedByName}
        </p>
        <p className="text-ink">Reason: {grant.reason}</p>
      </div>
      {canRevoke ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Revoke ${grant.userName}'s access`}
          onClick={() => onRevoke(grant)}
        >
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Temporary access on the patient page (emergency access): the patient's parties see
 * the active grants (who, until when, why, granted by whom); admins also grant and revoke; a
 * grantee sees a banner with their own grant instead.
 */
export function TemporaryAccess({
  patientId,
  patientName,
}: {
  patientId: string;
  patientName: string;
}) {
  const user = useCurrentUser();
  const grants = useAccessGrants(patientId);
  const revoke = useRevokeAccess(patientId);
  const [isGranting, setIsGranting] = useState(false);
  const [revoking, setRevoking] = useState<TAccessGrant | null>(null);
  const canManage = hasCapability(user.role, 'admin:access-grants');
  const items = grants.data ?? [];
  const own = items.find((grant) => grant.userId === user.id);

  if (own) return <TemporaryAccessBanner grant={own} />;
  if (!canManage && items.length === 0) return null;

  function confirmRevoke(grant: TAccessGrant) {
    setRevoking(null);
    revoke.mutate(grant.id, {
      onSuccess: () => toast.success(ACCESS_GRANT_TEXTS.revoked),
      onError: (error) =>
        toast.error(ACCESS_GRANT_TEXTS.revokeFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    });
  }

  return (
    <Section
      id="temporary-access-heading"
      title="Temporary access"
      className="mb-6 rounded-lg border border-border bg-surface p-4"
    >
      {items.length === 0 ? (
        <p className="text-sm text-ink-muted">Nobody outside the care team has access.</p>
      ) : (
        <ul className="divide-y divide-border">
          {items.map((grant) => (
            <GrantRow key={grant.id} grant={grant} canRevoke={canManage} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      {canManage ? (
        <Button className="mt-3" size="sm" onClick={() => setIsGranting(true)}>
          Grant access
        </Button>
      ) : null}
      {isGranting ? (
        <GrantAccessDialog
          patientId={patientId}
          patientName={patientName}
          onClose={() => setIsGranting(false)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={revoking !== null}
        title="Revoke temporary access"
        message={
          revoking
            ? `End ${revoking.userName}'s access to ${patientName} now? They will no longer see this patient.`
            : ''
        }
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        onConfirm={() => (revoking ? confirmRevoke(revoking) : undefined)}
        onCancel={() => setRevoking(null)}
        onDismiss={() => setRevoking(null)}
      />
    </Section>
  );
}
