import { DollarSign } from 'lucide-react';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { formatCents } from '#src/lib/format.ts';
import { useBillingSummary } from '#src/features/billing/api/billing-api.ts';

/** 'Total Billed': the real sum over the lienholder's linked patients (docs/architecture.md D2). */
export function TotalBilledCard() {
  const summary = useBillingSummary();
  const value = summary.data
    ? formatCents(summary.data.totalBilledCents)
    : summary.error
      ? 'Unavailable'
      : undefined;
  // A money amount is wider than a count: on a phone the card takes the whole row.
  return (
    <StatCard
      label="Total Billed"
      value={value}
      icon={DollarSign}
      className="col-span-2 lg:col-span-1"
    />
  );
}
