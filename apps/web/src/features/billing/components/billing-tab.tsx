import { BILLING_MESSAGES } from '@casebridge/domain/billing/billing.schemas';
import { canAddBillingEntry } from '@casebridge/domain/patients/patient.policy';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { downloadBillingCsv } from '#src/features/billing/api/export-billing-csv.ts';
import { AddBillingEntryForm } from './add-billing-entry-form.tsx';
import { BillingHistoryTable } from './billing-history-table.tsx';

/** The patient's Billing tab: the entry row for clinic and admin, the history for everyone. */
export function BillingTab({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const [isExporting, setIsExporting] = useState(false);

  async function handleExport() {
    setIsExporting(true);
    try {
      await downloadBillingCsv(patient.id);
    } catch (error) {
      toast.error(getErrorMessage(error, BILLING_MESSAGES.exportFailed));
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <div>
      {canAddBillingEntry(user) ? <AddBillingEntryForm patientId={patient.id} /> : null}
      <section aria-labelledby="billing-history-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="billing-history-heading" className="text-lg font-semibold text-ink">
            Billing History
          </h2>
          <Button variant="secondary" size="sm" onClick={handleExport} disabled={isExporting}>
            <FileDown className="h-4 w-4" aria-hidden />
            {isExporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
        <BillingHistoryTable patientId={patient.id} />
      </section>
    </div>
  );
}
