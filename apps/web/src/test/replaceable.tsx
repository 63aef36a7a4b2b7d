import { useState, type ReactNode } from 'react';

/**
 * Shows `children` until the button named `label` is pressed, then `after` in its place. An
 * `after` of another kind stands for a component that went away while its request was in flight,
 * as a live refresh or a change of tab makes it (architecture.md, 'Outcomes of a change'); the
 * same component with other props is that component updated in place, as a patient page is for
 * the next patient.
 */
export function Replaceable({
  children,
  label,
  after,
}: {
  children: ReactNode;
  label: string;
  after: ReactNode;
}) {
  const [isShown, setIsShown] = useState(true);
  return (
    <>
      {isShown ? children : after}
      <button type="button" onClick={() => setIsShown(false)}>
        {label}
      </button>
    </>
  );
}
