import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { patients } from '#src/db/schema/index.ts';
import { insertUser } from '#src/modules/users/users.queries.ts';
import type { TestServer } from './test-server.ts';

/**
 * The demo data has no `contact` user (spec section 6: the role exists for the patient query
 * only). This makes one, associated with the named patient, and returns its e-mail for login.
 */
export async function createContactOf(
  server: TestServer,
  patientName: string,
  email = 'contact@demo.test',
): Promise<string> {
  const db = server.context.db;
  const user = await insertUser(db, {
    email,
    name: 'Connie Contact',
    role: 'contact',
    organizationId: null,
    password: DEMO_PASSWORD,
  });
  const updated = await db
    .update(patients)
    .set({ associatedContactId: user.id })
    .where(eq(patients.fullName, patientName))
    .returning({ id: patients.id });
  if (updated.length !== 1) throw new Error(`no demo patient ${patientName}`);
  return email;
}
