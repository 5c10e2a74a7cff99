//! Coaches, players and officials: identities a person holds, at most one of each. Creating one
//! claims the person (or creates it) and makes its memberships in the same transaction;
//! deleting one frees the person and deletes its memberships.

use polodesk_domain::coaches::{ALREADY_A_COACH, Coach, CoachFields, NewCoach};
use polodesk_domain::memberships::Link;
use polodesk_domain::officials::{ALREADY_AN_OFFICIAL, NewOfficial, Official, OfficialFields};
use polodesk_domain::persons::{Person, Profile};
use polodesk_domain::players::{ALREADY_A_PLAYER, NewPlayer, Player, PlayerFields};
use polodesk_domain::validation::ValidationErrors;

use crate::codec::{self, Record, Stored, record_v1};
use crate::identity::PersonRecord;
use crate::links::{LinkKind, Owner, delete_links_of};
use crate::name_index::{Holder, index_identity};
use crate::reference::{Entity, RecordWrite, create_in, sealed};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

record_v1!(Stored<CoachFields>, "Coach", COACHES);

record_v1!(Stored<PlayerFields>, "Player", PLAYERS);

/// An official and the argon2id hash of its PIN, which never leaves the store.
#[derive(Debug, bincode::Encode, bincode::Decode, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfficialRecord {
    #[bincode(with_serde)]
    fields: OfficialFields,
    pub(crate) pin_hash: Option<String>,
}

record_v1!(OfficialRecord, "Official", OFFICIALS);

impl From<OfficialFields> for OfficialRecord {
    fn from(fields: OfficialFields) -> Self {
        Self {
            fields,
            pin_hash: None,
        }
    }
}

/// Which identity of a person.
#[derive(Debug, Clone, Copy)]
enum Identity {
    Coach,
    Player,
    Official,
}

impl Identity {
    fn holder(self) -> Holder {
        match self {
            Identity::Coach => Holder::Coach,
            Identity::Player => Holder::Player,
            Identity::Official => Holder::Official,
        }
    }

    fn slot(self, person: &mut PersonRecord) -> &mut Option<u64> {
        match self {
            Identity::Coach => &mut person.coach_id,
            Identity::Player => &mut person.player_id,
            Identity::Official => &mut person.official_id,
        }
    }

    fn taken(self) -> &'static str {
        match self {
            Identity::Coach => ALREADY_A_COACH,
            Identity::Player => ALREADY_A_PLAYER,
            Identity::Official => ALREADY_AN_OFFICIAL,
        }
    }
}

fn invalid(field: &str, message: &str) -> StoreError {
    StoreError::Invalid(ValidationErrors::single(field, message))
}

/// Records on the person that it now holds `identity` number `id`.
fn claim_person(tx: &WriteTx<'_>, person_id: u64, identity: Identity, id: u64) -> Result<()> {
    let mut person: PersonRecord =
        codec::get(&tx.open_table(PersonRecord::TABLE.def())?, person_id)
            .map_err(|_| invalid("personId", "The chosen profile does not exist."))?;
    let slot = identity.slot(&mut person);
    if slot.is_some() {
        return Err(invalid("personId", identity.taken()));
    }
    *slot = Some(id);
    index_identity(tx, &person, (identity.holder(), id), true)?;
    codec::put(tx, person_id, &person)
}

/// Frees the person of a deleted identity; a person deleted first has nothing to free.
fn release_person(tx: &WriteTx<'_>, person_id: u64, identity: Identity) -> Result<()> {
    let person = codec::get::<PersonRecord>(&tx.open_table(PersonRecord::TABLE.def())?, person_id);
    if let Ok(mut person) = person {
        if let Some(id) = identity.slot(&mut person).take() {
            index_identity(tx, &person, (identity.holder(), id), false)?;
        }
        codec::put(tx, person_id, &person)?;
    }
    Ok(())
}

/// Coaches and players are stored alike: their fields, of which the person never changes.
macro_rules! identity_entity {
    ($entity:ident, $fields:ident, $identity:expr, $owner:expr, $matches:expr) => {
        impl sealed::Sealed for $entity {}
        impl Entity for $entity {
            crate::reference::stored_fields!($entity, $fields);

            /// By id; callers sort by the person's name, which the record does not hold.
            fn sort_key(&self) -> (String, String) {
                (format!("{:020}", self.id), String::new())
            }

            fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, Self::Record>) -> Result<()> {
                let RecordWrite { id, old, new } = write;
                match old {
                    Some(old) => new.0.person_id = old.0.person_id,
                    None => claim_person(tx, new.0.person_id, $identity, id)?,
                }
                Ok(())
            }

            fn on_delete(tx: &WriteTx<'_>, id: u64, old: &Self::Record) -> Result<()> {
                crate::matches::refuse_if_in_matches(tx, $matches(id))?;
                release_person(tx, old.0.person_id, $identity)?;
                delete_links_of(tx, $owner(id))
            }
        }
    };
}

identity_entity!(
    Coach,
    CoachFields,
    Identity::Coach,
    Owner::Coach,
    crate::MatchesOf::Coach
);
identity_entity!(
    Player,
    PlayerFields,
    Identity::Player,
    Owner::Player,
    crate::MatchesOf::Player
);

impl sealed::Sealed for Official {}
impl Entity for Official {
    type Record = OfficialRecord;
    type Fields = OfficialFields;

    fn from_record(id: u64, record: OfficialRecord) -> Self {
        Official {
            id,
            has_pin: record.pin_hash.is_some(),
            fields: record.fields,
        }
    }

    /// By id; callers sort by the person's name, which the record does not hold.
    fn sort_key(&self) -> (String, String) {
        (format!("{:020}", self.id), String::new())
    }

    /// The person never changes and the PIN is set by its own call.
    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, OfficialRecord>) -> Result<()> {
        let RecordWrite { id, old, new } = write;
        match old {
            Some(old) => {
                new.fields.person_id = old.fields.person_id;
                new.pin_hash.clone_from(&old.pin_hash);
            }
            None => claim_person(tx, new.fields.person_id, Identity::Official, id)?,
        }
        Ok(())
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, old: &OfficialRecord) -> Result<()> {
        crate::matches::refuse_if_in_matches(tx, crate::MatchesOf::Official(id))?;
        release_person(tx, old.fields.person_id, Identity::Official)?;
        delete_links_of(tx, Owner::Official(id))
    }
}

/// Deletes the identities of a person being deleted, with their memberships.
pub(crate) fn delete_identities(tx: &WriteTx<'_>, person: &PersonRecord) -> Result<()> {
    if let Some(id) = person.coach_id {
        let old: Stored<CoachFields> = codec::remove(tx, id)?;
        Coach::on_delete(tx, id, &old)?;
    }
    if let Some(id) = person.player_id {
        let old: Stored<PlayerFields> = codec::remove(tx, id)?;
        Player::on_delete(tx, id, &old)?;
    }
    if let Some(id) = person.official_id {
        let old: OfficialRecord = codec::remove(tx, id)?;
        Official::on_delete(tx, id, &old)?;
    }
    Ok(())
}

/// The person a new identity belongs to: the chosen one, or one created now.
pub(crate) fn person_of(tx: &WriteTx<'_>, profile: Profile) -> Result<u64> {
    match profile {
        Profile::Existing(id) => Ok(id),
        Profile::New(fields) => create_in::<Person>(tx, *fields)
            .map(|person| person.id)
            .map_err(|e| nested("person", e)),
    }
}

/// Reports a rejected part of a form under its name there (`person.cityOfBirthId`,
/// `clubs[1].clubId`).
pub(crate) fn nested(prefix: &str, error: StoreError) -> StoreError {
    match error {
        StoreError::Invalid(inner) => {
            let mut errors = ValidationErrors::new();
            errors.nest(prefix, inner);
            StoreError::Invalid(errors)
        }
        other => other,
    }
}

/// Creates the memberships of a new identity, each pointing at `owner_id`.
fn create_links<F: LinkKind>(
    tx: &WriteTx<'_>,
    list: &str,
    rows: Vec<F>,
    mut set_owner: impl FnMut(&mut F),
) -> Result<()>
where
    Stored<F>: Record,
{
    for (i, mut row) in rows.into_iter().enumerate() {
        set_owner(&mut row);
        create_in::<Link<F>>(tx, row).map_err(|e| nested(&format!("{list}[{i}]"), e))?;
    }
    Ok(())
}

impl Store {
    /// Creates a coach with its person (new or existing) and memberships, all or nothing.
    pub async fn create_coach(&self, new: NewCoach) -> Result<Coach> {
        self.write(move |tx| {
            let person_id = person_of(tx, new.profile)?;
            let coach = create_in::<Coach>(tx, CoachFields { person_id })?;
            create_links(tx, "clubs", new.clubs, |l| l.coach_id = coach.id)?;
            create_links(tx, "teams", new.teams, |l| l.coach_id = coach.id)?;
            Ok(coach)
        })
        .await
    }

    /// Creates a player with its person (new or existing) and memberships, all or nothing.
    pub async fn create_player(&self, new: NewPlayer) -> Result<Player> {
        self.write(move |tx| {
            let person_id = person_of(tx, new.profile)?;
            let player = create_in::<Player>(
                tx,
                PlayerFields {
                    person_id,
                    ..new.fields
                },
            )?;
            create_links(tx, "clubs", new.clubs, |l| l.player_id = player.id)?;
            create_links(tx, "teams", new.teams, |l| l.player_id = player.id)?;
            Ok(player)
        })
        .await
    }

    /// Creates an official with its person (new or existing) and federation roles, all or
    /// nothing.
    pub async fn create_official(&self, new: NewOfficial) -> Result<Official> {
        self.write(move |tx| {
            let person_id = person_of(tx, new.profile)?;
            let official = create_in::<Official>(
                tx,
                OfficialFields {
                    person_id,
                    ..new.fields
                },
            )?;
            create_links(tx, "federations", new.federations, |l| {
                l.official_id = official.id;
            })?;
            Ok(official)
        })
        .await
    }

    /// Replaces an official's PIN hash; the wrong PINs counted against the old one (and a
    /// lock) are cleared.
    pub async fn set_official_pin(&self, id: u64, pin_hash: String) -> Result<()> {
        self.write(move |tx| {
            let mut record: OfficialRecord =
                codec::get(&tx.open_table(OfficialRecord::TABLE.def())?, id)?;
            record.pin_hash = Some(pin_hash);
            codec::put(tx, id, &record)?;
            tx.open_table(crate::tables::PIN_GUARDS)?.remove(id)?;
            Ok(())
        })
        .await
    }

    /// The hash of an official's PIN, if one was set.
    pub fn official_pin_hash(&self, id: u64) -> Result<Option<String>> {
        let tx = self.read()?;
        let record: OfficialRecord = codec::get(&tx.open_table(OfficialRecord::TABLE.def())?, id)?;
        Ok(record.pin_hash)
    }
}

impl crate::Batch<'_> {
    /// Sets an official's PIN hash inside a batch (the demo data).
    pub fn set_official_pin(&self, id: u64, pin_hash: String) -> Result<()> {
        let mut record: OfficialRecord =
            codec::get(&self.tx.open_table(OfficialRecord::TABLE.def())?, id)?;
        record.pin_hash = Some(pin_hash);
        codec::put(self.tx, id, &record)
    }
}
