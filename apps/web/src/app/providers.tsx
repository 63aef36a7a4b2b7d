import { TOAST_DURATION_MS } from '@casebridge/domain/constants';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '#src/lib/auth-context.tsx';
import { ThemeProvider, useTheme } from '#src/lib/theme-context.tsx';
import { createQueryClient } from '#src/lib/query-client.ts';

/** Toasts start below the sticky header (h-14, 56 px) so they never cover the bell or Sign out. */
const TOAST_OFFSET = { top: 64 } as const;

function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_OFFSET}
      closeButton
    />
  );
}

/** `queryClient` lets component tests wrap a page in these same providers with their own cache. */
export function AppProviders({
  children,
  queryClient: givenClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [ownClient] = useState(createQueryClient);
  const queryClient = givenClient ?? ownClient;
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
