import { Link } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';

export function NotFoundPage() {
  return (
    <main className="mx-auto mt-24 max-w-lg px-4 text-center">
      <PageTitle>Page not found</PageTitle>
      <p className="mt-2 text-ink-muted">The page you asked for does not exist.</p>
      <Link
        to="/dashboard"
        className="mt-6 inline-block font-medium text-brand underline-offset-2 hover:underline"
      >
        Back to your dashboard
      </Link>
    </main>
  );
}
