import type { OrganizationKind } from '@casebridge/domain/roles';
import * as Tabs from '@radix-ui/react-tabs';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { TabBar } from '#src/components/ui/tab-bar.tsx';
import { useDirectory } from '#src/features/directory/api/directory-api.ts';
import {
  filterOrganizations,
  groupByKind,
} from '#src/features/directory/utils/filter-organizations.ts';
import { OrganizationCard } from './organization-card.tsx';
import { AddOrganizationModal } from './add-organization-modal.tsx';
import { EditOrganizationModal } from './edit-organization-modal.tsx';

const TABS: Array<{ kind: OrganizationKind; label: string }> = [
  { kind: 'clinic', label: 'Clinics' },
  { kind: 'firm', label: 'Attorney Firms' },
  { kind: 'lienholder', label: 'Lienholders' },
];

/** Adding one of a kind, or editing one (found in the directory as it now is) by id. */
type Editing = { adding: OrganizationKind } | { editingId: string } | null;

/** Spec 'Directory': search, a tab per kind with its count, cards; admins add and edit. */
export function DirectoryView({
  canManage,
  onReferToClinic,
}: {
  canManage: boolean;
  /** A firm's attorneys refer a client from a clinic's entry ('Refer a client'). */
  onReferToClinic?: (clinicId: string) => void;
}) {
  const directory = useDirectory();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ tab: OrganizationKind; search: string }>({
    tab: 'clinic',
    search: '',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const groups = groupByKind(filterOrganizations(directory.data ?? [], search));
  /**
   * The open tab: the one the user chose, unless a search changed since and finds nothing there
   * but does elsewhere; then the first tab with matches, so hits are never hidden behind an empty
   * tab. Worked out from the matches, so it holds when the directory loads after the search.
   */
  const hasSearch = search.trim() !== '';
  const firstWithMatches = TABS.find((item) => groups[item.kind].length > 0)?.kind;
  const tab =
    hasSearch && chosen.search !== search && groups[chosen.tab].length === 0 && firstWithMatches
      ? firstWithMatches
      : chosen.tab;
  const setTab = (next: OrganizationKind) => setChosen({ tab: next, search });
  /** The tabs other than the open one that hold matches of the search. */
  const elsewhere = TABS.filter((item) => item.kind !== tab && groups[item.kind].length > 0);
  const edited =
    editing && 'editingId' in editing
      ? directory.data?.find((organization) => organization.id === editing.editingId)
      : undefined;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="relative w-full sm:max-w-md">
          <Search
            className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-ink-muted"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search directory"
            placeholder="Search directory..."
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {canManage ? (
          <Button className="sm:ml-auto" onClick={() => setEditing({ adding: tab })}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Organization
          </Button>
        ) : null}
      </div>
      {directory.error ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load the directory
        </p>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as OrganizationKind)}>
        <TabBar
          label="Organization types"
          items={TABS.map((item) => ({
            value: item.kind,
            label: `${item.label} (${directory.data ? groups[item.kind].length : '...'})`,
          }))}
          className="mb-4"
        />
        {TABS.map((item) => (
          <Tabs.Content key={item.kind} value={item.kind}>
            {!directory.data ? (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {Array.from({ length: 3 }, (_, index) => (
                  <Skeleton key={index} className="h-48" />
                ))}
              </div>
            ) : groups[item.kind].length === 0 ? (
              <EmptyState title="No results found">
                {hasSearch && elsewhere.length > 0 ? (
                  <p>
                    Matches in{' '}
                    {elsewhere.map((other, index) => (
                      <span key={other.kind}>
                        {index > 0 ? ', ' : null}
                        <button
                          type="button"
                          className="font-medium text-brand underline underline-offset-2"
                          onClick={() => setTab(other.kind)}
                        >
                          {other.label} ({groups[other.kind].length})
                        </button>
                      </span>
                    ))}
                  </p>
                ) : null}
              </EmptyState>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {groups[item.kind].map((organization) => (
                  <li key={organization.id}>
                    <OrganizationCard
                      organization={organization}
                      onEdit={
                        canManage ? () => setEditing({ editingId: organization.id }) : undefined
                      }
                      onRefer={
                        onReferToClinic && organization.kind === 'clinic'
                          ? () => onReferToClinic(organization.id)
                          : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {editing && 'adding' in editing ? (
        <AddOrganizationModal kind={editing.adding} onClose={() => setEditing(null)} />
      ) : null}
      {edited ? (
        <EditOrganizationModal organization={edited} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
