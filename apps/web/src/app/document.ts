import type { TSessionResponse } from '@casebridge/domain/auth/auth.schemas';

/**
 * The page as the server sends it: the built index.html, its root element filled with a first
 * screen rendered outside the browser (app/server-render.tsx) and the session the server read
 * for the request, so that the app neither waits for its first screen nor asks who is signed in.
 */
const ROOT_ELEMENT = '<div id="root"></div>';
const SESSION_ELEMENT_ID = 'session';

/** JSON that cannot end or open a tag inside a <script> element. */
function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * `template` (the built index.html) with `root` as the root element's markup, marked so that
 * main.tsx hydrates it, and `session` (null: signed out) as data, when given.
 */
export function fillDocument(
  template: string,
  { root, session }: { root: string | null; session?: TSessionResponse | null },
): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`The page has no ${ROOT_ELEMENT}`);
  const rootElement =
    root === null ? ROOT_ELEMENT : `<div id="root" data-prerendered>${root}</div>`;
  const sessionElement =
    session === undefined
      ? ''
      : `<script type="application/json" id="${SESSION_ELEMENT_ID}">${toScriptJson(session)}</script>`;
  return template.replace(ROOT_ELEMENT, () => `${rootElement}${sessionElement}`);
}

/** The session the server put in the page: undefined when it put none (the app then asks). */
export function readPageSession(): TSessionResponse | null | undefined {
  const element = document.getElementById(SESSION_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as TSessionResponse | null;
}
