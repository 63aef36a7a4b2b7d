import { TOAST_BAND_PX } from './toast-area.ts';

/** The empty band under the header's row where toasts appear (see toast-area.ts). */
export function ToastBand() {
  // The e2e suite checks that toasts stay inside it (e2e/fixtures/toasts.ts).
  return <div aria-hidden data-toast-band style={{ height: TOAST_BAND_PX }} />;
}
