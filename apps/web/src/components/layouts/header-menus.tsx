import { UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';

export type OrganizationBadge = { label: string; title: string };

/** The account menu's box in the header: its trigger, and its stand-in until the menu loads. */
export const ACCOUNT_TRIGGER_CLASS =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink';

// The header's menus (this one and the notification bell) are Radix dropdown menus, which with
// their positioning library weigh about 25 KB gzip: a fifth of a signed-in page's budget (README,
// 'Bundle budget'). They are fetched as soon as the header first renders, not before it can:
// until they arrive, their place shows the same icon, inert and hidden from assistive technology,
// so nothing moves when the real control replaces it a moment later.
const AccountMenu = lazyComponent(
  () => import('./account-menu.tsx'),
  (module) => module.AccountMenu,
);

/** The header's account menu, fetched with the header rather than before it. */
export function HeaderAccountMenu(props: ComponentProps<typeof AccountMenu.Component>) {
  return (
    <LazyBoundary
      fallback={
        <span aria-hidden className={ACCOUNT_TRIGGER_CLASS}>
          <UserRound className="h-5 w-5" />
        </span>
      }
    >
      <AccountMenu.Component {...props} />
    </LazyBoundary>
  );
}
