import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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
