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
use crate::links::{LinkKind, Owner, links_in};
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

/// A row of a lineup or a bench as the input gives it: a player or coach of one team.
pub(super) trait SquadRow {
    /// The row as the match keeps it.
    type Entry: Clone;
    /// The link that makes someone a member of the team's roster or bench.
    type Member: LinkKind;
    /// Where a row of someone not in the team is refused (`matchPlayers[i].playerId`), and why.
    const REFUSED: (&'static str, &'static str, &'static str);
    /// The sequence of the rows' ids.
    const SEQUENCE: &'static str;

    fn team_id(&self) -> u64;
    /// The row this one keeps, when its person was already in, with what this input changes.
    fn kept(&self, old: &[Self::Entry]) -> Option<Self::Entry>;
    fn is(&self, member: &Self::Member) -> bool;
    /// A new row for a member of the team.
    fn entry(self, id: u64, member: &Self::Member) -> Self::Entry;
}

impl SquadRow for PlayerRow {
    type Entry = MatchPlayer;
    type Member = TeamPlayerFields;
    const REFUSED: (&'static str, &'static str, &'static str) = (
        "matchPlayers",
        "playerId",
        "This player is not in the team's roster.",
    );
    const SEQUENCE: &'static str = "match_players";

    fn team_id(&self) -> u64 {
        self.team_id
    }

    fn kept(&self, old: &[MatchPlayer]) -> Option<MatchPlayer> {
        let kept = old
            .iter()
            .find(|p| p.team_id == self.team_id && p.player_id == self.player_id)?;
        Some(MatchPlayer {
            position_id: self.position_id,
            number: self.number,
            cap_number: self.cap_number.unwrap_or(kept.cap_number),
            ..kept.clone()
        })
    }

    fn is(&self, member: &TeamPlayerFields) -> bool {
        member.player_id == self.player_id
    }

    /// The cap number is the roster's by default, else the lineup slot.
    fn entry(self, id: u64, member: &TeamPlayerFields) -> MatchPlayer {
        MatchPlayer {
            id,
            team_id: self.team_id,
            player_id: self.player_id,
            position_id: self.position_id,
            number: self.number,
            cap_number: self.cap_number.or(member.cap_number).unwrap_or(self.number),
        }
    }
}

impl SquadRow for CoachRow {
    type Entry = MatchCoach;
    type Member = TeamCoachFields;
    const REFUSED: (&'static str, &'static str, &'static str) = (
        "matchCoaches",
        "coachId",
        "This coach is not a coach of the team.",
    );
    const SEQUENCE: &'static str = "match_coaches";

    fn team_id(&self) -> u64 {
        self.team_id
    }

    fn kept(&self, old: &[MatchCoach]) -> Option<MatchCoach> {
        let kept = old
            .iter()
            .find(|c| c.team_id == self.team_id && c.coach_id == self.coach_id)?;
        Some(MatchCoach {
            role_id: self.role_id,
            ..kept.clone()
        })
    }

    fn is(&self, member: &TeamCoachFields) -> bool {
        member.coach_id == self.coach_id
    }

    fn entry(self, id: u64, _member: &TeamCoachFields) -> MatchCoach {
        MatchCoach {
            id,
            team_id: self.team_id,
            coach_id: self.coach_id,
            role_id: self.role_id,
        }
    }
}

impl Tx<'_> {
    pub(super) fn next_row_id(&self, sequence: &str) -> Result<u64> {
        let mut sequences = self.tx.open_table(tables::SEQUENCES)?;
        let next = sequences.get(sequence)?.map_or(0, |v| v.value()) + 1;
        sequences.insert(sequence, next)?;
        Ok(next)
    }

    /// Lineup or bench rows from checked input: each a member of its team's roster or bench,
    /// with the id it had when the row stays.
    pub(super) fn squad<R: SquadRow>(
        &self,
        old: &[R::Entry],
        rows: Vec<R>,
    ) -> Result<Vec<R::Entry>> {
        let mut errors = ValidationErrors::new();
        let mut entries = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            // A row that stays keeps its person even if the roster changed since.
            if let Some(kept) = row.kept(old) {
                entries.push(kept);
                continue;
            }
            let members = links_in::<R::Member>(self.tx, Owner::Team(row.team_id()))?;
            let Some(member) = members.into_iter().find(|l| row.is(&l.fields)) else {
                let (list, id, refusal) = R::REFUSED;
                errors.add(&format!("{list}[{i}].{id}"), refusal);
                continue;
            };
            entries.push(row.entry(self.next_row_id(R::SEQUENCE)?, &member.fields));
        }
        errors.finish(entries).map_err(StoreError::Invalid)
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
                let players = t.squad(&state.players, rows)?;
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
                let coaches = t.squad(&state.coaches, rows)?;
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
