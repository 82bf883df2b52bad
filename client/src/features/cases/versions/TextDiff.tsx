import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sideBySide, type TextSegment } from './text-diff.ts';
import './case-versions.css';

/** A static diff's segments are known by where they start in the side's text (none is empty, so each starts elsewhere). */
function withStarts(segments: readonly TextSegment[]): Array<TextSegment & { start: number }> {
  let start = 0;
  return segments.map((segment) => {
    const placed = { ...segment, start };
    start += segment.text.length;
    return placed;
  });
}

function DiffSide({ segments, changedAs: Mark, label }: { segments: TextSegment[]; changedAs: 'del' | 'ins'; label: string }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named side of a diff, which stays a <pre> to keep the text's line breaks and spaces
    <pre className="text-diff__side" role="group" aria-label={label}>
      {segments.length === 0 ? (
        <span className="text-diff__empty">{t('caseVersions.empty')}</span>
      ) : (
        withStarts(segments).map((segment) =>
          segment.changed ? <Mark key={segment.start}>{segment.text}</Mark> : <span key={segment.start}>{segment.text}</span>,
        )
      )}
    </pre>
  );
}

/** Two texts side by side, what each alone has marked: struck out on the older side, underlined on the newer. */
export function TextDiff({ older, newer, labels }: { older: string; newer: string; labels: readonly [older: string, newer: string] }) {
  const sides = useMemo(() => sideBySide(older, newer), [older, newer]);
  return (
    <div className="text-diff">
      <DiffSide segments={sides.older} changedAs="del" label={labels[0]} />
      <DiffSide segments={sides.newer} changedAs="ins" label={labels[1]} />
    </div>
  );
}
