import { Link } from 'react-router';

/**
 * The mark and the name. `compact`: below 26rem only the mark shows (the link keeps its name), so
 * a signed-in header's navigation fits one row on a phone.
 */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-semibold text-ink"
      aria-label="CaseBridge home"
    >
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      <span className={compact ? 'hidden text-lg min-[26rem]:inline' : 'text-lg'}>CaseBridge</span>
    </Link>
  );
}
