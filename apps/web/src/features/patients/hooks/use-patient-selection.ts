import { BULK_MAX_PATIENTS } from '@casebridge/domain/patients/bulk-texts';
import type { TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import { useState } from 'react';

/** What a selectable list needs: is a patient chosen, choose one, choose the page. */
export type PatientSelection = {
  /** The chosen patients, each as the list last showed it (its latest version). */
  selected: TPatientSummary[];
  isSelected: (patientId: string) => boolean;
  toggle: (patient: TPatientSummary) => void;
  /** Chooses every patient of the page, or, when all are chosen already, none of them. */
  togglePage: (patients: readonly TPatientSummary[]) => void;
  /** Whether every patient of the page is chosen (the header checkbox). */
  pageState: (patients: readonly TPatientSummary[]) => boolean | 'mixed';
  /** Forgets these patients (done), or every one. */
  clear: (patientIds?: readonly string[]) => void;
};

/**
 * The patients chosen on a dashboard list, across its pages, at most BULK_MAX_PATIENTS (what
 * one bulk action takes). A chosen patient the current page shows again is taken as it shows
 * it now, so a bulk change names the version on screen.
 */
export function usePatientSelection(shown: readonly TPatientSummary[] = []): PatientSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, TPatientSummary>>(new Map());
  const latest = new Map(shown.map((patient) => [patient.id, patient]));
  const selected = [...chosen.values()].map((patient) => latest.get(patient.id) ?? patient);
  const update = (change: (next: Map<string, TPatientSummary>) => void) =>
    setChosen((previous) => {
      const next = new Map(previous);
      change(next);
      return next;
    });
  return {
    selected,
    isSelected: (patientId) => chosen.has(patientId),
    toggle: (patient) =>
      update((next) => {
        if (next.has(patient.id)) next.delete(patient.id);
        else if (next.size < BULK_MAX_PATIENTS) next.set(patient.id, patient);
      }),
    togglePage: (patients) =>
      update((next) => {
        const isAll = patients.every((patient) => next.has(patient.id));
        for (const patient of patients) {
          if (isAll) next.delete(patient.id);
          else if (next.size < BULK_MAX_PATIENTS) next.set(patient.id, patient);
        }
      }),
    pageState: (patients) => {
      const n = patients.filter((patient) => chosen.has(patient.id)).length;
      return n > 0 && n === patients.length ? true : n > 0 ? 'mixed' : false;
    },
    clear: (patientIds) =>
      update((next) => {
        if (!patientIds) next.clear();
        else for (const id of patientIds) next.delete(id);
      }),
  };
}
