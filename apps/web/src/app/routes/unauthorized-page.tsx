import { Link } from 'react-router';

export function UnauthorizedPage() {
  return (
    <main className="mx-auto mt-24 max-w-lg px-4 text-center">
      <h1 className="text-2xl font-semibold text-ink">Unauthorized Access</h1>
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
