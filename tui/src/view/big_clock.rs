//! The period clock in large digits, for a screen with room for it (read from a step back
//! from the table): five rows of block characters per digit.

use ratatui::text::Line;

const ROWS: usize = 5;

/// Each glyph's rows, three cells wide.
fn glyph(c: char) -> [&'static str; ROWS] {
    match c {
        '0' => ["███", "█ █", "█ █", "█ █", "███"],
        '1' => ["  █", "  █", "  █", "  █", "  █"],
        '2' => ["███", "  █", "███", "█  ", "███"],
        '3' => ["███", "  █", "███", "  █", "███"],
        '4' => ["█ █", "█ █", "███", "  █", "  █"],
        '5' => ["███", "█  ", "███", "  █", "███"],
        '6' => ["███", "█  ", "███", "█ █", "███"],
        '7' => ["███", "  █", "  █", "  █", "  █"],
        '8' => ["███", "█ █", "███", "█ █", "███"],
        '9' => ["███", "█ █", "███", "  █", "███"],
        ':' => [" ", "█", " ", "█", " "],
        _ => [" ", " ", " ", " ", " "],
    }
}

/// `text` (digits and colons) as five lines of block characters.
pub fn lines(text: &str) -> Vec<Line<'static>> {
    (0..ROWS)
        .map(|row| {
            let cells: Vec<&str> = text.chars().map(|c| glyph(c)[row]).collect();
            Line::from(cells.join(" "))
        })
        .collect()
}

/// The width `lines(text)` takes.
pub fn width(text: &str) -> u16 {
    let cells: usize = text.chars().map(|c| glyph(c)[0].chars().count() + 1).sum();
    u16::try_from(cells.saturating_sub(1)).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_drawn_side_by_side_on_five_rows() {
        let drawn: Vec<String> = lines("07:59").iter().map(ToString::to_string).collect();
        assert_eq!(
            drawn,
            [
                "███ ███   ███ ███",
                "█ █   █ █ █   █ █",
                "█ █   █   ███ ███",
                "█ █   █ █   █   █",
                "███   █   ███ ███",
            ]
        );
        assert_eq!(width("07:59"), 17);
    }
}
