import { describeAuditChain } from '@casebridge/domain/audit/audit-chain.schemas';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useVerifyAuditChain } from '#src/features/admin/api/audit-chain-api.ts';

export const AUDIT_CHAIN_CHECK_FAILED = 'The audit chain could not be checked';

/**
 * 'Verify audit chain': the same walk as `npm run audit:verify`, with its outcome in a status
 * region that is always present, so a screen reader announces the result when it arrives.
 */
export function AuditChainCheck() {
  const verify = useVerifyAuditChain();
  const report = verify.data;

  function handleVerify() {
    // Said even after the admin left the tab (architecture.md, 'Outcomes of a change').
    verify
      .mutateAsync()
      .catch((error: unknown) => toast.error(getErrorMessage(error, AUDIT_CHAIN_CHECK_FAILED)));
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={handleVerify} disabled={verify.isPending}>
        <ShieldCheck className="h-4 w-4" aria-hidden />
        {verify.isPending ? 'Verifying audit chain...' : 'Verify audit chain'}
      </Button>
      <p
        role="status"
        className={`text-sm font-medium ${report && !report.intact ? 'text-danger' : 'text-ink'}`}
      >
        {report ? describeAuditChain(report) : ''}
      </p>
    </div>
  );
}
