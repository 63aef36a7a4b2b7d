import { Card } from '#src/components/ui/card.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useSettings } from '#src/features/admin/api/settings-api.ts';
import { JobsPanel } from './jobs-panel.tsx';
import { MailOutboxPanel } from './mail-outbox-panel.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SystemToolsPanel } from './system-tools-panel.tsx';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="mb-4 mt-1 text-sm text-ink-muted">{description}</p>
        {children}
      </section>
    </Card>
  );
}

/** Admin 'Settings' tab (spec section 9, docs/architecture.md D7), the admin tools, the mail outbox and the jobs. */
export function SettingsTab() {
  const settings = useSettings();
  return (
    <div className="space-y-6">
      <Section
        id="settings-heading"
        title="Settings"
        description="Saved settings apply to the very next request."
      >
        {settings.data ? (
          <SettingsForm settings={settings.data} />
        ) : settings.error ? (
          <p role="alert" className="text-sm text-danger">
            Failed to load settings
          </p>
        ) : (
          <Skeleton className="h-80 w-full" />
        )}
      </Section>
      <Section
        id="tools-heading"
        title="System tools"
        description="Check the database, file storage and mail transport, or load the demo data."
      >
        <SystemToolsPanel />
      </Section>
      <Section
        id="mail-heading"
        title="Mail outbox"
        description="E-mails waiting for, or already handed to, the mail server."
      >
        <MailOutboxPanel />
      </Section>
      <Section
        id="jobs-heading"
        title="Jobs"
        description="Background work waiting, running or out of attempts; refreshes every 10 seconds."
      >
        <JobsPanel />
      </Section>
    </div>
  );
}
