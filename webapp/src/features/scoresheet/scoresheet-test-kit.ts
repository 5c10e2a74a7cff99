// What the scoresheet PDF tests share: the pinned vector, the real fonts read from disk, and
// poppler's tools, which the tests need (they fail, never skip, when poppler-utils is missing).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { jsPDF } from 'jspdf';
import type { ScoresheetFonts } from '@/features/scoresheet/canvas';
import type { Scoresheet } from '@/features/scoresheet/render-scoresheet';

// The repository, by path: jsdom's own URL class is not one node:fs takes.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The demo's shootout match as the server serves it, in English (`en`) and Serbian (`rs`). */
export function vectorSheets(): { en: Scoresheet; rs: Scoresheet } {
  const vector = JSON.parse(readFileSync(join(ROOT, 'fixtures/vectors/scoresheet/demo-shootout.json'), 'utf8')) as {
    sheets: { en: Scoresheet; rs: Scoresheet };
  };
  return vector.sheets;
}

/** The embedded fonts, read from the repository's `assets/fonts/` (the app fetches the same files). */
export function diskFonts(): ScoresheetFonts {
  const read = (file: string) => readFileSync(join(ROOT, 'assets/fonts', file)).toString('base64');
  return { regular: read('RobotoCondensed-Regular.ttf'), bold: read('RobotoCondensed-Bold.ttf') };
}

/** Writes the document to a new temporary file and gives its path. */
export function writePdf(doc: jsPDF, name = 'scoresheet.pdf'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'polodesk-scoresheet-')), name);
  writeFileSync(path, Buffer.from(doc.output('arraybuffer')));
  return path;
}

/** Runs one of poppler's tools and gives what it printed; a missing tool fails the test with how to get it. */
export function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo' | 'pdftoppm', args: string[]): string {
  const run = spawnSync(tool, args, { encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      `The scoresheet PDF tests need \`${tool}\` from Debian's poppler-utils (apt-get install poppler-utils); it is not on PATH.`,
    );
  }
  if (run.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}
