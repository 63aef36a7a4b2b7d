import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { caseUpdateAsks, caseUpdates, patients, users } from '#src/db/schema/index.ts';

const DAY_MS = 86_400_000;

type DemoEmail = 'attorney@demo.test' | 'attorney2@demo.test';
type AskerEmail = 'clinic@demo.test' | 'clinic2@demo.test' | 'lienholder@demo.test';

/**
 * The firm's case update notes, each after its patient's intake (demo-data.ts), so that with the
 * default 60 days some patients are fresh (Aisha Mohammed, Emily Chen, Olivia Martins) and some
 * long-treated ones are owed an update (Robert Alvarez, Grace Kim, Nadia Haddad, Ethan Brooks:
 * intake more than 60 days ago, no note, no stage move since).
 */
const DEMO_NOTES: ReadonlyArray<{
  patient: string;
  attorney: DemoEmail;
  daysAgo: number;
  note: string;
}> = [
  {
    patient: 'Aisha Mohammed',
    attorney: 'attorney@demo.test',
    daysAgo: 12,
    note: 'Liability accepted by the carrier. Waiting on the final treatment records before the demand.',
  },
  {
    patient: 'Emily Chen',
    attorney: 'attorney@demo.test',
    daysAgo: 9,
    note: 'Med-pay limit reached; the carrier has been told. Treatment continues under the letter of protection.',
  },
  {
    patient: 'Olivia Martins',
    attorney: 'attorney2@demo.test',
    daysAgo: 30,
    note: 'Client referred for pain management. The demand waits until the treatment plan is set.',
  },
];

/** Open asks of the overdue patients' own clinics and lienholders, answered by no update yet. */
const DEMO_ASKS: ReadonlyArray<{ patient: string; asker: AskerEmail; daysAgo: number }> = [
  { patient: 'Grace Kim', asker: 'clinic@demo.test', daysAgo: 4 },
  { patient: 'Nadia Haddad', asker: 'lienholder@demo.test', daysAgo: 2 },
  { patient: 'Ethan Brooks', asker: 'clinic2@demo.test', daysAgo: 1 },
];

async function patientOf(tx: Db, fullName: string) {
  const [patient] = await tx
    .select({ id: patients.id, firmId: patients.firmId })
    .from(patients)
    .where(eq(patients.fullName, fullName));
  if (!patient) throw new Error(`demo case updates: ${fullName}`);
  return patient;
}

/** Writes the demo notes and asks, as their firm's attorney and party users made them. */
export async function seedDemoCaseUpdates(tx: Db): Promise<void> {
  const emails = [
    ...new Set([
      ...DEMO_NOTES.map((demo) => demo.attorney),
      ...DEMO_ASKS.map((demo) => demo.asker),
    ]),
  ];
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(inArray(users.email, emails));
  const person = (email: string) => {
    const found = people.find((user) => user.email === email);
    if (!found?.organizationId) throw new Error(`demo case updates: ${email}`);
    return { ...found, organizationId: found.organizationId };
  };
  const now = Date.now();
  for (const demo of DEMO_NOTES) {
    const patient = await patientOf(tx, demo.patient);
    const author = person(demo.attorney);
    await tx.insert(caseUpdates).values({
      patientId: patient.id,
      firmId: patient.firmId,
      note: demo.note,
      authorId: author.id,
      authorName: author.name,
      createdAt: new Date(now - demo.daysAgo * DAY_MS),
    });
  }
  for (const demo of DEMO_ASKS) {
    const patient = await patientOf(tx, demo.patient);
    const asker = person(demo.asker);
    await tx.insert(caseUpdateAsks).values({
      patientId: patient.id,
      organizationId: asker.organizationId,
      requestedBy: asker.id,
      requestedByName: asker.name,
      requestedAt: new Date(now - demo.daysAgo * DAY_MS),
    });
  }
}
