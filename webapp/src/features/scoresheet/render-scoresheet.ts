// The official scoresheet on A4 landscape, laid out as the World Aquatics tables lay it out: the
// header and result on top, white (home) then blue (away) on the left with their 16 slots,
// coaches, timeouts and challenges, the progressive log in columns on the right with the results
// per period and the officials' signature lines under it. A long log goes on to continuation
// pages. Every text comes from the model; nothing here decides a rule.
//
// A faithful port of the CLI's `crates/pdf/src/scoresheet.rs`: the same constants, geometry,
// fonts and texts, so the web PDF looks like the CLI's. Change both together.
import type { jsPDF } from 'jspdf';
import type { Schemas } from '@/api/types';
import { type Align, Canvas, PAGE_HEIGHT, PAGE_WIDTH, type ScoresheetFonts, type Weight } from '@/features/scoresheet/canvas';

/** The scoresheet model as the server sends it. */
export type Scoresheet = Schemas['Scoresheet'];
type TeamSheet = Schemas['TeamSheet'];
type LogRow = Schemas['LogRow'];
type SheetCall = Schemas['SheetCall'];
type Period = Schemas['Period'];

const MARGIN = 10.0;
/** Team tables: cap, name, three foul boxes, five period columns, the total. */
const CAP_W = 8.0;
const NAME_W = 52.0;
const FOUL_W = 10.0;
const GOAL_W = 9.0;
const TOTAL_W = 10.0;
const TEAM_W = CAP_W + NAME_W + 3.0 * FOUL_W + 5.0 * GOAL_W + TOTAL_W;
/** The timeouts and challenges box right of each team table. */
const CALLS_X = MARGIN + TEAM_W + 2.0;
const CALLS_W = 27.0;
const TEAM_TITLE_H = 5.0;
const HEAD_H = 4.0;
const ROW_H = 3.6;
const SLOTS = 16;
const TEAMS_TOP = 33.0;
const TEAM_H = TEAM_TITLE_H + HEAD_H + (SLOTS + 3.0) * ROW_H;
/** The progressive log's columns: period, time, cap, colour, code, score. */
const LOG_COLUMNS = [9.0, 9.0, 6.0, 5.5, 9.0, 9.0] as const;
const LOG_W = 47.5;
const LOG_GAP = 2.0;
const LOG_ROW_H = 3.4;
const LOG_X = PAGE_WIDTH - MARGIN - 2.0 * LOG_W - LOG_GAP;
const FIRST_LOG_TOP = TEAMS_TOP;
const FIRST_LOG_BOTTOM = 148.0;
const NEXT_LOG_TOP = 30.0;
const NEXT_LOG_BOTTOM = 194.0;
const FOOT_Y = PAGE_HEIGHT - 7.0;

/** The header's texts stop short of the result box. */
const HEADER_W = LOG_X - MARGIN - 4.0;

const TEXT = 7.0;
const SMALL = 6.2;

/** The scoresheet as a PDF document, drawn with the embedded `fonts`; the caller saves it. */
export function renderScoresheet(sheet: Scoresheet, fonts: ScoresheetFonts): jsPDF {
  const page = new Canvas(`${sheet.labels.title} ${sheet.white.name} – ${sheet.blue.name} ${sheet.date}`, fonts);
  const first = logRows(FIRST_LOG_TOP, FIRST_LOG_BOTTOM) * 2;
  const perNext = logRows(NEXT_LOG_TOP, NEXT_LOG_BOTTOM) * nextColumns();
  const rest = Math.max(sheet.log.length - first, 0);
  const pages = 1 + Math.ceil(rest / perNext);

  page.page();
  header(page, sheet);
  team(page, sheet, sheet.white, TEAMS_TOP);
  team(page, sheet, sheet.blue, TEAMS_TOP + TEAM_H + 4.0);
  const shown = Math.min(sheet.log.length, first);
  logColumns(page, sheet, sheet.labels.progressiveLog, sheet.log.slice(0, shown), [LOG_X, FIRST_LOG_TOP], FIRST_LOG_BOTTOM, 2);
  results(page, sheet, FIRST_LOG_BOTTOM + 3.0);
  officials(page, sheet, FIRST_LOG_BOTTOM + 19.0);
  footer(page, sheet, 1, pages);

  for (let index = 0, start = shown; start < sheet.log.length; index += 1, start += perNext) {
    const rows = sheet.log.slice(start, start + perNext);
    page.page();
    page.text(MARGIN, 16.0, 11.0, 'bold', 'left', sheet.labels.title);
    page.text(
      MARGIN,
      22.0,
      TEXT + 1.0,
      'regular',
      'left',
      `${sheet.white.name} – ${sheet.blue.name} · ${sheet.date}`,
    );
    logColumns(page, sheet, `${sheet.labels.progressiveLog} (${sheet.labels.continued})`, rows, [MARGIN, NEXT_LOG_TOP], NEXT_LOG_BOTTOM, nextColumns());
    footer(page, sheet, index + 2, pages);
  }
  return page.doc;
}

function nextColumns(): number {
  return Math.trunc((PAGE_WIDTH - 2.0 * MARGIN + LOG_GAP) / (LOG_W + LOG_GAP));
}

/** Log rows that fit under a column's heading between `top` and `bottom`. */
function logRows(top: number, bottom: number): number {
  return Math.trunc((bottom - top - TEAM_TITLE_H - HEAD_H) / LOG_ROW_H);
}

function header(page: Canvas, sheet: Scoresheet) {
  const labels = sheet.labels;
  page.text(MARGIN, 16.0, 13.0, 'bold', 'left', labels.title);
  page.cell([MARGIN, 22.0], HEADER_W, 10.0, 'bold', 'left', sheet.competition);
  const fields: [string, string | null | undefined][] = [
    [labels.gameNumber, sheet.gameNumber],
    [labels.venue, sheet.venue],
    [labels.city, sheet.city],
    [labels.date, sheet.date],
    [labels.start, sheet.start],
    [labels.end, sheet.end],
  ];
  let x = MARGIN + 0.8;
  for (const [name, given] of fields) {
    const label = `${name}: `;
    page.text(x, 28.0, TEXT + 0.5, 'regular', 'left', label);
    x += page.textWidth(label, TEXT + 0.5, 'regular');
    const value = page.fit(given ?? '—', MARGIN + HEADER_W - x, TEXT + 0.5, 'bold');
    page.text(x, 28.0, TEXT + 0.5, 'bold', 'left', value);
    x += page.textWidth(value, TEXT + 0.5, 'bold') + 5.0;
  }

  const [left, width] = [LOG_X, PAGE_WIDTH - MARGIN - LOG_X];
  page.rect([left, 10.0], [width, 19.0], null, 0.8);
  page.cell([left, 15.0], width, TEXT + 0.5, 'regular', 'centre', `${sheet.white.name} – ${sheet.blue.name}`);
  page.text(left + width / 2.0, 23.0, 17.0, 'bold', 'centre', sheet.result);
  const note = sheet.decidedByShootout
    ? `${labels.result} · ${labels.shootout} ${sheet.white.goals[4]}:${sheet.blue.goals[4]}`
    : labels.result;
  page.text(left + width / 2.0, 27.3, SMALL, 'regular', 'centre', note);
}

/** A side's table: title, column heads, 16 slots, the coaches, the totals; and its calls. */
function team(page: Canvas, sheet: Scoresheet, team: TeamSheet, top: number) {
  const labels = sheet.labels;
  const colour = team.colour === 'white' ? labels.white : labels.blue;
  // Blue's title is shaded so the two sides are told apart in black and white.
  const shade = team.colour === 'white' ? null : 0.82;
  page.rect([MARGIN, top], [TEAM_W, TEAM_TITLE_H], shade, 0.6);
  page.cell([MARGIN, top + 3.7], TEAM_W, TEXT + 2.0, 'bold', 'left', `${colour.toUpperCase()} · ${team.name}`);

  const headsY = top + TEAM_TITLE_H;
  const xFouls = MARGIN + CAP_W + NAME_W;
  const xGoals = xFouls + 3.0 * FOUL_W;
  const xTotal = xGoals + 5.0 * GOAL_W;
  page.rect([MARGIN, headsY], [TEAM_W, HEAD_H], 0.93, 0.3);
  const head = (x: number, width: number, text: string) => page.cell([x, headsY + 2.9], width, SMALL, 'bold', 'centre', text);
  head(MARGIN, CAP_W, labels.cap);
  page.cell([MARGIN + CAP_W, headsY + 2.9], NAME_W, SMALL, 'bold', 'left', labels.name);
  head(xFouls, 3.0 * FOUL_W, labels.personalFouls);
  labels.periods.forEach((period, i) => head(xGoals + i * GOAL_W, GOAL_W, period));
  head(xTotal, TOTAL_W, labels.total);

  const rowsY = headsY + HEAD_H;
  const rowTop = (row: number) => rowsY + row * ROW_H;
  const baseline = (row: number) => rowTop(row) + ROW_H - 1.0;
  for (let number = 1; number <= SLOTS; number += 1) {
    const y = baseline(number - 1);
    const slot = team.slots.find((s) => s.number === number);
    if (!slot) continue;
    page.cell([MARGIN, y], CAP_W, TEXT, 'bold', 'centre', String(slot.cap));
    page.cell([MARGIN + CAP_W, y], NAME_W, TEXT, 'regular', 'left', slot.name);
    slot.fouls.forEach((foul, i) =>
      page.cell([xFouls + i * FOUL_W, y], FOUL_W, SMALL, 'bold', 'centre', `${foul.code} ${periodLabel(sheet, foul.period)}`),
    );
    slot.goals.forEach((goals, i) => {
      if (goals > 0) page.cell([xGoals + i * GOAL_W, y], GOAL_W, TEXT, 'regular', 'centre', String(goals));
    });
    const total = slot.goals.reduce((sum, goals) => sum + goals, 0);
    if (total > 0) page.cell([xTotal, y], TOTAL_W, TEXT, 'bold', 'centre', String(total));
  }
  const coaches: [string, string | null | undefined][] = [
    ['HC', team.headCoach],
    ['AC', team.assistantCoach],
  ];
  coaches.forEach(([role, name], i) => {
    const y = baseline(SLOTS + i);
    page.cell([MARGIN, y], CAP_W, TEXT, 'bold', 'centre', role);
    page.cell([MARGIN + CAP_W, y], NAME_W, TEXT, 'regular', 'left', name ?? '');
  });
  const totalsRow = SLOTS + 2;
  page.rect([MARGIN, rowTop(totalsRow)], [TEAM_W, ROW_H], 0.93, 0.3);
  const y = baseline(totalsRow);
  page.cell([MARGIN + CAP_W, y], NAME_W, TEXT, 'bold', 'right', labels.total);
  team.goals.forEach((goals, i) => page.cell([xGoals + i * GOAL_W, y], GOAL_W, TEXT, 'bold', 'centre', String(goals)));
  page.cell([xTotal, y], TOTAL_W, TEXT + 0.5, 'bold', 'centre', String(team.total));

  const rows = SLOTS + 3;
  const bottom = rowTop(rows);
  for (let row = 0; row <= rows; row += 1) {
    const thickness = row === SLOTS ? 0.6 : 0.2;
    page.line([MARGIN, rowTop(row)], [MARGIN + TEAM_W, rowTop(row)], thickness);
  }
  let x = MARGIN;
  // The foul boxes share one heading, so their inner rules start under it.
  for (const [width, thickness] of [
    [CAP_W + NAME_W + FOUL_W, 0.2],
    [FOUL_W, 0.2],
  ] as const) {
    x += width;
    page.line([x, rowsY], [x, bottom], thickness);
  }
  x = MARGIN;
  for (const [width, thickness] of [
    [0.0, 0.6],
    [CAP_W, 0.3],
    [NAME_W, 0.6],
    [3.0 * FOUL_W, 0.6],
    [GOAL_W, 0.2],
    [GOAL_W, 0.2],
    [GOAL_W, 0.2],
    [GOAL_W, 0.2],
    [GOAL_W, 0.6],
    [TOTAL_W, 0.6],
  ] as const) {
    x += width;
    page.line([x, headsY], [x, bottom], thickness);
  }
  page.rect([MARGIN, top], [TEAM_W, bottom - top], null, 0.8);

  calls(page, sheet, labels.timeouts, team.timeouts, top);
  calls(page, sheet, labels.challenges, team.challenges, top + TEAM_TITLE_H + HEAD_H + 4.0 * ROW_H);
}

/** Two numbered boxes for a side's timeouts or challenges, with the period and time of each. */
function calls(page: Canvas, sheet: Scoresheet, title: string, calls: SheetCall[], top: number) {
  page.rect([CALLS_X, top], [CALLS_W, TEAM_TITLE_H], 0.93, 0.4);
  page.cell([CALLS_X, top + 3.6], CALLS_W, SMALL + 0.5, 'bold', 'centre', title);
  for (let slot = 0; slot < 2; slot += 1) {
    const y = top + TEAM_TITLE_H + slot * (ROW_H + 0.6);
    page.rect([CALLS_X, y], [CALLS_W, ROW_H + 0.6], null, 0.3);
    page.cell([CALLS_X, y + ROW_H - 0.6], 6.0, TEXT, 'bold', 'centre', String(slot + 1));
    const call = calls[slot];
    if (call) {
      page.cell([CALLS_X + 6.0, y + ROW_H - 0.6], CALLS_W - 6.0, TEXT, 'regular', 'left', `${periodLabel(sheet, call.period)} · ${call.time}`);
    }
  }
}

/** The log in columns from `(x, top)`, each with its heading, rows filling down then across. */
function logColumns(
  page: Canvas,
  sheet: Scoresheet,
  heading: string,
  rows: LogRow[],
  [x, top]: [number, number],
  bottom: number,
  columns: number,
) {
  const labels = sheet.labels;
  const perColumn = logRows(top, bottom);
  page.text(x, top + 3.6, TEXT + 1.5, 'bold', 'left', heading);
  const heads = [labels.period, labels.time, labels.cap, '', labels.remark, labels.score];
  for (let column = 0; column < columns; column += 1) {
    const left = x + column * (LOG_W + LOG_GAP);
    const headsY = top + TEAM_TITLE_H;
    page.rect([left, headsY], [LOG_W, HEAD_H], 0.93, 0.3);
    let cx = left;
    heads.forEach((head, j) => {
      const width = LOG_COLUMNS[j] ?? 0;
      page.cell([cx, headsY + 2.9], width, SMALL, 'bold', 'centre', head);
      cx += width;
    });
    const first = column * perColumn;
    const shown = rows.slice(first, first + perColumn);
    const rowsTop = headsY + HEAD_H;
    let previous: Period | null = first >= 1 ? (rows[first - 1]?.period ?? null) : null;
    shown.forEach((row, i) => {
      const y = rowsTop + i * LOG_ROW_H;
      // A heavier rule where a new period starts.
      const rule = previous !== null && previous !== row.period ? 0.7 : 0.15;
      page.line([left, y], [left + LOG_W, y], rule);
      previous = row.period;
      const colour = row.mark.colour === 'white' ? labels.white : labels.blue;
      const score = row.score ? `${row.score.white}:${row.score.blue}` : '';
      const cells = [periodLabel(sheet, row.period), row.time, row.mark.who ?? '', Array.from(colour)[0] ?? '', row.code, score];
      let cx = left;
      cells.forEach((text, j) => {
        const width = LOG_COLUMNS[j] ?? 0;
        const [size, weight]: [number, Weight] = j === 0 ? [SMALL, 'regular'] : j === 4 || j === 5 ? [TEXT, 'bold'] : [TEXT, 'regular'];
        const align: Align = 'centre';
        page.cell([cx, y + LOG_ROW_H - 0.9], width, size, weight, align, text);
        cx += width;
      });
    });
    const drawn = Math.min(Math.max(rows.length - first, 0), perColumn);
    const end = rowsTop + perColumn * LOG_ROW_H;
    page.line([left, rowsTop + drawn * LOG_ROW_H], [left + LOG_W, rowsTop + drawn * LOG_ROW_H], 0.15);
    cx = left;
    for (const width of LOG_COLUMNS.slice(0, LOG_COLUMNS.length - 1)) {
      cx += width;
      page.line([cx, rowsTop], [cx, end], 0.15);
    }
    page.rect([left, headsY], [LOG_W, end - headsY], null, 0.6);
  }
}

/** Goals per period and in total, white over blue. */
function results(page: Canvas, sheet: Scoresheet, top: number) {
  const labels = sheet.labels;
  const width = PAGE_WIDTH - MARGIN - LOG_X;
  const nameW = width - 6.0 * 8.5;
  page.rect([LOG_X, top], [width, HEAD_H], 0.93, 0.3);
  let x = LOG_X + nameW;
  for (const head of [...labels.periods, labels.total]) {
    page.cell([x, top + 2.9], 8.5, SMALL, 'bold', 'centre', head);
    x += 8.5;
  }
  page.cell([LOG_X, top + 2.9], nameW, SMALL, 'bold', 'left', labels.result);
  [sheet.white, sheet.blue].forEach((team, i) => {
    const y = top + HEAD_H + i * (ROW_H + 0.4);
    page.line([LOG_X, y], [LOG_X + width, y], 0.2);
    const baseline = y + ROW_H - 0.6;
    page.cell([LOG_X, baseline], nameW, TEXT, 'regular', 'left', team.name);
    let x = LOG_X + nameW;
    for (const goals of [...team.goals, team.total]) {
      page.cell([x, baseline], 8.5, TEXT, 'bold', 'centre', String(goals));
      page.line([x, top], [x, y + ROW_H + 0.4], 0.2);
      x += 8.5;
    }
  });
  page.rect([LOG_X, top], [width, HEAD_H + 2.0 * (ROW_H + 0.4)], null, 0.6);
}

/** Each official by role, with the PIN confirmation and a line to sign on. */
function officials(page: Canvas, sheet: Scoresheet, top: number) {
  const labels = sheet.labels;
  const width = PAGE_WIDTH - MARGIN - LOG_X;
  page.text(LOG_X, top, TEXT + 1.5, 'bold', 'left', labels.officials);
  const rowH = 4.6;
  const fit = Math.trunc((FOOT_Y - 4.0 - top) / rowH);
  sheet.officials.slice(0, fit).forEach((official, i) => {
    const y = top + 4.6 + i * rowH;
    page.cell([LOG_X, y], 20.0, SMALL, 'regular', 'left', official.role);
    page.cell([LOG_X + 20.0, y], 33.0, TEXT, 'bold', 'left', official.name);
    if (official.confirmed) page.cell([LOG_X + 53.0, y], 20.0, SMALL, 'regular', 'left', labels.confirmed);
    page.line([LOG_X + 73.0, y + 0.4], [LOG_X + width, y + 0.4], 0.3);
  });
  page.text(LOG_X + width, top, SMALL, 'regular', 'right', labels.signature);
}

function footer(page: Canvas, sheet: Scoresheet, number: number, pages: number) {
  page.cell([MARGIN, FOOT_Y], PAGE_WIDTH - 2.0 * MARGIN - 25.0, SMALL - 0.4, 'regular', 'left', sheet.labels.legend);
  page.text(PAGE_WIDTH - MARGIN, FOOT_Y, SMALL, 'regular', 'right', `${sheet.labels.page} ${number}/${pages}`);
}

function periodLabel(sheet: Scoresheet, period: Period): string {
  return sheet.labels.periods[period - 1200] ?? '';
}
