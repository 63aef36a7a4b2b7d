import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEarlyInput, replayEarlyInput } from './first-screen.ts';

const FORM = `<form><input name="email" type="email" /><input name="password" type="password" /><button type="submit">Sign In</button></form>`;

/** The server's HTML, then the app's render: new fields, empty, with the form's own listeners. */
function renderApp(root: HTMLElement) {
  root.innerHTML = FORM;
  const form = root.querySelector('form')!;
  const typed: Record<string, string> = {};
  form.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    typed[field.name] = field.value;
  });
  const submitted = vi.fn<(event: Event) => void>((event) => event.preventDefault());
  form.addEventListener('submit', submitted);
  return { typed, submitted };
}

describe('the first screen sent as HTML, before the app started', () => {
  afterEach(() => document.body.replaceChildren());

  it("gives the app's fields what was typed, as input events, and the focus back", () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = FORM;
    root.querySelector<HTMLInputElement>('[name=email]')!.value = 'clinic@demo.test';
    root.querySelector<HTMLInputElement>('[name=password]')!.value = 'secret words';
    root.querySelector<HTMLInputElement>('[name=password]')!.focus();

    const early = readEarlyInput(root);
    const app = renderApp(root);
    replayEarlyInput(root, early);

    expect(app.typed).toEqual({ email: 'clinic@demo.test', password: 'secret words' });
    expect(root.querySelector<HTMLInputElement>('[name=email]')!.value).toBe('clinic@demo.test');
    expect(document.activeElement).toBe(root.querySelector('[name=password]'));
    expect(app.submitted).not.toHaveBeenCalled();
  });

  it('submits again a form submitted before the app started, after its values', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = FORM;
    root.querySelector<HTMLInputElement>('[name=email]')!.value = 'clinic@demo.test';
    root.querySelector('form')!.setAttribute('data-held-submit', '');

    const early = readEarlyInput(root);
    const app = renderApp(root);
    replayEarlyInput(root, early);

    expect(app.submitted).toHaveBeenCalledTimes(1);
    expect(app.typed).toEqual({ email: 'clinic@demo.test' });
  });

  it('presses a button pressed before the app started again, as often, once it has a handler', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = '<button type="button" data-held-clicks="2">Switch to dark theme</button>';
    const early = readEarlyInput(root);
    // Hydration keeps the element and gives it its handler.
    const button = root.querySelector('button')!;
    const pressed = vi.fn<() => void>();
    button.addEventListener('click', pressed);
    replayEarlyInput(root, early);
    expect(pressed).toHaveBeenCalledTimes(2);
    expect(button.hasAttribute('data-held-clicks')).toBe(false);
  });

  it('presses a held button as the browser would, down and up, for controls that act on the down event', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = '<button type="button" role="tab" data-held-clicks="1">All Patients</button>';
    const early = readEarlyInput(root);
    const tab = root.querySelector('button')!;
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
      tab.addEventListener(type, (event) => {
        // A Radix tab is chosen on a primary-button mousedown without Ctrl.
        if (type === 'mousedown') expect(event).toMatchObject({ button: 0, ctrlKey: false });
        seen.push(type);
      });
    replayEarlyInput(root, early);
    expect(seen).toEqual(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
  });

  it('leaves an untouched page as the app rendered it', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = FORM;
    const early = readEarlyInput(root);
    const app = renderApp(root);
    replayEarlyInput(root, early);
    expect(app.typed).toEqual({});
    expect(app.submitted).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
