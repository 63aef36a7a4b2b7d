import { Button } from './button.tsx';

/** Where a keyset-paged list is: the pages already passed are remembered to go back. */
export type CursorPosition = {
  /** 0 on the first page. */
  pageIndex: number;
  pageSize: number;
  /** Rows on the page shown. */
  shown: number;
  /** Rows matching, counted up to a cap; `isTotalCapped` says the count stopped there. */
  total: number;
  isTotalCapped: boolean;
  hasNext: boolean;
};

/**
 * Previous / next for a list paged by cursor, with the range shown, e.g. "26–50 of 1000+":
 * the server counts only up to a cap, so a long list says so rather than counting every row.
 */
export function CursorPagination({
  position,
  onPrevious,
  onNext,
  label,
}: {
  position: CursorPosition;
  onPrevious: () => void;
  onNext: () => void;
  label: string;
}) {
  const { pageIndex, pageSize, shown, total, isTotalCapped, hasNext } = position;
  if (pageIndex === 0 && !hasNext) return null;
  const first = pageIndex * pageSize + 1;
  const last = pageIndex * pageSize + shown;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <p className="text-sm text-ink-muted">
        {first}–{last} of {isTotalCapped ? `${total}+` : Math.max(total, last)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={pageIndex === 0} onClick={onPrevious}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={onNext}>
          Next
        </Button>
      </div>
    </nav>
  );
}
