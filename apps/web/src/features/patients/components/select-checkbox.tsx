import { useEffect, useRef } from 'react';

/**
 * A patient's checkbox on a dashboard list, or the list's 'select all on this page' one, which
 * shows 'mixed' when only some of the page is chosen. 24 px: a finger's target on a phone.
 */
export function SelectCheckbox({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean | 'mixed';
  onChange: () => void;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'mixed';
  }, [checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked === true}
      onChange={onChange}
      className={`h-5 w-5 shrink-0 cursor-pointer accent-brand ${className ?? ''}`}
    />
  );
}
