import {
  ASSIGNABLE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_ORGANIZATION_KIND,
  type AssignableRole,
} from '@casebridge/domain/roles';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { cn } from '#src/lib/cn.ts';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';

const ORGANIZATION_LABELS = {
  clinic: 'clinic',
  firm: 'attorney firm',
  lienholder: 'lienholder',
} as const;

/** No organisation chosen is '' in the select and `null` in the request. */
export const toOrganizationId = (value: string) => value || null;

/**
 * Role choice with the descriptions of spec section 6, then the associated organisation of the
 * role's kind (admins belong to none), with its error from the form. Used by Add New User and by
 * access-request approval; `onRoleChange` also clears the organisation, of another kind.
 * `organization` is the form's registration of `organizationId` with `toOrganizationId`.
 */
export function RoleOrganizationFields({
  role,
  onRoleChange,
  organization,
  organizationError,
}: {
  role: AssignableRole;
  onRoleChange: (role: AssignableRole) => void;
  organization: UseFormRegisterReturn;
  organizationError?: string;
}) {
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
          <Select {...organization}>
            <option value="">
              {options.isPending ? 'Loading...' : `Select a ${ORGANIZATION_LABELS[kind]}...`}
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
