import { JOB_MESSAGES, type TFailedJob } from '@casebridge/domain/admin/jobs.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useRetryJob } from '#src/features/admin/api/jobs-api.ts';

/**
 * Queues a failed job again. The overview refetch on success drops the job from the failed list,
 * and this button with it, before the retry's own answer is handled: the toast follows
 * mutateAsync (architecture.md, 'Outcomes of a change').
 */
export function RetryJobButton({ job }: { job: Pick<TFailedJob, 'id' | 'name'> }) {
  const retry = useRetryJob();

  function handleRetry() {
    retry.mutateAsync(job.id).then(
      () => toast.success(JOB_MESSAGES.retried),
      (error: unknown) => toast.error(getErrorMessage(error, JOB_MESSAGES.retryFailed)),
    );
  }

  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={handleRetry}
      disabled={retry.isPending}
      aria-label={`Retry ${job.name} #${job.id}`}
    >
      {retry.isPending ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
