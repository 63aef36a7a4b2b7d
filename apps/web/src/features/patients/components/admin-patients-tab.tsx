/** Admin Dashboard 'All Patients' tab (patients issue). */
export function AdminPatientsTab() {
  return <div />;
}
