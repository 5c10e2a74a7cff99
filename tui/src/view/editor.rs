//! Draws the event form over the screen: its title, one row per field (the letter that jumps to
//! it, its label, its value), the focused row highlighted, a field's message under it, the save
//! row, and the keys that work on the focused row. On the location or target the pool half or
//! the goal mouth shows beside the fields, with the marker the arrows move. The console shows
//! it in a [`WIDTH`]×[`HEIGHT`] popup (all of an 80×24 terminal's height).

use polodesk_domain::codes::CoachRole;
use polodesk_domain::events::Exclusion;
use polodesk_domain::events::shot_target::GOAL_AREA;
use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::MatchView;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::lineup::player_label;
use crate::editor::{Editor, EditorContext, Field, Focus, GOAL, Grid, Kind, POOL, Person, Point};

const DIM: Style = Style::new().fg(Color::DarkGray);
const REFUSAL: Style = Style::new().fg(Color::Red);
const TWIN: Style = Style::new().fg(Color::Yellow);
const FOCUSED: Style = Style::new().add_modifier(Modifier::REVERSED);
const LABEL_WIDTH: usize = 17;
/// The picture's width beside the fields: the widest grid and its line labels.
const PICTURE_WIDTH: u16 = 27;
/// The size the form asks for: the pool picture's 16 rows with the point under it, beside the
/// fields of a shot.
pub const WIDTH: u16 = 66;
pub const HEIGHT: u16 = 24;

pub fn draw(frame: &mut Frame, area: Rect, editor: &Editor, ctx: &EditorContext) {
    frame.render_widget(Clear, area);
    let kind = if editor.is_existing() {
        " Edit "
    } else {
        " New "
    };
    let block = Block::bordered()
        .title(format!(" {} ", editor.title()).bold())
        .title(Line::from(kind).right_aligned());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [body, hints] = Layout::vertical([Constraint::Min(1), Constraint::Length(2)]).areas(inner);
    let picture = match editor.focus() {
        Focus::Field(field) if field.kind() == Kind::Point => Some(field),
        _ => None,
    };
    let fields_area = match picture {
        Some(field) => {
            let [fields, picture_area] =
                Layout::horizontal([Constraint::Min(20), Constraint::Length(PICTURE_WIDTH)])
                    .spacing(1)
                    .areas(body);
            draw_picture(frame, picture_area, editor, field);
            fields
        }
        None => body,
    };
    draw_fields(frame, fields_area, editor, ctx);
    frame.render_widget(
        Paragraph::new(vec![
            Line::styled(focus_hint(editor), DIM),
            Line::styled("Enter save · Esc cancel · Tab next · a letter jumps", DIM),
        ]),
        hints,
    );
}

fn draw_fields(frame: &mut Frame, area: Rect, editor: &Editor, ctx: &EditorContext) {
    let game = ctx.game;
    let width = usize::from(area.width);
    let mut lines: Vec<Line> = editor
        .general_errors()
        .iter()
        .flat_map(|message| wrapped(message, width))
        .map(|part| Line::styled(part, REFUSAL))
        .collect();
    let mut focused_line = 0;
    for &field in editor.fields() {
        let focused = editor.focus() == Focus::Field(field);
        if focused {
            focused_line = lines.len();
        }
        let label = format!(
            "{}{} {:<LABEL_WIDTH$} ",
            gutter(focused),
            field.letter(),
            field.label(editor.event_type())
        );
        let style = match (focused, editor.enabled(field)) {
            (true, _) => FOCUSED,
            (false, true) => Style::new(),
            (false, false) => DIM,
        };
        let value = value(editor, field, game, focused);
        lines.push(Line::from(vec![
            Span::styled(label, style),
            Span::styled(value, style.add_modifier(Modifier::BOLD)),
        ]));
        let width = usize::from(area.width.saturating_sub(3));
        if let Some(message) = editor.error(field) {
            for part in wrapped(message, width) {
                lines.push(Line::styled(format!("   {part}"), REFUSAL));
            }
        }
        if field == Field::DoubleExclusion
            && let Some(twin) = editor.twin(ctx)
        {
            for part in wrapped(&twin_text(game, &twin), width) {
                lines.push(Line::styled(format!("   {part}"), TWIN));
            }
        }
    }
    if editor.focus() == Focus::Save {
        focused_line = lines.len();
    }
    let on_save = editor.focus() == Focus::Save;
    let save_style = if on_save { FOCUSED } else { Style::new() };
    lines.push(Line::from(Span::styled(
        format!("{}  [ Save ]", gutter(on_save)),
        save_style.bold(),
    )));
    // Keeps the focused row in sight when messages push the rows past the bottom.
    let height = usize::from(area.height.max(1));
    let scroll = u16::try_from((focused_line + 1).saturating_sub(height)).unwrap_or(0);
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), area);
}

/// The focused row's mark, seen without colours too.
fn gutter(focused: bool) -> &'static str {
    if focused { "▸" } else { " " }
}

/// A message cut at spaces into lines of at most `width` characters (a longer word stays whole).
fn wrapped(message: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in message.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// A person as a field shows them: "7 Surname N." by cap, "HC Surname N." for a coach.
fn person(game: &MatchView, person: Person) -> String {
    match person {
        Person::Player(id) => game
            .players
            .iter()
            .find(|p| p.player_id == id)
            .map_or_else(|| format!("player {id}"), player_label),
        Person::Coach(id) => game.coaches.iter().find(|c| c.coach_id == id).map_or_else(
            || format!("coach {id}"),
            |c| {
                let role = match c.role_id {
                    CoachRole::HeadCoach => "HC",
                    CoachRole::AssistantCoach => "AC",
                };
                match &c.coach {
                    Some(name) => {
                        let initial = name.name.chars().next().unwrap_or(' ');
                        format!("{role} {} {initial}.", name.surname)
                    }
                    None => role.to_owned(),
                }
            },
        ),
    }
}

/// The double exclusion's other half, as the log will show it (the web's words, without
/// the closing full stop a name's initial already ends with).
fn twin_text(game: &MatchView, twin: &Exclusion) -> String {
    let team = if twin.team_id == game.home_team_id {
        &game.home_team_display_name
    } else {
        &game.away_team_display_name
    };
    let named = |id: Option<u64>| id.map_or(NONE.to_owned(), |id| person(game, Person::Player(id)));
    format!(
        "Also logged for {team}: {} excluded, fouling {}",
        named(twin.excluded_player_id),
        named(twin.fouled_player_id)
    )
}

fn team(game: &MatchView, side: Side) -> String {
    match side {
        Side::Home => format!("{} (white)", game.home_team_display_name),
        Side::Away => format!("{} (blue)", game.away_team_display_name),
    }
}

fn coordinates(point: Point) -> String {
    format!("{:.3}, {:.3}", point.x.value(), point.y.value())
}

const NONE: &str = "–";

fn value(editor: &Editor, field: Field, game: &MatchView, focused: bool) -> String {
    match field.kind() {
        Kind::Choice => match field {
            Field::Team => editor
                .team()
                .map_or(NONE.to_owned(), |side| team(game, side)),
            Field::Winner => editor
                .winner()
                .map_or(NONE.to_owned(), |id| person(game, Person::Player(id))),
            _ => editor.sub_type_label().to_owned(),
        },
        Kind::Switch => if editor.switch(field) { "[x]" } else { "[ ]" }.to_owned(),
        Kind::Player { .. } => {
            let picked = editor
                .person(field)
                .map_or(NONE.to_owned(), |p| person(game, p));
            if focused && !editor.typed().is_empty() {
                format!("{picked}  ({}…)", editor.typed())
            } else {
                picked
            }
        }
        Kind::Point => editor.point(field).map_or(NONE.to_owned(), coordinates),
        Kind::Time => {
            let (minute, seconds) = editor.time();
            format!("{minute:02}:{seconds:02}")
        }
    }
}

fn focus_hint(editor: &Editor) -> &'static str {
    match editor.focus() {
        Focus::Save => "Enter saves the event",
        Focus::Field(field) => match field.kind() {
            Kind::Choice => "←→ or Space: change",
            Kind::Switch => "Space: on or off",
            Kind::Player { coaches: true, .. } => "Digits: a cap · ←→ players and coaches · Del",
            Kind::Player { .. } => "Digits: a cap · ←→ players · Del clears",
            Kind::Point => "Arrows move the marker · Space/Enter set it · Del",
            Kind::Time => "Digits: mmss · Backspace takes one back",
        },
    }
}

/// The pool half or the goal mouth with the point set (●) and the marker (◆).
fn draw_picture(frame: &mut Frame, area: Rect, editor: &Editor, field: Field) {
    let grid = if field == Field::Target { GOAL } else { POOL };
    let set = editor.point(field).map(|p| grid.cell(p));
    let marker = editor.marker().map(|p| grid.cell(p));
    let mut lines = Vec::new();
    for row in 0..grid.rows {
        let mut spans: Vec<Span> = (0..grid.columns)
            .map(|column| {
                let at = Some((column, row));
                if at == marker {
                    Span::styled("◆", Style::new().fg(Color::Yellow).bold())
                } else if at == set {
                    Span::styled("●", Style::new().fg(Color::Green).bold())
                } else if field == Field::Target {
                    goal_cell(grid, column, row)
                } else {
                    pool_cell(grid, column, row)
                }
            })
            .collect();
        if field != Field::Target {
            spans.push(Span::styled(pool_label(row), DIM));
        }
        lines.push(Line::from(spans));
    }
    // Below the picture, when there is room: the point set and where the marker is.
    let set = editor.point(field).map_or(NONE.to_owned(), coordinates);
    lines.push(Line::from(format!("● {set}")));
    if let Some(marker) = editor.marker() {
        lines.push(Line::from(format!("◆ {} Enter sets", coordinates(marker))));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// The pool's lines by row (1 m rows): the goal line with the goal, 2 m red, 5 m yellow, 6 m
/// green, half way.
fn pool_cell(grid: Grid, column: u16, row: u16) -> Span<'static> {
    let goal = (column + 1) * 2 >= grid.columns - 1 && column * 2 <= grid.columns + 1;
    match row {
        0 if goal => Span::styled("▀", Style::new().fg(Color::White).bold()),
        0 => Span::raw("─"),
        2 => Span::styled("─", Style::new().fg(Color::Red)),
        5 => Span::styled("─", Style::new().fg(Color::Yellow)),
        6 => Span::styled("─", Style::new().fg(Color::Green)),
        r if r + 1 == grid.rows => Span::styled("┄", DIM),
        _ => Span::styled("·", Style::new().fg(Color::Blue)),
    }
}

fn pool_label(row: u16) -> &'static str {
    match row {
        2 => " 2m",
        5 => " 5m",
        6 => " 6m",
        15 => " ½",
        _ => "",
    }
}

/// The goal area the domain's `GOAL_AREA` bounds, as net, framed by the posts and crossbar.
fn goal_cell(grid: Grid, column: u16, row: u16) -> Span<'static> {
    let inside = |column: Option<u16>, row: u16| {
        column.is_some_and(|c| {
            c < grid.columns && row < grid.rows && {
                let point = grid.point(c, row);
                GOAL_AREA.contains(point.x, point.y)
            }
        })
    };
    let here = Some(column);
    let (left, right) = (column.checked_sub(1), column.checked_add(1));
    if inside(here, row) {
        return Span::styled("░", Style::new().fg(Color::Cyan));
    }
    let frame = Style::new().fg(Color::White).bold();
    if inside(here, row + 1) {
        Span::styled("─", frame)
    } else if inside(left, row) || inside(right, row) {
        Span::styled("│", frame)
    } else if inside(right, row + 1) {
        Span::styled("┌", frame)
    } else if inside(left, row + 1) {
        Span::styled("┐", frame)
    } else {
        Span::raw(" ")
    }
}

#[cfg(test)]
mod tests {
    use polodesk_domain::codes::{EventType, Period};
    use polodesk_domain::events::EventView;
    use polodesk_domain::matches::Side;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::{Color, Modifier, Style};

    use crate::editor::test_match::{game, home, home_exclusion, swim_off};
    use crate::editor::{Editor, EditorContext, Opening};
    use crate::grammar::Key;
    use crate::view::popup;

    fn opening(event_type: EventType, side: Side, player: u64, goal: bool) -> Opening {
        Opening::New {
            event_type,
            side: Some(side),
            player: Some(player),
            shot_is_goal: goal,
            exclusion_penalty: false,
        }
    }

    /// The form as the console shows it over a `width`×`height` screen, after `keys`.
    fn render(
        opening: Opening,
        period: Period,
        events: &[EventView],
        keys: &[Key],
        (width, height): (u16, u16),
    ) -> TestBackend {
        let game = game();
        let ctx = EditorContext {
            game: &game,
            events,
            keepers: (Some(home(1)), Some(201)),
        };
        let mut editor = Editor::open(opening, period, 5, 30, &ctx);
        for key in keys {
            editor.key(*key, &ctx);
        }
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal
            .draw(|frame| {
                let area = popup(frame.area(), super::WIDTH, super::HEIGHT);
                super::draw(frame, area, &editor, &ctx);
            })
            .expect("the form draws");
        terminal.backend().clone()
    }

    /// The form at both sizes a secretary's terminal has.
    fn snapshots(name: &str, opening: Opening, period: Period, events: &[EventView], keys: &[Key]) {
        for size in [(80, 24), (160, 48)] {
            let screen = render(opening.clone(), period, events, keys, size);
            insta::assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), screen);
        }
    }

    /// The style of the first cell of the row that holds `text`.
    fn style_of(screen: &TestBackend, text: &str) -> Style {
        let buffer = screen.buffer();
        let area = buffer.area;
        for y in 0..area.height {
            let row: String = (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect();
            if let Some(at) = row.find(text) {
                let x = u16::try_from(row[..at].chars().count()).expect("a column");
                return buffer[(x, y)].style();
            }
        }
        panic!("{text} is not on the screen")
    }

    #[test]
    fn the_focused_row_is_reversed_and_a_message_red() {
        let out = [1, 2, 3].map(|id| home_exclusion(id, home(5)));
        let exclusion = opening(EventType::Exclusion, Side::Home, home(5), false);
        let screen = render(exclusion, Period::First, &out, &[Key::Enter], (80, 24));
        let focused = style_of(&screen, "▸e Excluded");
        assert!(focused.add_modifier.contains(Modifier::REVERSED));
        let message = style_of(&screen, "This player is already excluded");
        assert_eq!(message.fg, Some(Color::Red));
        assert!(
            !style_of(&screen, " f Fouled")
                .add_modifier
                .contains(Modifier::REVERSED)
        );
    }

    fn typed(text: &str) -> Vec<Key> {
        text.chars().map(Key::Char).collect()
    }

    #[test]
    fn a_goal_with_its_assist_and_its_location_being_picked() {
        let goal = opening(EventType::Shot, Side::Home, home(7), true);
        let mut keys = typed("a5l");
        keys.extend([Key::Right, Key::Right, Key::Down]);
        snapshots("editor_goal", goal, Period::First, &[], &keys);
    }

    #[test]
    fn a_missed_shot_aimed_on_the_goal() {
        let miss = opening(EventType::Shot, Side::Home, home(7), false);
        let mut keys = typed("r ");
        keys.extend([Key::Left, Key::Left, Key::Up]);
        snapshots("editor_shot_target", miss, Period::First, &[], &keys);
    }

    #[test]
    fn an_exclusion_refused_by_the_rules() {
        let out = [1, 2, 3].map(|id| home_exclusion(id, home(5)));
        let exclusion = opening(EventType::Exclusion, Side::Home, home(5), false);
        let mut keys = typed("l");
        keys.extend([Key::Right, Key::Down, Key::Down, Key::Enter, Key::Enter]);
        snapshots(
            "editor_exclusion_refused",
            exclusion,
            Period::First,
            &out,
            &keys,
        );
    }

    #[test]
    fn a_double_exclusion_with_the_half_it_logs_for_the_other_team() {
        let exclusion = opening(EventType::Exclusion, Side::Home, home(5), false);
        let keys = typed("d f2");
        snapshots(
            "editor_double_exclusion",
            exclusion,
            Period::First,
            &[],
            &keys,
        );
    }

    #[test]
    fn a_swim_off_won_by_the_picked_player() {
        let swim = opening(EventType::SwimOff, Side::Home, home(4), false);
        snapshots("editor_swim_off", swim, Period::Second, &[swim_off(1)], &[]);
    }
}
