/**
 * The one CSV writer of the exports (billing, the lien portfolio, the audit log). A cell is
 * quoted when it holds a quote, comma or line break, and a cell that starts like a formula
 * (= + - @, a tab or CR) is prefixed with an apostrophe, so a spreadsheet never runs it (OWASP
 * CSV injection). Lines end with CRLF (RFC 4180).
 */
export function toCsvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const defused = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** One line of cells, with its CRLF. */
export function toCsvLine(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(toCsvCell).join(',')}\r\n`;
}
