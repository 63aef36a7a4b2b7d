import { VISIT_TEXTS } from '@casebridge/domain/visits/visit-constants';
import { useSearchParams } from 'react-router';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { ClinicDay } from '#src/features/visits/components/clinic-day.tsx';

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** /visits?date=YYYY-MM-DD: the clinic's visits of one day and its sign-in sheet. */
export function ClinicVisitsPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('date');
  const day = isDay(requested) ? requested : getTodayIsoDate();
  const clinicId = user.organization?.id;
  return (
    <div>
      <PageHeading title={VISIT_TEXTS.dayPageTitle} description={VISIT_TEXTS.dayPageIntro} />
      {clinicId ? (
        <ClinicDay
          key={clinicId}
          clinicId={clinicId}
          day={day}
          onDayChange={(next) => setParams({ date: next }, { replace: true })}
        />
      ) : null}
    </div>
  );
}
