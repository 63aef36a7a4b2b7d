import { TOAST_BAND_PX } from './toast-area.ts';

/** The empty band under the header's row where toasts appear (see toast-area.ts). */
export function ToastBand() {
  return <div aria-hidden style={{ height: TOAST_BAND_PX }} />;
}
