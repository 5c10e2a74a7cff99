//! A match's fixture: the checks on what it names, its create, update and delete, and the
//! cascade from a deleted competition or team.

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::matches::{self as rules, Match, MatchFields, MatchState};
use polodesk_domain::memberships::CompetitionTeamFields;
use polodesk_domain::validation::ValidationErrors;
use redb::{ReadableMultimapTable, ReadableTable};

use super::{Actor, MatchRecord, MatchesOf, Tx, conflict, index_keys, index_match, json};
use crate::codec::{self, Stored};
use crate::links::{Owner, links_in};
use crate::tables::{self, EntityTable, MATCH_HISTORY, MATCH_OFFICIALS, MATCHES_BY};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

/// Writes a match of an export as it was (its revision too), with its index entries, after
/// checking that everything it names exists.
pub(crate) fn restore_match(tx: &WriteTx<'_>, id: u64, state: &MatchState) -> Result<()> {
    for (what, of) in index_keys(state) {
        let (table, entity) = match what {
            1 => (tables::COMPETITIONS, "Competition"),
            2 => (tables::TEAMS, "Team"),
            3 => (tables::PLAYERS, "Player"),
            4 => (tables::COACHES, "Coach"),
            _ => (tables::OFFICIALS, "Official"),
        };
        if tx.open_table(table)?.get(of)?.is_none() {
            return Err(StoreError::NotFound { entity, id: of });
        }
    }
    index_match(tx, id, None, state)?;
    let mut officials = tx.open_table(MATCH_OFFICIALS)?;
    for official in &state.officials {
        if officials.insert(official.id, id)?.is_some() {
            return Err(conflict(format!(
                "Its match official {} is in another match too.",
                official.id
            )));
        }
    }
    codec::put(tx, id, &Stored(state.clone()))
}

/// Creates a match inside a write (the API's create, an import).
pub(crate) fn create_match_in(
    tx: &WriteTx<'_>,
    fields: MatchFields,
    actor: &Actor,
) -> Result<Match> {
    let t = Tx { tx };
    t.check_fixture(&fields)?;
    let id = codec::next_id::<MatchRecord>(tx)?;
    let mut state = MatchState::new(fields);
    t.save(id, None, &mut state)?;
    t.history(id, actor, "Match created", None, json(&state.fields))?;
    Ok(Match { id, state })
}

/// Deletes the matches of a competition or team, as part of deleting it.
pub(crate) fn delete_matches_of(tx: &WriteTx<'_>, of: MatchesOf) -> Result<()> {
    let ids: Vec<u64> = tx
        .open_multimap_table(MATCHES_BY)?
        .get(of.key())?
        .map(|id| Ok(id?.value()))
        .collect::<Result<_>>()?;
    let t = Tx { tx };
    for id in ids {
        t.delete(id)?;
    }
    Ok(())
}

/// Refuses to delete a coach, player or official a match names: its lineups, officials and
/// events would point at no one (the match's history is kept whole).
pub(crate) fn refuse_if_in_matches(tx: &WriteTx<'_>, of: MatchesOf) -> Result<()> {
    let named = tx
        .open_multimap_table(MATCHES_BY)?
        .get(of.key())?
        .next()
        .is_some();
    let what = match of {
        MatchesOf::Player(_) => "player",
        MatchesOf::Coach(_) => "club manager",
        MatchesOf::Official(_) => "official",
        MatchesOf::Competition(_) | MatchesOf::Team(_) => return Ok(()),
    };
    if named {
        return Err(conflict(format!(
            "This {what} cannot be deleted because a match names them; remove them from its lineups or officials first."
        )));
    }
    Ok(())
}

impl Tx<'_> {
    /// The competition, teams, country and city a match names exist, and both teams are
    /// entered in the competition.
    pub(super) fn check_fixture(&self, fields: &MatchFields) -> Result<()> {
        let exists = |table: EntityTable, id: u64| -> Result<bool> {
            Ok(self.tx.open_table(table)?.get(id)?.is_some())
        };
        let mut errors = ValidationErrors::new();
        if !exists(tables::COMPETITIONS, fields.competition_id)? {
            errors.add("competitionId", "The chosen competition does not exist.");
        }
        for (field, id) in [
            ("homeTeamId", fields.home_team_id),
            ("awayTeamId", fields.away_team_id),
        ] {
            if !exists(tables::TEAMS, id)? {
                errors.add(field, "The chosen team does not exist.");
            }
        }
        if errors.is_empty() {
            let entered: Vec<u64> = links_in::<CompetitionTeamFields>(
                self.tx,
                Owner::Competition(fields.competition_id),
            )?
            .into_iter()
            .map(|l| l.fields.team_id)
            .collect();
            for (field, id) in [
                ("homeTeamId", fields.home_team_id),
                ("awayTeamId", fields.away_team_id),
            ] {
                if !entered.contains(&id) {
                    errors.add(field, rules::TEAMS_NOT_IN_COMPETITION);
                }
            }
        }
        if !errors.is_empty() {
            return Err(StoreError::Invalid(errors));
        }
        if let Some(country_id) = fields.country_id {
            crate::reference::check_place(self.tx, country_id, fields.city_id)?;
        }
        Ok(())
    }

    /// Deletes a match with its events, history and index entries.
    pub(super) fn delete(&self, id: u64) -> Result<()> {
        let old = self.load(id)?;
        for event in self.events(id)? {
            self.remove_event(event.id)?;
        }
        let mut index = self.tx.open_multimap_table(MATCHES_BY)?;
        for key in index_keys(&old) {
            index.remove(key, id)?;
        }
        let mut officials = self.tx.open_table(MATCH_OFFICIALS)?;
        for official in &old.officials {
            officials.remove(official.id)?;
        }
        let mut history = self.tx.open_table(MATCH_HISTORY)?;
        history.retain_in((id, 0)..=(id, u64::MAX), |_, _| false)?;
        codec::remove::<MatchRecord>(self.tx, id)?;
        Ok(())
    }
}

impl Store {
    pub async fn create_match(&self, fields: MatchFields, actor: Actor) -> Result<Match> {
        self.write(move |tx| create_match_in(tx, fields, &actor))
            .await
    }

    /// Replaces the match form's fields and moves the status (forward only).
    pub async fn update_match(
        &self,
        id: u64,
        fields: MatchFields,
        status: Option<MatchStatus>,
        actor: Actor,
    ) -> Result<Match> {
        self.match_write(move |t| {
            let before = t.load(id)?;
            let mut state = before.clone();
            if status.is_none_or(|next| next == before.status_id) && fields == before.fields {
                return Ok(Match { id, state });
            }
            if let Some(next) = status
                && !before.status_id.can_move_to(next)
            {
                return Err(conflict(before.status_id.refusal(next)));
            }
            t.open_log(id, &mut state, &actor)?;
            // The fixture is checked when it changes: a team later withdrawn from the
            // competition must not stop its matches from being finished.
            let f = &before.fields;
            let fixture = (
                f.competition_id,
                f.home_team_id,
                f.away_team_id,
                f.country_id,
                f.city_id,
            );
            if fixture
                != (
                    fields.competition_id,
                    fields.home_team_id,
                    fields.away_team_id,
                    fields.country_id,
                    fields.city_id,
                )
            {
                t.check_fixture(&fields)?;
            }
            let teams_changed = (fields.home_team_id, fields.away_team_id)
                != (before.fields.home_team_id, before.fields.away_team_id);
            if teams_changed
                && (!before.players.is_empty()
                    || !before.coaches.is_empty()
                    || !t.events(id)?.is_empty())
            {
                return Err(conflict(rules::TEAMS_LOCKED));
            }
            if let Some(next) = status
                && next != before.status_id
            {
                if !before.status_id.can_move_to(next) {
                    return Err(conflict(before.status_id.refusal(next)));
                }
                state.status_id = next;
                t.history(
                    id,
                    &actor,
                    "Status changed",
                    json(&before.status_id),
                    json(&next),
                )?;
            }
            if fields != before.fields {
                t.history(
                    id,
                    &actor,
                    "Match updated",
                    json(&before.fields),
                    json(&fields),
                )?;
                state.fields = fields;
            }
            t.save(id, Some(&before), &mut state)?;
            Ok(Match { id, state })
        })
        .await
    }

    pub async fn delete_match(&self, id: u64) -> Result<()> {
        self.match_write(move |t| t.delete(id)).await
    }
}
