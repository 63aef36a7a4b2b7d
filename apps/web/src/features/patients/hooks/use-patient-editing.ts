import type {
  TPatientDetail,
  ZUpdateDemographicsRequest,
} from '@casebridge/domain/patients/patient.schemas';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { parsePatientDetail } from '#src/features/patients/api/patient-answers.ts';
import { DEMOGRAPHICS_LABELS } from '#src/features/patients/components/demographics-fields.tsx';

type DemographicsInput = z.input<typeof ZUpdateDemographicsRequest>;

/**
 * Editing a patient's demographics (the Demographics tab, the admin's Edit Patient): the
 * record-editing rules of `useRecordEditing`, with the organisations in the list of what someone
 * else changed named rather than shown as ids.
 */
export function usePatientEditing(
  patient: TPatientDetail,
  form: UseFormReturn<DemographicsInput, unknown, unknown>,
  toValues: (patient: TPatientDetail) => DemographicsInput,
) {
  const organizations = [
    useOrganizationOptions('clinic').data,
    useOrganizationOptions('firm').data,
    useOrganizationOptions('lienholder').data,
  ].flatMap((items) => items ?? []);
  const nameOf = (id: unknown) =>
    organizations.find((organization) => organization.id === id)?.name ?? String(id);
  return useRecordEditing({
    record: patient,
    form,
    toValues,
    labels: DEMOGRAPHICS_LABELS,
    parse: parsePatientDetail,
    display: (_field, value) => {
      if (Array.isArray(value) && value.length === 0) return '—';
      const ids = Array.isArray(value) ? value : value ? [value] : [];
      const isOrganization = ids.some((id) => organizations.some((item) => item.id === id));
      if (isOrganization) return ids.map(nameOf).join(', ');
      return value === null || value === undefined || value === '' ? '—' : String(value);
    },
  });
}
