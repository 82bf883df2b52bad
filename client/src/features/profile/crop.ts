import { AVATAR_MIN_CROP, type AvatarCrop } from '@testament/contracts';

/** The crop as a square in the picture's own pixels: avatars are cut 1:1 (§2 Profile). */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

export interface PictureSize {
  width: number;
  height: number;
}

/** A picture too small to keep the minimum 10x10 crop (§9). */
export const isTooSmall = ({ width, height }: PictureSize) => Math.min(width, height) < AVATAR_MIN_CROP;

/** Inside the picture, at least the minimum and at most the shorter side. */
export function clampCrop(crop: CropSquare, picture: PictureSize): CropSquare {
  const size = Math.min(Math.max(crop.size, AVATAR_MIN_CROP), picture.width, picture.height);
  return {
    size,
    x: Math.min(Math.max(crop.x, 0), picture.width - size),
    y: Math.min(Math.max(crop.y, 0), picture.height - size),
  };
}

/** The default crop (§2 Profile): a square half the shorter side, its corner at 25%, 25%. */
export function defaultCrop(picture: PictureSize): CropSquare {
  return clampCrop({ x: picture.width * 0.25, y: picture.height * 0.25, size: Math.min(picture.width, picture.height) / 2 }, picture);
}

/** Grows or shrinks around the centre, staying inside the picture. */
export function resizeCrop(crop: CropSquare, delta: number, picture: PictureSize): CropSquare {
  const size = Math.min(Math.max(crop.size + delta, AVATAR_MIN_CROP), picture.width, picture.height);
  const grown = size - crop.size;
  return clampCrop({ x: crop.x - grown / 2, y: crop.y - grown / 2, size }, picture);
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The `crop` field: fractions of the picture, as the server's box (left, upper, right, lower), to 6 decimals. */
export function cropFractions(crop: CropSquare, picture: PictureSize): AvatarCrop {
  return {
    left: round6(crop.x / picture.width),
    upper: round6(crop.y / picture.height),
    right: round6((crop.x + crop.size) / picture.width),
    lower: round6((crop.y + crop.size) / picture.height),
  };
}
