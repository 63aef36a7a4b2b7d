import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClosingSection } from '#src/features/closing/components/closing-section.tsx';
import {
  CLOSING_URL,
  PATIENT,
  UNSETTLED,
} from '#src/features/closing/components/closing-test-data.ts';
import { SettlementWorksheet } from '#src/features/settlements/components/settlement-worksheet.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';

/**
 * The firm's Billing tab shows the settlement preview and the closing section together
 * (patient-detail-page.tsx): each form's labels name its own fields.
 */
describe('the Billing tab’s settlement preview and closing section', () => {
  it('names the closing form’s fields beside the preview’s', async () => {
    renderWithProviders(
      <>
        <SettlementWorksheet
          patientId={PATIENT.id}
          settlement={{ draft: null, liens: [], figures: null }}
        />
        <ClosingSection patient={PATIENT} />
      </>,
      { session: signedInAs('attorney'), api: { [`GET ${CLOSING_URL}`]: UNSETTLED } },
    );
    const form = await screen.findByRole('form', { name: CLOSING_TEXTS.recordSettlement });
    for (const label of [
      CLOSING_TEXTS.grossLabel,
      CLOSING_TEXTS.settledOnLabel,
      CLOSING_TEXTS.sourceLabel,
      CLOSING_TEXTS.feeLabel,
      CLOSING_TEXTS.costsLabel,
      CLOSING_TEXTS.noteLabel,
    ])
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
  });
});
