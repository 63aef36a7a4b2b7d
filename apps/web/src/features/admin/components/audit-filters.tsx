import { AUDIT_ACTIONS } from '@casebridge/domain/audit';
import { getAuditActionLabel } from '@casebridge/domain/audit/audit-log.schemas';
import { Input, Label, Select } from '#src/components/ui/input.tsx';

export type AuditFilterValues = {
  user: string;
  patient: string;
  action: string;
  fromDate: string;
  toDate: string;
};

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  user: '',
  patient: '',
  action: '',
  fromDate: '',
  toDate: '',
};

/** Local calendar days as instants: the start of the first day to the end of the last. */
export function toAuditRange(values: Pick<AuditFilterValues, 'fromDate' | 'toDate'>) {
  return {
    from: values.fromDate ? new Date(`${values.fromDate}T00:00:00`).toISOString() : undefined,
    to: values.toDate ? new Date(`${values.toDate}T23:59:59.999`).toISOString() : undefined,
  };
}

export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
}) {
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...values, ...patch });
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <div>
        <Label htmlFor="audit-user">User</Label>
        <Input
          id="audit-user"
          type="search"
          placeholder="Name or user id"
          value={values.user}
          onChange={(event) => set({ user: event.target.value })}
        />
      </div>
      <div>
        <Label htmlFor="audit-patient">Patient</Label>
        <Input
          id="audit-patient"
          type="search"
          placeholder="Name or patient id"
          value={values.patient}
          onChange={(event) => set({ patient: event.target.value })}
        />
      </div>
      <div>
        <Label htmlFor="audit-action">Action</Label>
        <Select
          id="audit-action"
          value={values.action}
          onChange={(event) => set({ action: event.target.value })}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {getAuditActionLabel(action)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="audit-from">From</Label>
        <Input
          id="audit-from"
          type="date"
          value={values.fromDate}
          onChange={(event) => set({ fromDate: event.target.value })}
        />
      </div>
      <div>
        <Label htmlFor="audit-to">To</Label>
        <Input
          id="audit-to"
          type="date"
          value={values.toDate}
          onChange={(event) => set({ toDate: event.target.value })}
        />
      </div>
    </div>
  );
}
