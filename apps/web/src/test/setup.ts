import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  // Sonner keeps toasts in a module-wide store and replays active ones to the next Toaster:
  // without this a test would see the toasts of the one before.
  toast.dismiss();
  cleanup();
  // The fake API and stand-ins for browser APIs are installed per test; none leaks into the next.
  vi.unstubAllGlobals();
});

// jsdom has no pointer capture; sonner captures the pointer on a toast (an Undo click).
const pointerCapture: Partial<
  Pick<Element, 'setPointerCapture' | 'releasePointerCapture' | 'hasPointerCapture'>
> = Element.prototype;
pointerCapture.setPointerCapture ??= () => {};
pointerCapture.releasePointerCapture ??= () => {};
pointerCapture.hasPointerCapture ??= () => false;

// Preact (ADR 0015) runs effects after the next frame: requestAnimationFrame, with a 35 ms timer
// beside it. A test file's jsdom is torn down before such a timer may fire, which then calls a
// cancelAnimationFrame that is gone. Under test, effects run on the next task instead.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback);
};
