import {
  DEMO_ORGANIZATIONS,
  DEMO_PATIENTS,
  DEMO_USERS,
  type DemoPatient,
} from '#src/db/seed/demo-data.ts';

/** The parts of a seed patient that decide who sees it. */
export type ScopedDemoPatient = Pick<DemoPatient, 'status' | 'clinics' | 'firm' | 'lienholders'>;

/**
 * The seed patients (plus `extra`) a demo account may see, from the seed data itself: what a
 * test expects a scoped list or count to hold, written independently of the server's SQL.
 */
export function listVisibleDemoPatients<TPatient extends ScopedDemoPatient = DemoPatient>(
  email: string,
  extra: readonly TPatient[] = [],
): Array<DemoPatient | TPatient> {
  const user = DEMO_USERS.find((item) => item.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  const org = DEMO_ORGANIZATIONS.find((item) => item.key === user.organizationKey);
  return [...DEMO_PATIENTS, ...extra].filter((patient) => {
    if (user.role === 'admin') return true;
    if (!org) return false;
    if (org.kind === 'clinic') return patient.clinics.includes(org.key);
    if (org.kind === 'firm') return patient.firm === org.key;
    return patient.lienholders.includes(org.key);
  });
}
