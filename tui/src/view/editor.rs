//! PLACEHOLDER until the event form's drawing lands.
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Clear};

use crate::editor::Editor;
use crate::editor::EditorContext;

pub fn draw(frame: &mut Frame, area: Rect, editor: &Editor, _ctx: &EditorContext) {
    frame.render_widget(Clear, area);
    frame.render_widget(Block::bordered().title(editor.title()), area);
}
