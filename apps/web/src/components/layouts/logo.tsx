import { Link } from 'react-router';

export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-semibold text-ink"
      aria-label="CaseBridge home"
    >
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      <span className="text-lg">CaseBridge</span>
    </Link>
  );
}
