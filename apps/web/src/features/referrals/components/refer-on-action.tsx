import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { canReferOn } from '@casebridge/domain/referrals/referral.policy';
import { REFERRAL_TEXTS } from '@casebridge/domain/referrals/referral-constants';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import {
  LazyReferOnDialog,
  preloadReferralDialogs,
} from '#src/features/referrals/components/lazy-referral-dialogs.tsx';

/**
 * 'Refer to another clinic' on a patient's Overview, for the users of one of the patient's own
 * clinics (not one holding temporary access): the receiving clinic joins the case on acceptance,
 * and the answer shows in the Referrals page's sent list.
 */
export function ReferOnAction({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const [isReferring, setIsReferring] = useState(false);
  const organizationId = user.organization?.id ?? null;
  const isOwnClinic = patient.clinics.some((clinic) => clinic.id === organizationId);
  if (!canReferOn({ role: user.role, organizationId }) || !isOwnClinic) return null;
  return (
    <Section id="patient-referrals" title={REFERRAL_TEXTS.queueTitle} className="mt-6">
      <p className="mb-3 text-sm text-ink-muted">
        Send {patient.fullName} to imaging, pain management or another specialty.
      </p>
      <Button
        variant="secondary"
        onPointerEnter={preloadReferralDialogs}
        onFocus={preloadReferralDialogs}
        onClick={() => setIsReferring(true)}
      >
        {REFERRAL_TEXTS.referOnAction}
      </Button>
      {isReferring ? (
        <LazyReferOnDialog patient={patient} onClose={() => setIsReferring(false)} />
      ) : null}
    </Section>
  );
}
