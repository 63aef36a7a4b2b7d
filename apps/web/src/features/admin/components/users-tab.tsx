import { USERS_PAGE_SIZE } from '@casebridge/domain/constants';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useUsers } from '#src/features/admin/api/users-api.ts';
import { AccessRequestsSection } from './access-requests-section.tsx';
import { AddUserModal } from './add-user-modal.tsx';
import { UserTable } from './user-table.tsx';

/** Admin 'Users' tab: pending access requests, then every user with search and pages. */
export function UsersTab() {
  const currentUser = useCurrentUser();
  const [search, setSearch] = useState('');
  const pages = useCursorPages<string>();
  const [isAdding, setIsAdding] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim());
  const users = useUsers({
    search: debouncedSearch || undefined,
    cursor: pages.cursor,
    limit: USERS_PAGE_SIZE,
  });

  return (
    <div>
      <AccessRequestsSection />
      <section aria-labelledby="users-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="users-heading" className="text-lg font-semibold text-ink">
            Users
            {users.data ? ` (${users.data.total}${users.data.isTotalCapped ? '+' : ''})` : ''}
          </h2>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by name, e-mail or organization..."
              className="sm:w-96"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                pages.reset();
              }}
            />
            <Button onClick={() => setIsAdding(true)}>
              <UserPlus className="h-4 w-4" aria-hidden />
              Add New User
            </Button>
          </div>
        </div>
        {users.error ? (
          <p role="alert" className="text-sm text-danger">
            Failed to load users
          </p>
        ) : (
          <UserTable
            users={users.data?.items}
            isLoading={!users.data}
            currentUserId={currentUser.id}
          />
        )}
        <CursorPageControls
          label="Users pages"
          pages={pages}
          pageSize={USERS_PAGE_SIZE}
          data={users.data}
        />
      </section>
      <AddUserModal isOpen={isAdding} onClose={() => setIsAdding(false)} />
    </div>
  );
}
