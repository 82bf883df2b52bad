import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampCrop, resizeCrop, type CropSquare, type PictureSize } from './crop.ts';

/** The picture is shown to fit this box, enlarged if it is small, so the crop can be handled at any size. */
const VIEW = 360;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  start: CropSquare;
  mode: 'move' | 'resize';
}

interface CircleCropperProps {
  src: string;
  picture: PictureSize;
  crop: CropSquare;
  onChange(crop: CropSquare): void;
}

/**
 * A circular 1:1 crop over the picture: drag the circle to move it, its
 * handle to resize it; arrows move and + / - resize from the keyboard.
 */
export function CircleCropper({ src, picture, crop, onChange }: CircleCropperProps) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const scale = Math.min(VIEW / picture.width, VIEW / picture.height);
  const step = Math.max(1, Math.round(Math.min(picture.width, picture.height) / 50));

  const begin = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, start: crop, mode };
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    if (current.mode === 'move') onChange(clampCrop({ ...current.start, x: current.start.x + dx, y: current.start.y + dy }, picture));
    else onChange(clampCrop({ ...current.start, size: current.start.size + Math.max(dx, dy) }, picture));
  };
  const end = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) onChange(clampCrop({ ...crop, x: crop.x + move[0], y: crop.y + move[1] }, picture));
    else if (event.key === '+' || event.key === '=') onChange(resizeCrop(crop, step * 2, picture));
    else if (event.key === '-') onChange(resizeCrop(crop, -step * 2, picture));
    else return;
    event.preventDefault();
  };

  return (
    <div className="cropper" style={{ width: picture.width * scale, height: picture.height * scale }}>
      <img src={src} alt="" className="cropper__picture" draggable={false} width={picture.width * scale} height={picture.height * scale} />
      {/* biome-ignore lint/a11y/useSemanticElements: the crop square is an area the pointer and keys move, not a set of form controls */}
      <div
        className="cropper__selection"
        role="group"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the crop square takes focus to be moved and resized by keys (arrows, +, −)
        tabIndex={0}
        aria-label={t('profile.avatar.cropArea')}
        aria-description={t('profile.avatar.cropKeys')}
        style={{ left: crop.x * scale, top: crop.y * scale, width: crop.size * scale, height: crop.size * scale }}
        onPointerDown={begin('move')}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={onKeyDown}
      >
        <span
          className="cropper__handle"
          aria-hidden
          onPointerDown={begin('resize')}
          onPointerMove={follow}
          onPointerUp={end}
          onPointerCancel={end}
        />
      </div>
    </div>
  );
}
