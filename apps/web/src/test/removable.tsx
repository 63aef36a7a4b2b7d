import { useState, type ReactNode } from 'react';

/**
 * Shows `children` until the button named `label` is pressed, then `after`: a component that goes
 * away while its request is in flight, as a live refresh or a change of tab makes it
 * (architecture.md, 'Outcomes of a change').
 */
export function Removable({
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
