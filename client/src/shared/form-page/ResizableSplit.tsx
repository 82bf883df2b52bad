import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResizeHandle } from '../../components/ResizeHandle.tsx';

/** The case form's split (§9): the first side 600 px wide at first, at least 400, at most half. */
export const SPLIT = { initial: 600, min: 400, maxShare: 0.5 } as const;

/** A width the rules allow inside a container this wide; the minimum wins on a narrow screen. */
export function splitWidth(wanted: number, containerWidth: number): number {
  return Math.max(SPLIT.min, Math.min(wanted, containerWidth * SPLIT.maxShare));
}

/** Two panes side by side, with a divider between them. */
export function ResizableSplit({ first, second }: { first: ReactNode; second: ReactNode }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>(SPLIT.initial);
  return (
    <div ref={container} className="resizable-split">
      <div className="resizable-split__first" style={{ flexBasis: `${width}px` }}>
        {first}
      </div>
      <ResizeHandle
        className="resizable-split__divider"
        label={t('caseForm.resize')}
        width={width}
        grows="right"
        widthAt={(clientX) => clientX - (container.current?.getBoundingClientRect().left ?? 0)}
        onResize={(wanted) => setWidth(splitWidth(wanted, container.current?.clientWidth ?? Infinity))}
      />
      <div className="resizable-split__second">{second}</div>
    </div>
  );
}
