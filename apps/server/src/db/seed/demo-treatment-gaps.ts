import { inArray, sql } from 'drizzle-orm';
import { Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { treatmentGaps } from '#src/db/schema/index.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { openDueGaps } from '#src/modules/treatment-gaps/treatment-gaps.queries.ts';

/**
 * The demo's treatment gaps: the patients in active treatment whose last care is past
 * their clinics' threshold (Nadia Haddad, Robert Alvarez, Grace Kim and others, whose last
 * treatment the demo dates a quarter of their time since intake ago) get their gap at once, so a
 * new user sees the badges and the Gaps filter on first start; the patients treated recently, and
 * those Referred or Discharged, have none. Opened as the periodic check would, and dated a day
 * earlier, as if already told: the daily gap digest (gap-digest.ts) announces only the gaps found
 * later.
 */
export async function seedDemoTreatmentGaps(tx: Db, now = new Date()): Promise<void> {
  const change = new Change(tx, { actor: null, context: systemContext() });
  const gaps = await openDueGaps(tx, now.toISOString().slice(0, 10), 1000);
  if (gaps.length > 0)
    await tx
      .update(treatmentGaps)
      .set({ openedAt: sql`${treatmentGaps.openedAt} - interval '1 day'` })
      .where(
        inArray(
          treatmentGaps.id,
          gaps.map((gap) => gap.id),
        ),
      );
  for (const gap of gaps) {
    change.activity({
      patientId: gap.patientId,
      kind: 'gap_opened',
      recordId: gap.id,
      summary: `Treatment gap: no treatment recorded since ${gap.lastCareOn}`,
      actor: null,
    });
  }
  await change.commit();
}
