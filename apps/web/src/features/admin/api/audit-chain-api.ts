import type { TAuditChainReport } from '@casebridge/domain/audit/audit-chain.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Walks the audit hash chain on the server (the check is itself audited). */
export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: () => apiFetch<TAuditChainReport>('/admin/audit/verify', { method: 'POST' }),
  });
}
