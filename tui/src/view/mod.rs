//! Draws the console's state; nothing here changes it. One screen: the score with its periods
//! and the clock on top, white's lineup on the left and blue's on the right with the period's
//! events between them, the command line and the status line at the bottom; the event form,
//! a question or the key map over it.

use polodesk_domain::codes::{ClockState, Period};
use polodesk_domain::matches::Side;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::editor::EditorContext;
use crate::grammar::Key;
use crate::state::{Console, FINISH_QUESTION, Link, Prompt};

mod big_clock;
pub mod editor;
mod events;
mod help;
mod lineup;
pub mod picker;
#[cfg(test)]
mod tests;

pub use events::describe;

const WHITE: Style = Style::new().fg(Color::Black).bg(Color::White);
const BLUE: Style = Style::new().fg(Color::White).bg(Color::Blue);
const DIM: Style = Style::new().fg(Color::DarkGray);
const REFUSAL: Style = Style::new().fg(Color::Red);

/// The whole screen.
pub fn draw(frame: &mut Frame, console: &Console) {
    let roomy = frame.area().height >= 40 && frame.area().width >= 120;
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(if roomy { 7 } else { 3 }),
        Constraint::Min(4),
        Constraint::Length(2),
    ])
    .areas(frame.area());
    draw_header(frame, header, console);
    let side_width = if frame.area().width >= 120 { 34 } else { 21 };
    let [home, middle, away] = Layout::horizontal([
        Constraint::Length(side_width),
        Constraint::Min(20),
        Constraint::Length(side_width),
    ])
    .areas(body);
    lineup::draw(frame, home, console, Side::Home);
    events::draw(frame, middle, console);
    lineup::draw(frame, away, console, Side::Away);
    draw_footer(frame, footer, console);
    if let Some(open) = &console.editor {
        let events = console.log.views();
        let ctx = EditorContext {
            game: &console.game,
            events: &events,
            keepers: console.keepers,
        };
        let area = popup(frame.area(), editor::WIDTH, editor::HEIGHT);
        editor::draw(frame, area, &open.editor, &ctx);
    } else if let Some(prompt) = &console.prompt {
        draw_prompt(frame, console, prompt);
    } else if console.help {
        help::draw(frame, popup(frame.area(), 78, 22), &console.keymap);
    }
}

fn period_label(period: Period) -> &'static str {
    period.label()
}

fn state_word(state: ClockState) -> &'static str {
    match state {
        ClockState::Running => "Running",
        ClockState::Paused => "Paused",
        ClockState::Stopped => "Stopped",
    }
}

pub fn mm_ss(seconds: u16) -> String {
    format!("{:02}:{:02}", seconds / 60, seconds % 60)
}

fn draw_header(frame: &mut Frame, area: Rect, console: &Console) {
    let game = &console.game;
    let score = &console.log.score;
    let (home_total, away_total) = (score.home_total(), score.away_total());
    let clock = &console.clock.clock;
    let clock_style = match clock.state {
        ClockState::Running => Style::new().fg(Color::Green).bold(),
        ClockState::Paused => Style::new().fg(Color::Yellow).bold(),
        ClockState::Stopped => Style::new().fg(Color::Red).bold(),
    };
    let first = Line::from(vec![
        Span::styled(format!(" {} ", game.home_team_display_name), WHITE.bold()),
        Span::raw(format!("  {home_total} : {away_total}  ")).bold(),
        Span::styled(format!(" {} ", game.away_team_display_name), BLUE.bold()),
        Span::raw("   "),
        Span::styled(
            format!(
                "{} {}",
                period_label(clock.period),
                mm_ss(clock.remaining_seconds)
            ),
            clock_style,
        ),
        Span::styled(format!(" {}", state_word(clock.state)), clock_style),
    ]);
    let mut periods = vec![Span::styled(" Periods ", DIM)];
    for (i, period) in Period::ALL.iter().enumerate() {
        let shown = i < 4 || score.home[4] + score.away[4] > 0 || *period <= clock.period;
        if !shown {
            continue;
        }
        let name = match period {
            Period::Overtime if score.shootout => "Pen".to_owned(),
            Period::Overtime => "OT".to_owned(),
            _ => format!("Q{}", i + 1),
        };
        let style = if *period == clock.period {
            Style::new().bold()
        } else {
            Style::new()
        };
        periods.push(Span::styled(
            format!("{name} {}:{}  ", score.home[i], score.away[i]),
            style,
        ));
    }
    let calls = |side: Side| {
        let team = console.team_of(side);
        format!(
            "TO {} CH {}",
            console.log.calls_left(team, false),
            console.log.calls_left(team, true)
        )
    };
    let second = Line::from(
        periods
            .into_iter()
            .chain([
                Span::styled(format!(" W {} ", calls(Side::Home)), DIM),
                Span::styled(format!(" B {} ", calls(Side::Away)), DIM),
            ])
            .collect::<Vec<_>>(),
    );
    let mut title = vec![game.competition_display_name.clone()];
    title.extend(game.round.as_ref().map(|round| format!("Round {round}")));
    title.extend(game.number.as_ref().map(|n| format!("#{n}")));
    title.push(game.score.status_id.label().to_owned());
    let block = Block::new()
        .borders(Borders::TOP)
        .title(format!(" PoloDesk · {} ", title.join(" · ")));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.height < 6 {
        frame.render_widget(Paragraph::new(vec![first, second]), inner);
        return;
    }
    // Room for the score and the clock in large digits, readable from a step back.
    let score_text = format!("{home_total}:{away_total}");
    let clock_text = mm_ss(clock.remaining_seconds);
    let [lines, big_score, big_clock] = Layout::horizontal([
        Constraint::Min(20),
        Constraint::Length(big_clock::width(&score_text) + 6),
        Constraint::Length(big_clock::width(&clock_text).max(20) + 2),
    ])
    .areas(inner);
    frame.render_widget(Paragraph::new(vec![Line::from(""), first, second]), lines);
    frame.render_widget(
        Paragraph::new(big_clock::lines(&score_text)).bold(),
        big_score,
    );
    let mut clock_lines = big_clock::lines(&clock_text);
    clock_lines.push(Line::from(format!(
        "{} · {}",
        period_label(clock.period),
        state_word(clock.state)
    )));
    frame.render_widget(Paragraph::new(clock_lines).style(clock_style), big_clock);
}

fn draw_footer(frame: &mut Frame, area: Rect, console: &Console) {
    let [command, status] =
        Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(area);
    let mut line = vec![
        Span::styled("> ", Style::new().bold()),
        Span::raw(&console.keys),
    ];
    line.push(Span::styled(
        "▏",
        Style::new().add_modifier(Modifier::SLOW_BLINK),
    ));
    let key = |builtin: char| console.keymap.shown(Key::Char(builtin));
    if let Some(pick) = &console.pick {
        let who = pick
            .player
            .and_then(|id| console.game.players.iter().find(|p| p.player_id == id))
            .map(|p| format!(" {} {}", crate::state::side_name(pick.side), p.cap_number))
            .unwrap_or_else(|| format!(" {}", crate::state::side_name(pick.side)));
        let events: Vec<String> = "gsxpcof".chars().map(key).collect();
        line.push(Span::styled(
            format!("  picked{who}: {}", events.join(" ")),
            DIM,
        ));
    } else if console.keys.is_empty() {
        let hint = format!(
            "  {}/{} + cap, then {} goal {} shot {} excl {} 5m {} card {} turnover {} swim-off · {} keys",
            key('w'),
            key('b'),
            key('g'),
            key('s'),
            key('x'),
            key('p'),
            key('c'),
            key('o'),
            key('f'),
            key('?'),
        );
        line.push(Span::styled(hint, DIM));
    }
    frame.render_widget(Paragraph::new(Line::from(line)), command);
    let mut parts = vec![match &console.link {
        Link::Online => Span::styled("● Online", Style::new().fg(Color::Green)),
        Link::Connecting => Span::styled("◌ Connecting", Style::new().fg(Color::Yellow)),
        Link::Offline(_) => Span::styled("○ Offline", Style::new().fg(Color::Red)),
    }];
    let waiting = console.pending.len();
    if waiting > 0 {
        parts.push(Span::raw(format!(" · {waiting} waiting to be sent")));
    }
    let refused = console
        .log
        .rows
        .iter()
        .filter(|row| row.waiting.as_ref().is_some_and(|w| w.refused.is_some()))
        .count();
    if refused > 0 {
        parts.push(Span::styled(format!(" · {refused} refused"), REFUSAL));
    }
    if let Some(notice) = &console.notice {
        let style = if notice.refusal {
            REFUSAL
        } else {
            Style::new()
        };
        parts.push(Span::styled(format!(" · {}", notice.text), style));
    }
    frame.render_widget(Paragraph::new(Line::from(parts)), status);
}

const PROMPT_WIDTH: u16 = 60;

fn draw_prompt(frame: &mut Frame, console: &Console, prompt: &Prompt) {
    let (title, lines): (&str, Vec<Line>) = match prompt {
        Prompt::Keepers => {
            let name = |id: Option<u64>| {
                id.and_then(|id| console.game.players.iter().find(|p| p.player_id == id))
                    .map(lineup::player_label)
                    .unwrap_or_else(|| "none".to_owned())
            };
            (
                crate::state::KEEPERS_PROMPT,
                vec![
                    Line::from(format!("White: {}", name(console.keepers.0))),
                    Line::from(format!("Blue:  {}", name(console.keepers.1))),
                    Line::from(""),
                    Line::styled(
                        format!(
                            "{} or {} and a cap change a keeper · Enter confirms and opens the swim-off · Esc goes back",
                            console.keymap.shown(Key::Char('w')),
                            console.keymap.shown(Key::Char('b')),
                        ),
                        DIM,
                    ),
                ],
            )
        }
        Prompt::Delete(row) => (
            crate::state::DELETE_EVENT_QUESTION,
            vec![
                Line::from(describe(&row.view, &console.game)),
                if row.view.paired_event_id.is_some() {
                    Line::from(crate::state::PAIR_GOES_TOO)
                } else {
                    Line::from("")
                },
                Line::styled("Enter or y deletes · Esc or n keeps it", DIM),
            ],
        ),
        Prompt::Quit { waiting } => (
            "Quit?",
            vec![
                Line::from(format!(
                    "{} to be sent. They stay in the journal and are sent the next time the console opens this match.",
                    if *waiting == 1 {
                        "1 change waits".to_owned()
                    } else {
                        format!("{waiting} changes wait")
                    }
                )),
                Line::from(""),
                Line::styled("y quits · Esc or n stays", DIM),
            ],
        ),
        Prompt::Finish => (
            "Finish Match",
            vec![
                Line::from(FINISH_QUESTION),
                Line::from(""),
                Line::styled("Enter or y finishes · Esc or n goes back", DIM),
            ],
        ),
        Prompt::Confirm(form) => {
            let mut lines: Vec<Line> = form
                .officials
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let mark = if o.confirmed { "✓" } else { " " };
                    if i == form.selected {
                        Line::styled(format!("▶ {mark} {}", o.label), Style::new().reversed())
                    } else {
                        Line::from(format!("  {mark} {}", o.label))
                    }
                })
                .collect();
            if form.officials.is_empty() {
                lines.push(Line::styled(
                    "No officials are assigned to this match.",
                    DIM,
                ));
            }
            lines.push(Line::from(""));
            if form.pin_required {
                lines.push(Line::from(format!("PIN: {}", form.masked())));
            } else {
                lines.push(Line::from(crate::state::NO_PIN_ASKED));
            }
            if form.sending {
                lines.push(Line::styled("Sending…", DIM));
            }
            if let Some(error) = &form.error {
                lines.push(Line::styled(error.clone(), REFUSAL));
            }
            lines.push(Line::styled(
                if form.pin_required {
                    "↑↓ official · digits PIN · Enter confirms · Esc"
                } else {
                    "↑↓ official · Enter confirms · Esc"
                },
                DIM,
            ));
            ("Confirm match log", lines)
        }
    };
    // Each line takes as many rows as it wraps to inside the frame.
    let inner = usize::from(PROMPT_WIDTH - 2);
    let rows: usize = lines
        .iter()
        .map(|line| line.width().div_ceil(inner).max(1))
        .sum();
    let height = u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2);
    let area = popup(frame.area(), PROMPT_WIDTH, height);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(format!(" {title} "))),
        area,
    );
}

/// A centred area of at most `width`×`height` inside `area`.
pub fn popup(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}
