import { PageHeading } from '../../components/ui/page-heading.tsx';

/** Pages whose features arrive with later issues show their heading and nothing that pretends. */
export function ClinicDashboardPage() {
  return <PageHeading title="Clinic Dashboard" />;
}
export function FirmDashboardPage() {
  return <PageHeading title="Attorney Firm Dashboard" />;
}
export function LienholderDashboardPage() {
  return <PageHeading title="Lienholder Dashboard" />;
}
export function AdminDashboardPage() {
  return <PageHeading title="Admin Dashboard" />;
}
export function AddPatientPage() {
  return <PageHeading title="Add New Patient" />;
}
export function DirectoryPage() {
  return <PageHeading title="Directory" />;
}
export function NotificationsPage() {
  return <PageHeading title="Notification Center" />;
}
