import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { OutstandingRequests } from '#src/features/case-requests/components/outstanding-requests.tsx';
import { uploadRequestFile } from '#src/app/upload-request-file.ts';

/** /requests: the 'Outstanding requests' queue of the user's party. */
export function RequestsPage() {
  return (
    <div>
      <PageHeading
        title="Outstanding requests"
        description="Records and bills requests across your patients, overdue first."
      />
      <OutstandingRequests uploadFile={uploadRequestFile} />
    </div>
  );
}
