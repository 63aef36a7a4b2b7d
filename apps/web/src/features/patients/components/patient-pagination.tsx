import type { TPatientPage } from '@casebridge/domain/patients/patient.schemas';
import { CursorPagination } from '#src/components/ui/cursor-pagination.tsx';
import type { useCursorPages } from '#src/lib/use-cursor-pages.ts';

/** The keyset pages of a patient list (issue 12): the cursors passed, to go back and forth. */
export type PatientPages = ReturnType<typeof useCursorPages<string>>;

/**
 * Previous / Next under a patient list, with the range shown ('26–50 of 20000'). While the next
 * page loads the list keeps showing the last one; a second click on Next meanwhile is ignored,
 * since the page shown still offers the cursor just followed.
 */
export function PatientPagination({
  pages,
  pageSize,
  data,
  label,
}: {
  pages: PatientPages;
  pageSize: number;
  data: Pick<TPatientPage, 'items' | 'total' | 'isTotalCapped' | 'nextCursor'>;
  label: string;
}) {
  return (
    <CursorPagination
      label={label}
      position={{
        pageIndex: pages.pageIndex,
        pageSize,
        shown: data.items.length,
        total: data.total,
        isTotalCapped: data.isTotalCapped,
        hasNext: data.nextCursor !== null,
      }}
      onPrevious={pages.goPrevious}
      onNext={() => {
        if (data.nextCursor && data.nextCursor !== pages.cursor) pages.goNext(data.nextCursor);
      }}
    />
  );
}
