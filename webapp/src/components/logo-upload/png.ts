/**
 * PNG checks done in the browser before a logo is sent (spec 01 §5, §9): the file must be a PNG
 * and at most 256×256 pixels. The server decodes the image again and has the last word.
 */

export const NOT_PNG = 'Only PNG images are allowed.';
export const LOGO_TOO_BIG = 'Image resolution is too big. Max resolution is 256x256.';
export const LOGO_MAX_SIDE = 256;
/** A person's photo may be larger (the server allows 2048×2048). */
export const PHOTO_TOO_BIG = 'Image resolution is too big. Max resolution is 2048x2048.';
export const PHOTO_MAX_SIDE = 2048;

/** How large an image of one kind may be, and what is said when it is larger. */
export interface ImageLimit {
  maxSide: number;
  tooBig: string;
}

export const LOGO_LIMIT: ImageLimit = { maxSide: LOGO_MAX_SIDE, tooBig: LOGO_TOO_BIG };
export const PHOTO_LIMIT: ImageLimit = { maxSide: PHOTO_MAX_SIDE, tooBig: PHOTO_TOO_BIG };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size a PNG declares in its header (the first chunk, IHDR), or null when the bytes do not
 * start like a PNG.
 */
export function pngHeaderSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24) return null;
  if (SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  if (IHDR.some((byte, index) => bytes[12 + index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/** Base64 of `bytes`, without a data-URL prefix. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The `src` that shows a stored logo, which may be bare base64 or already a data URL. */
export function logoSrc(value: string): string {
  return value.startsWith('data:') ? value : `data:image/png;base64,${value}`;
}

export type LogoCheck = { ok: true; base64: string } | { ok: false; message: string };

/**
 * Reads a chosen file: a PNG by its signature, decoded by the browser where it can
 * (createImageBitmap) so a broken file is refused, and no larger than 256×256.
 */
export async function checkLogoFile(file: Blob, limit: ImageLimit = LOGO_LIMIT): Promise<LogoCheck> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let size = pngHeaderSize(bytes);
  if (size === null) return { ok: false, message: NOT_PNG };
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
    } catch {
      return { ok: false, message: NOT_PNG };
    }
  }
  if (size.width > limit.maxSide || size.height > limit.maxSide) return { ok: false, message: limit.tooBig };
  return { ok: true, base64: toBase64(bytes) };
}
