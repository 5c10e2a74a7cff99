//! Imports: many records of one kind in one write transaction, all or nothing. Each row goes
//! through the same in-transaction creates and reference checks as the single create calls;
//! a rejected row does not stop the others, so one pass reports every rejected row, and then
//! nothing is written. A dry run makes every check and always rolls back.

use polodesk_domain::coaches::{Coach, CoachFields, NewCoach};
use polodesk_domain::matches::{Match, MatchFields};
use polodesk_domain::officials::{NewOfficial, Official, OfficialFields};
use polodesk_domain::players::{NewPlayer, Player, PlayerFields};
use polodesk_domain::validation::ValidationErrors;

use crate::codec::{Record, Stored};
use crate::links::{LinkKind, create_by_member};
use crate::people::{nested, person_of};
use crate::reference::{Entity, create_in};
use crate::txn::WriteTx;
use crate::{Actor, Result, Store, StoreError};

/// The writes one import row may make, inside the import's transaction.
pub struct ImportBatch<'a> {
    tx: &'a WriteTx<'a>,
}

impl std::fmt::Debug for ImportBatch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ImportBatch")
    }
}

/// Creates the memberships of a new coach, player or official, each reported under its place
/// in the form (`clubs[1].clubId`).
fn create_member_links<F: LinkKind>(
    tx: &WriteTx<'_>,
    list: &str,
    rows: Vec<F>,
    mut set_member: impl FnMut(&mut F),
) -> Result<()>
where
    Stored<F>: Record,
{
    for (i, mut row) in rows.into_iter().enumerate() {
        set_member(&mut row);
        create_by_member::<F>(tx, row).map_err(|e| nested(&format!("{list}[{i}]"), e))?;
    }
    Ok(())
}

impl ImportBatch<'_> {
    /// One record by id, as this import's transaction sees it.
    pub fn get<E: Entity>(&self, id: u64) -> Result<E> {
        crate::reference::load(&self.tx.open_table(E::Record::TABLE.def())?, id)
    }

    /// A club, team or other entity with its reference checks, as `Store::create` makes it.
    pub fn create<E: Entity>(&self, fields: E::Fields) -> Result<E> {
        create_in(self.tx, fields)
    }

    /// A coach with its person (new or existing) and memberships, as `Store::create_coach`.
    pub fn create_coach(&self, new: NewCoach) -> Result<Coach> {
        let person_id = person_of(self.tx, new.profile)?;
        let coach = create_in::<Coach>(self.tx, CoachFields { person_id })?;
        create_member_links(self.tx, "clubs", new.clubs, |l| l.coach_id = coach.id)?;
        create_member_links(self.tx, "teams", new.teams, |l| l.coach_id = coach.id)?;
        Ok(coach)
    }

    /// A player with its person (new or existing) and memberships, as `Store::create_player`.
    pub fn create_player(&self, new: NewPlayer) -> Result<Player> {
        let person_id = person_of(self.tx, new.profile)?;
        let player = create_in::<Player>(
            self.tx,
            PlayerFields {
                person_id,
                ..new.fields
            },
        )?;
        create_member_links(self.tx, "clubs", new.clubs, |l| l.player_id = player.id)?;
        create_member_links(self.tx, "teams", new.teams, |l| l.player_id = player.id)?;
        Ok(player)
    }

    /// An official with its person (new or existing) and federation roles, as
    /// `Store::create_official`.
    pub fn create_official(&self, new: NewOfficial) -> Result<Official> {
        let person_id = person_of(self.tx, new.profile)?;
        let official = create_in::<Official>(
            self.tx,
            OfficialFields {
                person_id,
                ..new.fields
            },
        )?;
        create_member_links(self.tx, "federations", new.federations, |l| {
            l.official_id = official.id;
        })?;
        Ok(official)
    }

    /// A match in its competition, as `Store::create_match`.
    pub fn create_match(&self, fields: MatchFields, actor: &Actor) -> Result<Match> {
        crate::matches::create_match_in(self.tx, fields, actor)
    }
}

/// Runs every row in `tx`; the ids made, or every row's rejection under `rows[i]`.
fn run_rows<R, F>(tx: &WriteTx<'_>, rows: Vec<(usize, R)>, each: &F) -> Result<Vec<u64>>
where
    F: Fn(&ImportBatch<'_>, R) -> Result<u64>,
{
    let batch = ImportBatch { tx };
    let mut ids = Vec::with_capacity(rows.len());
    let mut errors = ValidationErrors::new();
    for (index, row) in rows {
        match each(&batch, row) {
            Ok(id) => ids.push(id),
            Err(StoreError::Invalid(inner)) => errors.nest(&format!("rows[{index}]"), inner),
            Err(other) => return Err(other),
        }
    }
    errors.finish(ids).map_err(StoreError::Invalid)
}

impl Store {
    /// Imports rows of one kind in one write transaction: `each` creates one row (numbered by
    /// its place in the file) and answers its id. A rejected row is reported under
    /// `rows[i].field` and the others still run, so the error holds every rejected row; then
    /// nothing is written. With `rehearse` (a dry run, or rows already refused by their form)
    /// every check is made and the transaction is rolled back. Answers the ids created (or that
    /// would have been).
    pub async fn import<R, F>(
        &self,
        rows: Vec<(usize, R)>,
        rehearse: bool,
        each: F,
    ) -> Result<Vec<u64>>
    where
        R: Send + 'static,
        F: Fn(&ImportBatch<'_>, R) -> Result<u64> + Send + 'static,
    {
        if rehearse {
            self.writer
                .rehearse(move |tx| run_rows(tx, rows, &each))
                .await
        } else {
            self.write(move |tx| run_rows(tx, rows, &each)).await
        }
    }
}
