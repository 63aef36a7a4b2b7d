import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import type { TPatientLien } from '@casebridge/domain/liens/lien-ledger.schemas';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import {
  isShortfall,
  type SettlementFigures as Figures,
} from '@casebridge/domain/settlements/settlement';

const amount = (cents: number | undefined) => (cents === undefined ? '—' : formatUsd(cents));

/**
 * The worksheet's lines: gross, fee, costs, each lien's balance after accepted reductions and
 * payments, what the liens take together (the patient's bills once: every lien is on the same
 * billing), and the net to the client, or the shortfall when the settlement does not cover them.
 * The same table is on the patient page and on the printed page.
 */
export function SettlementFiguresTable({
  figures,
  feeBasisPoints,
  liens,
}: {
  figures: Figures | null;
  feeBasisPoints: number | null;
  liens: readonly TPatientLien[];
}) {
  const net = figures?.netCents;
  return (
    <table className="w-full text-sm" aria-label="Settlement figures">
      <tbody>
        <tr className="border-b border-border">
          <th scope="row" className="py-2 text-left font-medium">
            Gross settlement
          </th>
          <td className="py-2 text-right">{amount(figures?.grossCents)}</td>
        </tr>
        <tr className="border-b border-border">
          <th scope="row" className="py-2 text-left font-medium">
            Attorney fee{feeBasisPoints === null ? '' : ` (${formatBasisPoints(feeBasisPoints)} %)`}
          </th>
          <td className="py-2 text-right">− {amount(figures?.feeCents)}</td>
        </tr>
        <tr className="border-b border-border">
          <th scope="row" className="py-2 text-left font-medium">
            Case costs
          </th>
          <td className="py-2 text-right">− {amount(figures?.costsCents)}</td>
        </tr>
        {liens.map((lien) => (
          <tr key={lien.lienholderId} className="border-b border-border">
            <th scope="row" className="py-2 text-left font-medium">
              Lien: {lien.lienholderName}
              <span className="block text-xs font-normal text-ink-muted">
                Balance after accepted reductions ({formatUsd(lien.reducedCents)}) and payments (
                {formatUsd(lien.paidCents)})
              </span>
            </th>
            <td className="py-2 text-right">{formatUsd(lien.balanceCents)}</td>
          </tr>
        ))}
        {liens.length > 0 ? (
          <tr className="border-b border-border">
            <th scope="row" className="py-2 text-left font-medium">
              Liens to pay
              {liens.length > 1 ? (
                <span className="block text-xs font-normal text-ink-muted">
                  The liens are on the same bills, counted once
                </span>
              ) : null}
            </th>
            <td className="py-2 text-right">− {amount(figures?.liensCents)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" className="py-2 text-left text-base font-semibold">
            {figures && isShortfall(figures) ? 'Shortfall' : 'Net to client'}
          </th>
          <td className="py-2 text-right text-base font-semibold" data-testid="settlement-net">
            {net === undefined ? '—' : formatUsd(net)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
