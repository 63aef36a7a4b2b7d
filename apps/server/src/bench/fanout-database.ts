import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '#src/auth/passwords.ts';
import { migrateDatabase, openDatabase } from '#src/db/client.ts';
import { accounts, organizations, patientClinics, patients, users } from '#src/db/schema/index.ts';
import { DEMO_ORGANIZATIONS } from '#src/db/seed/demo-data.ts';
import { seedDemoData } from '#src/db/seed/seed-demo.ts';
import { createDiskStorage } from '#src/storage/file-storage.ts';
import { withDatabase } from '#src/test/test-template.ts';
import { FANOUT } from './fanout-config.ts';

export const BENCH_PASSWORD = 'fan-out bench password';

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/** A fresh database on the server, named after this process so parallel runs do not collide. */
export async function createBenchDatabase(
  serverUrl: string,
  prefix = 'cb_bench_fanout',
): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  let isDropped = false;
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      if (isDropped) return;
      isDropped = true;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type BenchPeople = {
  subscriberEmails: string[];
  writerEmail: string;
  /** Warm-up, sequential-latency and one per sustained writer: all treated at the clinic. */
  patientIds: { warmup: string; latency: string; sustained: string[] };
};

const organizationId = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], key: string) => {
  const name = DEMO_ORGANIZATIONS.find((org) => org.key === key)!.name;
  const [row] = await db.select().from(organizations).where(eq(organizations.name, name));
  return row!.id;
};

/**
 * Migrates and seeds the demo data, then adds the bench's clinic staff (subscribers and one
 * writer) and its patients, all at Harbor so every subscriber may see every change.
 */
export async function prepareCaseBridgeData(url: string, filesDir: string): Promise<BenchPeople> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db, createDiskStorage(filesDir));
    const db = database.db;
    const clinicId = await organizationId(db, 'harbor');
    const firmId = await organizationId(db, 'morgan');

    const userCount = Math.ceil(FANOUT.subscribers / FANOUT.streamsPerUser);
    const subscriberEmails = Array.from(
      { length: userCount },
      (_, index) => `bench-subscriber-${String(index + 1).padStart(3, '0')}@bench.test`,
    );
    const writerEmail = 'bench-writer@bench.test';
    // One Argon2 hash serves every account: it carries its own salt, and hashing 100 times
    // would only slow the setup down.
    const hashed = await hashPassword(BENCH_PASSWORD);
    const people = [...subscriberEmails, writerEmail].map((email, index) => ({
      id: randomUUID(),
      email,
      name: `Bench User ${index + 1}`,
      role: 'clinic' as const,
      organizationId: clinicId,
    }));
    await db.insert(users).values(people);
    await db.insert(accounts).values(
      people.map((person) => ({
        id: randomUUID(),
        accountId: person.id,
        providerId: 'credential',
        userId: person.id,
        password: hashed,
      })),
    );

    const created = await db
      .insert(patients)
      .values(
        Array.from({ length: 2 + FANOUT.sustained.writers }, (_, index) => ({
          fullName: `Bench Patient ${index + 1}`,
          dob: '1980-01-01',
          treatmentStatus: 'Referred' as const,
          firmId,
        })),
      )
      .returning({ id: patients.id });
    await db
      .insert(patientClinics)
      .values(created.map((patient) => ({ patientId: patient.id, clinicId })));
    const [warmup, latency, ...sustained] = created.map((patient) => patient.id);
    return {
      subscriberEmails,
      writerEmail,
      patientIds: { warmup: warmup!, latency: latency!, sustained },
    };
  } finally {
    await database.close();
  }
}
