import { useState } from 'react';

export type CursorPages<TCursor> = {
  /** The cursor of the page shown: undefined on the first page. */
  cursor: TCursor | undefined;
  /** 0 on the first page. */
  pageIndex: number;
  goNext: (next: TCursor) => void;
  goPrevious: () => void;
  reset: () => void;
};

/**
 * The cursors of the pages passed on a keyset-paged list: the last is the page shown (undefined
 * for the first page). Going back pops it; `reset` returns to the first page (filters changed).
 */
export function useCursorPages<TCursor>(): CursorPages<TCursor> {
  const [cursors, setCursors] = useState<Array<TCursor | undefined>>([undefined]);
  return {
    cursor: cursors.at(-1),
    pageIndex: cursors.length - 1,
    goNext: (next) => setCursors((previous) => [...previous, next]),
    goPrevious: () =>
      setCursors((previous) => (previous.length > 1 ? previous.slice(0, -1) : previous)),
    reset: () => setCursors([undefined]),
  };
}
