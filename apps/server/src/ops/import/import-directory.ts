import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { toOrganizationSlug } from '@casebridge/domain/organizations/organization-slug';
import { ROLE_ORGANIZATION_KIND, type OrganizationKind } from '@casebridge/domain/roles';
import { messageTemplates, organizations, users } from '#src/db/schema/index.ts';
import { sendInvitation } from '#src/modules/users/invitations.service.ts';
import { IMPORTER_NAME, organizationKey, skip, type ImportRun } from './import-run.ts';
import {
  ZLegacyOrganization,
  ZLegacyTemplate,
  ZLegacyUser,
  type LegacyDocument,
} from './legacy-export.schema.ts';

const ORGANIZATION_COLLECTIONS = [
  { collection: 'clinics', kind: 'clinic' },
  { collection: 'attorneyFirms', kind: 'firm' },
  { collection: 'lienholders', kind: 'lienholder' },
] as const;

/**
 * Clinics, firms and lienholders, matched by kind and slug: the old id is the name with
 * whitespace runs replaced by underscores, which is CaseBridge's slug. A match is merged (the
 * CaseBridge organisation is kept as it is); otherwise it is created with the slug of its name.
 */
export async function importOrganizations(
  run: ImportRun,
  collections: Record<(typeof ORGANIZATION_COLLECTIONS)[number]['collection'], LegacyDocument[]>,
): Promise<void> {
  for (const { collection, kind } of ORGANIZATION_COLLECTIONS) {
    for (const document of collections[collection]) {
      await run.importRecord(collection, document, ZLegacyOrganization, {
        async handle(value, db, sourceId) {
          const existing = run.organization(kind, sourceId) ?? run.organization(kind, value.name);
          if (existing) return { kind: 'merged', targetTable: 'organizations', targetId: existing };
          const [created] = await db
            .insert(organizations)
            .values({
              kind,
              name: value.name,
              slug: toOrganizationSlug(value.name),
              address: value.address,
              phone: value.phone,
              email: value.email,
              description: value.description,
              specialties: kind === 'clinic' ? value.specialties : null,
              practiceAreas: kind === 'firm' ? value.practice_areas : null,
              lienholderType: kind === 'lienholder' ? value.type : null,
              updatedByName: IMPORTER_NAME,
            })
            .returning({ id: organizations.id });
          return { kind: 'created', targetTable: 'organizations', targetId: created!.id };
        },
        register(value, targetId, sourceId) {
          run.organizations.set(organizationKey(kind, sourceId), targetId);
          run.organizations.set(organizationKey(kind, value.name), targetId);
        },
      });
    }
  }
}

/**
 * Users, matched by e-mail: an existing account is kept as it is ('merged'). A new one gets no
 * password: it is invited through the invitation flow of modules/users (a single-use link in
 * the mail outbox), so the person sets their own. An account inactive in the old system is
 * created inactive and not invited. A second document with an e-mail already used in the export
 * is a duplicate and skipped.
 */
export async function importUsers(run: ImportRun, documents: LegacyDocument[]): Promise<void> {
  const firstByEmail = new Map<string, string>();
  for (const { sourceId, data } of documents) {
    const parsed = data && sourceId ? ZLegacyUser.safeParse(data) : null;
    if (parsed?.success && !firstByEmail.has(parsed.data.email))
      firstByEmail.set(parsed.data.email, sourceId!);
  }
  for (const document of documents) {
    await run.importRecord('users', document, ZLegacyUser, {
      async handle(value, db, sourceId) {
        const first = firstByEmail.get(value.email);
        if (first !== sourceId) {
          // The same person under another id: records naming that id name the first account.
          const account = run.users.get(value.email);
          if (account)
            for (const ref of [sourceId, value.legacyId]) if (ref) run.users.set(ref, account);
          return skip(`duplicate e-mail address (as users/${first})`);
        }
        const kind = ROLE_ORGANIZATION_KIND[value.role];
        let organizationId: string | null = null;
        if (kind) {
          if (!value.organizationRef)
            return skip(`missing required field: associated_${ORGANIZATION_FIELD[kind]}_id`);
          organizationId = run.organization(kind, value.organizationRef);
          if (!organizationId)
            return skip(`unknown organisation: ${kind} '${value.organizationRef}'`);
        }
        const [existing] = await db
          .select({ id: users.id, role: users.role, organizationId: users.organizationId })
          .from(users)
          .where(eq(users.email, value.email));
        if (existing) {
          const differs =
            existing.role !== value.role || existing.organizationId !== organizationId;
          return {
            kind: 'merged',
            targetTable: 'users',
            targetId: existing.id,
            ...(differs
              ? { note: 'the CaseBridge account has another role or organisation: kept as it is' }
              : {}),
          };
        }
        const id = randomUUID();
        await db.insert(users).values({
          id,
          email: value.email,
          name: value.name,
          role: value.role,
          organizationId,
          active: value.active,
          approved: true,
          authProviderCreated: false,
          createdByName: value.createdByName ?? IMPORTER_NAME,
          ...(value.createdAt ? { createdAt: value.createdAt } : {}),
          updatedByName: IMPORTER_NAME,
        });
        if (!value.active)
          return {
            kind: 'created',
            targetTable: 'users',
            targetId: id,
            note: 'inactive in the old system: created inactive and not invited',
          };
        await sendInvitation(
          db,
          { id, name: value.name, email: value.email, role: value.role },
          {
            appUrl: run.options.appUrl,
          },
        );
        return { kind: 'created', targetTable: 'users', targetId: id, invited: true };
      },
      register(value, targetId, sourceId) {
        for (const ref of [sourceId, value.legacyId, value.email])
          if (ref) run.users.set(ref, targetId);
      },
    });
  }
}

const ORGANIZATION_FIELD: Record<OrganizationKind, string> = {
  clinic: 'clinic',
  firm: 'firm',
  lienholder: 'lienholder',
};

/**
 * Message templates, matched by type and title (case aside): the built-in ones CaseBridge seeds
 * are kept rather than doubled.
 */
export async function importTemplates(run: ImportRun, documents: LegacyDocument[]): Promise<void> {
  for (const document of documents) {
    await run.importRecord('messageTemplates', document, ZLegacyTemplate, {
      async handle(value, db) {
        const [existing] = await db
          .select({ id: messageTemplates.id })
          .from(messageTemplates)
          .where(
            and(
              eq(messageTemplates.templateType, value.templateType),
              sql`lower(${messageTemplates.title}) = ${value.title.toLowerCase()}`,
            ),
          )
          .limit(1);
        if (existing)
          return { kind: 'merged', targetTable: 'message_templates', targetId: existing.id };
        const [created] = await db
          .insert(messageTemplates)
          .values({
            title: value.title,
            body: value.body,
            templateType: value.templateType,
            subject: value.subject,
            active: value.active,
            createdByName: value.createdByName ?? IMPORTER_NAME,
            ...(value.createdAt ? { createdAt: value.createdAt } : {}),
            ...(value.updatedAt ? { updatedAt: value.updatedAt } : {}),
            updatedByName: IMPORTER_NAME,
          })
          .returning({ id: messageTemplates.id });
        return { kind: 'created', targetTable: 'message_templates', targetId: created!.id };
      },
      register(_value, targetId, sourceId) {
        run.templates.set(sourceId, targetId);
      },
    });
  }
}
