// @vitest-environment node
// The web scoresheet looks as it did when its reference image was checked against the CLI's layout:
// the English demo shootout sheet, rasterised by poppler's pdftoppm at 60 dpi, against the
// committed `__reference__/demo-shootout-en.png`. After a deliberate change of the layout, write a
// new reference with `UPDATE_REFERENCE=1 npx vitest run src/features/scoresheet`, look at it, and
// commit it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import { renderScoresheet } from '@/features/scoresheet/render-scoresheet';
import { diskFonts, poppler, vectorSheets, writePdf } from '@/features/scoresheet/scoresheet-test-kit';

const REFERENCE = join(dirname(fileURLToPath(import.meta.url)), '__reference__/demo-shootout-en.png');

/**
 * Tolerance: at most 0.5% of the pixels may differ, a pixel differing when pixelmatch's colour
 * distance is over 0.1 (its threshold, anti-aliasing excluded). Room for another poppler's or
 * FreeType's rasterising; a moved line, cell or word of the layout is far more than that.
 */
const THRESHOLD = 0.1;
const MAX_DIFFERENT = 0.005;

it('draws the demo shootout scoresheet as its reference image', () => {
  const pdf = writePdf(renderScoresheet(vectorSheets().en, diskFonts()), 'demo-shootout-en.pdf');
  const stem = join(dirname(pdf), 'demo-shootout-en');
  poppler('pdftoppm', ['-r', '60', '-png', '-singlefile', pdf, stem]);
  const rendered = readFileSync(`${stem}.png`);
  if (process.env.UPDATE_REFERENCE === '1') {
    writeFileSync(REFERENCE, rendered);
    return;
  }
  if (!existsSync(REFERENCE)) {
    throw new Error('No reference image: run with UPDATE_REFERENCE=1, look at the image, and commit it.');
  }
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
