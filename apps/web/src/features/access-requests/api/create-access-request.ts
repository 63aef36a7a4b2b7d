import type { TCreateAccessRequest } from '@casebridge/domain/access-requests/access-request.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

export function createAccessRequest(input: TCreateAccessRequest) {
  return apiFetch<{ id: string; status: 'pending' }>('/access-requests', {
    method: 'POST',
    body: input,
    idempotent: true,
  });
}

export function useCreateAccessRequest() {
  return useMutation({ mutationFn: createAccessRequest });
}
