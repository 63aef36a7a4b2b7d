import { Link } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';

export function UnauthorizedPage() {
  return (
    <main className="mx-auto mt-24 max-w-lg px-4 text-center">
      <PageTitle>Unauthorized Access</PageTitle>
      <p className="mt-2 text-ink-muted">You don&apos;t have permission to access this page.</p>
      <Link
        to="/dashboard"
        className="mt-6 inline-block font-medium text-brand underline-offset-2 hover:underline"
      >
        Back to your dashboard
      </Link>
    </main>
  );
}
