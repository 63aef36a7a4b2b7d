import { AddPatientForm } from '#src/features/patients/components/add-patient-form.tsx';
import { PageHeading } from '#src/components/ui/page-heading.tsx';

export function AddPatientPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title="Add New Patient" description="New patients start as Referred." />
      <AddPatientForm />
    </div>
  );
}
