import { useState } from 'react';

/**
 * The cursors of the pages passed on a keyset-paged list: the last is the page shown (undefined
 * for the first page). Going back pops it; `reset` returns to the first page (filters changed).
 */
export function useCursorPages<TCursor>() {
  const [cursors, setCursors] = useState<Array<TCursor | undefined>>([undefined]);
  return {
    cursor: cursors.at(-1),
    pageIndex: cursors.length - 1,
    goNext: (next: TCursor) => setCursors((previous) => [...previous, next]),
    goPrevious: () =>
      setCursors((previous) => (previous.length > 1 ? previous.slice(0, -1) : previous)),
    reset: () => setCursors([undefined]),
  };
}
