import {
  TEMPLATE_MESSAGES,
  type TCreateTemplateParsed,
  type TEditTemplateParsed,
  type TListTemplatesQuery,
  type TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
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
  context: RequestContext,
): Promise<TMessageTemplate> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const template = await insertTemplate(tx, input, { id: actor.userId, name: actor.name });
    change
      .audit({
        action: 'template_created',
        details: `${template.templateType} template "${template.title}"`,
      })
      .publish({ topic: 'template.changed', payload: { id: template.id } });
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
  input: { active: boolean; expected: number },
  context: RequestContext,
): Promise<TMessageTemplate> {
  const { active } = input;
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    await lockTemplateAt(tx, id, input.expected);
    const template = await updateTemplate(tx, id, { active }, actor);
    if (!template) throw notFound();
    change
      .audit({
        action: 'template_updated',
        details: `${active ? 'activated' : 'deactivated'} "${template.title}"`,
      })
      .publish({ topic: 'template.changed', payload: { id: template.id } });
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
  context: RequestContext,
): Promise<TMessageTemplate> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const before = await lockTemplateAt(tx, id, input.expected);
    if (before.templateType !== input.templateType)
      throw new AppError('VALIDATION_FAILED', TEMPLATE_MESSAGES.typeUnchangeable);
    const { title, subject, body } = input;
    const after = await updateTemplate(tx, id, { title, subject, body }, actor);
    if (!after) throw notFound();
    const changes = describeTextChanges(before, after);
    change
      .audit({
        action: 'template_edited',
        details: `"${before.title}": ${changes || 'no change'}`,
      })
      .publish({ topic: 'template.changed', payload: { id: after.id } });
    return after;
  });
}
