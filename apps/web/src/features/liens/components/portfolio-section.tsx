import { LIEN_MESSAGES, PORTFOLIO_PAGE_SIZE } from '@casebridge/domain/liens/lien-ledger-constants';
import type { TPortfolioQuery } from '@casebridge/domain/liens/lien-ledger.schemas';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { formatCents } from '#src/lib/format.ts';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { getPortfolioCsvUrl, usePortfolio } from '#src/features/liens/api/liens-api.ts';
import { PortfolioFilters, type PortfolioFilterValues } from './portfolio-filters.tsx';
import { PortfolioTable, type PortfolioOrder } from './portfolio-table.tsx';

/**
 * The lienholder dashboard's portfolio: one row per linked patient with billed,
 * reduced, paid and balance, days since treatment and the case status; search, filters, sort
 * by any column, pages, and the whole portfolio as one CSV. Live through the 'liens' keys.
 */
export function PortfolioSection() {
  const user = useCurrentUser();
  const [filters, setFilters] = useState<PortfolioFilterValues>({
    search: '',
    status: '',
    hasGapOnly: false,
  });
  const [order, setOrder] = useState<PortfolioOrder>({ sort: 'patient', direction: 'asc' });
  const pages = useCursorPages<string>();
  const [isExporting, setIsExporting] = useState(false);
  const search = useDebouncedValue(filters.search.trim());
  const query: TPortfolioQuery = {
    search: search || undefined,
    status: filters.status || undefined,
    hasGap: filters.hasGapOnly ? 'true' : undefined,
    sort: order.sort,
    direction: order.direction,
    cursor: pages.cursor,
    limit: PORTFOLIO_PAGE_SIZE,
  };
  const portfolio = usePortfolio(query);

  async function handleExport() {
    setIsExporting(true);
    try {
      // Loaded on demand: its error parsing brings zod, which stays out of the dashboard's
      // initial JavaScript (ADR 0015).
      const { downloadFile } = await import('#src/lib/download-file.ts');
      await downloadFile(getPortfolioCsvUrl(query), 'lien-portfolio.csv');
    } catch (error) {
      toast.error(getErrorMessage(error, LIEN_MESSAGES.exportFailed));
    } finally {
      setIsExporting(false);
    }
  }

  const totals = portfolio.data?.totals;
  return (
    <section aria-labelledby="portfolio-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="portfolio-heading" className="text-lg font-semibold text-ink">
          Portfolio
        </h2>
        <Button variant="secondary" size="sm" onClick={handleExport} disabled={isExporting}>
          <FileDown className="h-4 w-4" aria-hidden />
          {isExporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <PortfolioFilters
        values={filters}
        onChange={(values) => {
          setFilters(values);
          pages.reset();
        }}
      />
      {/* The totals over every matching row, announced when a filter changes them. */}
      <p className="mb-3 min-h-5 text-sm text-ink-muted" aria-live="polite">
        {totals
          ? `${portfolio.data?.total ?? 0} liens · billed ${formatCents(totals.billedCents)} · reduced ${formatCents(totals.reducedCents)} · paid ${formatCents(totals.paidCents)} · balance ${formatCents(totals.balanceCents)}`
          : null}
      </p>
      {portfolio.error ? (
        <p className="rounded-lg border border-border bg-surface p-4 text-ink">
          {getErrorMessage(portfolio.error, LIEN_MESSAGES.portfolioFailed)}
        </p>
      ) : (
        <PortfolioTable
          rows={portfolio.data?.items}
          isPending={portfolio.isPending}
          showLienholder={user.role === 'admin'}
          order={order}
          onSort={(next) => {
            setOrder(next);
            pages.reset();
          }}
        />
      )}
      <CursorPageControls
        label="Portfolio pages"
        pages={pages}
        pageSize={PORTFOLIO_PAGE_SIZE}
        data={portfolio.data && { ...portfolio.data, isTotalCapped: false }}
      />
    </section>
  );
}
