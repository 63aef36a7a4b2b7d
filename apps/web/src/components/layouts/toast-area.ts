import type { CSSProperties } from 'react';

/*
 * Where toasts appear, and the room the layout keeps for them. Toasts stay top-right for 4 s (spec
 * section 3), but a toast must never cover a control ('Signed in successfully' used to
 * sit over 'Add Patient'). So the sticky header holds, under its row of controls, a band as tall
 * as a toast of three lines (a title and two of description) with two more peeking behind it,
 * and nothing interactive is ever laid out beneath a toast: the page scrolls under the header,
 * modals are centred below the band, and the header's menus open below it.
 * e2e/fixtures/toasts.ts checks it after each toast in the suite.
 */

/** The header's row of controls. */
export const HEADER_ROW_PX = 56;
/** The band under it where toasts appear (see the sizes of `TOAST_STYLE`). */
export const TOAST_BAND_PX = 88;
/** Header row and band: the top of the window that no control of the page ever occupies. */
export const TOAST_RESERVE_PX = HEADER_ROW_PX + TOAST_BAND_PX;

/** Sonner's offsets: the first toast starts just under the header's row. */
export const TOAST_OFFSET = { top: HEADER_ROW_PX + 4 } as const;
export const TOAST_MOBILE_OFFSET = { top: HEADER_ROW_PX + 4, left: 8, right: 8 } as const;
/**
 * Stacked toasts peek 4 px apart, at most three: with a three-line toast in front (80 px, see
 * `TOAST_STYLE`) the stack ends 4 + 80 + 4 px under the header's row, inside the band.
 */
export const TOAST_GAP_PX = 4;
export const VISIBLE_TOASTS = 3;
/** Compact toasts (sonner pads 16 px): a title and two lines of description come to 80 px. */
export const TOAST_STYLE: CSSProperties = { padding: '10px 14px' };
/** Wider than sonner's 356 px on larger screens, so a toast's text takes fewer lines. */
export const TOAST_WIDTH_STYLE = { '--width': '448px' } as CSSProperties;

/** The header's buttons are 36 px tall, centred in the row; their menus open below the band. */
export const HEADER_MENU_OFFSET_PX = (HEADER_ROW_PX - 36) / 2 + TOAST_BAND_PX + 4;

/** A modal, centred in the part of the window below the band. */
export const MODAL_PLACEMENT_STYLE: CSSProperties = {
  top: `calc(50% + ${TOAST_RESERVE_PX / 2}px)`,
  maxHeight: `calc(100dvh - ${TOAST_RESERVE_PX + 16}px)`,
};
