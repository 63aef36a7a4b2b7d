import { cloneElement, type ReactElement } from 'react';
import { Label } from './input.tsx';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

/**
 * A labelled control with its error under it: the label names the control, and the error is
 * announced with it (`aria-describedby`) and marks it invalid. `children` is one Input, Select or
 * Textarea; its id is set here.
 */
export function FormField({
  id,
  label,
  error,
  isRequired,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: unknown;
  isRequired?: boolean;
  hint?: React.ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const message = error === undefined || error === null || error === '' ? null : String(error);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {isRequired ? <span aria-hidden> *</span> : null}
      </Label>
      {cloneElement(children, {
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': isRequired || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
