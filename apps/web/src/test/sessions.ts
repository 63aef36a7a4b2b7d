import type { TSessionResponse, TSessionUser } from '@casebridge/domain/auth/auth.schemas';
import { canCreatePatients } from '@casebridge/domain/patients/patient.policy';
import type { Role } from '@casebridge/domain/roles';
import { DEFAULT_SETTINGS } from '@casebridge/domain/settings/settings.schemas';

/** The demo organisations, so pages show the names the seed data and e2e tests use. */
export const DEMO_ORGANIZATIONS = {
  clinic: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Harbor Physical Therapy',
    kind: 'clinic',
  },
  attorney: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Morgan & Hale Injury Law',
    kind: 'firm',
  },
  lienholder: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'MedLien Funding Partners',
    kind: 'lienholder',
  },
} as const satisfies Partial<Record<Role, TSessionUser['organization']>>;

const USERS: Record<Role, Pick<TSessionUser, 'email' | 'displayName'>> = {
  clinic: { email: 'clinic@demo.test', displayName: 'Casey Harbor' },
  attorney: { email: 'attorney@demo.test', displayName: 'Morgan Hale' },
  lienholder: { email: 'lienholder@demo.test', displayName: 'Lee Medlien' },
  admin: { email: 'admin@demo.test', displayName: 'Avery Admin' },
  contact: { email: 'contact@demo.test', displayName: 'Pat Contact' },
};

/**
 * A session as GET /api/auth/session answers it for a user of `role`, for
 * `renderWithProviders(ui, { session: signedInAs('clinic') })`.
 */
export function signedInAs(
  role: Role,
  overrides: { user?: Partial<TSessionUser> } & Partial<Omit<TSessionResponse, 'user'>> = {},
): TSessionResponse {
  const { user, ...rest } = overrides;
  return {
    user: {
      id: `${role}-user`,
      role,
      organization:
        role in DEMO_ORGANIZATIONS
          ? DEMO_ORGANIZATIONS[role as keyof typeof DEMO_ORGANIZATIONS]
          : null,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...USERS[role],
      ...user,
    },
    idleTimeoutMinutes: 60,
    canCreatePatients: canCreatePatients(role, DEFAULT_SETTINGS),
    secondFactor: 'complete',
    ...rest,
  };
}
