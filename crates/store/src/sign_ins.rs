//! The secrets of signing in: issuer sessions, refresh-token families (a user's sign-ins, one
//! per device), personal API tokens and one-time set-password links. Secrets are stored under a
//! hash of their value only.

use redb::ReadableTable;

use crate::codec::{self, Record};
use polodesk_domain::users::User;

use crate::identity::UserRecord;
use crate::reference::Entity;
use crate::tables;
use crate::tables::SecretTable;
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

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
pub(crate) fn end_sign_ins_in(tx: &WriteTx<'_>, user_id: u64) -> Result<()> {
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

pub(crate) fn put_secret<S: Secret>(tx: &WriteTx<'_>, hash: &str, secret: &S) -> Result<()> {
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
