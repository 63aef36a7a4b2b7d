import type { TMigration, TSystemOverview } from '@casebridge/domain/admin/system.schemas';
import type { ReactNode } from 'react';
import { formatDateTime } from '#src/lib/format.ts';

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sm:flex sm:gap-3">
      <dt className="font-medium text-ink sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="break-words text-ink-muted">{children}</dd>
    </div>
  );
}

function describe(migration: TMigration) {
  return `${migration.tag ?? 'unknown to this instance'}, generated ${formatDateTime(migration.createdAt)}`;
}

/** Migrations that need a word: listed under a warning of their own. */
function MigrationList(props: { id: string; title: string; note: string; items: TMigration[] }) {
  if (props.items.length === 0) return null;
  return (
    <section
      aria-labelledby={props.id}
      className="mt-4 rounded-md border border-amber-500 bg-surface-muted p-3 text-sm text-ink"
    >
      <h4 id={props.id} className="font-medium">
        {props.title}
      </h4>
      <p className="mt-1 text-ink-muted">{props.note}</p>
      <ul className="mt-2 list-disc pl-5">
        {props.items.map((item) => (
          <li key={item.createdAt} className="break-words">
            {describe(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** This instance's build, and the database's migrations against those this build knows. */
export function SystemMigrations({
  build,
  migrations,
}: Pick<TSystemOverview, 'build' | 'migrations'>) {
  return (
    <div className="text-sm">
      <dl className="space-y-2">
        <Term label="Version">{build.version}</Term>
        <Term label="Commit">{build.commit ?? 'Not known (not built from a repository)'}</Term>
        <Term label="Migrations applied">
          {migrations.applied} (this version knows {migrations.known})
        </Term>
        <Term label="Latest applied">
          {migrations.latest ? describe(migrations.latest) : 'None'}
        </Term>
      </dl>
      <MigrationList
        id="migrations-pending-heading"
        title="Not applied to the database"
        note="This version knows them, but the database has not applied them."
        items={migrations.pending}
      />
      <MigrationList
        id="migrations-unknown-heading"
        title="Applied by a newer version"
        note="The database has them and this version does not: a newer instance migrated, as during a rolling upgrade."
        items={migrations.unknown}
      />
    </div>
  );
}
