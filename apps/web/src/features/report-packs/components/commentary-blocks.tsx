import type { ReactNode } from 'react';
import type { PackTextBlock } from '@finboard/shared/report-packs';

/** Runs of text in bold or italic as the PDF sets them. */
export function TextRuns(props: { runs: { text: string; bold?: boolean; italic?: boolean }[] }) {
  return (
    <>
      {props.runs.map((run, index) => {
        let shown: ReactNode = run.text;
        if (run.italic) shown = <em>{shown}</em>;
        if (run.bold) shown = <strong>{shown}</strong>;
        return <span key={index}>{shown}</span>;
      })}
    </>
  );
}

/** Commentary and notes blocks: paragraphs, and consecutive bullet items as one list. */
export function TextBlocks(props: { blocks: PackTextBlock[]; empty?: string }) {
  if (props.blocks.length === 0)
    return <p className="pack-sheet-muted">{props.empty ?? 'Nothing written for this period yet.'}</p>;
  const groups: PackTextBlock[][] = [];
  for (const block of props.blocks) {
    const last = groups.at(-1);
    if (block.kind === 'bullet' && last?.[0]?.kind === 'bullet') last.push(block);
    else groups.push([block]);
  }
  return (
    <>
      {groups.map((group, index) =>
        group[0]!.kind === 'bullet' ? (
          <ul key={index}>
            {group.map((block, item) => (
              <li key={item}>
                <TextRuns runs={block.runs} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <TextRuns runs={group[0]!.runs} />
          </p>
        ),
      )}
    </>
  );
}
