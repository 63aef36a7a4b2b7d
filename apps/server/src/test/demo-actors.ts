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
