import * as Tabs from '@radix-ui/react-tabs';
import { Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { TabBar, useTabParam } from '#src/components/ui/tab-bar.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { AdminOverviewTab } from '#src/features/patients/components/admin-overview-tab.tsx';

// The first tab is part of this page's chunk; every other tab, and the Send Message dialog, is
// fetched when its trigger is hovered or focused, or at the latest when it is opened.
const AdminPatientsTab = lazyComponent(
  () => import('#src/features/patients/components/admin-patients-tab.tsx'),
  (module) => module.AdminPatientsTab,
);
const UsersTab = lazyComponent(
  () => import('#src/features/admin/components/users-tab.tsx'),
  (module) => module.UsersTab,
);
const TemplatesTab = lazyComponent(
  () => import('#src/features/admin/components/templates-tab.tsx'),
  (module) => module.TemplatesTab,
);
const AuditLogsTab = lazyComponent(
  () => import('#src/features/admin/components/audit-logs-tab.tsx'),
  (module) => module.AuditLogsTab,
);
const SettingsTab = lazyComponent(
  () => import('#src/features/admin/components/settings-tab.tsx'),
  (module) => module.SettingsTab,
);
const SystemTab = lazyComponent(
  () => import('#src/features/admin/components/system-tab.tsx'),
  (module) => module.SystemTab,
);
const ApiTokensTab = lazyComponent(
  () => import('#src/features/api-tokens/components/api-tokens-tab.tsx'),
  (module) => module.ApiTokensTab,
);
const SendMessageModal = lazyComponent(
  () => import('#src/features/admin/components/send-message-modal.tsx'),
  (module) => module.SendMessageModal,
);
const WebhooksPanel = lazyComponent(
  () => import('#src/features/webhooks/components/webhooks-panel.tsx'),
  (module) => module.WebhooksPanel,
);
const PRELOAD = {
  overview: () => undefined,
  patients: AdminPatientsTab.preload,
  users: UsersTab.preload,
  templates: TemplatesTab.preload,
  audit: AuditLogsTab.preload,
  'api-tokens': ApiTokensTab.preload,
  settings: SettingsTab.preload,
  system: SystemTab.preload,
  webhooks: WebhooksPanel.preload,
} as const;

/** Holds a tab's place while its code arrives (first opening only; later it is cached). */
const tabPlaceholder = <Skeleton className="h-96 w-full" />;

/** A tab whose content is loaded on demand, when it is first opened. */
function LazyTab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Content value={value}>
      <LazyBoundary fallback={tabPlaceholder}>{children}</LazyBoundary>
    </Tabs.Content>
  );
}

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'patients', label: 'All Patients' },
  { value: 'users', label: 'Users' },
  { value: 'templates', label: 'Templates' },
  { value: 'audit', label: 'Audit Logs' },
  { value: 'api-tokens', label: 'API tokens' },
  { value: 'settings', label: 'Settings' },
  { value: 'system', label: 'System' },
  { value: 'webhooks', label: 'Webhooks' },
] as const;
const TAB_VALUES = TABS.map((item) => item.value);

/** /dashboard/admin?tab=overview|patients|users|templates|audit|api-tokens|settings|system|webhooks */
export function AdminDashboardPage() {
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [isSending, setIsSending] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed afterwards.
  const [hasSent, setHasSent] = useState(false);

  return (
    <div>
      <PageHeading title="Admin Dashboard" />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <TabBar label="Admin dashboard" items={TABS} onIntent={(value) => PRELOAD[value]()} />
        <Tabs.Content value="overview">
          <AdminOverviewTab />
        </Tabs.Content>
        <LazyTab value="patients">
          <AdminPatientsTab.Component
            toolbar={
              <Button
                onClick={() => {
                  setHasSent(true);
                  setIsSending(true);
                }}
                onPointerEnter={SendMessageModal.preload}
                onFocus={SendMessageModal.preload}
              >
                <Send className="h-4 w-4" aria-hidden />
                Send Message
              </Button>
            }
          />
        </LazyTab>
        <LazyTab value="users">
          <UsersTab.Component />
        </LazyTab>
        <LazyTab value="templates">
          <TemplatesTab.Component />
        </LazyTab>
        <LazyTab value="audit">
          <AuditLogsTab.Component />
        </LazyTab>
        <LazyTab value="api-tokens">
          <ApiTokensTab.Component />
        </LazyTab>
        <LazyTab value="settings">
          <SettingsTab.Component />
        </LazyTab>
        <LazyTab value="system">
          <SystemTab.Component />
        </LazyTab>
        <LazyTab value="webhooks">
          <WebhooksPanel.Component isAdmin />
        </LazyTab>
      </Tabs.Root>
      {hasSent ? (
        <LazyBoundary fallback={null}>
          <SendMessageModal.Component isOpen={isSending} onClose={() => setIsSending(false)} />
        </LazyBoundary>
      ) : null}
    </div>
  );
}
