//! Two-step sign-in: after the password, a code from an authenticator app (TOTP, RFC 6238:
//! SHA-1, 6 digits, 30 s, the step before and after accepted for clock drift) or one of ten
//! single-use recovery codes (50 random bits each, so stored as argon2id hashes like passwords:
//! ASVS V6.5.2). Codes are guessed under the sign-in throttle, and a password is not counted as
//! a success until its second step is.

use std::collections::HashMap;
use std::time::Instant;

use axum::http::StatusCode;
use polodesk_domain::users::User;
use polodesk_store::{Activity, SecondStep, TwoStep};
use rand::RngCore;
use totp_rs::{Algorithm, TOTP};

use super::Identity;
use super::oidc::{note_wrong_guess, pass_throttle};
use super::secrets::{digest, hash_password, random_secret, verify_password};
use super::tokens::now;
use crate::AppState;

pub const WRONG_CODE: &str = "That code is not right: type the 6 digits your authenticator app shows now, or a recovery code.";
pub const CODE_NEEDED: &str =
    "This account signs in in two steps: give the code your authenticator app shows.";
pub const SIGN_IN_AGAIN: &str = "The sign-in took too long: sign in again.";
pub const TOO_MANY_CODES: &str = "Too many wrong codes: sign in again.";

/// How long a browser has to type its code once the password was right.
const PENDING_SECONDS: u64 = 5 * 60;
/// Wrong codes one pending sign-in may try before its password is asked for again.
const PENDING_TRIES: u8 = 5;
const STEP_SECONDS: u64 = 30;
/// How many recovery codes a user gets, each of `RECOVERY_CHARACTERS` (50 random bits).
pub const RECOVERY_CODES: usize = 10;
const RECOVERY_CHARACTERS: usize = 10;
/// Lower-case letters and digits without the look-alikes 0, 1, l, o.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// A new authenticator key: 160 random bits, as RFC 4226 recommends.
pub fn new_key() -> Vec<u8> {
    let mut key = vec![0u8; 20];
    rand::rngs::OsRng.fill_bytes(&mut key);
    key
}

fn totp(key: &[u8], email: &str) -> Option<TOTP> {
    TOTP::new(
        Algorithm::SHA1,
        6,
        0,
        STEP_SECONDS,
        key.to_vec(),
        Some("PoloDesk".to_owned()),
        email.to_owned(),
    )
    .ok()
}

/// The key as an authenticator app takes it: typed (base32) and scanned (`otpauth://`).
pub fn key_for_app(key: &[u8], email: &str) -> Option<(String, String)> {
    let totp = totp(key, email)?;
    Some((totp.get_secret_base32(), totp.get_url()))
}

/// The time step whose authenticator code `code` is at `time`: this one, or one either side.
pub fn matching_step(key: &[u8], code: &str, time: u64) -> Option<u64> {
    let totp = totp(key, "")?;
    let step = time / STEP_SECONDS;
    (step.saturating_sub(1)..=step + 1).find(|candidate| totp.check(code, candidate * STEP_SECONDS))
}

/// New recovery codes, written `abcde-fghij`.
pub fn new_recovery_codes() -> Vec<String> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; RECOVERY_CHARACTERS];
            rand::rngs::OsRng.fill_bytes(&mut bytes);
            let text: String = bytes
                .iter()
                .map(|b| char::from(RECOVERY_ALPHABET[usize::from(b % 32)]))
                .collect();
            format!("{}-{}", &text[..5], &text[5..])
        })
        .collect()
}

/// What the store keeps of recovery codes: an argon2id hash of each; `None` if hashing failed.
pub async fn recovery_hashes(codes: &[String]) -> Option<Vec<String>> {
    let mut hashes = Vec::with_capacity(codes.len());
    for code in codes {
        hashes.push(hash_password(plain(code)).await?);
    }
    Some(hashes)
}

/// A typed code as it is checked: without the spaces and hyphens people add, in lower case.
pub fn plain(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// What a typed code offers: an authenticator code of a step near `time`, or one of the
/// unused recovery codes (by its stored hash); `None` when it is neither.
async fn offered(two_step: TwoStep, code: &str, time: u64) -> Option<SecondStep> {
    let code = plain(code);
    if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
        return matching_step(&two_step.key, &code, time).map(SecondStep::Step);
    }
    // Only a code of the right length is worth the hashing.
    if code.chars().count() != RECOVERY_CHARACTERS {
        return None;
    }
    for hash in two_step.recovery {
        if verify_password(code.clone(), hash.clone()).await {
            return Some(SecondStep::Recovery(hash));
        }
    }
    None
}

/// Whether the user must give a second step after the password.
pub fn two_step_on(state: &AppState, user_id: u64) -> bool {
    state
        .store
        .two_step(user_id)
        .ok()
        .flatten()
        .is_some_and(|two_step| two_step.on)
}

/// Whether `user` must use two-step sign-in (the server's rule names its type) and has not
/// turned it on yet. Reads the store only for the accounts the rule binds.
pub fn two_step_due(state: &AppState, user: &User) -> bool {
    state.identity.requires_two_step(user.type_id) && !two_step_on(state, user.id)
}

/// Checks a sign-in's second step under the throttle; a right one is spent (it works once)
/// and the sign-in counts as a success.
pub async fn check_second_step(
    state: &AppState,
    user: &User,
    code: &str,
    address: Option<&str>,
) -> Result<(), (StatusCode, &'static str)> {
    pass_throttle(state, &user.email, address).await?;
    let two_step = state.store.two_step(user.id).ok().flatten();
    let offered = match two_step {
        Some(two_step) => offered(two_step, code, now()).await,
        None => None,
    };
    let spent = match offered {
        Some(offered) => state
            .store
            .spend_second_step(user.id, offered, now())
            .await
            .unwrap_or_else(|error| {
                tracing::error!(%error, "cannot spend a second sign-in step");
                false
            }),
        None => false,
    };
    if spent {
        // The password's attempt and this one.
        let identity = &state.identity;
        identity
            .throttle
            .succeeded_after(2, &user.email, address, Instant::now());
        Ok(())
    } else {
        let address = address.map(str::to_owned);
        note_wrong_guess(state, user.id, Activity::WrongSecondStep { address });
        Err((StatusCode::OK, WRONG_CODE))
    }
}

/// A browser sign-in whose password was right, waiting for its second step.
#[derive(Debug)]
struct Pending {
    user_id: u64,
    expires_at: u64,
    tries: u8,
}

/// The browser sign-ins waiting for their second step, by the digest of the form's ticket.
/// Kept in memory: a restart asks for the password again.
#[derive(Debug, Default)]
pub struct PendingSecondSteps(std::sync::Mutex<HashMap<String, Pending>>);

impl Identity {
    /// Holds a sign-in for its second step; answers the ticket its form carries.
    pub(super) fn await_second_step(&self, user_id: u64) -> String {
        let ticket = random_secret();
        let mut pending = self
            .second_steps
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let time = now();
        pending.retain(|_, p| p.expires_at > time);
        let expires_at = time + PENDING_SECONDS;
        let held = Pending {
            user_id,
            expires_at,
            tries: 0,
        };
        pending.insert(digest(&ticket), held);
        ticket
    }

    /// The user whose sign-in the form's ticket holds, while it waits.
    pub(super) fn pending_second_step(&self, ticket: &str) -> Option<u64> {
        let pending = self
            .second_steps
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let held = pending.get(&digest(ticket))?;
        (held.expires_at > now()).then_some(held.user_id)
    }

    /// Ends a pending sign-in whose second step passed.
    pub(super) fn second_step_done(&self, ticket: &str) {
        let mut pending = self
            .second_steps
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        pending.remove(&digest(ticket));
    }

    /// Counts a wrong code; answers why to sign in again when the sign-in has had its tries.
    pub(super) fn second_step_failed(&self, ticket: &str) -> Option<&'static str> {
        let mut pending = self
            .second_steps
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let key = digest(ticket);
        let held = pending.get_mut(&key)?;
        held.tries += 1;
        if held.tries >= PENDING_TRIES {
            pending.remove(&key);
            return Some(TOO_MANY_CODES);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238's SHA-1 vectors, cut to six digits.
    #[test]
    fn codes_follow_rfc_6238() {
        let key = b"12345678901234567890";
        for (time, code) in [
            (59, "287082"),
            (1_111_111_109, "081804"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(matching_step(key, code, time), Some(time / 30), "{time}");
        }
        // One step of drift either way is accepted, two are not.
        assert_eq!(matching_step(key, "287082", 59 + 30), Some(1));
        assert_eq!(matching_step(key, "287082", 59 + 60), None);
        assert_eq!(matching_step(key, "287083", 59), None);
    }

    #[tokio::test]
    async fn recovery_codes_are_random_and_typed_loosely() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        let mut distinct = codes.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), RECOVERY_CODES);
        for code in &codes {
            assert_eq!(code.len(), 11);
            assert_eq!(&code[5..6], "-");
            assert!(
                code.bytes()
                    .all(|b| b == b'-' || RECOVERY_ALPHABET.contains(&b))
            );
        }
        let hashes = recovery_hashes(&codes[..2]).await.unwrap();
        assert!(hashes.iter().all(|hash| hash.starts_with("$argon2id$")));
        let two_step = TwoStep {
            key: vec![7; 20],
            on: true,
            last_step: 0,
            recovery: hashes.clone(),
        };
        let typed = format!(" {} ", codes[1].to_uppercase().replace('-', " "));
        assert_eq!(
            offered(two_step.clone(), &typed, 0).await,
            Some(SecondStep::Recovery(hashes[1].clone()))
        );
        assert_eq!(offered(two_step.clone(), &codes[2], 0).await, None);
        assert_eq!(offered(two_step, "not a code at all", 0).await, None);
    }
}
