import type { CursorPages } from '#src/lib/use-cursor-pages.ts';
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

/** What a keyset-paged list answers: the page, the capped count and the next page's cursor. */
export type CursorPageData<TCursor> = {
  items: readonly unknown[];
  total: number;
  isTotalCapped: boolean;
  nextCursor: TCursor | null;
};

/**
 * CursorPagination wired to `useCursorPages` and a list's answer: Next follows `nextCursor`,
 * Previous returns to the cursor before. Nothing is shown until the first page has arrived.
 */
export function CursorPageControls<TCursor>({
  label,
  pages,
  pageSize,
  data,
}: {
  label: string;
  pages: CursorPages<TCursor>;
  pageSize: number;
  data: CursorPageData<TCursor> | undefined;
}) {
  if (!data) return null;
  const { nextCursor } = data;
  return (
    <CursorPagination
      label={label}
      position={{
        pageIndex: pages.pageIndex,
        pageSize,
        shown: data.items.length,
        total: data.total,
        isTotalCapped: data.isTotalCapped,
        hasNext: nextCursor !== null,
      }}
      onPrevious={pages.goPrevious}
      onNext={() => {
        if (nextCursor !== null && nextCursor !== pages.cursor) pages.goNext(nextCursor);
      }}
    />
  );
}
