import { useId, useState } from 'react';
import type { RecordChange } from '#src/lib/record-editing.ts';
import { formatClockTime } from '#src/lib/format.ts';
import { Button } from './button.tsx';

type RecordChangedNoticeProps = {
  change: RecordChange | null;
  onKeepMine: () => void;
  onUseTheirs: () => void;
};

/**
 * Says that someone else changed the record being edited: 'Changed by Dana Ruiz at 14:02 —
 * review'. Review lists each field they changed beside the value in the form, and lets the user
 * put their own values on top of the new version or take the new version. After a refused save
 * it is open from the start and says the save did not happen.
 */
export function RecordChangedNotice({ change, onKeepMine, onUseTheirs }: RecordChangedNoticeProps) {
  const [isReviewing, setIsReviewing] = useState(false);
  const panelId = useId();
  if (!change) return null;
  const isOpen = isReviewing || change.reason === 'conflict';
  const who = change.byName ?? 'someone else';
  const close = (choose: () => void) => () => {
    setIsReviewing(false);
    choose();
  };
  return (
    <div
      role={change.reason === 'conflict' ? 'alert' : 'status'}
      className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        {change.reason === 'conflict' ? 'Not saved: ' : ''}
        Changed by {who} at {formatClockTime(change.at)} —{' '}
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          className="font-medium underline"
          onClick={() => setIsReviewing((open) => !open)}
        >
          review
        </button>
      </p>
      {isOpen ? (
        <div id={panelId} className="mt-3">
          {change.fields.length > 0 ? (
            <table className="w-full text-left">
              <caption className="sr-only">What {who} changed</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-3 font-medium">
                    Field
                  </th>
                  <th scope="col" className="pr-3 font-medium">
                    Their value
                  </th>
                  <th scope="col" className="font-medium">
                    Your value
                  </th>
                </tr>
              </thead>
              <tbody>
                {change.fields.map((field) => (
                  <tr key={field.field}>
                    <th scope="row" className="pr-3 font-normal">
                      {field.label}
                    </th>
                    <td className="pr-3 break-words">{field.theirs}</td>
                    <td className="break-words">{field.mine}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>None of the fields in this form changed.</p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" onClick={close(onKeepMine)}>
              Keep my changes on top
            </Button>
            <Button type="button" variant="secondary" onClick={close(onUseTheirs)}>
              Use their version
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
