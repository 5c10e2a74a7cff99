//! A competition's standings on A4 landscape: the overall, home and away tables with each
//! team's tie-break note, a table moving to the next page when it does not fit.

use polodesk_domain::standings::StandingType;
use polodesk_domain::views::standings::StandingGroupView;

use crate::canvas::{Align, Document, PAGE_HEIGHT, PAGE_WIDTH, Page, Weight};

const MARGIN: f32 = 12.0;
const ROW_H: f32 = 5.0;
const HEAD_H: f32 = 5.0;
const TITLE_H: f32 = 7.0;
const TOP: f32 = 30.0;
const BOTTOM: f32 = PAGE_HEIGHT - 14.0;
const TEXT: f32 = 8.5;

/// Rank, team, played, won, drawn, lost, shootouts won/lost, goals, difference, points and the
/// tie-break note taking the rest of the width.
const COLUMNS: [(&str, f32, Align); 10] = [
    ("#", 9.0, Align::Centre),
    ("Team", 62.0, Align::Left),
    ("P", 10.0, Align::Centre),
    ("W", 10.0, Align::Centre),
    ("D", 10.0, Align::Centre),
    ("L", 10.0, Align::Centre),
    ("SO W/L", 15.0, Align::Centre),
    ("Goals", 17.0, Align::Centre),
    ("Diff", 12.0, Align::Centre),
    ("Pts", 11.0, Align::Centre),
];
const NOTE_W: f32 = PAGE_WIDTH - 2.0 * MARGIN - 176.0;

fn title(standing_type: StandingType) -> &'static str {
    match standing_type {
        StandingType::Overall => "Overall",
        StandingType::Home => "Home matches",
        StandingType::Away => "Away matches",
    }
}

/// The standings of `competition` as a PDF file; `as_of` is printed under the title.
pub fn render(competition: &str, as_of: &str, groups: &[StandingGroupView]) -> Vec<u8> {
    let mut document = Document::new(&format!("{competition} – Standings"));
    let mut page = document.page();
    let mut number = 1;
    heading(&mut page, competition, as_of);
    let mut y = TOP;
    for group in groups {
        let height = TITLE_H + HEAD_H + group.rankings.len() as f32 * ROW_H + 6.0;
        if y + height > BOTTOM && y > TOP {
            footer(&mut page, number);
            document.add(page);
            page = document.page();
            number += 1;
            heading(&mut page, competition, as_of);
            y = TOP;
        }
        y = table(&mut page, group, y) + 6.0;
    }
    footer(&mut page, number);
    document.add(page);
    document.save()
}

fn heading(page: &mut Page, competition: &str, as_of: &str) {
    page.cell(
        (MARGIN, 17.0),
        PAGE_WIDTH - 2.0 * MARGIN,
        14.0,
        Weight::Bold,
        Align::Left,
        competition,
    );
    page.text(
        MARGIN + 0.8,
        23.5,
        TEXT,
        Weight::Regular,
        Align::Left,
        &format!("Standings · {as_of}"),
    );
}

fn footer(page: &mut Page, number: usize) {
    page.text(
        MARGIN + 0.8,
        PAGE_HEIGHT - 8.0,
        TEXT - 1.5,
        Weight::Regular,
        Align::Left,
        "P played · W won · D drawn · L lost · SO W/L shootouts won/lost · Goals scored:conceded \
         in regular play · Diff goal difference · Pts points",
    );
    page.text(
        PAGE_WIDTH - MARGIN,
        PAGE_HEIGHT - 8.0,
        TEXT - 1.5,
        Weight::Regular,
        Align::Right,
        &format!("Page {number}"),
    );
}

/// One table from `top`; answers where it ends.
fn table(page: &mut Page, group: &StandingGroupView, top: f32) -> f32 {
    let width = PAGE_WIDTH - 2.0 * MARGIN;
    page.text(
        MARGIN + 0.8,
        top + 5.0,
        TEXT + 2.5,
        Weight::Bold,
        Align::Left,
        title(group.standing_type),
    );
    let heads_y = top + TITLE_H;
    page.rect((MARGIN, heads_y), (width, HEAD_H), Some(0.9), 0.3);
    let mut x = MARGIN;
    for (head, w, align) in COLUMNS {
        page.cell((x, heads_y + 3.6), w, TEXT - 0.5, Weight::Bold, align, head);
        x += w;
    }
    page.cell(
        (x, heads_y + 3.6),
        NOTE_W,
        TEXT - 0.5,
        Weight::Bold,
        Align::Left,
        "Tie-break",
    );
    for (i, row) in group.rankings.iter().enumerate() {
        let y = heads_y + HEAD_H + i as f32 * ROW_H;
        let r = &row.ranking;
        let cells = [
            r.rank.to_string(),
            row.team
                .as_ref()
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            r.played.to_string(),
            r.won.to_string(),
            r.drawn.to_string(),
            r.lost.to_string(),
            format!("{}/{}", r.shootout_won, r.shootout_lost),
            format!("{}:{}", r.goals_scored, r.goals_conceded),
            format!("{:+}", r.goals_diff).replace('-', "−"),
            r.points.to_string(),
        ];
        let baseline = y + ROW_H - 1.5;
        let mut x = MARGIN;
        for (j, ((_, w, align), text)) in COLUMNS.iter().zip(&cells).enumerate() {
            let weight = if j == 1 || j == 9 {
                Weight::Bold
            } else {
                Weight::Regular
            };
            page.cell((x, baseline), *w, TEXT, weight, *align, text);
            x += w;
        }
        page.cell(
            (x, baseline),
            NOTE_W,
            TEXT - 1.0,
            Weight::Regular,
            Align::Left,
            r.tie_break.as_deref().unwrap_or(""),
        );
        page.line((MARGIN, y + ROW_H), (MARGIN + width, y + ROW_H), 0.15);
    }
    let bottom = heads_y + HEAD_H + group.rankings.len() as f32 * ROW_H;
    page.rect((MARGIN, heads_y), (width, bottom - heads_y), None, 0.6);
    bottom
}
