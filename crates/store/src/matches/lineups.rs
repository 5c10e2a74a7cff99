//! Lineups, benches and match officials: rows taken from the teams' rosters, never dropping
//! someone an event names, and the officials' confirmations of the log.

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::events::{self};
use polodesk_domain::matches::{
    self as rules, CoachRow, Match, MatchCoach, MatchOfficial, MatchPlayer, MatchState,
    OfficialRow, PlayerRow,
};
use polodesk_domain::memberships::{TeamCoachFields, TeamPlayerFields};
use polodesk_domain::validation::ValidationErrors;
use redb::ReadableTable;

use super::{Actor, LogChange, Tx, conflict, invalid, json};
use crate::links::{Owner, links_in};
use crate::tables::{self, MATCH_OFFICIALS};
use crate::{Result, Store, StoreError};

/// Refuses a lineup or bench change that drops someone an event names, with each side's
/// message once (spec 02 §5).
pub(super) fn refuse_referenced(mut messages: Vec<String>) -> Result<()> {
    if messages.is_empty() {
        return Ok(());
    }
    messages.sort();
    messages.dedup();
    Err(conflict(messages.join(" ")))
}

impl Tx<'_> {
    pub(super) fn next_row_id(&self, sequence: &str) -> Result<u64> {
        let mut sequences = self.tx.open_table(tables::SEQUENCES)?;
        let next = sequences.get(sequence)?.map_or(0, |v| v.value()) + 1;
        sequences.insert(sequence, next)?;
        Ok(next)
    }

    /// Lineup rows from checked input: players from the team's roster (their cap number by
    /// default), ids kept for rows that stay.
    pub(super) fn players(
        &self,
        state: &MatchState,
        rows: Vec<PlayerRow>,
    ) -> Result<Vec<MatchPlayer>> {
        let mut errors = ValidationErrors::new();
        let mut players = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            let kept = state
                .players
                .iter()
                .find(|p| p.team_id == row.team_id && p.player_id == row.player_id);
            // A row that stays keeps its player even if the roster changed since.
            if let Some(kept) = kept {
                players.push(MatchPlayer {
                    position_id: row.position_id,
                    number: row.number,
                    cap_number: row.cap_number.unwrap_or(kept.cap_number),
                    ..kept.clone()
                });
                continue;
            }
            let roster = links_in::<TeamPlayerFields>(self.tx, Owner::Team(row.team_id))?;
            let Some(member) = roster.iter().find(|l| l.fields.player_id == row.player_id) else {
                errors.add(
                    &format!("matchPlayers[{i}].playerId"),
                    "This player is not in the team's roster.",
                );
                continue;
            };
            players.push(MatchPlayer {
                id: self.next_row_id("match_players")?,
                team_id: row.team_id,
                player_id: row.player_id,
                position_id: row.position_id,
                number: row.number,
                cap_number: row
                    .cap_number
                    .or(member.fields.cap_number)
                    .unwrap_or(row.number),
            });
        }
        errors.finish(players).map_err(StoreError::Invalid)
    }

    pub(super) fn coaches(
        &self,
        state: &MatchState,
        rows: Vec<CoachRow>,
    ) -> Result<Vec<MatchCoach>> {
        let mut errors = ValidationErrors::new();
        let mut coaches = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            if let Some(kept) = state
                .coaches
                .iter()
                .find(|c| c.coach_id == row.coach_id && c.team_id == row.team_id)
            {
                coaches.push(MatchCoach {
                    role_id: row.role_id,
                    ..kept.clone()
                });
                continue;
            }
            let bench = links_in::<TeamCoachFields>(self.tx, Owner::Team(row.team_id))?;
            if !bench.iter().any(|l| l.fields.coach_id == row.coach_id) {
                errors.add(
                    &format!("matchCoaches[{i}].coachId"),
                    "This coach is not a coach of the team.",
                );
                continue;
            }
            coaches.push(MatchCoach {
                id: self.next_row_id("match_coaches")?,
                team_id: row.team_id,
                coach_id: row.coach_id,
                role_id: row.role_id,
            });
        }
        errors.finish(coaches).map_err(StoreError::Invalid)
    }

    pub(super) fn officials(
        &self,
        match_id: u64,
        state: &MatchState,
        rows: Vec<OfficialRow>,
    ) -> Result<Vec<MatchOfficial>> {
        let mut errors = ValidationErrors::new();
        let table = self.tx.open_table(tables::OFFICIALS)?;
        let mut officials = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            if table.get(row.official_id)?.is_none() {
                errors.add(
                    &format!("matchOfficials[{i}].officialId"),
                    "The chosen official does not exist.",
                );
                continue;
            }
            let kept = state
                .officials
                .iter()
                .find(|o| o.official_id == row.official_id)
                .cloned();
            let official = match kept {
                Some(old) => MatchOfficial {
                    role_id: row.role_id,
                    ..old
                },
                None => {
                    let id = self.next_row_id("match_officials")?;
                    self.tx.open_table(MATCH_OFFICIALS)?.insert(id, match_id)?;
                    MatchOfficial {
                        id,
                        official_id: row.official_id,
                        role_id: row.role_id,
                        confirmed: false,
                        confirmed_at: None,
                    }
                }
            };
            officials.push(official);
        }
        drop(table);
        let mut ids = self.tx.open_table(MATCH_OFFICIALS)?;
        for old in &state.officials {
            if !officials.iter().any(|o| o.id == old.id) {
                ids.remove(old.id)?;
            }
        }
        errors.finish(officials).map_err(StoreError::Invalid)
    }
}

impl Store {
    /// Replaces lineups, coaches and officials: only before the match starts for players and
    /// coaches, never removing a player an event names, never on a closed log but by a
    /// correction.
    pub async fn change_log(&self, id: u64, change: LogChange, actor: Actor) -> Result<Match> {
        self.match_write(move |t| {
            let (before, mut state) = t.opened(id, &actor)?;
            if (change.players.is_some() || change.coaches.is_some())
                && before.status_id != MatchStatus::NotStarted
            {
                return Err(conflict(rules::LINEUP_LOCKED));
            }
            if let Some(rows) = change.players {
                let players = t.players(&state, rows)?;
                let all = t.events(id)?;
                let mut refused = Vec::new();
                for old in &state.players {
                    let stays = players
                        .iter()
                        .any(|p| p.team_id == old.team_id && p.player_id == old.player_id);
                    if !stays
                        && let Some(side) =
                            events::referenced(old.team_id, old.player_id, &state, &all)
                    {
                        refused.push(events::referenced_message(side));
                    }
                }
                refuse_referenced(refused)?;
                t.history(
                    id,
                    &actor,
                    "Lineups changed",
                    json(&state.players),
                    json(&players),
                )?;
                state.players = players;
            }
            if let Some(rows) = change.coaches {
                let coaches = t.coaches(&state, rows)?;
                let all = t.events(id)?;
                let refused: Vec<String> = state
                    .coaches
                    .iter()
                    .filter(|old| !coaches.iter().any(|c| c.coach_id == old.coach_id))
                    .filter_map(|old| {
                        events::coach_referenced(old.team_id, old.coach_id, &state, &all)
                    })
                    .map(events::coach_referenced_message)
                    .collect();
                refuse_referenced(refused)?;
                t.history(
                    id,
                    &actor,
                    "Coaches changed",
                    json(&state.coaches),
                    json(&coaches),
                )?;
                state.coaches = coaches;
            }
            if let Some(rows) = change.officials {
                let officials = t.officials(id, &state, rows)?;
                t.history(
                    id,
                    &actor,
                    "Officials changed",
                    json(&state.officials),
                    json(&officials),
                )?;
                state.officials = officials;
            }
            t.save(id, Some(&before), &mut state)?;
            Ok(Match { id, state })
        })
        .await
    }

    /// The match a match official belongs to.
    pub fn match_of_official_entry(&self, match_official_id: u64) -> Result<Match> {
        let match_id = {
            let tx = self.read()?;
            let table = tx.open_table(MATCH_OFFICIALS)?;
            let found = table.get(match_official_id)?.map(|v| v.value());
            found.ok_or(StoreError::NotFound {
                entity: "Match official",
                id: match_official_id,
            })?
        };
        self.get_match(match_id)
    }

    /// Adds one official to a match (`POST /api/MatchOfficials`).
    pub async fn add_match_official(
        &self,
        match_id: u64,
        row: OfficialRow,
        actor: Actor,
    ) -> Result<(Match, MatchOfficial)> {
        self.match_write(move |t| {
            let before = t.load(match_id)?;
            if before
                .officials
                .iter()
                .any(|o| o.official_id == row.official_id)
            {
                return Err(invalid("officialId", rules::OFFICIAL_TWICE));
            }
            let mut state = before.clone();
            t.open_log(match_id, &mut state, &actor)?;
            let mut rows: Vec<OfficialRow> = state
                .officials
                .iter()
                .map(|o| OfficialRow {
                    official_id: o.official_id,
                    role_id: o.role_id,
                })
                .collect();
            rows.push(row.clone());
            let officials = t.officials(match_id, &state, rows).map_err(|e| match e {
                StoreError::Invalid(_) => {
                    invalid("officialId", "The chosen official does not exist.")
                }
                other => other,
            })?;
            let added = officials
                .iter()
                .find(|o| o.official_id == row.official_id)
                .cloned();
            t.history(match_id, &actor, "Official assigned", None, json(&added))?;
            state.officials = officials;
            t.save(match_id, Some(&before), &mut state)?;
            let added = added
                .ok_or_else(|| StoreError::Backend("the added official went missing".into()))?;
            Ok((
                Match {
                    id: match_id,
                    state,
                },
                added,
            ))
        })
        .await
    }

    /// Changes the role of a match official, or which official it is.
    pub async fn update_match_official(
        &self,
        match_official_id: u64,
        row: OfficialRow,
        actor: Actor,
    ) -> Result<(Match, MatchOfficial)> {
        let match_id = self.match_of_official_entry(match_official_id)?.id;
        self.match_write(move |t| {
            let before = t.load(match_id)?;
            if before
                .officials
                .iter()
                .any(|o| o.official_id == row.official_id && o.id != match_official_id)
            {
                return Err(invalid("officialId", rules::OFFICIAL_TWICE));
            }
            let mut state = before.clone();
            t.open_log(match_id, &mut state, &actor)?;
            if t.tx
                .open_table(tables::OFFICIALS)?
                .get(row.official_id)?
                .is_none()
            {
                return Err(invalid("officialId", "The chosen official does not exist."));
            }
            let entry = state
                .officials
                .iter_mut()
                .find(|o| o.id == match_official_id)
                .ok_or(StoreError::NotFound {
                    entity: "Match official",
                    id: match_official_id,
                })?;
            let old = entry.clone();
            if entry.official_id != row.official_id {
                entry.confirmed = false;
                entry.confirmed_at = None;
            }
            entry.official_id = row.official_id;
            entry.role_id = row.role_id;
            let updated = entry.clone();
            t.history(
                match_id,
                &actor,
                "Official changed",
                json(&old),
                json(&updated),
            )?;
            t.save(match_id, Some(&before), &mut state)?;
            Ok((
                Match {
                    id: match_id,
                    state,
                },
                updated,
            ))
        })
        .await
    }

    pub async fn delete_match_official(
        &self,
        match_official_id: u64,
        actor: Actor,
    ) -> Result<Match> {
        let match_id = self.match_of_official_entry(match_official_id)?.id;
        self.match_write(move |t| {
            let (before, mut state) = t.opened(match_id, &actor)?;
            let old = state
                .officials
                .iter()
                .find(|o| o.id == match_official_id)
                .cloned();
            state.officials.retain(|o| o.id != match_official_id);
            t.tx.open_table(MATCH_OFFICIALS)?
                .remove(match_official_id)?;
            t.history(match_id, &actor, "Official removed", json(&old), None)?;
            t.save(match_id, Some(&before), &mut state)?;
            Ok(Match {
                id: match_id,
                state,
            })
        })
        .await
    }

    /// Marks the log confirmed by one match official (the PIN was checked by the caller) and
    /// clears that official's wrong-PIN count.
    pub async fn confirm_match_log(
        &self,
        match_official_id: u64,
        actor: Actor,
    ) -> Result<(Match, MatchOfficial)> {
        let match_id = self.match_of_official_entry(match_official_id)?.id;
        self.match_write(move |t| {
            let before = t.load(match_id)?;
            if before.status_id != MatchStatus::Finished {
                return Err(conflict(rules::NOT_FINISHED));
            }
            let mut state = before.clone();
            let entry = state
                .officials
                .iter_mut()
                .find(|o| o.id == match_official_id)
                .ok_or(StoreError::NotFound {
                    entity: "Match official",
                    id: match_official_id,
                })?;
            entry.confirmed = true;
            entry.confirmed_at = Some(actor.at);
            let confirmed = entry.clone();
            t.tx.open_table(tables::PIN_GUARDS)?
                .remove(confirmed.official_id)?;
            t.history(match_id, &actor, "Log confirmed", None, json(&confirmed))?;
            t.save(match_id, Some(&before), &mut state)?;
            Ok((
                Match {
                    id: match_id,
                    state,
                },
                confirmed,
            ))
        })
        .await
    }
}
