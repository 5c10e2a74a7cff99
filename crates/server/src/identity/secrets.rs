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
    hex::encode(Sha256::digest(secret.as_bytes()))
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

pub const PASSWORD_OF_CONTEXT: &str = "This password is made only of words of this service, the sport, its roles or your email address: choose one that is harder to guess.";

/// Words an attacker of this service tries first (ASVS V6.1.2): the product, the sport and the
/// roles of its accounts and people. A new password whose letters are only these words, and
/// the parts of the account's email address, is refused whatever its digits, symbols and case.
const CONTEXT_WORDS: &[&str] = &[
    "polodesk",
    "polo",
    "desk",
    "water",
    "waterpolo",
    "vaterpolo",
    "pool",
    "admin",
    "administrator",
    "federation",
    "club",
    "team",
    "coach",
    "player",
    "official",
    "referee",
    "secretary",
    "delegate",
    "person",
    "user",
    "password",
];

/// Passwords with more letters than this are not split into context words.
const CONTEXT_LETTERS_CHECKED: usize = 128;

/// What is wrong with a new password for the account of `email`, if anything: too short, one
/// of the most used ones whatever its case, or made of the service's words and the email's.
pub fn password_problem(password: &str, email: &str) -> Option<&'static str> {
    if password.chars().count() < PASSWORD_MIN_CHARS {
        return Some(PASSWORD_TOO_SHORT);
    }
    let lowercase = password.to_lowercase();
    let common = COMMON_PASSWORDS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .any(|common| common == lowercase);
    if common {
        return Some(PASSWORD_TOO_COMMON);
    }
    only_context_words(&lowercase, email).then_some(PASSWORD_OF_CONTEXT)
}

/// Whether the letters of `password` (lowercase), run together, split wholly into the context
/// words and the email's parts of three letters or more.
fn only_context_words(password: &str, email: &str) -> bool {
    let letters: Vec<char> = password.chars().filter(|c| c.is_alphabetic()).collect();
    // Guessers try a few words together, not pages of them; the bound keeps a huge password
    // (up to the body limit) from costing a long split.
    if letters.is_empty() || letters.len() > CONTEXT_LETTERS_CHECKED {
        return false;
    }
    let email = email.to_lowercase();
    let email_parts = email
        .split(|c: char| !c.is_alphabetic())
        .filter(|part| part.chars().count() >= 3);
    let words: Vec<Vec<char>> = CONTEXT_WORDS
        .iter()
        .copied()
        .chain(email_parts)
        .map(|word| word.chars().collect())
        .collect();
    // split[i]: the first i letters split wholly into words.
    let mut split = vec![false; letters.len() + 1];
    split[0] = true;
    for end in 1..=letters.len() {
        split[end] = words.iter().any(|word| {
            word.len() <= end && split[end - word.len()] && letters[end - word.len()..end] == **word
        });
    }
    split[letters.len()]
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_new_password_is_long_enough_and_not_one_of_the_most_used() {
        use super::{PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, password_problem};
        let email = "ana@example.org";
        assert_eq!(password_problem("short", email), Some(PASSWORD_TOO_SHORT));
        for common in [
            "password",
            "Password1",
            "QWERTYUIOP",
            "iloveyou",
            "sunshine",
        ] {
            assert_eq!(
                password_problem(common, email),
                Some(PASSWORD_TOO_COMMON),
                "{common}"
            );
        }
        for fine in [
            "pool side 2026",
            "Vaterpolo-Beograd",
            "correct horse battery",
        ] {
            assert_eq!(password_problem(fine, email), None, "{fine}");
        }
    }

    /// V6.2.11: the documented context words, and the parts of the account's own email
    /// address, do not make a password alone, whatever digits and symbols are around them.
    #[test]
    fn a_new_password_is_not_made_only_of_context_words() {
        use super::{PASSWORD_OF_CONTEXT, password_problem};
        let email = "marko.petrovic@vkpartizan.rs";
        for context in [
            "polodesk-admin",
            "PoloDesk2026!",
            "Water Polo 1",
            "vaterpolo-club",
            "secretary-secretary",
            "marko.petrovic",
            "Petrovic1985",
            "vkpartizan-2026",
            "VKPartizan!Coach",
        ] {
            assert_eq!(
                password_problem(context, email),
                Some(PASSWORD_OF_CONTEXT),
                "{context}"
            );
        }
        // Another word beside them makes it the user's own; another account's email parts are
        // not context here.
        for fine in [
            "polodesk-admin-zebra",
            "Vaterpolo-Beograd",
            "marko-in-kotor-7",
            "12345678-99",
        ] {
            assert_eq!(password_problem(fine, email), None, "{fine}");
        }
        assert_eq!(password_problem("Petrovic1985", "ana@example.org"), None);
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
