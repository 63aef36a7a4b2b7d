import type {
  TCreateTemplateParsed,
  TListTemplatesQuery,
  TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import type { Db } from '#src/db/client.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { notFound } from '#src/lib/app-error.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { insertTemplate, listTemplates, setTemplateActive } from './templates.queries.ts';

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

export async function changeTemplateActive(
  db: Db,
  actor: Actor,
  id: string,
  active: boolean,
  context: { ip: string },
): Promise<TMessageTemplate> {
  return db.transaction(async (tx) => {
    const template = await setTemplateActive(tx, id, active);
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
