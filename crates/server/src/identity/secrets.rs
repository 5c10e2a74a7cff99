//! Random secrets (codes, tokens, cookies) and password hashing. Secrets are stored only as
//! their SHA-256; passwords only as argon2id hashes, computed off the async threads.

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// 256 random bits, URL-safe.
pub fn random_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The hex SHA-256 under which a secret is stored.
pub fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The PKCE S256 transform of a code verifier (RFC 7636).
pub fn pkce_s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

pub async fn hash_password(password: String) -> Option<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .ok()
            .map(|hash| hash.to_string())
    })
    .await
    .ok()
    .flatten()
}

pub async fn verify_password(password: String, hash: String) -> bool {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .verify_password(password.as_bytes(), hash.as_str())
            .is_ok()
    })
    .await
    .unwrap_or(false)
}

/// An argon2id hash of no one's password, made once, for checks without an account.
pub async fn stand_in_hash() -> String {
    static HASH: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    HASH.get_or_init(|| async { hash_password(random_secret()).await.unwrap_or_default() })
        .await
        .clone()
}

/// Passwords shorter than this are refused.
pub const PASSWORD_MIN_CHARS: usize = 8;
pub const PASSWORD_TOO_SHORT: &str = "Password must be at least 8 characters.";
pub const PASSWORD_TOO_COMMON: &str =
    "This password is one of the most used ones: choose one that is harder to guess.";

/// The most used passwords long enough to pass the length rule, lowercase.
const COMMON_PASSWORDS: &str = include_str!("common_passwords.txt");

/// What is wrong with a new password, if anything: too short, or one of the most used ones
/// whatever its case.
pub fn password_problem(password: &str) -> Option<&'static str> {
    if password.chars().count() < PASSWORD_MIN_CHARS {
        return Some(PASSWORD_TOO_SHORT);
    }
    let lowercase = password.to_lowercase();
    COMMON_PASSWORDS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .any(|common| common == lowercase)
        .then_some(PASSWORD_TOO_COMMON)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_new_password_is_long_enough_and_not_one_of_the_most_used() {
        use super::{PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, password_problem};
        assert_eq!(password_problem("short"), Some(PASSWORD_TOO_SHORT));
        for common in [
            "password",
            "Password1",
            "QWERTYUIOP",
            "iloveyou",
            "sunshine",
        ] {
            assert_eq!(
                password_problem(common),
                Some(PASSWORD_TOO_COMMON),
                "{common}"
            );
        }
        for fine in ["polodesk-admin", "pool side 2026", "Vaterpolo-Beograd"] {
            assert_eq!(password_problem(fine), None, "{fine}");
        }
    }

    use super::*;

    #[tokio::test]
    async fn passwords_verify_only_against_their_own_hash() {
        let hash = hash_password("polodesk-admin".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("polodesk-admin".into(), hash.clone()).await);
        assert!(!verify_password("polodesk-Admin".into(), hash.clone()).await);
        assert!(!verify_password("x".into(), "not a hash".into()).await);
    }

    #[test]
    fn pkce_matches_the_rfc_7636_example() {
        assert_eq!(
            pkce_s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        assert_ne!(random_secret(), random_secret());
        assert_eq!(digest("a").len(), 64);
    }
}
