import {
  API_TOKEN_STATUS_LABELS,
  API_TOKEN_TEXTS,
  API_TOKENS_PAGE_SIZE,
  capabilityLabel,
  type ApiTokenStatus,
  type TApiToken,
  type TCreateApiTokenResult,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useApiTokens, useRevokeApiToken } from '#src/features/api-tokens/api/api-tokens-api.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { TokenSecretDialog } from './token-secret-dialog.tsx';

const TONES = { active: 'green', expired: 'gray', revoked: 'red' } as const satisfies Record<
  ApiTokenStatus,
  string
>;
const COLUMNS = ['Name', 'Acts for', 'Capabilities', 'Created', 'Expires', 'Last used', 'Status'];

function TokenRow({ token, onRevoke }: { token: TApiToken; onRevoke: (token: TApiToken) => void }) {
  return (
    <tr>
      <td className="px-3 py-2 text-ink">
        <span className="font-medium">{token.name}</span>
        <span className="block font-mono text-xs text-ink-muted">{token.prefix}…</span>
      </td>
      <td className="px-3 py-2 text-ink">{token.organizationName ?? 'Administrators'}</td>
      <td className="px-3 py-2 text-ink">
        <ul className="space-y-0.5 text-xs">
          {token.capabilities.map((capability) => (
            <li key={capability}>{capabilityLabel(capability)}</li>
          ))}
        </ul>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-ink">
        {formatDateTime(token.createdAt)}
        <span className="block text-xs text-ink-muted">by {token.createdByName}</span>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-ink">{formatDateTime(token.expiresAt)}</td>
      <td className="whitespace-nowrap px-3 py-2 text-ink">
        {token.lastUsedAt ? (
          <>
            {formatDateTime(token.lastUsedAt)}
            <span className="block text-xs text-ink-muted">{token.lastUsedIp}</span>
          </>
        ) : (
          <span className="text-ink-muted">Never</span>
        )}
      </td>
      <td className="px-3 py-2">
        <Badge tone={TONES[token.status]}>{API_TOKEN_STATUS_LABELS[token.status]}</Badge>
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        {token.status === 'revoked' ? null : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onRevoke(token)}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * Admin 'API tokens' tab: machine tokens, newest first, with their last use; create
 * one (its secret is shown once) or revoke one, which takes effect at once.
 */
export function ApiTokensTab() {
  const pages = useCursorPages<string>();
  const tokens = useApiTokens({ cursor: pages.cursor, limit: API_TOKENS_PAGE_SIZE });
  const revoke = useRevokeApiToken();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);

  function handleCreated(result: TCreateApiTokenResult) {
    setIsCreating(false);
    pages.reset();
    setCreated({ name: result.token.name, secret: result.secret });
  }

  function confirmRevoke() {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(API_TOKEN_TEXTS.revoked),
      onError: (error) => toast.error(getErrorMessage(error, API_TOKEN_TEXTS.revokeFailed)),
    });
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="max-w-2xl text-sm text-ink-muted">
          Other systems call the API with a token as <code>Authorization: Bearer</code>. A token
          acts for one organisation (or for administrators) with the capabilities chosen here; its
          every use is audited.
        </p>
        <Button onClick={() => setIsCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Create token
        </Button>
      </div>
      {tokens.error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          Failed to load API tokens
        </p>
      ) : null}
      <TableScroll label="API tokens">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">API tokens, newest first</caption>
          <thead className="border-b border-border bg-surface-muted text-ink">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {!tokens.data ? (
              <TableSkeletonRows columns={COLUMNS.length + 1} rows={3} cellClassName="px-3 py-2" />
            ) : (
              tokens.data.items.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={setRevoking} />
              ))
            )}
            {tokens.data && tokens.data.items.length === 0 ? (
              <TableEmptyRow columns={COLUMNS.length + 1} padding="px-3 py-6">
                No API tokens yet
              </TableEmptyRow>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      <CursorPageControls
        label="API token pages"
        pages={pages}
        pageSize={API_TOKENS_PAGE_SIZE}
        data={tokens.data}
      />
      <CreateTokenDialog
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={handleCreated}
      />
      <TokenSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        isOpen={revoking !== null}
        title="Revoke API token"
        message={
          revoking
            ? `Revoke "${revoking.name}"? Every system using it is refused from its next request. This cannot be undone.`
            : ''
        }
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
        onDismiss={() => setRevoking(null)}
      />
    </div>
  );
}
