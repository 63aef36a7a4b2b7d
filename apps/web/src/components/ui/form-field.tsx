import { cloneElement, type AriaAttributes, type ReactElement, type ReactNode } from 'react';
import { Label } from './input.tsx';

type ControlProps = {
  id?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
};

/** What a control inside a FormField is given: its id and the state of its field. */
export type FieldControlProps = ControlProps & { id: string };

/**
 * A labelled control with its error under it: the label names the control, and the error is
 * announced with it (`aria-describedby`) and marks it invalid. `children` is one Input, Select or
 * Textarea, whose id is set here; or, for a control inside a wrapper (a prefix, a show-password
 * button), a function that spreads the props it is given onto the control.
 */
export function FormField({
  id,
  label,
  error,
  isRequired,
  hint,
  className,
  labelClassName,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: unknown;
  isRequired?: boolean;
  hint?: React.ReactNode;
  className?: string;
  /** For example `sr-only`, where the control's placeholder and context say enough. */
  labelClassName?: string;
  children: ReactElement<ControlProps> | ((control: FieldControlProps) => ReactNode);
}) {
  const message = error === undefined || error === null || error === '' ? null : String(error);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const control: FieldControlProps = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': isRequired || undefined,
  };
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
        {isRequired ? <span aria-hidden> *</span> : null}
      </Label>
      {typeof children === 'function'
        ? children(control)
        : cloneElement(children, {
            ...control,
            // What the control says of itself stays (e.g. required without the visible mark).
            'aria-required': control['aria-required'] ?? children.props['aria-required'],
            'aria-describedby':
              [children.props['aria-describedby'], control['aria-describedby']]
                .filter(Boolean)
                .join(' ') || undefined,
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
