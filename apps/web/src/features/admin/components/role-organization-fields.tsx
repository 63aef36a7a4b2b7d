import {
  ASSIGNABLE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_ORGANIZATION_KIND,
  type AssignableRole,
} from '@casebridge/domain/roles';
import { useId } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { cn } from '#src/lib/cn.ts';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';

/** The empty choice of the organisation select, with its article ('an attorney firm'). */
const ORGANIZATION_PROMPTS = {
  clinic: 'Select a clinic...',
  firm: 'Select an attorney firm...',
  lienholder: 'Select a lienholder...',
} as const;

/** No organisation chosen is '' in the select and `null` in the request. */
const toOrganizationId = (value: string) => value || null;

type RoleOrganizationValues = { role: AssignableRole; organizationId?: string | null };

/**
 * Role choice with the descriptions of spec section 6, then the associated organisation of the
 * role's kind (admins belong to none), with its error from the form. Used by Add New User and by
 * access-request approval, on the form's `role` and `organizationId`; choosing another role
 * clears the organisation, which is of another kind.
 */
export function RoleOrganizationFields<T extends FieldValues & RoleOrganizationValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, unknown>;
}) {
  const roleField = 'role' as Path<T>;
  const organizationField = 'organizationId' as Path<T>;
  const role = form.watch(roleField) as AssignableRole;
  const onRoleChange = (next: AssignableRole) => {
    form.setValue(roleField, next as PathValue<T, Path<T>>);
    form.setValue(organizationField, null as PathValue<T, Path<T>>);
  };
  const organizationError = form.formState.errors.organizationId?.message;
  const id = useId();
  const kind = ROLE_ORGANIZATION_KIND[role];
  const options = useOrganizationOptions(kind ?? 'clinic');
  return (
    <>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-ink">Role</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ASSIGNABLE_ROLES.map((item) => (
            <div
              key={item}
              className={cn(
                'flex gap-2 rounded-md border p-3 text-sm',
                item === role ? 'border-brand bg-surface-muted' : 'border-border',
              )}
            >
              <input
                id={`${id}-role-${item}`}
                type="radio"
                name={`${id}-role`}
                value={item}
                checked={item === role}
                aria-describedby={`${id}-role-${item}-description`}
                onChange={() => onRoleChange(item)}
                className="mt-0.5"
              />
              <div>
                <label
                  htmlFor={`${id}-role-${item}`}
                  className="block cursor-pointer font-medium text-ink"
                >
                  {ROLE_LABELS[item]}
                </label>
                <p id={`${id}-role-${item}-description`} className="text-ink-muted">
                  {ROLE_DESCRIPTIONS[item]}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      {kind ? (
        <FormField
          id={`${id}-organization`}
          label="Associated organization"
          error={organizationError}
          isRequired
        >
          <Select {...form.register(organizationField, { setValueAs: toOrganizationId })}>
            <option value="">
              {options.isPending ? 'Loading...' : ORGANIZATION_PROMPTS[kind]}
            </option>
            {(options.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
    </>
  );
}
