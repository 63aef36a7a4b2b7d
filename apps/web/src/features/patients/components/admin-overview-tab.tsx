/** Admin Dashboard 'Overview' tab (patients issue). */
export function AdminOverviewTab() {
  return <div />;
}
