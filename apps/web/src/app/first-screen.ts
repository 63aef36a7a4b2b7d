/**
 * A page the server sent as HTML (app/server-render.tsx) is on screen before the app's code: the
 * app hydrates it once that page's code and the session are here. What the user did meanwhile is
 * carried over: what they typed, the field they were in, the buttons they pressed, and a form
 * they submitted (both held by public/page-init.js), submitted again once the app's form has
 * the values.
 */
export type EarlyInput = {
  values: Map<string, string>;
  focused: string | null;
  /** The position among the page's forms of the one submitted before the app started. */
  heldSubmit: number;
  /** Buttons pressed before the app started (public/page-init.js), each as often as pressed. */
  heldClicks: HTMLButtonElement[];
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
  const heldClicks = [
    ...root.querySelectorAll<HTMLButtonElement>('button[data-held-clicks]'),
  ].flatMap((button) =>
    Array.from({ length: Number(button.dataset.heldClicks) || 0 }, () => button),
  );
  return { values, focused, heldSubmit, heldClicks };
}

/**
 * A press as the browser reports one: pointer and mouse down and up, then the click. Some
 * controls act on the down event rather than the click (a Radix tab is chosen on mousedown, a
 * menu opens on pointerdown), so a bare click() would leave them as they were.
 */
function press(button: HTMLButtonElement): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0 };
  const pointer = (type: string) =>
    typeof PointerEvent === 'function'
      ? new PointerEvent(type, { ...init, pointerType: 'mouse', isPrimary: true })
      : new MouseEvent(type, init);
  button.dispatchEvent(pointer('pointerdown'));
  button.dispatchEvent(new MouseEvent('mousedown', init));
  button.dispatchEvent(pointer('pointerup'));
  button.dispatchEvent(new MouseEvent('mouseup', init));
  button.click();
}

/**
 * Puts the typed values back into the app's fields as if typed (an input event, so the form's
 * own state has them too), the focus back, presses the held buttons again and submits a held
 * form.
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
  // Hydrating keeps the elements, so a pressed button is the same node, now with its handler.
  for (const button of new Set(input.heldClicks)) button.removeAttribute('data-held-clicks');
  for (const button of input.heldClicks) press(button);
  if (input.heldSubmit >= 0) root.querySelectorAll('form')[input.heldSubmit]?.requestSubmit();
}
