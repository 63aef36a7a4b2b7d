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
    updatedAt: row.updatedAt.toISOString(),
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

export async function setTemplateActive(
  db: Db,
  id: string,
  active: boolean,
): Promise<TMessageTemplate | null> {
  const [row] = await db
    .update(messageTemplates)
    .set({ active, updatedAt: new Date() })
    .where(eq(messageTemplates.id, id))
    .returning();
  return row ? toTemplateDto(row) : null;
}

export async function getTemplate(db: Db, id: string): Promise<TMessageTemplate | null> {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
  return row ? toTemplateDto(row) : null;
}

/** Replaces a template's title, subject and body (its type and purpose stay). */
export async function setTemplateTexts(
  db: Db,
  id: string,
  texts: Pick<TEditTemplateParsed, 'title' | 'subject' | 'body'>,
): Promise<TMessageTemplate | null> {
  const [row] = await db
    .update(messageTemplates)
    .set({ title: texts.title, subject: texts.subject, body: texts.body, updatedAt: new Date() })
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
