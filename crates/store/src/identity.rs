//! Accounts: users with their email index and password hashes, and persons (for Person
//! accounts). The secrets of signing in are in `sign_ins`.

use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::users::{EMAIL_TAKEN, Identities, PERSON_HAS_USER, User, UserFields};
use polodesk_domain::validation::{ValidationErrors, fold};
use redb::ReadableTable;

use crate::account_activity::{self, Activity, ChangedBy};
use crate::codec::{self, Record, record_v1};
use crate::reference::{Entity, RecordWrite, must_exist, sealed};
use crate::sign_ins::{
    ApiToken, Secret, SetPasswordLink, end_sign_ins_in, forget_sign_ins, put_secret,
};
use crate::tables;
use crate::tables::RecordTable;
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

#[derive(Debug, bincode::Encode, bincode::Decode, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserRecord {
    email: String,
    phone_number: Option<String>,
    type_id: u16,
    pub(crate) federation_id: Option<u64>,
    pub(crate) club_id: Option<u64>,
    pub(crate) person_id: Option<u64>,
    email_confirmed: bool,
    /// argon2id PHC string; `None` until the user sets a password.
    pub(crate) password_hash: Option<String>,
}

record_v1!(UserRecord, "User", USERS);

impl From<UserFields> for UserRecord {
    fn from(f: UserFields) -> Self {
        Self {
            email: f.email,
            phone_number: f.phone_number,
            type_id: f.type_id.id(),
            federation_id: f.federation_id,
            club_id: f.club_id,
            person_id: f.person_id,
            email_confirmed: false,
            password_hash: None,
        }
    }
}

const ADMIN: u16 = UserType::Admin.id();

/// The message when the only administrator would lose that role.
pub const LAST_ADMIN: &str = "The last administrator cannot be removed.";

/// Refuses a change that leaves no administrator but `leaving`; checked inside the write, so
/// two administrators removing each other at once cannot both succeed.
fn keep_an_admin(tx: &WriteTx<'_>, leaving: u64) -> Result<()> {
    let users = codec::all::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?)?;
    if users
        .iter()
        .any(|(id, user)| *id != leaving && user.type_id == ADMIN)
    {
        Ok(())
    } else {
        Err(StoreError::Conflict(LAST_ADMIN.into()))
    }
}

fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

impl sealed::Sealed for User {}
impl Entity for User {
    type Record = UserRecord;
    type Fields = UserFields;

    fn from_record(id: u64, r: UserRecord) -> Self {
        User {
            id,
            user_name: r.email.clone(),
            email: r.email,
            phone_number: r.phone_number,
            type_id: UserType::try_from(r.type_id).unwrap_or(UserType::Person),
            federation_id: r.federation_id,
            club_id: r.club_id,
            person_id: r.person_id,
            email_confirmed: r.email_confirmed,
        }
    }

    fn sort_key(&self) -> (String, String) {
        (email_key(&self.email), String::new())
    }

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, UserRecord>) -> Result<()> {
        let RecordWrite { id, old, new } = write;
        if let Some(person_id) = new.person_id {
            must_exist(
                tx,
                PersonRecord::TABLE.def(),
                Some(person_id),
                "personId",
                "person",
            )?;
            let users = codec::all::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?)?;
            if users
                .iter()
                .any(|(other, user)| *other != id && user.person_id == Some(person_id))
            {
                return Err(StoreError::Invalid(ValidationErrors::single(
                    "personId",
                    PERSON_HAS_USER,
                )));
            }
        }
        must_exist(
            tx,
            tables::FEDERATIONS,
            new.federation_id,
            "federationId",
            "federation",
        )?;
        must_exist(tx, tables::CLUBS, new.club_id, "clubId", "club")?;
        let mut by_email = tx.open_table(tables::USERS_BY_EMAIL)?;
        let key = email_key(&new.email);
        let holder = by_email.get(key.as_str())?.map(|v| v.value());
        if holder.is_some_and(|holder| holder != id) {
            return Err(StoreError::Invalid(ValidationErrors::single(
                "email",
                EMAIL_TAKEN,
            )));
        }
        if old.is_some_and(|old| old.type_id == ADMIN) && new.type_id != ADMIN {
            keep_an_admin(tx, id)?;
        }
        if let Some(old) = old {
            // What the form does not carry survives an update.
            new.email_confirmed = old.email_confirmed;
            new.password_hash.clone_from(&old.password_hash);
            by_email.remove(email_key(&old.email).as_str())?;
        }
        by_email.insert(key.as_str(), id)?;
        Ok(())
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, old: &UserRecord) -> Result<()> {
        if old.type_id == ADMIN {
            keep_an_admin(tx, id)?;
        }
        tx.open_table(tables::USERS_BY_EMAIL)?
            .remove(email_key(&old.email).as_str())?;
        tx.open_table(tables::SIGN_IN_GENERATIONS)?.remove(id)?;
        forget_sign_ins(tx, id)?;
        crate::two_step::forget_two_step(tx, id)?;
        crate::account_activity::forget(tx, id)?;
        let token = tx
            .open_table(tables::API_TOKEN_BY_USER)?
            .remove(id)?
            .map(|v| v.value().to_owned());
        if let Some(token) = token {
            tx.open_table(ApiToken::TABLE.def())?
                .remove(token.as_str())?;
        }
        Ok(())
    }
}

/// A person as the first release stored it: name, surname and birth date only.
#[derive(Debug, bincode::Encode, bincode::Decode)]
pub struct PersonRecordV1 {
    name: String,
    surname: String,
    birth_date: (u16, u8, u8),
    coach_id: Option<u64>,
    official_id: Option<u64>,
    player_id: Option<u64>,
}

record_v1!(PersonRecordV1, "Person", PERSONS);

/// A person with every field of spec 01 §3 (version 2).
#[derive(Debug, bincode::Encode, bincode::Decode, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersonRecord {
    #[bincode(with_serde)]
    fields: PersonFields,
    pub(crate) coach_id: Option<u64>,
    pub(crate) official_id: Option<u64>,
    pub(crate) player_id: Option<u64>,
}

impl Record for PersonRecord {
    const ENTITY: &'static str = "Person";
    const TABLE: RecordTable = RecordTable::of(tables::PERSONS);
    const VERSION: u16 = 2;

    fn migrate(version: u16, bytes: &[u8]) -> Result<Self> {
        match version {
            1 => {
                let old: PersonRecordV1 = codec::decode_body(bytes)?;
                let (year, month, day) = old.birth_date;
                let birth_date = Date::new(year, month, day).ok_or_else(|| {
                    StoreError::Backend(format!("a stored person has no valid birth date: {old:?}"))
                })?;
                Ok(PersonRecord {
                    fields: PersonFields::new(&old.name, &old.surname, birth_date),
                    coach_id: old.coach_id,
                    official_id: old.official_id,
                    player_id: old.player_id,
                })
            }
            _ => Err(StoreError::UnknownVersion {
                entity: Self::ENTITY,
                version,
            }),
        }
    }
}

impl PersonRecord {
    pub(crate) fn fields(&self) -> &PersonFields {
        &self.fields
    }

    /// The coach, official and player ids the person holds.
    pub(crate) fn identities(&self) -> [Option<u64>; 3] {
        [self.coach_id, self.official_id, self.player_id]
    }

    /// Frees the person of its identities (a restore has them claimed again).
    pub(crate) fn clear_identities(&mut self) {
        self.coach_id = None;
        self.official_id = None;
        self.player_id = None;
    }
}

impl From<PersonFields> for PersonRecord {
    fn from(fields: PersonFields) -> Self {
        Self {
            fields,
            coach_id: None,
            official_id: None,
            player_id: None,
        }
    }
}

impl sealed::Sealed for Person {}
impl Entity for Person {
    type Record = PersonRecord;
    type Fields = PersonFields;

    fn from_record(id: u64, r: PersonRecord) -> Self {
        Person {
            id,
            fields: r.fields,
            identities: Identities {
                coach_id: r.coach_id,
                official_id: r.official_id,
                player_id: r.player_id,
            },
        }
    }

    fn sort_key(&self) -> (String, String) {
        (fold(&self.fields.surname), fold(&self.fields.name))
    }

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, PersonRecord>) -> Result<()> {
        let RecordWrite { id, old, new } = write;
        if let Some(country_id) = new.fields.country_of_birth_id {
            crate::reference::check_place(tx, country_id, new.fields.city_of_birth_id)?;
        }
        if let Some(old) = old {
            new.coach_id = old.coach_id;
            new.official_id = old.official_id;
            new.player_id = old.player_id;
        }
        crate::name_index::reindex_person(tx, id, old, new)
    }

    /// A person's coach, official and player identities and account go with it (spec 01 §8).
    fn on_delete(tx: &WriteTx<'_>, id: u64, old: &PersonRecord) -> Result<()> {
        crate::name_index::unindex_person(tx, id, old)?;
        crate::people::delete_identities(tx, old)?;
        crate::reference::delete_where::<User>(tx, |user| user.person_id == Some(id))
    }
}

fn create_user_in(
    tx: &WriteTx<'_>,
    fields: UserFields,
    password_hash: Option<String>,
    link: Option<(String, SetPasswordLink)>,
) -> Result<User> {
    let mut record = UserRecord::from(fields);
    record.password_hash = password_hash;
    record.email_confirmed = record.password_hash.is_some();
    let id = codec::next_id::<UserRecord>(tx)?;
    let new = &mut record;
    User::on_write(tx, RecordWrite { id, old: None, new })?;
    codec::put(tx, id, &record)?;
    if let Some((hash, mut link)) = link {
        link.user_id = id;
        put_secret(tx, &hash, &link)?;
    }
    Ok(User::from_record(id, record))
}

impl crate::Batch<'_> {
    /// Creates a user with a password hash inside a batch.
    pub fn create_user(&self, fields: UserFields, password_hash: Option<String>) -> Result<User> {
        create_user_in(self.tx, fields, password_hash, None)
    }
}

impl Store {
    pub fn user_by_email(&self, email: &str) -> Result<Option<User>> {
        let tx = self.read()?;
        let Some(id) = tx
            .open_table(tables::USERS_BY_EMAIL)?
            .get(email_key(email).as_str())?
        else {
            return Ok(None);
        };
        let id = id.value();
        let record = codec::get::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?, id)?;
        Ok(Some(User::from_record(id, record)))
    }

    pub fn password_hash(&self, user_id: u64) -> Result<Option<String>> {
        let tx = self.read()?;
        Ok(
            codec::get::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?, user_id)?
                .password_hash,
        )
    }

    /// Stores a new password hash and ends the user's sign-ins (`end_sign_ins`) in the same
    /// write; a set-password link, if given, is used up in it too. The user's activity notes
    /// the change, made `by` whom `at` that time.
    pub async fn set_password_hash(
        &self,
        user_id: u64,
        hash: String,
        link: Option<String>,
        (by, at): (ChangedBy, u64),
    ) -> Result<()> {
        self.write(move |tx| {
            let mut record: UserRecord =
                codec::get(&tx.open_table(UserRecord::TABLE.def())?, user_id)?;
            record.password_hash = Some(hash);
            record.email_confirmed = true;
            codec::put(tx, user_id, &record)?;
            end_sign_ins_in(tx, user_id)?;
            // Spending the link inside the write: of two uses at once, one finds it gone.
            if let Some(link) = link
                && tx
                    .open_table(SetPasswordLink::TABLE.def())?
                    .remove(link.as_str())?
                    .is_none()
            {
                return Err(StoreError::Conflict("The link was already used.".into()));
            }
            account_activity::note(tx, user_id, at, Activity::PasswordChanged(by))
        })
        .await
    }

    /// Creates a user and its one-time set-password link together.
    pub async fn create_user(
        &self,
        fields: UserFields,
        password_hash: Option<String>,
        link: Option<(String, SetPasswordLink)>,
    ) -> Result<User> {
        self.write(move |tx| create_user_in(tx, fields, password_hash, link))
            .await
    }

    /// Persons whose name and surname contain every word of `input`, ignoring case and accents.
    pub fn search_persons(&self, input: &str, limit: usize) -> Result<Vec<Person>> {
        let words: Vec<String> = fold(input).split_whitespace().map(str::to_owned).collect();
        let ids = self.by_words(crate::Holder::Person, &words, limit)?;
        self.get_many(&ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    /// Persons written by the first release (version 1) read as version 2.
    #[tokio::test]
    async fn a_version_1_person_is_read_through_its_migration() {
        let store = Store::in_memory().unwrap();
        let id = store
            .write(|tx| {
                let id = codec::next_id::<PersonRecordV1>(tx)?;
                let old = PersonRecordV1 {
                    name: "Dejan".into(),
                    surname: "Savić".into(),
                    birth_date: (1971, 9, 6),
                    coach_id: Some(4),
                    official_id: None,
                    player_id: None,
                };
                codec::put(tx, id, &old)?;
                // What opening a store of that release does (schema step 1 → 2).
                crate::name_index::rebuild(tx)?;
                Ok(id)
            })
            .await
            .unwrap();
        let person = store.get::<Person>(id).unwrap();
        assert_eq!(person.full_name(), "Dejan Savić");
        assert_eq!(person.fields.birth_date, Date::new(1971, 9, 6).unwrap());
        assert_eq!(person.fields.email, None);
        assert_eq!(person.identities.coach_id, Some(4));
        assert_eq!(store.search_persons("savic", 5).unwrap()[0].id, id);
    }
}
