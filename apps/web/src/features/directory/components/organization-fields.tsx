import type {
  TOrganizationForm,
  ZOrganizationForm,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import {
  MAX_GAP_THRESHOLD_DAYS,
  MIN_GAP_THRESHOLD_DAYS,
} from '@casebridge/domain/gaps/treatment-gap-constants';
import { TREATMENT_GAP_TEXTS } from '@casebridge/domain/gaps/treatment-gap';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import type { DomainForm } from '#src/lib/domain-form.ts';

export const KIND_LABELS: Record<OrganizationKind, string> = {
  clinic: 'Clinic',
  firm: 'Attorney Firm',
  lienholder: 'Lienholder',
};

/** The form's values: a new organisation of `kind`, or an existing organisation as it is. */
export function toOrganizationFormValues(
  kind: OrganizationKind,
  organization?: TOrganization,
): TOrganizationForm {
  return {
    kind: organization?.kind ?? kind,
    name: organization?.name ?? '',
    description: organization?.description ?? '',
    phone: organization?.phone ?? '',
    email: organization?.email ?? '',
    address: organization?.address ?? '',
    labels: organization
      ? organization.kind === 'clinic'
        ? organization.specialties.join(', ')
        : organization.kind === 'firm'
          ? organization.practiceAreas.join(', ')
          : (organization.lienholderType ?? '')
      : '',
    // A clinic's treatment-gap threshold is edited with the clinic, never set when adding one.
    gapThresholdDays: organization?.kind === 'clinic' ? organization.gapThresholdDays : undefined,
  };
}

export const LABEL_FIELD: Record<OrganizationKind, { label: string; hint?: string }> = {
  clinic: { label: 'Specialties', hint: 'Separate with commas.' },
  firm: { label: 'Practice areas', hint: 'Separate with commas.' },
  lienholder: { label: 'Lienholder type' },
};

/**
 * An organisation's fields, shared by Add Organization and the edit: the kind (a choice only
 * when adding; an organisation's kind never changes), name, description, phone, e-mail, address
 * and the kind's labels, each with its error.
 */
export function OrganizationFields({
  form,
  canChooseKind,
}: {
  form: DomainForm<typeof ZOrganizationForm>;
  canChooseKind: boolean;
}) {
  const { errors } = form.formState;
  const labelField = LABEL_FIELD[form.watch('kind')];
  return (
    <>
      {canChooseKind ? (
        <FormField id="org-kind" label="Type">
          <Select {...form.register('kind', { onChange: () => form.setValue('labels', '') })}>
            {(Object.keys(KIND_LABELS) as OrganizationKind[]).map((item) => (
              <option key={item} value={item}>
                {KIND_LABELS[item]}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <FormField id="org-name" label="Name" error={errors.name?.message} isRequired>
        <Input {...form.register('name')} />
      </FormField>
      <FormField id="org-description" label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="org-phone" label="Phone" error={errors.phone?.message}>
          <Input type="tel" {...form.register('phone')} />
        </FormField>
        <FormField id="org-email" label="Email" error={errors.email?.message}>
          <Input type="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField id="org-address" label="Address" error={errors.address?.message}>
        <Input {...form.register('address')} />
      </FormField>
      <FormField
        id="org-labels"
        label={labelField.label}
        error={errors.labels?.message}
        hint={labelField.hint}
      >
        <Input {...form.register('labels')} />
      </FormField>
      {!canChooseKind && form.watch('kind') === 'clinic' ? (
        <FormField
          id="org-gap-threshold"
          label={`${TREATMENT_GAP_TEXTS.settingTitle} (days)`}
          error={errors.gapThresholdDays?.message}
          hint={`${TREATMENT_GAP_TEXTS.settingLabel}: from ${MIN_GAP_THRESHOLD_DAYS} to ${MAX_GAP_THRESHOLD_DAYS} days.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={MIN_GAP_THRESHOLD_DAYS}
            max={MAX_GAP_THRESHOLD_DAYS}
            {...form.register('gapThresholdDays', { valueAsNumber: true })}
          />
        </FormField>
      ) : null}
    </>
  );
}
