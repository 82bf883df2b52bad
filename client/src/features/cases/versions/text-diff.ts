import { diffLines, diffWordsWithSpace } from 'diff';

/** A run of text on one side of a comparison: shared by both sides, or only on this one. */
export interface TextSegment {
  text: string;
  changed: boolean;
}

export interface SideBySide {
  older: TextSegment[];
  newer: TextSegment[];
}

/**
 * Two texts side by side (jsdiff): lines compared first, and within a run of
 * changed lines replaced by another, the words, so a word edited in a long
 * markdown field is marked, not its whole paragraph. Each side keeps its own
 * text whole; what it alone has is `changed`.
 */
export function sideBySide(older: string, newer: string): SideBySide {
  const result: SideBySide = { older: [], newer: [] };
  const push = (side: TextSegment[], text: string, changed: boolean) => {
    const last = side.at(-1);
    if (last && last.changed === changed) last.text += text;
    else if (text !== '') side.push({ text, changed });
  };
  const lines = diffLines(older, newer);
  for (let index = 0; index < lines.length; index++) {
    const part = lines[index]!;
    const next = lines[index + 1];
    if (part.removed && next?.added) {
      for (const word of diffWordsWithSpace(part.value, next.value)) {
        if (!word.added) push(result.older, word.value, word.removed);
        if (!word.removed) push(result.newer, word.value, word.added);
      }
      index++;
    } else {
      if (!part.added) push(result.older, part.value, part.removed);
      if (!part.removed) push(result.newer, part.value, part.added);
    }
  }
  return result;
}
