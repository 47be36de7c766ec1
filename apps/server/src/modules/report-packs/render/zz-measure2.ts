import { renderPackPdf } from './pdf.ts';
import { samplePackDocument } from './sample-documents.ts';
const base = samplePackDocument({ accountsPerSubtype: 5, statements: 4 });
const only = (kinds: string[]) => ({ ...base, pages: base.pages.filter((page) => kinds.includes(page.kind)) });
const time = async (name: string, document: typeof base) => {
  await renderPackPdf(document);
  const times: number[] = [];
  for (let run = 0; run < 15; run++) { const t = performance.now(); await renderPackPdf(document); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(name, 'min', Math.round(times[0]!), 'median', Math.round(times[7]!));
};
await time('notes only', only(['notes']));
await time('chart only', only(['chart']));
await time('kpis only', only(['kpis']));
await time('statements only', only(['statement']));
await time('all', base);
