import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { Role } from '@casebridge/domain/roles';
import { mailOutbox, notifications, settings, users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { runTreatmentGapCheck } from './treatment-gaps.service.ts';
import {
  insertGapPatients,
  listGapDigestMails,
  listGapDigests,
  organizationOf,
  runGapDigestAt,
} from './treatment-gaps-test-support.ts';

const HARBOR_PATIENTS = 300;
const SUMMIT_PATIENTS = 40;
/** Users added to each party beside the demo's, so every gap concerns several people. */
const EXTRA_USERS = 4;

/**
 * A first import: hundreds of patients whose last care was long ago, several users on each
 * party. The check opens every gap in short transactions, audited reads go on meanwhile, and
 * each user hears of their own patients once: one notification, one e-mail.
 */
describe.runIf(inject('testTemplate').kind === 'postgres')(
  'many treatment gaps at once on PostgreSQL',
  () => {
    let server: TestServer;
    let harborPatients: string[];
    let summitPatients: string[];

    beforeAll(async () => {
      server = await createTestServer();
      const { db } = server.context;
      const harbor = await organizationOf(server, 'clinic@demo.test');
      const summit = await organizationOf(server, 'clinic2@demo.test');
      const morgan = await organizationOf(server, 'attorney@demo.test');
      const parties: Array<[Role, string, string]> = [
        ['clinic', harbor, 'harbor'],
        ['clinic', summit, 'summit'],
        ['attorney', morgan, 'morgan'],
      ];
      for (const [role, organizationId, name] of parties)
        for (let index = 0; index < EXTRA_USERS; index += 1)
          await db.insert(users).values({
            id: randomUUID(),
            email: `gap-${name}-${index}@demo.test`,
            name: `Gap ${name} ${index}`,
            role,
            organizationId,
            active: true,
            approved: true,
          });
      await db.update(settings).set({ detailedEmailContent: true }).where(eq(settings.id, true));
      harborPatients = await insertGapPatients(server, {
        prefix: 'Harbor Import',
        count: HARBOR_PATIENTS,
        lastTreatmentDaysAgo: 400,
        clinicIds: [harbor],
        firmId: morgan,
      });
      summitPatients = await insertGapPatients(server, {
        prefix: 'Summit Import',
        count: SUMMIT_PATIENTS,
        lastTreatmentDaysAgo: 200,
        clinicIds: [summit],
        firmId: morgan,
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('keeps audited reads going while the check opens every gap', async () => {
      const attorney = await server.login('attorney@demo.test');
      const patientId = harborPatients[0]!;
      const state = { isRunning: true };
      const started = performance.now();
      const run = runTreatmentGapCheck(server.context.db, {
        appUrl: server.context.env.appUrl,
      }).finally(() => {
        state.isRunning = false;
      });
      // An attorney's GET of a patient appends to the audit chain under its lock, as every
      // audited read does: it waits at most for one batch's commit, never for the whole run.
      const latencies: number[] = [];
      while (state.isRunning) {
        const sent = performance.now();
        const response = await server.request({
          url: `/api/patients/${patientId}`,
          cookie: attorney,
        });
        expect(response.statusCode).toBe(200);
        if (state.isRunning) latencies.push(performance.now() - sent);
      }
      const result = await run;
      const runMs = performance.now() - started;
      expect(result.opened).toBeGreaterThanOrEqual(HARBOR_PATIENTS + SUMMIT_PATIENTS);
      expect(latencies.length).toBeGreaterThan(1);
      expect(Math.max(...latencies)).toBeLessThan(Math.max(runMs / 2, 250));
    });

    it('tells each user once a day, in one notification and one e-mail', async () => {
      // The check finds nothing new; the digest runs twice at once, as on two instances, then again.
      await runTreatmentGapCheck(server.context.db, { appUrl: server.context.env.appUrl });
      await Promise.all([runGapDigestAt(server), runGapDigestAt(server)]);
      await runGapDigestAt(server);
      const told = await listGapDigests(server);
      const gapUsers = await server.context.db
        .select({ id: users.id })
        .from(users)
        .where(like(users.email, 'gap-%'));
      expect(told.map((row) => row.userId)).toEqual(
        expect.arrayContaining(gapUsers.map((row) => row.id)),
      );
      expect(new Set(told.map((row) => row.userId)).size).toBe(told.length);
      // The mail outbox grows with the users, not with the gaps times the users.
      const gapMails = await server.context.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(like(mailOutbox.kind, 'treatment_gap%'));
      expect(gapMails).toHaveLength(told.length);
      const mails = await listGapDigestMails(server);
      expect(new Set(mails.map((mail) => mail.userId)).size).toBe(told.length);
      // Nor do the notifications: one a user, of type treatment_gap, for hundreds of gaps.
      const gapNotices = await server.context.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.type, 'treatment_gap'));
      expect(gapNotices).toHaveLength(told.length);
    });

    it('lists only the patients the recipient may see, each with its link', async () => {
      const told = await listGapDigests(server);
      const mails = await listGapDigestMails(server);
      const byEmail = async (email: string) => {
        const [user] = await server.context.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email));
        const digest = told.find((row) => row.userId === user?.id);
        const mail = mails.find((row) => row.userId === user?.id);
        if (!digest || !mail) throw new Error(`${email} was not told`);
        return { digest, mail };
      };
      const summit = await byEmail('gap-summit-0@demo.test');
      expect(summit.digest.content).toContain(`Treatment gaps: ${SUMMIT_PATIENTS} patients`);
      expect(summit.digest.content).toContain('Summit Import');
      expect(summit.digest.content).not.toContain('Harbor Import');
      expect(summit.digest.linkTo).toBe('/dashboard?gap=open');
      expect(summit.mail.text).toContain(`/patients/${summitPatients[0]}`);
      expect(summit.mail.text).not.toContain('Harbor Import');
      for (const id of harborPatients) expect(summit.mail.text).not.toContain(id);
      const harbor = await byEmail('gap-harbor-0@demo.test');
      expect(harbor.digest.content).toContain(`Treatment gaps: ${HARBOR_PATIENTS} patients`);
      expect(harbor.digest.content).not.toContain('Summit Import');
      expect(harbor.mail.text).toContain(`and ${HARBOR_PATIENTS - 10} more`);
      // The firm represents both clinics' patients.
      const morgan = await byEmail('gap-morgan-0@demo.test');
      expect(morgan.digest.content).toContain(
        `Treatment gaps: ${HARBOR_PATIENTS + SUMMIT_PATIENTS} patients`,
      );
    });
  },
);
