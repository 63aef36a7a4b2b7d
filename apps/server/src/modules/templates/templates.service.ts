import {
  TEMPLATE_MESSAGES,
  type TCreateTemplateParsed,
  type TEditTemplateParsed,
  type TListTemplatesQuery,
  type TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import type { Db } from '#src/db/client.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import {
  insertTemplate,
  listTemplates,
  lockTemplate,
  updateTemplate,
} from './templates.queries.ts';

// Other modules find the active e-mail template here, not in this module's queries.
export { getActiveEmailTemplate } from './templates.queries.ts';

/**
 * Admins manage every template; everyone else only sees the active message templates that the
 * composer's picker offers (e-mail templates are server-side material).
 */
export function listTemplatesForActor(
  db: Db,
  actor: Actor,
  query: TListTemplatesQuery,
): Promise<TMessageTemplate[]> {
  if (actor.role === 'admin') return listTemplates(db, { type: query.type, activeOnly: false });
  return listTemplates(db, { type: 'message', activeOnly: true });
}

export async function createTemplate(
  db: Db,
  actor: Actor,
  input: TCreateTemplateParsed,
  context: { ip: string },
): Promise<TMessageTemplate> {
  return db.transaction(async (tx) => {
    const template = await insertTemplate(tx, input, { id: actor.userId, name: actor.name });
    await writeAudit(tx, {
      action: 'template_created',
      actor,
      details: `${template.templateType} template "${template.title}"`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'template.changed', payload: { id: template.id } });
    return template;
  });
}

/**
 * The template as it is, its row locked for the write; a write made from another version than
 * `expected` is refused (409 with this template) before anything changes.
 */
async function lockTemplateAt(tx: Db, id: string, expected: number): Promise<TMessageTemplate> {
  const template = await lockTemplate(tx, id);
  if (!template) throw notFound();
  await assertVersion(template, expected, () => template);
  return template;
}

export async function changeTemplateActive(
  db: Db,
  actor: Actor,
  id: string,
  change: { active: boolean; expected: number },
  context: { ip: string },
): Promise<TMessageTemplate> {
  const { active } = change;
  return db.transaction(async (tx) => {
    await lockTemplateAt(tx, id, change.expected);
    const template = await updateTemplate(tx, id, { active }, actor);
    if (!template) throw notFound();
    await writeAudit(tx, {
      action: 'template_updated',
      actor,
      details: `${active ? 'activated' : 'deactivated'} "${template.title}"`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'template.changed', payload: { id: template.id } });
    return template;
  });
}

const TEMPLATE_TEXT_LABELS = { title: 'title', subject: 'subject', body: 'body' } as const;

/** 'title "Old" → "New"; body "…" → "…"' for each text the edit changed. */
function describeTextChanges(before: TMessageTemplate, after: TMessageTemplate): string {
  return (Object.keys(TEMPLATE_TEXT_LABELS) as (keyof typeof TEMPLATE_TEXT_LABELS)[])
    .filter((field) => before[field] !== after[field])
    .map(
      (field) =>
        `${TEMPLATE_TEXT_LABELS[field]} ${JSON.stringify(before[field])} → ${JSON.stringify(after[field])}`,
    )
    .join('; ');
}

/**
 * Edit Template: a new title, subject and body, audited with the old and new values. The type
 * stays the template's own (the subject rule was checked against the type sent). Made from an
 * older version than the template's, it changes nothing (409).
 */
export async function editTemplate(
  db: Db,
  actor: Actor,
  id: string,
  input: TEditTemplateParsed & { expected: number },
  context: { ip: string },
): Promise<TMessageTemplate> {
  return db.transaction(async (tx) => {
    const before = await lockTemplateAt(tx, id, input.expected);
    if (before.templateType !== input.templateType)
      throw new AppError('VALIDATION_FAILED', TEMPLATE_MESSAGES.typeUnchangeable);
    const { title, subject, body } = input;
    const after = await updateTemplate(tx, id, { title, subject, body }, actor);
    if (!after) throw notFound();
    const changes = describeTextChanges(before, after);
    await writeAudit(tx, {
      action: 'template_edited',
      actor,
      details: `"${before.title}": ${changes || 'no change'}`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'template.changed', payload: { id: after.id } });
    return after;
  });
}
