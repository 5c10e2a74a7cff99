//! Accounts and the secrets of signing in: users with their email index and password hashes,
//! persons (for Person accounts), issuer sessions, refresh-token families, personal API tokens
//! and one-time set-password links. Secrets are stored under a hash of their value only.

use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::users::{EMAIL_TAKEN, Identities, PERSON_HAS_USER, User, UserFields};
use polodesk_domain::validation::{ValidationErrors, fold};
use redb::ReadableTable;

use crate::codec::{self, Record, record_v1};
use crate::reference::{Entity, RecordWrite, must_exist, sealed};
use crate::tables;
use crate::tables::RecordTable;
use crate::tables::SecretTable;
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

/// A signed-in browser at the issuer (its cookie), until `expires_at` (Unix seconds).
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct Session {
    pub user_id: u64,
    pub expires_at: u64,
}

/// A refresh token. Each use spends it and issues the next one of the same family; a spent
/// token used again revokes the whole family (a stolen token is then useless).
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct RefreshToken {
    pub user_id: u64,
    pub client_id: String,
    pub scope: String,
    /// When the user signed in; every ID token of the family repeats it (OIDC clients check).
    pub auth_time: u64,
    pub family: u64,
    pub expires_at: u64,
    pub spent: bool,
}

/// A personal API token for scripts; one per user, replaced when a new one is issued, and
/// good for `API_TOKEN_SECONDS` after it was.
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct ApiToken {
    pub user_id: u64,
    pub created_at: u64,
}

/// How long a personal API token works: a year, so a forgotten one does not work for ever.
pub const API_TOKEN_SECONDS: u64 = 365 * 24 * 3600;

/// A one-time link that lets a new user choose a password.
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct SetPasswordLink {
    pub user_id: u64,
    pub expires_at: u64,
}

/// How a refresh token fared when presented.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// Valid: it is now spent and the new one stored; here is what it granted.
    Rotated(RefreshToken),
    /// Unknown, expired or of a revoked family.
    Refused,
    /// Already spent: its family is now revoked.
    Reused,
}

/// A kind of secret and its table.
pub trait Secret: bincode::Encode + bincode::Decode<()> + Send + 'static {
    #[doc(hidden)]
    const TABLE: SecretTable;
    /// When it stops being valid (Unix seconds); `None` for secrets revoked only by hand.
    fn expires_at(&self) -> Option<u64>;
}

impl Secret for Session {
    const TABLE: SecretTable = SecretTable::of(tables::SESSIONS);
    fn expires_at(&self) -> Option<u64> {
        Some(self.expires_at)
    }
}
impl Secret for RefreshToken {
    const TABLE: SecretTable = SecretTable::of(tables::REFRESH_TOKENS);
    fn expires_at(&self) -> Option<u64> {
        Some(self.expires_at)
    }
}
impl Secret for ApiToken {
    const TABLE: SecretTable = SecretTable::of(tables::API_TOKENS);
    fn expires_at(&self) -> Option<u64> {
        Some(self.created_at + API_TOKEN_SECONDS)
    }
}
impl Secret for SetPasswordLink {
    const TABLE: SecretTable = SecretTable::of(tables::SET_PASSWORD_LINKS);
    fn expires_at(&self) -> Option<u64> {
        Some(self.expires_at)
    }
}

/// Removes the secrets of one kind that expired by `now`; returns how many.
fn sweep<S: Secret>(tx: &WriteTx<'_>, now: u64) -> Result<usize> {
    let removed =
        remove_secrets_where::<S>(tx, |secret| secret.expires_at().is_some_and(|at| at <= now))?;
    Ok(removed.len())
}

/// Removes the secrets of one kind that `matches`; answers them.
fn remove_secrets_where<S: Secret>(
    tx: &WriteTx<'_>,
    matches: impl Fn(&S) -> bool,
) -> Result<Vec<S>> {
    let mut table = tx.open_table(S::TABLE.def())?;
    let mut found = Vec::new();
    for entry in table.iter()? {
        let (hash, bytes) = entry?;
        let secret: S = bincode::decode_from_slice(bytes.value(), CONFIG)?.0;
        if matches(&secret) {
            found.push((hash.value().to_owned(), secret));
        }
    }
    for (hash, _) in &found {
        table.remove(hash.as_str())?;
    }
    Ok(found.into_iter().map(|(_, secret)| secret).collect())
}

/// Removes a user's sessions and refresh tokens, revokes their families (so an access token
/// issued from one after the new generation was read is refused too) and starts the user's
/// next sign-in generation.
fn end_sign_ins_in(tx: &WriteTx<'_>, user_id: u64) -> Result<()> {
    remove_secrets_where::<Session>(tx, |s| s.user_id == user_id)?;
    let tokens = remove_secrets_where::<RefreshToken>(tx, |t| t.user_id == user_id)?;
    for token in tokens {
        revoke_family(tx, token.family)?;
    }
    let mut generations = tx.open_table(tables::SIGN_IN_GENERATIONS)?;
    let next = generations.get(user_id)?.map_or(0, |g| g.value()) + 1;
    generations.insert(user_id, next)?;
    Ok(())
}

const CONFIG: bincode::config::Configuration = bincode::config::standard();

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

/// The secret stored under `hash`, read in a write.
fn secret_in<S: Secret>(tx: &WriteTx<'_>, hash: &str) -> Result<Option<S>> {
    decoded(&tx.open_table(S::TABLE.def())?, hash)
}

/// The secret stored under `hash` in its table, read or written.
fn decoded<S: Secret>(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    hash: &str,
) -> Result<Option<S>> {
    match table.get(hash)? {
        Some(bytes) => Ok(Some(bincode::decode_from_slice(bytes.value(), CONFIG)?.0)),
        None => Ok(None),
    }
}

fn put_secret<S: Secret>(tx: &WriteTx<'_>, hash: &str, secret: &S) -> Result<()> {
    let bytes = bincode::encode_to_vec(secret, CONFIG)?;
    tx.open_table(S::TABLE.def())?
        .insert(hash, bytes.as_slice())?;
    Ok(())
}

fn revoke_family(tx: &WriteTx<'_>, family: u64) -> Result<()> {
    tx.open_table(tables::REVOKED_FAMILIES)?
        .insert(family, ())?;
    Ok(())
}

fn family_revoked(tx: &WriteTx<'_>, family: u64) -> Result<bool> {
    Ok(tx
        .open_table(tables::REVOKED_FAMILIES)?
        .get(family)?
        .is_some())
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
    /// write; a set-password link, if given, is used up in it too.
    pub async fn set_password_hash(
        &self,
        user_id: u64,
        hash: String,
        link: Option<String>,
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
            Ok(())
        })
        .await
    }

    /// Ends every sign-in of a user: its browser sessions at the issuer and its refresh
    /// tokens are removed, and its access tokens issued so far are refused from then on.
    /// Its personal API token is not a sign-in and stays.
    pub async fn end_sign_ins(&self, user_id: u64) -> Result<()> {
        self.write(move |tx| {
            // A user that is gone has nothing to end (404).
            codec::get::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?, user_id)?;
            end_sign_ins_in(tx, user_id)
        })
        .await
    }

    /// The sign-in generation new access tokens of a user are issued under.
    pub fn sign_in_generation(&self, user_id: u64) -> Result<u64> {
        let tx = self.read()?;
        let table = tx.open_table(tables::SIGN_IN_GENERATIONS)?;
        Ok(table.get(user_id)?.map_or(0, |g| g.value()))
    }

    /// The user an access token of sign-in `generation` and refresh-token `family` names,
    /// unless the user was deleted, its sign-ins were ended since the token was issued, or its
    /// family was revoked (a sign-out, or a spent refresh token presented again).
    pub fn signed_in_user(
        &self,
        user_id: u64,
        generation: u64,
        family: Option<u64>,
    ) -> Result<Option<User>> {
        let tx = self.read()?;
        let current = tx.open_table(tables::SIGN_IN_GENERATIONS)?.get(user_id)?;
        if current.is_some_and(|g| generation < g.value()) {
            return Ok(None);
        }
        if let Some(family) = family
            && tx
                .open_table(tables::REVOKED_FAMILIES)?
                .get(family)?
                .is_some()
        {
            return Ok(None);
        }
        let table = tx.open_table(UserRecord::TABLE.def())?;
        match codec::get::<UserRecord>(&table, user_id) {
            Ok(record) => Ok(Some(User::from_record(user_id, record))),
            Err(StoreError::NotFound { .. }) => Ok(None),
            Err(error) => Err(error),
        }
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

    /// Removes expired sessions, refresh tokens and set-password links; returns how many.
    pub async fn sweep_expired(&self, now: u64) -> Result<usize> {
        self.write(move |tx| {
            Ok(sweep::<Session>(tx, now)?
                + sweep::<RefreshToken>(tx, now)?
                + sweep::<SetPasswordLink>(tx, now)?)
        })
        .await
    }

    pub async fn put_secret<S: Secret>(&self, hash: String, secret: S) -> Result<()> {
        self.write(move |tx| put_secret(tx, &hash, &secret)).await
    }

    pub fn secret<S: Secret>(&self, hash: &str) -> Result<Option<S>> {
        decoded(&self.read()?.open_table(S::TABLE.def())?, hash)
    }

    pub async fn delete_secret<S: Secret>(&self, hash: String) -> Result<()> {
        self.write(move |tx| {
            tx.open_table(S::TABLE.def())?.remove(hash.as_str())?;
            Ok(())
        })
        .await
    }

    /// Replaces a user's API token: the old one stops working in the same write.
    pub async fn replace_api_token(&self, hash: String, token: ApiToken) -> Result<()> {
        self.write(move |tx| {
            let mut by_user = tx.open_table(tables::API_TOKEN_BY_USER)?;
            let previous = by_user
                .insert(token.user_id, hash.as_str())?
                .map(|v| v.value().to_owned());
            drop(by_user);
            if let Some(previous) = previous {
                tx.open_table(ApiToken::TABLE.def())?
                    .remove(previous.as_str())?;
            }
            put_secret(tx, &hash, &token)
        })
        .await
    }

    /// Starts a new refresh-token family for a sign-in of the user's `generation`; answers
    /// its number, or `None` when the user's sign-ins were ended since (nothing is stored).
    pub async fn issue_refresh_token(
        &self,
        hash: String,
        mut token: RefreshToken,
        generation: u64,
    ) -> Result<Option<u64>> {
        self.write(move |tx| {
            let generations = tx.open_table(tables::SIGN_IN_GENERATIONS)?;
            if generations
                .get(token.user_id)?
                .is_some_and(|current| generation < current.value())
            {
                return Ok(None);
            }
            drop(generations);
            token.family = codec::next_family(tx)?;
            put_secret(tx, &hash, &token)?;
            Ok(Some(token.family))
        })
        .await
    }

    /// Revokes the family of the refresh token `hash` when it is `client_id`'s (a sign-out,
    /// RFC 7009); says whether there was such a token.
    pub async fn revoke_refresh_family(&self, hash: String, client_id: String) -> Result<bool> {
        self.write(move |tx| {
            let found = secret_in::<RefreshToken>(tx, &hash)?;
            let Some(token) = found.filter(|token| token.client_id == client_id) else {
                return Ok(false);
            };
            revoke_family(tx, token.family)?;
            tx.open_table(RefreshToken::TABLE.def())?
                .remove(hash.as_str())?;
            Ok(true)
        })
        .await
    }

    /// Spends the token `old` (if valid and `client_id`'s) and stores `new` in its family,
    /// atomically.
    pub async fn rotate_refresh_token(
        &self,
        old: String,
        new: String,
        client_id: String,
        now: u64,
    ) -> Result<Rotation> {
        self.write(move |tx| {
            let found = secret_in::<RefreshToken>(tx, &old)?;
            let Some(mut token) = found else {
                return Ok(Rotation::Refused);
            };
            // Another client's token is refused without being spent, so it cannot be burnt.
            if family_revoked(tx, token.family)?
                || token.expires_at <= now
                || token.client_id != client_id
            {
                return Ok(Rotation::Refused);
            }
            if token.spent {
                revoke_family(tx, token.family)?;
                return Ok(Rotation::Reused);
            }
            token.spent = true;
            put_secret(tx, &old, &token)?;
            let next = RefreshToken {
                spent: false,
                ..token.clone()
            };
            put_secret(tx, &new, &next)?;
            Ok(Rotation::Rotated(token))
        })
        .await
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
