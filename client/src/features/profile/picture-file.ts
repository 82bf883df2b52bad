const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** Png or jpeg by what the file holds, not by its name or the type the browser guessed (§5). */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  const startsWith = (signature: number[]) => signature.every((byte, index) => head[index] === byte);
  return startsWith(PNG_SIGNATURE) || startsWith(JPEG_SIGNATURE);
}
