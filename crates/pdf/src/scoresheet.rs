//! The official scoresheet on A4 landscape, laid out as the World Aquatics tables lay it out:
//! the header and result on top, white (home) then blue (away) on the left with their 16 slots,
//! coaches, timeouts and challenges, the progressive log in columns on the right with the
//! results per period and the officials' signature lines under it. A long log goes on to
//! continuation pages. Every text comes from the model; nothing here decides a rule.
//!
//! The web app's jsPDF renderer (`webapp/src/features/scoresheet/`) uses the same geometry.

use polodesk_domain::codes::Period;
use polodesk_domain::scoresheet::{CapColour, LogRow, Scoresheet, TeamSheet};

use crate::canvas::{Align, Document, PAGE_HEIGHT, PAGE_WIDTH, Page, Weight};

const MARGIN: f32 = 10.0;
/// Team tables: cap, name, three foul boxes, five period columns, the total.
const CAP_W: f32 = 8.0;
const NAME_W: f32 = 52.0;
const FOUL_W: f32 = 10.0;
const GOAL_W: f32 = 9.0;
const TOTAL_W: f32 = 10.0;
const TEAM_W: f32 = CAP_W + NAME_W + 3.0 * FOUL_W + 5.0 * GOAL_W + TOTAL_W;
/// The timeouts and challenges box right of each team table.
const CALLS_X: f32 = MARGIN + TEAM_W + 2.0;
const CALLS_W: f32 = 27.0;
const TEAM_TITLE_H: f32 = 5.0;
const HEAD_H: f32 = 4.0;
const ROW_H: f32 = 3.6;
const SLOTS: u8 = 16;
const TEAMS_TOP: f32 = 33.0;
const TEAM_H: f32 = TEAM_TITLE_H + HEAD_H + (SLOTS as f32 + 3.0) * ROW_H;
/// The progressive log's columns: period, time, cap, colour, code, score.
const LOG_COLUMNS: [f32; 6] = [9.0, 9.0, 6.0, 5.5, 9.0, 9.0];
const LOG_W: f32 = 47.5;
const LOG_GAP: f32 = 2.0;
const LOG_ROW_H: f32 = 3.4;
const LOG_X: f32 = PAGE_WIDTH - MARGIN - 2.0 * LOG_W - LOG_GAP;
const FIRST_LOG_TOP: f32 = TEAMS_TOP;
const FIRST_LOG_BOTTOM: f32 = 148.0;
const NEXT_LOG_TOP: f32 = 30.0;
const NEXT_LOG_BOTTOM: f32 = 194.0;
const FOOT_Y: f32 = PAGE_HEIGHT - 7.0;

/// The header's texts stop short of the result box.
const HEADER_W: f32 = LOG_X - MARGIN - 4.0;

const TEXT: f32 = 7.0;
const SMALL: f32 = 6.2;

/// The scoresheet as a PDF file.
pub fn render(sheet: &Scoresheet) -> Vec<u8> {
    let mut document = Document::new(&format!(
        "{} {} – {} {}",
        sheet.labels.title, sheet.white.name, sheet.blue.name, sheet.date
    ));
    let first = log_rows(FIRST_LOG_TOP, FIRST_LOG_BOTTOM) * 2;
    let per_next = log_rows(NEXT_LOG_TOP, NEXT_LOG_BOTTOM) * next_columns();
    let rest = sheet.log.len().saturating_sub(first);
    let pages = 1 + rest.div_ceil(per_next);

    let mut page = document.page();
    header(&mut page, sheet);
    team(&mut page, sheet, &sheet.white, TEAMS_TOP);
    team(&mut page, sheet, &sheet.blue, TEAMS_TOP + TEAM_H + 4.0);
    let shown = sheet.log.len().min(first);
    log_columns(
        &mut page,
        sheet,
        &sheet.labels.progressive_log,
        &sheet.log[..shown],
        (LOG_X, FIRST_LOG_TOP),
        FIRST_LOG_BOTTOM,
        2,
    );
    results(&mut page, sheet, FIRST_LOG_BOTTOM + 3.0);
    officials(&mut page, sheet, FIRST_LOG_BOTTOM + 19.0);
    footer(&mut page, sheet, 1, pages);
    document.add(page);

    for (index, rows) in sheet.log[shown..].chunks(per_next).enumerate() {
        let mut page = document.page();
        page.text(
            MARGIN,
            16.0,
            11.0,
            Weight::Bold,
            Align::Left,
            &sheet.labels.title,
        );
        page.text(
            MARGIN,
            22.0,
            TEXT + 1.0,
            Weight::Regular,
            Align::Left,
            &format!(
                "{} – {} · {}",
                sheet.white.name, sheet.blue.name, sheet.date
            ),
        );
        log_columns(
            &mut page,
            sheet,
            &format!(
                "{} ({})",
                sheet.labels.progressive_log, sheet.labels.continued
            ),
            rows,
            (MARGIN, NEXT_LOG_TOP),
            NEXT_LOG_BOTTOM,
            next_columns(),
        );
        footer(&mut page, sheet, index + 2, pages);
        document.add(page);
    }
    document.save()
}

fn next_columns() -> usize {
    ((PAGE_WIDTH - 2.0 * MARGIN + LOG_GAP) / (LOG_W + LOG_GAP)) as usize
}

/// Log rows that fit under a column's heading between `top` and `bottom`.
fn log_rows(top: f32, bottom: f32) -> usize {
    ((bottom - top - TEAM_TITLE_H - HEAD_H) / LOG_ROW_H) as usize
}

fn header(page: &mut Page, sheet: &Scoresheet) {
    let labels = &sheet.labels;
    page.text(MARGIN, 16.0, 13.0, Weight::Bold, Align::Left, &labels.title);
    page.cell(
        (MARGIN, 22.0),
        HEADER_W,
        10.0,
        Weight::Bold,
        Align::Left,
        &sheet.competition,
    );
    let fields = [
        (&labels.game_number, sheet.game_number.as_deref()),
        (&labels.venue, sheet.venue.as_deref()),
        (&labels.city, sheet.city.as_deref()),
        (&labels.date, Some(sheet.date.as_str())),
        (&labels.start, Some(sheet.start.as_str())),
        (&labels.end, sheet.end.as_deref()),
    ];
    let mut x = MARGIN + 0.8;
    for (label, value) in fields {
        let label = format!("{label}: ");
        page.text(x, 28.0, TEXT + 0.5, Weight::Regular, Align::Left, &label);
        x += crate::canvas::text_width(&label, TEXT + 0.5, Weight::Regular);
        let room = MARGIN + HEADER_W - x;
        let value = crate::canvas::fit(value.unwrap_or("—"), room, TEXT + 0.5, Weight::Bold);
        page.text(x, 28.0, TEXT + 0.5, Weight::Bold, Align::Left, &value);
        x += crate::canvas::text_width(&value, TEXT + 0.5, Weight::Bold) + 5.0;
    }

    let (left, width) = (LOG_X, PAGE_WIDTH - MARGIN - LOG_X);
    page.rect((left, 10.0), (width, 19.0), None, 0.8);
    page.cell(
        (left, 15.0),
        width,
        TEXT + 0.5,
        Weight::Regular,
        Align::Centre,
        &format!("{} – {}", sheet.white.name, sheet.blue.name),
    );
    page.text(
        left + width / 2.0,
        23.0,
        17.0,
        Weight::Bold,
        Align::Centre,
        &sheet.result,
    );
    let note = if sheet.decided_by_shootout {
        format!(
            "{} · {} {}:{}",
            labels.result, labels.shootout, sheet.white.goals[4], sheet.blue.goals[4]
        )
    } else {
        labels.result.clone()
    };
    page.text(
        left + width / 2.0,
        27.3,
        SMALL,
        Weight::Regular,
        Align::Centre,
        &note,
    );
}

/// A side's table: title, column heads, 16 slots, the coaches, the totals; and its calls.
fn team(page: &mut Page, sheet: &Scoresheet, team: &TeamSheet, top: f32) {
    let labels = &sheet.labels;
    let colour = match team.colour {
        CapColour::White => &labels.white,
        CapColour::Blue => &labels.blue,
    };
    // Blue's title is shaded so the two sides are told apart in black and white.
    let shade = match team.colour {
        CapColour::White => None,
        CapColour::Blue => Some(0.82),
    };
    page.rect((MARGIN, top), (TEAM_W, TEAM_TITLE_H), shade, 0.6);
    page.cell(
        (MARGIN, top + 3.7),
        TEAM_W,
        TEXT + 2.0,
        Weight::Bold,
        Align::Left,
        &format!("{} · {}", colour.to_uppercase(), team.name),
    );

    let heads_y = top + TEAM_TITLE_H;
    let x_fouls = MARGIN + CAP_W + NAME_W;
    let x_goals = x_fouls + 3.0 * FOUL_W;
    let x_total = x_goals + 5.0 * GOAL_W;
    page.rect((MARGIN, heads_y), (TEAM_W, HEAD_H), Some(0.93), 0.3);
    let head = |page: &mut Page, x: f32, width: f32, text: &str| {
        page.cell(
            (x, heads_y + 2.9),
            width,
            SMALL,
            Weight::Bold,
            Align::Centre,
            text,
        );
    };
    head(page, MARGIN, CAP_W, &labels.cap);
    page.cell(
        (MARGIN + CAP_W, heads_y + 2.9),
        NAME_W,
        SMALL,
        Weight::Bold,
        Align::Left,
        &labels.name,
    );
    head(page, x_fouls, 3.0 * FOUL_W, &labels.personal_fouls);
    for (i, period) in labels.periods.iter().enumerate() {
        head(page, x_goals + i as f32 * GOAL_W, GOAL_W, period);
    }
    head(page, x_total, TOTAL_W, &labels.total);

    let rows_y = heads_y + HEAD_H;
    let row_top = |row: usize| rows_y + row as f32 * ROW_H;
    let baseline = |row: usize| row_top(row) + ROW_H - 1.0;
    for number in 1..=SLOTS {
        let row = usize::from(number - 1);
        let y = baseline(row);
        let Some(slot) = team.slots.iter().find(|s| s.number == number) else {
            continue;
        };
        page.cell(
            (MARGIN, y),
            CAP_W,
            TEXT,
            Weight::Bold,
            Align::Centre,
            &slot.cap.to_string(),
        );
        page.cell(
            (MARGIN + CAP_W, y),
            NAME_W,
            TEXT,
            Weight::Regular,
            Align::Left,
            &slot.name,
        );
        for (i, foul) in slot.fouls.iter().enumerate() {
            page.cell(
                (x_fouls + i as f32 * FOUL_W, y),
                FOUL_W,
                SMALL,
                Weight::Bold,
                Align::Centre,
                &format!(
                    "{} {}",
                    foul.code.as_str(),
                    period_label(sheet, foul.period)
                ),
            );
        }
        for (i, goals) in slot.goals.iter().enumerate() {
            if *goals > 0 {
                page.cell(
                    (x_goals + i as f32 * GOAL_W, y),
                    GOAL_W,
                    TEXT,
                    Weight::Regular,
                    Align::Centre,
                    &goals.to_string(),
                );
            }
        }
        let total: u32 = slot.goals.iter().sum();
        if total > 0 {
            page.cell(
                (x_total, y),
                TOTAL_W,
                TEXT,
                Weight::Bold,
                Align::Centre,
                &total.to_string(),
            );
        }
    }
    let coaches = [
        ("HC", team.head_coach.as_deref()),
        ("AC", team.assistant_coach.as_deref()),
    ];
    for (i, (role, name)) in coaches.into_iter().enumerate() {
        let y = baseline(usize::from(SLOTS) + i);
        page.cell((MARGIN, y), CAP_W, TEXT, Weight::Bold, Align::Centre, role);
        page.cell(
            (MARGIN + CAP_W, y),
            NAME_W,
            TEXT,
            Weight::Regular,
            Align::Left,
            name.unwrap_or(""),
        );
    }
    let totals_row = usize::from(SLOTS) + 2;
    page.rect(
        (MARGIN, row_top(totals_row)),
        (TEAM_W, ROW_H),
        Some(0.93),
        0.3,
    );
    let y = baseline(totals_row);
    page.cell(
        (MARGIN + CAP_W, y),
        NAME_W,
        TEXT,
        Weight::Bold,
        Align::Right,
        &labels.total,
    );
    for (i, goals) in team.goals.iter().enumerate() {
        page.cell(
            (x_goals + i as f32 * GOAL_W, y),
            GOAL_W,
            TEXT,
            Weight::Bold,
            Align::Centre,
            &goals.to_string(),
        );
    }
    page.cell(
        (x_total, y),
        TOTAL_W,
        TEXT + 0.5,
        Weight::Bold,
        Align::Centre,
        &team.total.to_string(),
    );

    let rows = usize::from(SLOTS) + 3;
    let bottom = row_top(rows);
    for row in 0..=rows {
        let thickness = if row == usize::from(SLOTS) { 0.6 } else { 0.2 };
        page.line(
            (MARGIN, row_top(row)),
            (MARGIN + TEAM_W, row_top(row)),
            thickness,
        );
    }
    let mut x = MARGIN;
    // The foul boxes share one heading, so their inner rules start under it.
    for (width, thickness) in [(CAP_W + NAME_W + FOUL_W, 0.2), (FOUL_W, 0.2)] {
        x += width;
        page.line((x, rows_y), (x, bottom), thickness);
    }
    let mut x = MARGIN;
    for (width, thickness) in [
        (0.0, 0.6),
        (CAP_W, 0.3),
        (NAME_W, 0.6),
        (3.0 * FOUL_W, 0.6),
        (GOAL_W, 0.2),
        (GOAL_W, 0.2),
        (GOAL_W, 0.2),
        (GOAL_W, 0.2),
        (GOAL_W, 0.6),
        (TOTAL_W, 0.6),
    ] {
        x += width;
        page.line((x, heads_y), (x, bottom), thickness);
    }
    page.rect((MARGIN, top), (TEAM_W, bottom - top), None, 0.8);

    calls(page, sheet, &labels.timeouts, &team.timeouts, top);
    calls(
        page,
        sheet,
        &labels.challenges,
        &team.challenges,
        top + TEAM_TITLE_H + HEAD_H + 4.0 * ROW_H,
    );
}

/// Two numbered boxes for a side's timeouts or challenges, with the period and time of each.
fn calls(
    page: &mut Page,
    sheet: &Scoresheet,
    title: &str,
    calls: &[polodesk_domain::scoresheet::SheetCall],
    top: f32,
) {
    page.rect((CALLS_X, top), (CALLS_W, TEAM_TITLE_H), Some(0.93), 0.4);
    page.cell(
        (CALLS_X, top + 3.6),
        CALLS_W,
        SMALL + 0.5,
        Weight::Bold,
        Align::Centre,
        title,
    );
    for slot in 0..2 {
        let y = top + TEAM_TITLE_H + slot as f32 * (ROW_H + 0.6);
        page.rect((CALLS_X, y), (CALLS_W, ROW_H + 0.6), None, 0.3);
        page.cell(
            (CALLS_X, y + ROW_H - 0.6),
            6.0,
            TEXT,
            Weight::Bold,
            Align::Centre,
            &(slot + 1).to_string(),
        );
        if let Some(call) = calls.get(slot) {
            page.cell(
                (CALLS_X + 6.0, y + ROW_H - 0.6),
                CALLS_W - 6.0,
                TEXT,
                Weight::Regular,
                Align::Left,
                &format!("{} · {}", period_label(sheet, call.period), call.time),
            );
        }
    }
}

/// The log in columns from `(x, top)`, each with its heading, rows filling down then across.
fn log_columns(
    page: &mut Page,
    sheet: &Scoresheet,
    heading: &str,
    rows: &[LogRow],
    (x, top): (f32, f32),
    bottom: f32,
    columns: usize,
) {
    let labels = &sheet.labels;
    let per_column = log_rows(top, bottom);
    page.text(x, top + 3.6, TEXT + 1.5, Weight::Bold, Align::Left, heading);
    let heads = [
        labels.period.as_str(),
        labels.time.as_str(),
        labels.cap.as_str(),
        "",
        labels.remark.as_str(),
        labels.score.as_str(),
    ];
    for column in 0..columns {
        let left = x + column as f32 * (LOG_W + LOG_GAP);
        let heads_y = top + TEAM_TITLE_H;
        page.rect((left, heads_y), (LOG_W, HEAD_H), Some(0.93), 0.3);
        let mut cx = left;
        for (head, width) in heads.iter().zip(LOG_COLUMNS) {
            page.cell(
                (cx, heads_y + 2.9),
                width,
                SMALL,
                Weight::Bold,
                Align::Centre,
                head,
            );
            cx += width;
        }
        let first = column * per_column;
        let shown = rows.iter().skip(first).take(per_column);
        let rows_top = heads_y + HEAD_H;
        let mut previous: Option<Period> = first
            .checked_sub(1)
            .and_then(|i| rows.get(i))
            .map(|r| r.period);
        for (i, row) in shown.enumerate() {
            let y = rows_top + i as f32 * LOG_ROW_H;
            // A heavier rule where a new period starts.
            let rule = if previous.is_some_and(|p| p != row.period) {
                0.7
            } else {
                0.15
            };
            page.line((left, y), (left + LOG_W, y), rule);
            previous = Some(row.period);
            let colour = match row.mark.colour {
                CapColour::White => &labels.white,
                CapColour::Blue => &labels.blue,
            };
            let score = row
                .score
                .map(|s| format!("{}:{}", s.white, s.blue))
                .unwrap_or_default();
            let cells = [
                period_label(sheet, row.period),
                row.time.clone(),
                row.mark.who.clone().unwrap_or_default(),
                colour.chars().next().map(String::from).unwrap_or_default(),
                row.code.as_str().to_owned(),
                score,
            ];
            let mut cx = left;
            for (j, (text, width)) in cells.iter().zip(LOG_COLUMNS).enumerate() {
                let (size, weight) = match j {
                    0 => (SMALL, Weight::Regular),
                    4 | 5 => (TEXT, Weight::Bold),
                    _ => (TEXT, Weight::Regular),
                };
                page.cell(
                    (cx, y + LOG_ROW_H - 0.9),
                    width,
                    size,
                    weight,
                    Align::Centre,
                    text,
                );
                cx += width;
            }
        }
        let drawn = rows.len().saturating_sub(first).min(per_column);
        let end = rows_top + per_column as f32 * LOG_ROW_H;
        page.line(
            (left, rows_top + drawn as f32 * LOG_ROW_H),
            (left + LOG_W, rows_top + drawn as f32 * LOG_ROW_H),
            0.15,
        );
        let mut cx = left;
        for width in LOG_COLUMNS.iter().take(LOG_COLUMNS.len() - 1) {
            cx += width;
            page.line((cx, rows_top), (cx, end), 0.15);
        }
        page.rect((left, heads_y), (LOG_W, end - heads_y), None, 0.6);
    }
}

/// Goals per period and in total, white over blue.
fn results(page: &mut Page, sheet: &Scoresheet, top: f32) {
    let labels = &sheet.labels;
    let width = PAGE_WIDTH - MARGIN - LOG_X;
    let name_w = width - 6.0 * 8.5;
    page.rect((LOG_X, top), (width, HEAD_H), Some(0.93), 0.3);
    let mut x = LOG_X + name_w;
    for head in labels.periods.iter().chain([&labels.total]) {
        page.cell(
            (x, top + 2.9),
            8.5,
            SMALL,
            Weight::Bold,
            Align::Centre,
            head,
        );
        x += 8.5;
    }
    page.cell(
        (LOG_X, top + 2.9),
        name_w,
        SMALL,
        Weight::Bold,
        Align::Left,
        &labels.result,
    );
    for (i, team) in [&sheet.white, &sheet.blue].into_iter().enumerate() {
        let y = top + HEAD_H + i as f32 * (ROW_H + 0.4);
        page.line((LOG_X, y), (LOG_X + width, y), 0.2);
        let baseline = y + ROW_H - 0.6;
        page.cell(
            (LOG_X, baseline),
            name_w,
            TEXT,
            Weight::Regular,
            Align::Left,
            &team.name,
        );
        let mut x = LOG_X + name_w;
        for goals in team.goals.iter().chain([&team.total]) {
            page.cell(
                (x, baseline),
                8.5,
                TEXT,
                Weight::Bold,
                Align::Centre,
                &goals.to_string(),
            );
            page.line((x, top), (x, y + ROW_H + 0.4), 0.2);
            x += 8.5;
        }
    }
    page.rect(
        (LOG_X, top),
        (width, HEAD_H + 2.0 * (ROW_H + 0.4)),
        None,
        0.6,
    );
}

/// Each official by role, with the PIN confirmation and a line to sign on.
fn officials(page: &mut Page, sheet: &Scoresheet, top: f32) {
    let labels = &sheet.labels;
    let width = PAGE_WIDTH - MARGIN - LOG_X;
    page.text(
        LOG_X,
        top,
        TEXT + 1.5,
        Weight::Bold,
        Align::Left,
        &labels.officials,
    );
    let row_h = 4.6;
    let fit = ((FOOT_Y - 4.0 - top) / row_h) as usize;
    for (i, official) in sheet.officials.iter().take(fit).enumerate() {
        let y = top + 4.6 + i as f32 * row_h;
        page.cell(
            (LOG_X, y),
            20.0,
            SMALL,
            Weight::Regular,
            Align::Left,
            &official.role,
        );
        page.cell(
            (LOG_X + 20.0, y),
            33.0,
            TEXT,
            Weight::Bold,
            Align::Left,
            &official.name,
        );
        if official.confirmed {
            page.cell(
                (LOG_X + 53.0, y),
                20.0,
                SMALL,
                Weight::Regular,
                Align::Left,
                &labels.confirmed,
            );
        }
        page.line((LOG_X + 73.0, y + 0.4), (LOG_X + width, y + 0.4), 0.3);
    }
    page.text(
        LOG_X + width,
        top,
        SMALL,
        Weight::Regular,
        Align::Right,
        &labels.signature,
    );
}

fn footer(page: &mut Page, sheet: &Scoresheet, number: usize, pages: usize) {
    page.cell(
        (MARGIN, FOOT_Y),
        PAGE_WIDTH - 2.0 * MARGIN - 25.0,
        SMALL - 0.4,
        Weight::Regular,
        Align::Left,
        &sheet.labels.legend,
    );
    page.text(
        PAGE_WIDTH - MARGIN,
        FOOT_Y,
        SMALL,
        Weight::Regular,
        Align::Right,
        &format!("{} {number}/{pages}", sheet.labels.page),
    );
}

fn period_label(sheet: &Scoresheet, period: Period) -> String {
    sheet.labels.periods[polodesk_domain::matches::period_column(period)].clone()
}
