/** The 16-bit words of one side of an IPv6 address's `::`. */
const wordsOf = (part: string) =>
  part === '' ? [] : part.split(':').map((word) => Number.parseInt(word, 16));

/**
 * The eight 16-bit words of an IPv6 address that `isIP` has accepted: `::` expanded, a zone id
 * (`%eth0`) dropped, a trailing dotted IPv4 part (`::ffff:10.0.0.1`) read as its two words.
 */
export function ipv6Words(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const first = wordsOf(head);
  const last = tail === undefined ? [] : wordsOf(tail);
  return [...first, ...Array<number>(Math.max(0, 8 - first.length - last.length)).fill(0), ...last];
}
