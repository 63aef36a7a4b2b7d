import {
  HEALTH_CHECK_LABELS,
  SYSTEM_TOOL_MESSAGES,
  type THealthCheckReport,
  type THealthCheckResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import { Activity, Database } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import {
  useLoadDemoData,
  useRunHealthChecks,
  useSystemToolsStatus,
} from '#src/features/admin/api/system-tools-api.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { AuditChainCheck } from './audit-chain-check.tsx';

const STATUS = {
  passed: { tone: 'green', label: 'Passed' },
  failed: { tone: 'red', label: 'Failed' },
  not_configured: { tone: 'gray', label: 'Not configured' },
} as const;

/** The spec's failure toasts: the database check has its own, the integrations share one. */
function announce(report: THealthCheckReport) {
  const failed = report.checks.filter((check) => check.status === 'failed');
  if (failed.length > 0) console.error('Health checks failed', failed);
  if (failed.some((check) => check.id === 'database'))
    toast.error(SYSTEM_TOOL_MESSAGES.databaseCheckFailed);
  if (failed.some((check) => check.id !== 'database'))
    toast.error(SYSTEM_TOOL_MESSAGES.integrationCheckFailed);
  if (failed.length === 0) toast.success(SYSTEM_TOOL_MESSAGES.checksPassed);
}

function CheckRow({ check }: { check: THealthCheckResult }) {
  const status = STATUS[check.status];
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2">
      <div>
        <p className="text-sm font-medium text-ink">{HEALTH_CHECK_LABELS[check.id]}</p>
        <p className="text-xs text-ink-muted">
          {check.detail} ({check.durationMs} ms)
        </p>
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
    </li>
  );
}

/** Admin-only tools of spec section 7: connection tests and demo data. */
export function SystemToolsPanel() {
  const status = useSystemToolsStatus();
  const checks = useRunHealthChecks();
  const seed = useLoadDemoData();

  // The checks can take seconds, and an admin who moves to another tab meanwhile must still hear
  // how they went (architecture.md, 'Outcomes of a change').
  function handleRunChecks() {
    checks.mutateAsync().then(announce, (error: unknown) => {
      console.error('Health checks could not run', error);
      toast.error(SYSTEM_TOOL_MESSAGES.databaseCheckFailed);
    });
  }

  function handleSeed() {
    seed.mutateAsync().then(
      (result) =>
        toast.success(
          result.seeded ? SYSTEM_TOOL_MESSAGES.seeded : SYSTEM_TOOL_MESSAGES.alreadySeeded,
        ),
      (error: unknown) => {
        console.error('Seeding failed', error);
        toast.error(SYSTEM_TOOL_MESSAGES.seedFailed);
      },
    );
  }

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={handleRunChecks} disabled={checks.isPending}>
          <Activity className="h-4 w-4" aria-hidden />
          {checks.isPending ? 'Running checks...' : 'Run health checks'}
        </Button>
        {status.data?.demoDataEnabled ? (
          <Button variant="secondary" onClick={handleSeed} disabled={seed.isPending}>
            <Database className="h-4 w-4" aria-hidden />
            {seed.isPending ? 'Loading demo data...' : 'Load demo data'}
          </Button>
        ) : null}
      </div>
      <div className="mt-4">
        <AuditChainCheck />
      </div>
      {checks.data ? (
        <ul aria-label="Health check results" className="mt-4 divide-y divide-border">
          {checks.data.checks.map((check) => (
            <CheckRow key={check.id} check={check} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
