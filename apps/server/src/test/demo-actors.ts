/**
 * The demo users an authorization matrix signs in as, one per kind of party (README, 'Demo
 * logins'): an admin; Harbor's and Riverside Imaging's clinic users (James Whitfield's clinics) and
 * Summit's (Daniel Okafor's); Morgan Hale's and Castillo's attorneys; MedLien's and Keystone's
 * lienholders. A patient's contact is made per test (`contact-user.ts`).
 */
export const DEMO_ACTOR_EMAILS = {
  admin: 'admin@demo.test',
  clinic: 'clinic@demo.test',
  imaging: 'imaging@demo.test',
  clinic2: 'clinic2@demo.test',
  attorney: 'attorney@demo.test',
  attorney2: 'attorney2@demo.test',
  lienholder: 'lienholder@demo.test',
  keystone: 'keystone@demo.test',
} as const;

/** Every actor of a matrix: the demo users and a patient's contact. */
export type DemoActorKey = keyof typeof DEMO_ACTOR_EMAILS | 'contact';

/** The two demo patients an authorization matrix reads and writes. */
export type MatrixPatient = 'James Whitfield' | 'Daniel Okafor';

/**
 * Each actor's patient inside its scope and one outside it (none for admins, who see every
 * patient): James Whitfield (Harbor + Riverside, Morgan & Hale, MedLien) and Daniel Okafor
 * (Summit, Castillo, Keystone). The contact is James Whitfield's.
 */
export const DEMO_ACTOR_PATIENTS: Record<
  DemoActorKey,
  { inScope: MatrixPatient; outside: MatrixPatient | null }
> = {
  admin: { inScope: 'James Whitfield', outside: null },
  clinic: { inScope: 'James Whitfield', outside: 'Daniel Okafor' },
  imaging: { inScope: 'James Whitfield', outside: 'Daniel Okafor' },
  clinic2: { inScope: 'Daniel Okafor', outside: 'James Whitfield' },
  attorney: { inScope: 'James Whitfield', outside: 'Daniel Okafor' },
  attorney2: { inScope: 'Daniel Okafor', outside: 'James Whitfield' },
  lienholder: { inScope: 'James Whitfield', outside: 'Daniel Okafor' },
  keystone: { inScope: 'Daniel Okafor', outside: 'James Whitfield' },
  contact: { inScope: 'James Whitfield', outside: 'Daniel Okafor' },
};

/** What a route answers an actor on its patient in scope, and on one outside or missing. */
export type MatrixExpectation = {
  inScope: (actor: DemoActorKey) => number;
  outside: (actor: DemoActorKey) => number;
};

/**
 * Every actor's cases of a route: its patient in scope, one outside its scope (none for admins,
 * who see every patient) and a missing one (`patient` null), each with the status expected.
 */
export function listMatrixCases(expectation: MatrixExpectation) {
  return (
    Object.entries(DEMO_ACTOR_PATIENTS) as Array<
      [DemoActorKey, (typeof DEMO_ACTOR_PATIENTS)[DemoActorKey]]
    >
  ).flatMap(([actor, scope]) => [
    {
      actor,
      on: scope.inScope,
      patient: scope.inScope as MatrixPatient | null,
      expected: expectation.inScope(actor),
    },
    ...(scope.outside
      ? [
          {
            actor,
            on: scope.outside,
            patient: scope.outside as MatrixPatient | null,
            expected: expectation.outside(actor),
          },
        ]
      : []),
    { actor, on: 'a missing patient', patient: null, expected: expectation.outside(actor) },
  ]);
}
