import type { ReactNode } from 'react';
import { ThemeToggle } from '#src/components/theme-toggle.tsx';
import { Logo } from './logo.tsx';
import { HEADER_ROW_PX } from './toast-area.ts';
import { ToastBand } from './toast-band.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';

/** Centred card for the public pages (sign-in, access request). */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      {/* Sticky with the toast band, as in the signed-in pages: no toast covers the form. */}
      <header className="sticky top-0 z-30 bg-canvas/95 backdrop-blur">
        <div
          className="flex items-center justify-between px-4 sm:px-6"
          style={{ height: HEADER_ROW_PX }}
        >
          <Logo to="/login" />
          <ThemeToggle />
        </div>
        <ToastBand />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <PageTitle>{title}</PageTitle>
          <p className="mb-6 mt-1 text-sm text-ink-muted">{description}</p>
          {children}
        </div>
      </main>
    </div>
  );
}
