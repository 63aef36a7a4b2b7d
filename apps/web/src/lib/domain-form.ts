import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

/** A domain request schema: an object, possibly refined or transformed after parsing. */
type DomainSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The order in which the specification checks a form's fields: the key order of the domain
 * schema, where each request schema lists its keys in the spec's order (for Add Patient: name,
 * date of birth, clinic, firm). A refined or transformed object is unwrapped to its shape.
 */
export function getCheckOrder(schema: z.ZodType): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as {
      shape?: Record<string, unknown>;
      in?: unknown;
      def?: { in?: unknown; innerType?: unknown };
    };
    if (candidate.shape && typeof candidate.shape === 'object') return Object.keys(candidate.shape);
    current = candidate.in ?? candidate.def?.in ?? candidate.def?.innerType;
  }
  return [];
}

/**
 * The first error inside a list or group of fields (`insurers.0.carrier`), in the fields' order,
 * as a path react-hook-form can focus.
 */
function firstNestedError(value: unknown, path: string): { path: string; message: unknown } | null {
  if (!value || typeof value !== 'object') return null;
  const node = value as { message?: unknown; ref?: unknown };
  if (node.message !== undefined && path !== '') return { path, message: node.message };
  for (const [key, child] of Object.entries(value)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'root') continue;
    const found = firstNestedError(child, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/**
 * The first failing field in the spec's order (then any other, then the first failing field of
 * a list such as a case's insurers), with its message.
 */
export function getFirstFormError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly string[],
): { field: Path<T> | undefined; message: string | undefined } {
  const failing = (name: string) =>
    Boolean((errors as Record<string, { message?: unknown }>)[name]?.message);
  const field = (order.find(failing) ?? Object.keys(errors).find(failing)) as Path<T> | undefined;
  if (!field) {
    const nested = [...order, ...Object.keys(errors)]
      .map((name) => firstNestedError((errors as Record<string, unknown>)[name], name))
      .find((found) => found !== null);
    if (nested) return { field: nested.path as Path<T>, message: String(nested.message) };
  }
  const message = field
    ? (errors as Record<string, { message?: unknown }>)[field]?.message
    : undefined;
  return { field, message: message === undefined ? undefined : String(message) };
}

type DomainFormOptions<TInput extends FieldValues> = {
  defaultValues: DefaultValues<TInput>;
  /**
   * Toast the first failure in the spec's order, as the specification does for forms whose
   * errors it words as toasts. Errors are always shown at their fields too. Default true.
   */
  toastFirstError?: boolean;
};

export type DomainForm<TSchema extends DomainSchema> = UseFormReturn<
  z.input<TSchema>,
  unknown,
  z.output<TSchema>
> & {
  /** The form's onSubmit: validates with the domain schema, then calls `onValid` with its output. */
  submitWith: (
    onValid: (values: z.output<TSchema>) => unknown,
  ) => ReturnType<UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>['handleSubmit']>;
};

/**
 * One form pattern for the whole app: react-hook-form validated by the domain request schema
 * the server parses with, so a value the form accepts is one the API accepts. On an invalid
 * submit the first failing field in the spec's order is focused and its message toasted.
 */
export function useDomainForm<TSchema extends DomainSchema>(
  schema: TSchema,
  { defaultValues, toastFirstError = true }: DomainFormOptions<z.input<TSchema>>,
): DomainForm<TSchema> {
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    // Focus follows the spec's check order (below), not the order of the fields on screen.
    shouldFocusError: false,
  });
  const order = getCheckOrder(schema);

  function handleInvalid(errors: FieldErrors<z.input<TSchema>>) {
    const { field, message } = getFirstFormError(errors, order);
    if (toastFirstError && message) toast.error(message);
    if (field) form.setFocus(field);
  }

  return {
    ...form,
    submitWith: (onValid) => form.handleSubmit(onValid, handleInvalid),
  };
}
