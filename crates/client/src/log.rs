//! Logging a match: its events, Finish Match, and the officials' confirmation of the log.

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::events::{EventInput, EventView};
use polodesk_domain::views::matches::{MatchOfficialView, MatchView};

use crate::{Client, ClientError};

/// `PUT /api/Matches/{matchOfficialId}/confirm`.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmInput<'a> {
    match_official_id: u64,
    pin: Option<&'a str>,
}

impl Client {
    /// The events of a match in log order: by period, then by the clock.
    pub async fn match_events(&self, match_id: u64) -> Result<Vec<EventView>, ClientError> {
        self.get(&format!("/api/Events/{match_id}")).await
    }

    /// Records an event. Sent again with the same `clientId`, it answers the event the first
    /// send recorded rather than recording another.
    pub async fn create_event(&self, event: &EventInput) -> Result<EventView, ClientError> {
        self.post("/api/Events", event).await
    }

    /// Replaces event `id`.
    pub async fn update_event(
        &self,
        id: u64,
        event: &EventInput,
    ) -> Result<EventView, ClientError> {
        // The body names the event as the path does: one edited before it had an id carries 0.
        let event = EventInput {
            id: Some(id),
            ..event.clone()
        };
        self.put(&format!("/api/Events/{id}"), &event).await
    }

    /// Removes event `id` (and the other half of a double exclusion). An event already gone
    /// answers a 404 `ClientError::Api`, which a replaying caller counts as done.
    pub async fn delete_event(&self, id: u64) -> Result<(), ClientError> {
        self.delete(&format!("/api/Events/{id}")).await
    }

    /// Finish Match: sends the whole match as read with the status Finished (spec 02 §4), as
    /// the web's live scoring menu does, and answers the match as it now is.
    pub async fn finish_match(&self, game: &MatchView) -> Result<MatchView, ClientError> {
        let mut finished = game.clone();
        finished.score.status_id = MatchStatus::Finished;
        finished.score.status = MatchStatus::Finished.name().to_owned();
        let id = game.score.id;
        self.put::<_, ()>(&format!("/api/Matches/{id}"), &finished)
            .await?;
        self.get_match(id).await
    }

    /// Confirms a finished match's log for one of its officials (`match_official_id` is the
    /// row of `MatchView::officials`), with the official's PIN when the competition asks for
    /// one; answers that row, now confirmed.
    pub async fn confirm_log(
        &self,
        match_official_id: u64,
        pin: Option<&str>,
    ) -> Result<MatchOfficialView, ClientError> {
        let input = ConfirmInput {
            match_official_id,
            pin,
        };
        self.put(&format!("/api/Matches/{match_official_id}/confirm"), &input)
            .await
    }
}
