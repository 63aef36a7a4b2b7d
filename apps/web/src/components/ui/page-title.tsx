import { useEffect, useRef } from 'react';
import { cn } from '#src/lib/cn.ts';

export const APP_NAME = 'CaseBridge';

/** Set once the first page has shown: every later page is reached by navigation. */
let hasShownAPage = false;

/**
 * The page's one `<h1>`. It names the browser tab (`documentTitle`, when the heading holds
 * something that must not end up in the browser's history, such as a patient's name), and after
 * a navigation it takes focus, so a screen reader starts at the new page rather than at the link
 * that led there — unless the user has already moved on to a control of the page.
 */
export function PageTitle({
  children,
  documentTitle = children,
  className,
}: {
  children: string;
  documentTitle?: string;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${documentTitle} · ${APP_NAME}`;
  }, [documentTitle]);

  useEffect(() => {
    const isNavigation = hasShownAPage;
    hasShownAPage = true;
    if (!isNavigation) return;
    const active = document.activeElement;
    const main = ref.current?.closest('main');
    const hasMovedOn = active && active !== document.body && main?.contains(active);
    if (!hasMovedOn) ref.current?.focus({ preventScroll: true });
  }, []);

  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className={cn('text-2xl font-semibold text-ink focus:outline-none', className)}
    >
      {children}
    </h1>
  );
}
