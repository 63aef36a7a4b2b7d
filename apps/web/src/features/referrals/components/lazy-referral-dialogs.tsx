import type { ComponentProps } from 'react';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';

/*
 * The referral forms bring zod and the form library: the dashboard, the directory and the
 * patient page fetch them when one is opened (or its button is hovered), not with the page.
 */
const dialogs = () => import('./refer-client-dialog.tsx');
const ReferClient = lazyComponent(dialogs, (module) => module.ReferClientDialog);
const ReferOn = lazyComponent(dialogs, (module) => module.ReferOnDialog);

export const preloadReferralDialogs = ReferClient.preload;

export function LazyReferClientDialog(
  props: ComponentProps<typeof import('./refer-client-dialog.tsx').ReferClientDialog>,
) {
  return (
    <LazyBoundary fallback={null}>
      <ReferClient.Component {...props} />
    </LazyBoundary>
  );
}

export function LazyReferOnDialog(
  props: ComponentProps<typeof import('./refer-client-dialog.tsx').ReferOnDialog>,
) {
  return (
    <LazyBoundary fallback={null}>
      <ReferOn.Component {...props} />
    </LazyBoundary>
  );
}
