import type { TVersioned } from '@casebridge/domain/versioning/versioning';
import { useEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { getStaleWriteCurrent } from './api-client.ts';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

/** One field someone else changed: their value now, and what the form holds. */
export type ChangedField = { field: string; label: string; theirs: string; mine: string };

/** Someone else's newer version of the record the user is editing. */
export type RecordChange = {
  byName: string | null;
  at: string;
  /** `live`: it arrived while editing; `conflict`: a save was refused because of it. */
  reason: 'live' | 'conflict';
  fields: ChangedField[];
};

type RecordEditingOptions<TRecord extends TVersioned, TValues extends FieldValues> = {
  /** The record as the server last answered it (the query's data). */
  record: TRecord;
  form: UseFormReturn<TValues, unknown, unknown>;
  /** The form's values for a version of the record. */
  toValues: (record: TRecord) => TValues;
  /** Labels of the fields, for the list of what changed; unlabelled fields are not listed. */
  labels: Partial<Record<Path<TValues>, string>>;
  /** How a field's value reads in that list; default: the text, lists joined, blank as '—'. */
  display?: (field: Path<TValues>, value: unknown) => string;
  /** Reads the record out of a 409's `current`; null when it is not one. */
  parse: (current: unknown) => TRecord | null;
};

export type RecordEditing<TRecord> = {
  /** The version the user's edits start from: send it with the save (`ifMatch`). */
  baseVersion: number;
  /** A newer version than the base, while the user edits: show it instead of resetting. */
  change: RecordChange | null;
  /** Take the newer version as the base and put the user's own edits on top of it. */
  keepMine: () => void;
  /** Drop the user's edits and show the newer version. */
  useTheirs: () => void;
  /** After a save: the answer becomes the base and the form's clean state. */
  onSaved: (record: TRecord) => void;
  /** After a failed save: true when it was refused as stale (the change is then shown). */
  onSaveError: (error: unknown) => boolean;
};

function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Editing an existing record that others edit too (docs/architecture.md, 'Versions'). While the
 * form is untouched, a newer version from the server (a live update) simply replaces it. Once
 * the user has typed, a newer version leaves their values alone and is reported as `change`
 * ('Changed by Dana Ruiz at 14:02 — review'); the save still names the version the user started
 * from, so it cannot overwrite the other change blindly: it is refused (409) and reported as a
 * conflict until the user keeps their values on top or takes the other version. While the form
 * holds unsaved changes, leaving the page asks first.
 */
export function useRecordEditing<TRecord extends TVersioned, TValues extends FieldValues>({
  record,
  form,
  toValues,
  labels,
  display,
  parse,
}: RecordEditingOptions<TRecord, TValues>): RecordEditing<TRecord> {
  const [base, setBase] = useState(record);
  const [latest, setLatest] = useState(record);
  const [reason, setReason] = useState<RecordChange['reason']>('live');
  const { isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);

  function rebase(next: TRecord) {
    setBase(next);
    setLatest(next);
    setReason('live');
  }

  function receive(next: TRecord, why: RecordChange['reason']) {
    if (next.version < latest.version) return;
    setLatest(next);
    setReason(why);
    if (!form.formState.isDirty && why === 'live') {
      rebase(next);
      form.reset(toValues(next));
    }
  }

  useEffect(() => {
    if (record.version > latest.version) receive(record, 'live');
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only a new version matters here
  }, [record.version]);

  const show = (field: Path<TValues>, value: unknown) =>
    display ? display(field, value) : displayValue(value);

  let change: RecordChange | null = null;
  if (latest.version !== base.version) {
    const before = toValues(base);
    const after = toValues(latest);
    const mine = form.getValues();
    const fields = (Object.keys(labels) as Path<TValues>[])
      .filter((field) => !sameValue(before[field], after[field]))
      .map((field) => ({
        field,
        label: labels[field] ?? field,
        theirs: show(field, after[field]),
        mine: show(field, mine[field]),
      }));
    change = { byName: latest.updatedByName, at: latest.updatedAt, reason, fields };
  }

  return {
    baseVersion: base.version,
    change,
    keepMine: () => {
      const before = toValues(base);
      const mine = form.getValues();
      form.reset(toValues(latest));
      for (const field of Object.keys(mine) as Path<TValues>[]) {
        if (!sameValue(mine[field], before[field])) {
          form.setValue(field, mine[field] as PathValue<TValues, Path<TValues>>, {
            shouldDirty: true,
          });
        }
      }
      rebase(latest);
    },
    useTheirs: () => {
      form.reset(toValues(latest));
      rebase(latest);
    },
    onSaved: (saved) => {
      form.reset(toValues(saved));
      rebase(saved);
    },
    onSaveError: (error) => {
      const current = parse(getStaleWriteCurrent(error));
      if (!current) return false;
      receive(current, 'conflict');
      return true;
    },
  };
}
