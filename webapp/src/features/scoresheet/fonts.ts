// The scoresheet's embedded fonts, Roboto Condensed Regular and Bold: the repository's
// `assets/fonts/` files (OFL 1.1, the CLI's PDFs embed the same), emitted by Vite as assets of
// the build and fetched on the first export only, then kept for the session.
import boldUrl from '@fonts/RobotoCondensed-Bold.ttf?url';
import regularUrl from '@fonts/RobotoCondensed-Regular.ttf?url';
import type { ScoresheetFonts } from '@/features/scoresheet/canvas';

export const FONTS_FAILED = "The scoresheet's fonts could not be loaded.";

let loading: Promise<ScoresheetFonts> | null = null;

/** The two faces as base64, as jsPDF takes them; loaded once (a failed load is tried again next time). */
export function loadScoresheetFonts(): Promise<ScoresheetFonts> {
  loading ??= Promise.all([fetchBase64(regularUrl), fetchBase64(boldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

async function fetchBase64(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${FONTS_FAILED} (${url}: ${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
