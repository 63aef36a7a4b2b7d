import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { NotificationList } from './notification-list.tsx';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

const TABS = [
  { value: 'notifications', label: 'Notifications' },
  { value: 'preferences', label: 'Preferences' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The Notification Center's two tabs; `?tab=preferences` opens the second. */
export function NotificationCenter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabValue = searchParams.get('tab') === 'preferences' ? 'preferences' : 'notifications';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) =>
        setSearchParams(value === 'preferences' ? { tab: value } : {}, { replace: true })
      }
    >
      <Tabs.List
        aria-label="Notification Center"
        className="mb-6 flex gap-1 border-b border-border"
      >
        {TABS.map((item) => (
          <Tabs.Trigger
            key={item.value}
            value={item.value}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink"
          >
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="notifications">
        <NotificationList />
      </Tabs.Content>
      <Tabs.Content value="preferences">
        <NotificationPreferencesForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}
