import {
  AVATAR_MIN_CROP,
  AVATAR_SIZE,
  ValidationError,
  messages,
  userMessages,
  type AvatarCrop,
  type WebImageType,
} from '@testament/contracts';
import type { Sharp } from 'sharp';
import type { UploadedFile } from './form.ts';
import { detectImageType, detectWebImageType, type ImageType } from './images.ts';

/** libvips, loaded at the first picture rather than at every start (about 40 ms of it). */
let loaded: ReturnType<typeof loadSharp> | undefined;
const loadSharp = async () => (await import('sharp')).default;
const sharpLibrary = () => (loaded ??= loadSharp());

/** Refuses decompression bombs: an upload may decode to at most this many pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface Picture<T extends WebImageType = WebImageType> {
  bytes: Buffer;
  contentType: T;
}

type Decoded<T extends WebImageType> = Picture<T> & { width: number; height: number };

/** Re-encodes in the upload's own format (png stays png, jpeg stays jpeg, ...), without its metadata. */
function encode(image: Sharp, contentType: WebImageType): Promise<Buffer> {
  switch (contentType) {
    case 'image/png':
      return image.png().toBuffer();
    case 'image/jpeg':
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    case 'image/webp':
      return image.webp().toBuffer();
  }
}

/** Decodes the whole image (EXIF orientation applied, so a crop means what the user saw); throws when it is not one. */
async function decode<T extends WebImageType>(bytes: Buffer, contentType: T): Promise<Decoded<T>> {
  const sharp = await sharpLibrary();
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType, width: info.width, height: info.height };
}

/**
 * An uploaded png or jpeg, checked by its bytes and by decoding it: anything
 * else, or a file that only starts like one, answers 400 on `field`.
 */
export async function readPicture(file: UploadedFile, field: string): Promise<Decoded<ImageType>> {
  const refused = ValidationError.of(field, messages.notAnImage(file.filename));
  const contentType = detectImageType(file.bytes);
  if (!contentType) throw refused;
  return decode(file.bytes, contentType).catch(() => {
    throw refused;
  });
}

/** Bytes that prove to be a png, jpeg, gif or webp image, by their magic bytes and a decode; null for anything else. */
export async function readWebImage(bytes: Buffer): Promise<Picture | null> {
  const contentType = detectWebImageType(bytes);
  return contentType ? decode(bytes, contentType).catch(() => null) : null;
}

/** A square that fits `size` px, for thumbnails; never enlarged. */
export async function thumbnail(picture: Picture, size: number): Promise<Buffer> {
  const sharp = await sharpLibrary();
  return encode(sharp(picture.bytes).resize(size, size, { fit: 'inside', withoutEnlargement: true }), picture.contentType);
}

/**
 * The avatar crop (§2 Profile): the box in fractions, narrowed to a centred
 * 1:1 square (the app shows it in a circle), at least 10x10 px. Returns the
 * cropped picture and its 180 px rendition.
 */
export async function cropAvatar(
  picture: Decoded<ImageType>,
  crop: AvatarCrop,
): Promise<{ original: Picture<ImageType>; rendition: Picture<ImageType> }> {
  let left = Math.round(crop.left * picture.width);
  let top = Math.round(crop.upper * picture.height);
  const boxWidth = Math.round(crop.right * picture.width) - left;
  const boxHeight = Math.round(crop.lower * picture.height) - top;
  const side = Math.min(boxWidth, boxHeight);
  if (side < AVATAR_MIN_CROP) throw ValidationError.of('crop', userMessages.avatarTooSmall(AVATAR_MIN_CROP));
  left += Math.floor((boxWidth - side) / 2);
  top += Math.floor((boxHeight - side) / 2);
  const sharp = await sharpLibrary();
  const cropped = await encode(sharp(picture.bytes).extract({ left, top, width: side, height: side }), picture.contentType);
  const rendition = await encode(sharp(cropped).resize(AVATAR_SIZE, AVATAR_SIZE), picture.contentType);
  return {
    original: { bytes: cropped, contentType: picture.contentType },
    rendition: { bytes: rendition, contentType: picture.contentType },
  };
}
