// @vitest-environment node
// The web scoresheet PDF, rendered from the pinned vector with the real fonts and read back with
// poppler (pdftotext, pdffonts, pdfinfo): these tests fail, never skip, when poppler-utils is missing.
import { describe, expect, it } from 'vitest';
import { renderScoresheet, type Scoresheet } from '@/features/scoresheet/render-scoresheet';
import { diskFonts, poppler, vectorSheets, writePdf } from '@/features/scoresheet/scoresheet-test-kit';

const fonts = diskFonts();
const sheets = vectorSheets();

/** The PDF's text as poppler extracts it, with runs of white space made one space. */
function pdfText(path: string): string {
  return poppler('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-']).replace(/\s+/g, ' ');
}

describe.each(['en', 'rs'] as const)('the scoresheet of the demo shootout match (%s)', (language) => {
  const sheet = sheets[language];
  const doc = renderScoresheet(sheet, fonts);
  const path = writePdf(doc, `demo-shootout-${language}.pdf`);

  it('is one A4 landscape page', () => {
    expect(doc.getNumberOfPages()).toBe(1);
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(297, 1);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(210, 1);
    const info = poppler('pdfinfo', [path]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+841\.89 x 595\.2\d* pts \(A4\)$/m);
  });

  it('prints every player, every code of the log, the result and the totals', () => {
    const text = pdfText(path);
    const players = [...sheet.white.slots, ...sheet.blue.slots].map((slot) => slot.name);
    for (const letter of ['č', 'ć', 'š', 'ž', 'đ']) expect(players.join(' ').toLowerCase()).toContain(letter);
    for (const name of players) expect(text).toContain(name);
    for (const coach of [sheet.white.headCoach, sheet.white.assistantCoach, sheet.blue.headCoach, sheet.blue.assistantCoach]) {
      expect(text).toContain(coach);
    }
    const codes = new Set(sheet.log.map((row) => row.code));
    expect(codes.size).toBeGreaterThan(4);
    for (const code of codes) expect(text).toMatch(new RegExp(`(^| )${code.replace('#', '\\#')}( |$)`));
    expect(text).toContain('9:9 (4:3)');
    expect(text).toMatch(/ 13 /);
    expect(text).toMatch(/ 12 /);
    expect(text).toContain(`${sheet.labels.page} 1/1`);
    expect(text).toContain(sheet.labels.title);
  });

  it('embeds Roboto Condensed, regular and bold', () => {
    const embedded = poppler('pdffonts', [path])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [name, , , encoding, emb] = line.split(/\s+/);
        return { name, encoding, emb };
      });
    expect(embedded).toEqual([
      { name: 'RobotoCondensed-Regular', encoding: 'Identity-H', emb: 'yes' },
      { name: 'RobotoCondensed-Bold', encoding: 'Identity-H', emb: 'yes' },
    ]);
  });
});

describe('a long log', () => {
  // 300 rows over the four periods: exclusions, and a goal every tenth row, the last row one of them.
  const base = sheets.en;
  const score = { white: 0, blue: 0 };
  const rows: Scoresheet['log'] = Array.from({ length: 300 }, (_, i) => {
    const left = 479 - (i % 75) * 6;
    const colour = i % 20 < 10 ? 'white' : 'blue';
    const goal = i % 10 === 9;
    if (goal) score[colour] += 1;
    return {
      period: (1200 + Math.floor(i / 75)) as Scoresheet['log'][number]['period'],
      time: `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`,
      mark: { colour, who: String((i % 13) + 1) },
      code: goal ? 'G' : 'E',
      score: goal ? { ...score } : null,
    };
  });
  const sheet: Scoresheet = { ...base, log: rows };
  const doc = renderScoresheet(sheet, fonts);
  const path = writePdf(doc, 'long-log.pdf');

  it('goes on to continuation pages, numbered, down to the last row', () => {
    // 62 rows on the first page, then 5 columns of 44 on each next one: 62 + 220 + 18.
    expect(doc.getNumberOfPages()).toBe(3);
    const text = pdfText(path);
    expect(text).toContain('Page 1/3');
    expect(text).toContain('Page 3/3');
    expect(text).toContain('Progressive score (continued)');
    expect(rows.at(-1)?.score).toEqual({ white: 15, blue: 15 });
    expect(text).toContain('15:15');
    expect(text.lastIndexOf('15:15')).toBeGreaterThan(text.indexOf('Page 2/3'));
  });
});
