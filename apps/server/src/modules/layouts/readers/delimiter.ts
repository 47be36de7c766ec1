// Stand-in until the readers land (h/readers): the same signature.
export function detectDelimiter(sampleText: string): ',' | ';' | '\t' | '|' {
  const lines = sampleText.split(/\r?\n/).slice(0, 30);
  const counts = ([',', ';', '\t', '|'] as const).map((delimiter) => ({
    delimiter,
    count: lines.reduce((sum, line) => sum + line.split(delimiter).length - 1, 0),
  }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.count > 0 ? counts[0]!.delimiter : ',';
}
