import { JOB_MESSAGES, type TJobQueue } from '@casebridge/domain/admin/jobs.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useResumeJobQueue } from '#src/features/admin/api/jobs-api.ts';

/** Lets every instance run a paused job again; the toast follows the answer, as for Retry. */
export function ResumeQueueButton({ queue }: { queue: Pick<TJobQueue, 'name'> }) {
  const resume = useResumeJobQueue();

  function handleResume() {
    resume.mutateAsync(queue.name).then(
      () => toast.success(JOB_MESSAGES.resumed(queue.name)),
      (error: unknown) => toast.error(getErrorMessage(error, JOB_MESSAGES.resumeFailed)),
    );
  }

  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={handleResume}
      disabled={resume.isPending}
      aria-label={`Resume ${queue.name}`}
    >
      {resume.isPending ? 'Resuming...' : 'Resume'}
    </Button>
  );
}
