import * as Tabs from '@radix-ui/react-tabs';
import { TabBar, useTabParam } from '#src/components/ui/tab-bar.tsx';
import { NotificationList } from './notification-list.tsx';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

const TABS = [
  { value: 'notifications', label: 'Notifications' },
  { value: 'preferences', label: 'Preferences' },
] as const;
const TAB_VALUES = TABS.map((item) => item.value);

/** The Notification Center's two tabs; `?tab=preferences` opens the second. */
export function NotificationCenter() {
  const [tab, setTab] = useTabParam(TAB_VALUES);
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <TabBar label="Notification Center" items={TABS} />
      <Tabs.Content value="notifications">
        <NotificationList />
      </Tabs.Content>
      <Tabs.Content value="preferences">
        <NotificationPreferencesForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}
