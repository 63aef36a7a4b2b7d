type ToastType = 'success' | 'error' | 'warning' | 'info';

/** The toasts of one kind on screen, newest first, as the app's toaster shows them. */
export function getToasts(type: ToastType): string[] {
  return Array.from(
    document.querySelectorAll(`[data-sonner-toast][data-type="${type}"] [data-title]`),
    (title) => title.textContent ?? '',
  );
}

/**
 * The newest toast of one kind, for `await expect.poll(() => latestToast('error')).toBe(text)`:
 * toasts appear a tick after the call that raised them.
 */
export const latestToast = (type: ToastType): string | undefined => getToasts(type)[0];

/** The description under the newest toast of one kind, if it has one. */
export const latestToastDescription = (type: ToastType): string | undefined =>
  document.querySelector(`[data-sonner-toast][data-type="${type}"] [data-description]`)
    ?.textContent ?? undefined;
