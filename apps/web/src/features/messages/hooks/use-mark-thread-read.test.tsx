import type { TMessage } from '@casebridge/domain/messages/message.schemas';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { useMarkThreadRead } from './use-mark-thread-read.ts';

const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
const message = (id: string) =>
  ({ id, patientId: PATIENT_ID, senderId: 'someone-else', isReadByMe: false }) as TMessage;

/** A thread whose messages arrive one by one ('Next message'). */
function Thread({ arriving }: { arriving: readonly TMessage[] }) {
  const [count, setCount] = useState(1);
  // A new list only when a message arrives, as the thread's query gives it.
  const messages = useMemo(() => arriving.slice(0, count), [arriving, count]);
  useMarkThreadRead(PATIENT_ID, messages, 'me');
  return (
    <button type="button" onClick={() => setCount((shown) => shown + 1)}>
      Next message
    </button>
  );
}

describe('useMarkThreadRead', () => {
  it('sends a failed receipt again, though a newer one was sent while it failed', async () => {
    const receipts: string[][] = [];
    const answers: Array<(response?: Response) => void> = [];
    const { queryClient } = renderWithProviders(
      <Thread arriving={['m1', 'm2', 'm3'].map(message)} />,
      {
        session: signedInAs('clinic'),
        api: {
          'POST /patients/:id/messages/read': ({ body }: FakeRequest) => {
            receipts.push((body as { messageIds: string[] }).messageIds);
            return new Promise((resolve) =>
              answers.push((response) => resolve(response ?? { marked: 1 })),
            );
          },
        },
      },
    );
    await expect.poll(() => receipts).toEqual([['m1']]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next message' }));
    await expect.poll(() => receipts).toEqual([['m1'], ['m2']]);

    // The first receipt fails after the second was sent; the second is recorded.
    await act(async () => answers[0]!(apiError(400, 'VALIDATION', 'refused')));
    await act(async () => answers[1]!());
    await expect.poll(() => queryClient.isMutating()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Next message' }));
    await expect.poll(() => receipts).toEqual([['m1'], ['m2'], ['m1', 'm3']]);
  });
});
