import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { REFERRAL_TEXTS } from '@casebridge/domain/referrals/referral-constants';
import { Mail, MapPin, Pencil, Phone, Send } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';

/** Digits and a leading + only: what a tel: link may carry. */
const toTelHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function OrganizationCard({
  organization,
  onEdit,
  onRefer,
}: {
  organization: TOrganization;
  onEdit?: () => void;
  /** 'Refer a client' to this clinic (a firm's attorneys). */
  onRefer?: () => void;
}) {
  const labels =
    organization.kind === 'clinic'
      ? organization.specialties
      : organization.kind === 'firm'
        ? organization.practiceAreas
        : organization.lienholderType
          ? [organization.lienholderType]
          : [];
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold text-ink">{organization.name}</h2>
        {onEdit ? (
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit ${organization.name}`}
            className="rounded-md p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {organization.description ? (
        <p className="text-sm text-ink-muted">{organization.description}</p>
      ) : null}
      {labels.length > 0 ? (
        <ul
          aria-label={
            organization.kind === 'lienholder'
              ? 'Type'
              : organization.kind === 'clinic'
                ? 'Specialties'
                : 'Practice areas'
          }
          className="flex flex-wrap gap-1"
        >
          {labels.map((label) => (
            <li
              key={label}
              className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink"
            >
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-auto space-y-1 text-sm">
        {organization.phone ? (
          <li className="flex items-center gap-2">
            <Phone className="h-4 w-4 shrink-0 text-ink-muted" aria-hidden />
            <a
              href={toTelHref(organization.phone)}
              className="text-brand underline-offset-2 hover:underline"
            >
              {organization.phone}
            </a>
          </li>
        ) : null}
        {organization.email ? (
          <li className="flex items-center gap-2">
            <Mail className="h-4 w-4 shrink-0 text-ink-muted" aria-hidden />
            <a
              href={`mailto:${organization.email}`}
              className="break-all text-brand underline-offset-2 hover:underline"
            >
              {organization.email}
            </a>
          </li>
        ) : null}
        {organization.address ? (
          <li className="flex items-start gap-2 text-ink">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-ink-muted" aria-hidden />
            <span>{organization.address}</span>
          </li>
        ) : null}
      </ul>
      {onRefer ? (
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          aria-label={`${REFERRAL_TEXTS.referAction} to ${organization.name}`}
          onClick={onRefer}
        >
          <Send className="h-4 w-4" aria-hidden />
          {REFERRAL_TEXTS.referAction}
        </Button>
      ) : null}
    </Card>
  );
}
