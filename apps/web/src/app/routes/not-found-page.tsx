import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="mx-auto mt-24 max-w-lg px-4 text-center">
      <h1 className="text-2xl font-semibold text-ink">Page not found</h1>
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
