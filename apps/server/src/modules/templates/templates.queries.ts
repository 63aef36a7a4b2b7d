import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type {
  EmailTemplatePurpose,
  TCreateTemplateParsed,
  TEditTemplateParsed,
  TemplateType,
  TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import type { Db } from '#src/db/client.ts';
import { messageTemplates } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';

type TemplateRow = typeof messageTemplates.$inferSelect;

export function toTemplateDto(row: TemplateRow): TMessageTemplate {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    templateType: row.templateType,
    subject: row.subject,
    purpose: row.purpose,
    active: row.active,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
}

export async function listTemplates(
  db: Db,
  filter: { type?: TemplateType | undefined; activeOnly: boolean },
): Promise<TMessageTemplate[]> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(messageTemplates.templateType, filter.type));
  if (filter.activeOnly) conditions.push(eq(messageTemplates.active, true));
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(messageTemplates.templateType), asc(messageTemplates.title));
  return rows.map(toTemplateDto);
}

export async function insertTemplate(
  db: Db,
  input: TCreateTemplateParsed,
  createdBy: { id: string; name: string },
): Promise<TMessageTemplate> {
  const [row] = await db
    .insert(messageTemplates)
    .values({ ...input, createdBy: createdBy.id, createdByName: createdBy.name })
    .returning();
  if (!row) throw new Error('template insert returned nothing');
  return toTemplateDto(row);
}

/** A template, its row locked until the write's transaction ends (the version check's read). */
export async function lockTemplate(db: Db, id: string): Promise<TMessageTemplate | null> {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.id, id))
    .for('update');
  return row ? toTemplateDto(row) : null;
}

/** Sets what an admin changes (active, or title, subject and body) as the next version. */
export async function updateTemplate(
  db: Db,
  id: string,
  values: { active: boolean } | Pick<TEditTemplateParsed, 'title' | 'subject' | 'body'>,
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<TMessageTemplate | null> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...values, ...nextVersion(messageTemplates, actor) })
    .where(eq(messageTemplates.id, id))
    .returning();
  return row ? toTemplateDto(row) : null;
}

/** The e-mail template in use for a purpose: the most recently changed active one. */
export async function getActiveEmailTemplate(
  db: Db,
  purpose: EmailTemplatePurpose,
): Promise<TMessageTemplate | null> {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.templateType, 'email'),
        eq(messageTemplates.purpose, purpose),
        eq(messageTemplates.active, true),
      ),
    )
    .orderBy(desc(messageTemplates.updatedAt))
    .limit(1);
  return row ? toTemplateDto(row) : null;
}
