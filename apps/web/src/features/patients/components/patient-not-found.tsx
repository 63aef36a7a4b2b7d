import { Link } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';

/** A patient outside the user's scope looks exactly like one that does not exist. */
export function PatientNotFound() {
  return (
    <div role="alert" className="mx-auto mt-16 max-w-md text-center">
      <PageTitle>Patient not found</PageTitle>
      <p className="mt-2 text-ink-muted">
        This patient does not exist or is not shared with your organization.
      </p>
      <Link
        to="/dashboard"
        className="mt-6 inline-block font-medium text-brand underline-offset-2 hover:underline"
      >
        Back to your dashboard
      </Link>
    </div>
  );
}
