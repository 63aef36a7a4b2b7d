import { ROLE_LABELS, ROLES, type Role } from '@casebridge/domain/roles';

/** 'Require MFA' as the admin reads it: all users, no one, or the roles listed. */
export function describeRequiredRoles(roles: readonly Role[]): string {
  if (roles.length === 0) return 'No one';
  if (ROLES.every((role) => roles.includes(role))) return 'All users';
  return ROLES.filter((role) => roles.includes(role))
    .map((role) => ROLE_LABELS[role])
    .join(', ');
}

/**
 * 'Require MFA': 'All users' or one checkbox per role. Users of a checked role must set up
 * two-step verification before they reach any data, and cannot turn it off.
 */
export function RequireMfaField({
  value,
  onChange,
}: {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
}) {
  const isAll = ROLES.every((role) => value.includes(role));
  const toggle = (role: Role, checked: boolean) =>
    onChange(ROLES.filter((each) => (each === role ? checked : value.includes(each))));

  return (
    <fieldset className="space-y-3" aria-describedby="setting-mfa-hint">
      <legend className="mb-1 text-sm font-medium text-ink">Require MFA</legend>
      <p id="setting-mfa-hint" className="text-xs text-ink-muted">
        Users of the checked roles must set up two-step verification (an authenticator app) before
        they reach any data, and cannot turn it off.
      </p>
      <div className="flex items-center gap-3">
        <input
          id="setting-mfa-all"
          type="checkbox"
          className="h-4 w-4"
          checked={isAll}
          onChange={(event) => onChange(event.target.checked ? [...ROLES] : [])}
        />
        <label htmlFor="setting-mfa-all" className="text-sm font-medium text-ink">
          All users
        </label>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 pl-7">
        {ROLES.map((role) => (
          <div key={role} className="flex items-center gap-2">
            <input
              id={`setting-mfa-${role}`}
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(role)}
              onChange={(event) => toggle(role, event.target.checked)}
            />
            <label htmlFor={`setting-mfa-${role}`} className="text-sm text-ink">
              {ROLE_LABELS[role]}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
