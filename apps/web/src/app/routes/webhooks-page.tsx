import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { WebhooksPanel } from '#src/features/webhooks/components/webhooks-panel.tsx';

/** /webhooks: an organisation's webhook endpoints (administrators use the admin console's tab). */
export function WebhooksPage() {
  return (
    <div>
      <PageHeading title="Integrations" />
      <WebhooksPanel isAdmin={false} />
    </div>
  );
}
