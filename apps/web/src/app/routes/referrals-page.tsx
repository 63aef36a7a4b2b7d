import { REFERRAL_TEXTS } from '@casebridge/domain/referrals/referral-constants';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { Section } from '#src/components/ui/section.tsx';
import {
  LazyReferClientDialog,
  preloadReferralDialogs,
} from '#src/features/referrals/components/lazy-referral-dialogs.tsx';
import { ReferralList } from '#src/features/referrals/components/referral-lists.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';

/**
 * /referrals: a clinic's queue of referrals received (pending first) and the referrals it sent
 * on; a firm's referrals sent, with 'Refer a client'.
 */
export function ReferralsPage() {
  const user = useCurrentUser();
  const [isReferring, setIsReferring] = useState(false);
  const isClinic = user.role === 'clinic';
  return (
    <div>
      <PageHeading
        title={REFERRAL_TEXTS.queueTitle}
        description={
          isClinic
            ? 'Clients referred to your clinic, waiting ones first, and the patients you referred on.'
            : 'The clients you referred to clinics, and how fast each clinic answered.'
        }
        actions={
          user.role === 'attorney' ? (
            <Button
              onPointerEnter={preloadReferralDialogs}
              onFocus={preloadReferralDialogs}
              onClick={() => setIsReferring(true)}
            >
              {REFERRAL_TEXTS.referAction}
            </Button>
          ) : undefined
        }
      />
      <div className="space-y-8">
        {isClinic ? (
          <Section id="referrals-received-heading" title="Received">
            <ReferralList box="received" label="Referrals received" />
          </Section>
        ) : null}
        <Section id="referrals-sent-heading" title={REFERRAL_TEXTS.sentTitle}>
          <ReferralList box="sent" label={REFERRAL_TEXTS.sentTitle} />
        </Section>
      </div>
      {isReferring ? <LazyReferClientDialog onClose={() => setIsReferring(false)} /> : null}
    </div>
  );
}
