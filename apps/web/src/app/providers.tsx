import { TOAST_DURATION_MS, type Theme } from '@casebridge/domain/constants';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '#src/lib/auth-context.tsx';
import { ThemeProvider, useTheme } from '#src/lib/theme-context.tsx';
import { createQueryClient } from '#src/lib/query-client.ts';
import {
  TOAST_GAP_PX,
  TOAST_MOBILE_OFFSET,
  TOAST_OFFSET,
  TOAST_STYLE,
  TOAST_WIDTH_STYLE,
  VISIBLE_TOASTS,
} from '#src/components/layouts/toast-area.ts';

function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      // In the band the layouts keep free under the header: a toast never covers a control.
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      gap={TOAST_GAP_PX}
      visibleToasts={VISIBLE_TOASTS}
      toastOptions={{ style: TOAST_STYLE }}
      style={TOAST_WIDTH_STYLE}
      closeButton
    />
  );
}

/**
 * `queryClient` lets component tests wrap a page in these same providers with their own cache;
 * `renderedTheme` is the theme of server markup the app hydrates (lib/theme-context.tsx).
 */
export function AppProviders({
  children,
  queryClient: givenClient,
  renderedTheme,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  renderedTheme?: Theme;
}) {
  const [ownClient] = useState(createQueryClient);
  const queryClient = givenClient ?? ownClient;
  return (
    <ThemeProvider renderedTheme={renderedTheme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
