//! The secrets of signing in: issuer sessions, refresh-token families (a user's sign-ins, one
//! per device), personal API tokens and one-time set-password links. Secrets are stored under a
//! hash of their value only.

use polodesk_domain::users::User;
use redb::ReadableTable;

use crate::account_activity::{self, Activity, ChangedBy};
use crate::codec::{self, Record};
use crate::identity::UserRecord;
use crate::reference::Entity;
use crate::tables;
use crate::tables::SecretTable;
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

/// How long an issuer session works from its sign-in, used or not.
pub const SESSION_SECONDS: u64 = 14 * 24 * 3600;

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

/// How long an access token works. A revoked family is remembered this long past the end of its
/// refresh tokens, so no access token of it outlives the memory.
pub const ACCESS_TOKEN_SECONDS: u64 = 15 * 60;

/// How long a refresh-token family works from its sign-in: its tokens rotate, their end stays.
pub const REFRESH_TOKEN_SECONDS: u64 = 30 * 24 * 3600;

/// A sign-in unused this long ends, and so does an issuer session: the password is asked for
/// again. An open web app renews its tokens every 15 minutes and counts as use, so a match day
/// with the app open never meets it; a device left closed overnight does.
pub const IDLE_SECONDS: u64 = 12 * 3600;

/// One sign-in of a user on a device: a refresh-token family, what started it and when it was
/// last used. The user sees it on the Account page and can end it there.
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct DeviceSignIn {
    pub client_id: String,
    pub started_at: u64,
    pub last_used_at: u64,
    /// When its refresh tokens stop working (Unix seconds).
    pub expires_at: u64,
    /// How the client last named itself (its User-Agent), at most `USER_AGENT_BYTES` long.
    pub user_agent: String,
    pub address: Option<String>,
    /// The digest of the issuer session (a browser's cookie) it was started from. Ending the
    /// sign-in ends that session too, so the browser cannot silently sign in again.
    pub session: Option<String>,
}

/// A User-Agent is kept only as long as naming a device needs.
pub const USER_AGENT_BYTES: usize = 256;

/// A client presenting its refresh token: when, and as what.
#[derive(Debug, Clone)]
pub struct Seen {
    pub at: u64,
    pub user_agent: String,
    pub address: Option<String>,
}

/// Whether something last used at `used` has idled out by `now`.
fn idle(used: u64, now: u64) -> bool {
    now >= used + IDLE_SECONDS
}

impl DeviceSignIn {
    /// Whether it still works at `now`: not expired, not idle.
    fn works(&self, now: u64) -> bool {
        self.expires_at > now && !idle(self.last_used_at, now)
    }

    fn seen(&mut self, seen: Seen) {
        self.last_used_at = seen.at;
        self.user_agent = clipped(seen.user_agent);
        self.address = seen.address;
    }
}

/// `text` cut to at most `USER_AGENT_BYTES`, at a character boundary.
fn clipped(mut text: String) -> String {
    if text.len() > USER_AGENT_BYTES {
        let end = (0..=USER_AGENT_BYTES)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        text.truncate(end);
    }
    text
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

/// A one-time link that lets a user choose a password: a new one, or one who forgot theirs.
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
    /// Its sign-in was unused for `IDLE_SECONDS`: it has now ended.
    Idle,
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

/// Removes the issuer sessions unused for `IDLE_SECONDS`, and the uses of sessions that are
/// gone; returns how many sessions.
fn sweep_idle_sessions(tx: &WriteTx<'_>, now: u64) -> Result<usize> {
    let mut sessions = tx.open_table(Session::TABLE.def())?;
    let mut uses = tx.open_table(tables::SESSION_USES)?;
    let mut unused = Vec::new();
    for entry in sessions.iter()? {
        let (hash, bytes) = entry?;
        let session: Session = bincode::decode_from_slice(bytes.value(), CONFIG)?.0;
        if idle(session_used(&uses, hash.value(), &session)?, now) {
            unused.push(hash.value().to_owned());
        }
    }
    for hash in &unused {
        sessions.remove(hash.as_str())?;
    }
    let mut orphans = Vec::new();
    for entry in uses.iter()? {
        let hash = entry?.0.value().to_owned();
        if sessions.get(hash.as_str())?.is_none() {
            orphans.push(hash);
        }
    }
    for hash in &orphans {
        uses.remove(hash.as_str())?;
    }
    Ok(unused.len())
}

/// When an issuer session last signed its browser in; one of a release that kept no uses
/// counts from its sign-in.
fn session_used(
    uses: &impl ReadableTable<&'static str, u64>,
    hash: &str,
    session: &Session,
) -> Result<u64> {
    let used = uses.get(hash)?.map(|v| v.value());
    Ok(used.unwrap_or(session.expires_at.saturating_sub(SESSION_SECONDS)))
}

/// Forgets the sign-ins whose refresh tokens ended or that idled out, and the revoked families
/// no token of which works any more; returns how many.
fn sweep_sign_ins(tx: &WriteTx<'_>, now: u64) -> Result<usize> {
    let mut forgotten = 0;
    tx.open_table(tables::SIGN_INS)?.retain(|_, bytes| {
        let sign_in = bincode::decode_from_slice::<DeviceSignIn, _>(bytes, CONFIG);
        // One that cannot be read is kept, as any unreadable record is.
        let keep = sign_in.map_or(true, |(sign_in, _)| sign_in.works(now));
        forgotten += usize::from(!keep);
        keep
    })?;
    tx.open_table(tables::REVOKED_FAMILIES)?
        .retain(|_, until| {
            let keep = until > now;
            forgotten += usize::from(!keep);
            keep
        })?;
    Ok(forgotten)
}

/// Removes a user's sessions and refresh tokens, revokes their families (so an access token
/// issued from one after the new generation was read is refused too) and starts the user's
/// next sign-in generation.
pub(crate) fn end_sign_ins_in(tx: &WriteTx<'_>, user_id: u64) -> Result<()> {
    remove_secrets_where::<Session>(tx, |s| s.user_id == user_id)?;
    let tokens = remove_secrets_where::<RefreshToken>(tx, |t| t.user_id == user_id)?;
    for token in tokens {
        revoke_family(tx, &token)?;
    }
    forget_sign_ins(tx, user_id)?;
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

/// Revokes the family of `token` until no access token of it can work any more, and forgets
/// its sign-in.
fn revoke_family(tx: &WriteTx<'_>, token: &RefreshToken) -> Result<()> {
    revoke(tx, token.user_id, token.family, token.expires_at)
}

/// Revokes a user's `family`, whose refresh tokens end at `expires_at`, until no access token
/// of it can work any more, and forgets its sign-in.
fn revoke(tx: &WriteTx<'_>, user_id: u64, family: u64, expires_at: u64) -> Result<()> {
    tx.open_table(tables::REVOKED_FAMILIES)?
        .insert(family, expires_at + ACCESS_TOKEN_SECONDS)?;
    tx.open_table(tables::SIGN_INS)?.remove((user_id, family))?;
    Ok(())
}

/// Forgets every sign-in of a user (its families are revoked, or it is deleted).
pub(crate) fn forget_sign_ins(tx: &WriteTx<'_>, user_id: u64) -> Result<()> {
    tx.open_table(tables::SIGN_INS)?
        .retain_in((user_id, 0)..=(user_id, u64::MAX), |_, _| false)?;
    Ok(())
}

fn sign_in_in(tx: &WriteTx<'_>, user_id: u64, family: u64) -> Result<Option<DeviceSignIn>> {
    let table = tx.open_table(tables::SIGN_INS)?;
    match table.get((user_id, family))? {
        Some(bytes) => Ok(Some(bincode::decode_from_slice(bytes.value(), CONFIG)?.0)),
        None => Ok(None),
    }
}

fn put_sign_in(tx: &WriteTx<'_>, user_id: u64, family: u64, sign_in: &DeviceSignIn) -> Result<()> {
    let bytes = bincode::encode_to_vec(sign_in, CONFIG)?;
    tx.open_table(tables::SIGN_INS)?
        .insert((user_id, family), bytes.as_slice())?;
    Ok(())
}

/// Schema 4 → 5: each family that still works gets its sign-in (its device unknown until its
/// next refresh, its last use taken as now, so the upgrade ends no sign-in as idle), and the
/// families revoked before are remembered for as long as a family lives.
pub(crate) fn upgrade_to_5(tx: &WriteTx<'_>, revoked: &[u64], now: u64) -> Result<()> {
    let mut until = tx.open_table(tables::REVOKED_FAMILIES)?;
    for family in revoked {
        until.insert(family, now + REFRESH_TOKEN_SECONDS + ACCESS_TOKEN_SECONDS)?;
    }
    drop(until);
    let mut working = Vec::new();
    for entry in tx.open_table(RefreshToken::TABLE.def())?.iter()? {
        let (_, bytes) = entry?;
        let token: RefreshToken = bincode::decode_from_slice(bytes.value(), CONFIG)?.0;
        if !token.spent && token.expires_at > now && !revoked.contains(&token.family) {
            working.push(token);
        }
    }
    for token in working {
        let device = DeviceSignIn {
            client_id: token.client_id,
            started_at: token.auth_time,
            last_used_at: now,
            expires_at: token.expires_at,
            user_agent: String::new(),
            address: None,
            session: None,
        };
        put_sign_in(tx, token.user_id, token.family, &device)?;
    }
    Ok(())
}

fn family_revoked(tx: &WriteTx<'_>, family: u64) -> Result<bool> {
    Ok(tx
        .open_table(tables::REVOKED_FAMILIES)?
        .get(family)?
        .is_some())
}

impl Store {
    /// Ends every sign-in of a user, `by` the user or an administrator `at` that time: its
    /// browser sessions at the issuer and its refresh tokens are removed, and its access tokens
    /// issued so far are refused from then on. Its personal API token is not a sign-in and stays.
    pub async fn end_sign_ins(&self, user_id: u64, (by, at): (ChangedBy, u64)) -> Result<()> {
        self.write(move |tx| {
            // A user that is gone has nothing to end (404).
            codec::get::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?, user_id)?;
            end_sign_ins_in(tx, user_id)?;
            account_activity::note(tx, user_id, at, Activity::SignedOutEverywhere(by))
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

    /// Removes expired sessions, refresh tokens, sign-ins and set-password links, and forgets
    /// revoked families none of whose tokens works any more; returns how many.
    pub async fn sweep_expired(&self, now: u64) -> Result<usize> {
        self.write(move |tx| {
            Ok(sweep::<Session>(tx, now)?
                + sweep_idle_sessions(tx, now)?
                + sweep::<RefreshToken>(tx, now)?
                + sweep::<SetPasswordLink>(tx, now)?
                + sweep_sign_ins(tx, now)?)
        })
        .await
    }

    /// Starts an issuer session for a browser that signed in at `now`.
    pub async fn start_session(&self, hash: String, session: Session, now: u64) -> Result<()> {
        self.write(move |tx| {
            put_secret(tx, &hash, &session)?;
            tx.open_table(tables::SESSION_USES)?
                .insert(hash.as_str(), now)?;
            Ok(())
        })
        .await
    }

    /// The issuer session of digest `hash` while it works at `now`: not expired, and used
    /// within `IDLE_SECONDS`.
    pub fn session(&self, hash: &str, now: u64) -> Result<Option<Session>> {
        let tx = self.read()?;
        let Some(session) = decoded::<Session>(&tx.open_table(Session::TABLE.def())?, hash)? else {
            return Ok(None);
        };
        let used = session_used(&tx.open_table(tables::SESSION_USES)?, hash, &session)?;
        Ok((session.expires_at > now && !idle(used, now)).then_some(session))
    }

    /// Notes that the issuer session of digest `hash` signed its browser in at `now`.
    pub async fn use_session(&self, hash: String, now: u64) -> Result<()> {
        self.write(move |tx| {
            tx.open_table(tables::SESSION_USES)?
                .insert(hash.as_str(), now)?;
            Ok(())
        })
        .await
    }

    /// A user's sign-ins that still work at `now` (not expired, not idle), by family, the last
    /// used first.
    pub fn sign_ins(&self, user_id: u64, now: u64) -> Result<Vec<(u64, DeviceSignIn)>> {
        let tx = self.read()?;
        let table = tx.open_table(tables::SIGN_INS)?;
        let mut found = Vec::new();
        for entry in table.range((user_id, 0)..=(user_id, u64::MAX))? {
            let (key, bytes) = entry?;
            let sign_in: DeviceSignIn = bincode::decode_from_slice(bytes.value(), CONFIG)?.0;
            if sign_in.works(now) {
                found.push((key.value().1, sign_in));
            }
        }
        found.sort_by_key(|(family, sign_in)| std::cmp::Reverse((sign_in.last_used_at, *family)));
        Ok(found)
    }

    /// Ends one sign-in of a user: its family is revoked (access tokens included), and its
    /// refresh tokens and the issuer session it came from are removed. Another user's sign-in
    /// is not found.
    pub async fn end_sign_in(&self, user_id: u64, family: u64) -> Result<()> {
        self.write(move |tx| {
            let not_found = StoreError::NotFound {
                entity: "Sign-in",
                id: family,
            };
            let sign_in = sign_in_in(tx, user_id, family)?.ok_or(not_found)?;
            remove_secrets_where::<RefreshToken>(tx, |t| t.family == family)?;
            revoke(tx, user_id, family, sign_in.expires_at)?;
            if let Some(session) = sign_in.session {
                tx.open_table(Session::TABLE.def())?
                    .remove(session.as_str())?;
            }
            Ok(())
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

    /// Stores a new set-password link for a user; the user's earlier links stop working. Their
    /// password and sign-ins stay until the link is used.
    pub async fn replace_set_password_link(
        &self,
        hash: String,
        link: SetPasswordLink,
    ) -> Result<()> {
        self.write(move |tx| {
            // A user that is gone gets no link (404).
            codec::get::<UserRecord>(&tx.open_table(UserRecord::TABLE.def())?, link.user_id)?;
            remove_secrets_where::<SetPasswordLink>(tx, |old| old.user_id == link.user_id)?;
            put_secret(tx, &hash, &link)
        })
        .await
    }

    /// A user's personal API token, while it works (until `now`).
    pub fn api_token_of(&self, user_id: u64, now: u64) -> Result<Option<ApiToken>> {
        let tx = self.read()?;
        let Some(hash) = tx.open_table(tables::API_TOKEN_BY_USER)?.get(user_id)? else {
            return Ok(None);
        };
        let token: Option<ApiToken> =
            decoded(&tx.open_table(ApiToken::TABLE.def())?, hash.value())?;
        Ok(token.filter(|token| token.expires_at().is_some_and(|at| at > now)))
    }

    /// Revokes a user's personal API token `at` that time; says whether there was one.
    pub async fn revoke_api_token(&self, user_id: u64, at: u64) -> Result<bool> {
        self.write(move |tx| {
            let mut by_user = tx.open_table(tables::API_TOKEN_BY_USER)?;
            let removed = by_user.remove(user_id)?.map(|v| v.value().to_owned());
            let Some(hash) = removed else {
                return Ok(false);
            };
            let mut tokens = tx.open_table(ApiToken::TABLE.def())?;
            let revoked = tokens.remove(hash.as_str())?.is_some();
            drop(tokens);
            if revoked {
                account_activity::note(tx, user_id, at, Activity::ApiTokenRevoked)?;
            }
            Ok(revoked)
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
            put_secret(tx, &hash, &token)?;
            let issued = Activity::ApiTokenIssued;
            account_activity::note(tx, token.user_id, token.created_at, issued)
        })
        .await
    }

    /// Starts a new refresh-token family for a sign-in of the user's `generation`, on the
    /// device `seen` (in the issuer session of that digest, if any); answers its number, or
    /// `None` when the user's sign-ins were ended since (nothing is stored).
    pub async fn issue_refresh_token(
        &self,
        hash: String,
        mut token: RefreshToken,
        generation: u64,
        seen: Seen,
        session: Option<String>,
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
            let device = DeviceSignIn {
                client_id: token.client_id.clone(),
                started_at: seen.at,
                last_used_at: seen.at,
                expires_at: token.expires_at,
                user_agent: clipped(seen.user_agent.clone()),
                address: seen.address.clone(),
                session: session.clone(),
            };
            put_sign_in(tx, token.user_id, token.family, &device)?;
            let signed_in = Activity::SignedIn {
                client_id: device.client_id,
                user_agent: device.user_agent,
                address: device.address,
            };
            account_activity::note(tx, token.user_id, seen.at, signed_in)?;
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
            revoke_family(tx, &token)?;
            tx.open_table(RefreshToken::TABLE.def())?
                .remove(hash.as_str())?;
            Ok(true)
        })
        .await
    }

    /// Spends the token `old` (if valid and `client_id`'s) and stores `new` in its family,
    /// atomically; its sign-in notes the client as `seen`.
    pub async fn rotate_refresh_token(
        &self,
        old: String,
        new: String,
        client_id: String,
        seen: Seen,
    ) -> Result<Rotation> {
        let now = seen.at;
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
                revoke_family(tx, &token)?;
                return Ok(Rotation::Reused);
            }
            let device = sign_in_in(tx, token.user_id, token.family)?;
            if device.as_ref().is_some_and(|d| idle(d.last_used_at, now)) {
                revoke_family(tx, &token)?;
                tx.open_table(RefreshToken::TABLE.def())?
                    .remove(old.as_str())?;
                return Ok(Rotation::Idle);
            }
            token.spent = true;
            put_secret(tx, &old, &token)?;
            if let Some(mut device) = device {
                device.seen(seen.clone());
                put_sign_in(tx, token.user_id, token.family, &device)?;
            }
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
