import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sideBySide, type TextSegment } from './text-diff.ts';
import './case-versions.css';

function DiffSide({ segments, changedAs: Mark, label }: { segments: TextSegment[]; changedAs: 'del' | 'ins'; label: string }) {
  const { t } = useTranslation();
  return (
    <pre className="text-diff__side" aria-label={label}>
      {segments.length === 0 ? (
        <span className="text-diff__empty">{t('caseVersions.empty')}</span>
      ) : (
        segments.map((segment, index) => (segment.changed ? <Mark key={index}>{segment.text}</Mark> : <span key={index}>{segment.text}</span>))
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
