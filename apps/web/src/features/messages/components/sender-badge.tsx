import { getSenderColor, getSenderLabel } from '@casebridge/domain/messages/message-sender';
import { Badge } from '#src/components/ui/badge.tsx';

/** The sender's badge: the label of spec section 2, coloured by role. */
export function SenderBadge({
  role,
  organizationName,
}: {
  role: string;
  organizationName: string | null;
}) {
  return (
    <Badge tone={getSenderColor(role)} className="max-w-[14rem] truncate px-2 font-semibold">
      {getSenderLabel(role, organizationName)}
    </Badge>
  );
}
