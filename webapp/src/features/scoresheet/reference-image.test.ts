// @vitest-environment node
// The web scoresheet draws what the CLI draws: the English demo shootout sheet, rasterised by
// poppler's pdftoppm at 60 dpi, against the CLI renderer's own reference image
// (`crates/pdf/tests/reference/demo-shootout-en.png`, checked by its Rust test). One image for
// both renderers, so neither can drift from the other. After a deliberate change of the layout
// (made in both), write the reference with `UPDATE_REFERENCE=1 cargo test -p polodesk-pdf --test
// render`, look at it, and check this test passes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import { renderScoresheet } from '@/features/scoresheet/render-scoresheet';
import { diskFonts, poppler, vectorSheets, writePdf } from '@/features/scoresheet/scoresheet-test-kit';

const REFERENCE = join(dirname(fileURLToPath(import.meta.url)), '../../../../crates/pdf/tests/reference/demo-shootout-en.png');

/**
 * Tolerance: at most 0.5% of the pixels may differ, a pixel differing when pixelmatch's colour
 * distance is over 0.1 (its threshold, anti-aliasing excluded). Room for another poppler's or
 * FreeType's rasterising; a moved line, cell or word of the layout is far more than that.
 */
const THRESHOLD = 0.1;
const MAX_DIFFERENT = 0.005;

it('draws the demo shootout scoresheet as the CLI renderer draws it', () => {
  const pdf = writePdf(renderScoresheet(vectorSheets().en, diskFonts()), 'demo-shootout-en.pdf');
  const stem = join(dirname(pdf), 'demo-shootout-en');
  poppler('pdftoppm', ['-r', '60', '-png', '-singlefile', pdf, stem]);
  const rendered = readFileSync(`${stem}.png`);
  if (!existsSync(REFERENCE)) throw new Error(`No reference image at ${REFERENCE}`);
  const actual = PNG.sync.read(rendered);
  const expected = PNG.sync.read(readFileSync(REFERENCE));
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  const diff = new PNG({ width: actual.width, height: actual.height });
  const different = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: THRESHOLD });
  if (different / (actual.width * actual.height) > MAX_DIFFERENT) {
    writeFileSync(`${stem}-diff.png`, PNG.sync.write(diff));
    expect.fail(`${different} of ${actual.width * actual.height} pixels differ from the reference (the differences: ${stem}-diff.png)`);
  }
});
