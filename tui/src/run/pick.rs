//! The match picker on the terminal, before the console opens a match.

use crossterm::event::{Event, EventStream};
use futures_util::StreamExt;
use polodesk_client::Client;
use polodesk_domain::dates::Instant;

use super::terminal::key_of;
use super::{ConsoleError, Screen};
use crate::picker::{Picked, Picker};

/// How many of the latest matches the picker offers.
const OFFERED: u32 = 100;

/// The match the secretary chose, or `None` when they quit.
pub async fn pick(client: &Client, screen: &mut Screen) -> Result<Option<u64>, ConsoleError> {
    let page = client.search_matches(None, None, 1, OFFERED).await?;
    let now = Instant(time::OffsetDateTime::now_utc().unix_timestamp());
    let mut picker = Picker::new(page.page_items, now);
    let mut events = EventStream::new();
    loop {
        screen.draw_with(|frame| crate::view::picker::draw(frame, &picker))?;
        let Some(event) = events.next().await else {
            return Ok(None);
        };
        let Event::Key(key) = event? else {
            continue;
        };
        let Some(key) = key_of(key) else {
            continue;
        };
        match picker.key(key) {
            Picked::Choosing => {}
            Picked::Match(id) => return Ok(Some(id)),
            Picked::Quit => return Ok(None),
        }
    }
}
