import PDFDocument from 'pdfkit';
import { CASE_STAGE_LABELS } from '@casebridge/domain/case-facts/case-facts-constants';
import {
  CLOSING_TEXTS,
  PAYOFF_STATUS_LABELS,
  SETTLEMENT_SOURCE_LABELS,
} from '@casebridge/domain/closing/closing-constants';
import type { TClosing } from '@casebridge/domain/closing/closing.schemas';
import { lienTakeCents } from '@casebridge/domain/closing/disbursement';
import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';

type StatementPatient = { fullName: string; dob: string; intakeDate: string | null };

/**
 * The disbursement statement as a PDF (pdfkit's built-in Helvetica, no font files): one page
 * per case with the gross, the fee, the costs, each lien's final payoff, the net to the client
 * and the dates. The same figures as the on-screen statement (domain `computeDisbursement`).
 */
export function renderDisbursementStatement(
  patient: StatementPatient,
  firmName: string,
  closing: TClosing,
  generatedOn: string,
): Promise<Buffer> {
  const settlement = closing.settlement;
  const figures = closing.figures;
  if (!settlement || !figures) throw new Error('a statement needs a recorded settlement');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `${CLOSING_TEXTS.statementTitle}: ${patient.fullName}`, Author: firmName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const row = (label: string, value: string, options: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, left, y, { width: right - left - 140 });
    const after = doc.y;
    doc.text(value, right - 140, y, { width: 140, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).stroke('#555555');
    doc.y += 6;
  };

  doc.font('Helvetica-Bold').fontSize(18).text(CLOSING_TEXTS.statementTitle, left, doc.y);
  doc.font('Helvetica').fontSize(11).fillColor('#333333').text(firmName);
  doc.moveDown(0.8).fillColor('#000000');
  row('Client', patient.fullName);
  row('Date of birth', patient.dob);
  if (patient.intakeDate) row('Intake', patient.intakeDate);
  row('Case stage', CASE_STAGE_LABELS[closing.stage]);
  row('Settlement date', settlement.settledOn);
  row('Source', SETTLEMENT_SOURCE_LABELS[settlement.source]);
  row('Disbursed on', settlement.disbursedOn ?? 'Not yet');
  doc.moveDown(0.5);
  rule();
  row('Gross settlement', formatUsd(figures.grossCents), { bold: true });
  row(
    `Attorney fee (${formatBasisPoints(settlement.feeBasisPoints)} %)`,
    `-${formatUsd(figures.feeCents)}`,
  );
  row('Case costs', `-${formatUsd(figures.costsCents)}`);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(12).text('Liens', left, doc.y);
  doc.moveDown(0.2);
  if (closing.liens.length === 0) row('No liens', formatUsd(0));
  for (const lien of closing.liens) {
    const payoff =
      lien.payoffs.find((p) => p.status === 'confirmed') ??
      lien.payoffs.find((p) => p.status === 'proposed');
    const take = lienTakeCents({
      balanceCents: lien.balanceCents,
      payoffCents: payoff?.amountCents ?? null,
    });
    const state = payoff
      ? `${PAYOFF_STATUS_LABELS[payoff.status]}${payoff.answeredAt ? ` ${payoff.answeredAt.slice(0, 10)}` : ''}`
      : 'No payoff proposed';
    row(`${lien.lienholderName} — ${state}`, `-${formatUsd(take)}`);
  }
  doc.moveDown(0.3);
  rule();
  row(
    figures.netCents < 0 ? CLOSING_TEXTS.shortfall : CLOSING_TEXTS.netToClient,
    formatUsd(figures.netCents),
    { bold: true },
  );
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Prepared ${generatedOn} by CaseBridge. Amounts in US dollars.`, left, doc.y);
  doc.end();
  return done;
}
