import * as Tabs from '@radix-ui/react-tabs';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { TabBar, useTabParam } from '#src/components/ui/tab-bar.tsx';
import { AuditLogsTab } from '#src/features/admin/components/audit-logs-tab.tsx';
import { SendMessageModal } from '#src/features/admin/components/send-message-modal.tsx';
import { SettingsTab } from '#src/features/admin/components/settings-tab.tsx';
import { TemplatesTab } from '#src/features/admin/components/templates-tab.tsx';
import { UsersTab } from '#src/features/admin/components/users-tab.tsx';
import { AdminOverviewTab } from '#src/features/patients/components/admin-overview-tab.tsx';
import { AdminPatientsTab } from '#src/features/patients/components/admin-patients-tab.tsx';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'patients', label: 'All Patients' },
  { value: 'users', label: 'Users' },
  { value: 'templates', label: 'Templates' },
  { value: 'audit', label: 'Audit Logs' },
  { value: 'settings', label: 'Settings' },
] as const;
const TAB_VALUES = TABS.map((item) => item.value);

/** /dashboard/admin?tab=overview|patients|users|templates|audit|settings */
export function AdminDashboardPage() {
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [isSending, setIsSending] = useState(false);

  return (
    <div>
      <PageHeading title="Admin Dashboard" />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <TabBar label="Admin dashboard" items={TABS} />
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
