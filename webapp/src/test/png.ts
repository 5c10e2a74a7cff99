/** The first 33 bytes of a PNG of `width`×`height`: signature and IHDR chunk (CRC not checked here). */
export function pngBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** A PNG file of `width`×`height` as a file input gets it. */
export const pngFile = (width: number, height: number, name = 'logo.png') =>
  new File([pngBytes(width, height)], name, { type: 'image/png' });
