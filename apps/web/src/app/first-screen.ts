/**
 * A page the server sent as HTML (app/server-render.tsx) is on screen before the app's code: the
 * app hydrates it once that page's code and the session are here. What the user did meanwhile is
 * carried over: what they typed, the field they were in, and a form they submitted (held by
 * public/page-init.js), which is submitted again once the app's form has the values.
 */
export type EarlyInput = {
  values: Map<string, string>;
  focused: string | null;
  /** The position among the page's forms of the one submitted before the app started. */
  heldSubmit: number;
};

function namedFields(root: HTMLElement): HTMLInputElement[] {
  return [...root.querySelectorAll<HTMLInputElement>('input[name], textarea[name]')];
}

export function readEarlyInput(root: HTMLElement): EarlyInput {
  const values = new Map<string, string>();
  for (const field of namedFields(root)) if (field.value) values.set(field.name, field.value);
  const active = document.activeElement;
  const focused =
    active instanceof HTMLInputElement && root.contains(active) && active.name ? active.name : null;
  const heldSubmit = [...root.querySelectorAll('form')].findIndex((form) =>
    form.hasAttribute('data-held-submit'),
  );
  return { values, focused, heldSubmit };
}

/**
 * Puts the typed values back into the app's fields as if typed (an input event, so the form's
 * own state has them too), the focus back, and submits a held form.
 */
export function replayEarlyInput(root: HTMLElement, input: EarlyInput): void {
  const fields = namedFields(root);
  for (const field of fields) {
    const value = input.values.get(field.name);
    if (value === undefined) continue;
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (input.focused && !root.contains(document.activeElement))
    fields.find((field) => field.name === input.focused)?.focus();
  if (input.heldSubmit >= 0) root.querySelectorAll('form')[input.heldSubmit]?.requestSubmit();
}
