import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, ShieldCheck, UserRound, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '#src/lib/cn.ts';
import type { OrganizationBadge } from './header-menus.tsx';
import { ACCOUNT_TRIGGER_CLASS } from './header-menus.tsx';
import { HEADER_MENU_OFFSET_PX } from './toast-area.ts';

const ITEM_CLASS =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-ink outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted data-[highlighted]:bg-surface-muted';

/**
 * The account's own pages (Security) at every width; below the desktop breakpoint, where the
 * header has no room for them, also the e-mail, the organisation badge and Sign out.
 */
export function AccountMenu({
  email,
  badge,
  isSigningOut,
  onSignOut,
  webhooksPath = null,
  className,
}: {
  email: string;
  badge: OrganizationBadge;
  isSigningOut: boolean;
  onSignOut: () => void;
  /** Where the user manages webhooks; null when they may not. */
  webhooksPath?: string | null;
  className?: string;
}) {
  return (
    // Not modal, like the bell: a modal menu hides the whole page from assistive technology.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label="Account menu"
          className={cn(ACCOUNT_TRIGGER_CLASS, className)}
        >
          <UserRound className="h-5 w-5" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          // Below the toast band: a toast never covers the menu.
          sideOffset={HEADER_MENU_OFFSET_PX}
          className="z-50 w-[min(18rem,calc(100vw-1rem))] rounded-lg border border-border bg-surface p-1 text-ink shadow-lg"
        >
          <DropdownMenu.Label className="space-y-2 px-3 py-2">
            <span className="block">
              <span className="block text-xs text-ink-muted">Signed in as</span>
              <span className="block break-all text-sm font-medium text-ink">{email}</span>
            </span>
            <span className="block">
              <span className="block text-xs text-ink-muted">{badge.title}</span>
              <span className="mt-0.5 inline-block max-w-full truncate rounded-full border border-border bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-ink">
                {badge.label}
              </span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to="/security">
              <ShieldCheck className="h-4 w-4" aria-hidden />
              Security
            </Link>
          </DropdownMenu.Item>
          {webhooksPath ? (
            <DropdownMenu.Item asChild className={ITEM_CLASS}>
              <Link to={webhooksPath}>
                <Webhook className="h-4 w-4" aria-hidden />
                Webhooks
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item disabled={isSigningOut} onSelect={onSignOut} className={ITEM_CLASS}>
            <LogOut className="h-4 w-4" aria-hidden />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
