import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOAST_RESERVE_PX } from './toast-area.ts';

describe('the toast area', () => {
  it('scrolls focused controls below the sticky header and its toast band', () => {
    const css = readFileSync(path.join(import.meta.dirname, '..', '..', 'index.css'), 'utf8');
    expect(css).toContain(`scroll-padding-top: calc(${TOAST_RESERVE_PX}px + 0.5rem);`);
  });
});
