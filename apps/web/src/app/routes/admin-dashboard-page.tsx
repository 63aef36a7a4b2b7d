import * as Tabs from '@radix-ui/react-tabs';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { AuditLogsTab } from '../../features/admin/components/audit-logs-tab.tsx';
import { SendMessageModal } from '../../features/admin/components/send-message-modal.tsx';
import { SettingsTab } from '../../features/admin/components/settings-tab.tsx';
import { TemplatesTab } from '../../features/admin/components/templates-tab.tsx';
import { UsersTab } from '../../features/admin/components/users-tab.tsx';
import { AdminOverviewTab } from '../../features/patients/components/admin-overview-tab.tsx';
import { AdminPatientsTab } from '../../features/patients/components/admin-patients-tab.tsx';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'patients', label: 'All Patients' },
  { value: 'users', label: 'Users' },
  { value: 'templates', label: 'Templates' },
  { value: 'audit', label: 'Audit Logs' },
  { value: 'settings', label: 'Settings' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/** /dashboard/admin?tab=overview|patients|users|templates|audit|settings */
export function AdminDashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'overview';
  const [isSending, setIsSending] = useState(false);

  return (
    <div>
      <PageHeading title="Admin Dashboard" />
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'overview' ? {} : { tab: value }, { replace: true })
        }
      >
        <Tabs.List
          aria-label="Admin dashboard"
          className="mb-6 flex flex-wrap gap-x-1 border-b border-border"
        >
          {TABS.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink"
            >
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview">
          <AdminOverviewTab />
        </Tabs.Content>
        <Tabs.Content value="patients">
          <AdminPatientsTab
            toolbar={
              <Button onClick={() => setIsSending(true)}>
                <Send className="h-4 w-4" aria-hidden />
                Send Message
              </Button>
            }
          />
        </Tabs.Content>
        <Tabs.Content value="users">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="templates">
          <TemplatesTab />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditLogsTab />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsTab />
        </Tabs.Content>
      </Tabs.Root>
      <SendMessageModal isOpen={isSending} onClose={() => setIsSending(false)} />
    </div>
  );
}
