//! New passwords checked against the passwords of known data breaches (ASVS V6.2.12), through
//! the k-anonymity range API of Have I Been Pwned's Pwned Passwords, or any service that answers
//! as it does: only the first five hex digits of the password's SHA-1 leave the server, and the
//! answer lists every breached hash that starts with them, padded with decoys of count 0.
//!
//! Off unless the operator names the service (`serve --breached-passwords URL`). When the
//! service cannot be reached, a new password is judged by the local rules alone: a server at a
//! pool without internet must still let an administrator set a secretary's password.

use std::time::Duration;

use sha1::{Digest, Sha1};

pub const PASSWORD_BREACHED: &str =
    "This password has appeared in a data breach, so attackers try it first: choose another one.";

/// How long a new password waits for the service before the local rules alone decide.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

#[derive(Debug, Clone)]
pub struct BreachedPasswords {
    client: reqwest::Client,
    /// The service's base URL, without a trailing slash: ranges are at `{base}/range/{prefix}`.
    base: String,
}

impl BreachedPasswords {
    pub fn new(base: &str) -> Self {
        let client = reqwest::Client::builder()
            .timeout(ANSWER_WITHIN)
            .user_agent(concat!("PoloDesk/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default();
        Self {
            client,
            base: base.trim_end_matches('/').to_owned(),
        }
    }

    /// Whether `password` is among the breached ones; `None` when the service did not answer
    /// as expected.
    pub async fn contains(&self, password: &str) -> Option<bool> {
        let hash = hex::encode_upper(Sha1::digest(password.as_bytes()));
        let (prefix, suffix) = hash.split_at(5);
        let range = format!("{}/range/{prefix}", self.base);
        let request = self.client.get(range).header("Add-Padding", "true");
        let body = async { request.send().await?.error_for_status()?.text().await };
        match body.await {
            Ok(body) => Some(listed(&body, suffix)),
            Err(error) => {
                tracing::warn!(
                    %error,
                    "the breached-password service did not answer: a new password was checked by the local rules only"
                );
                None
            }
        }
    }
}

/// Whether a range answer (`SUFFIX:COUNT` lines) lists `suffix` as seen at least once; the
/// padding's decoys have a count of 0.
fn listed(body: &str, suffix: &str) -> bool {
    body.lines().any(|line| {
        line.split_once(':').is_some_and(|(listed, count)| {
            listed.trim().eq_ignore_ascii_case(suffix)
                && count.trim().parse::<u64>().is_ok_and(|count| count > 0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::listed;

    #[test]
    fn a_range_answer_lists_a_suffix_only_with_a_count() {
        let body = "0018A45C4D1DEF81644B54AB7F969B88D65:10\r\n\
                    00D4F6E8FA6EECAD2A3AA415EEC418D38EC:0\r\n\
                    011053FD0102E94D6AE2F8B83D76FAF94F6:1";
        assert!(listed(body, "0018A45C4D1DEF81644B54AB7F969B88D65"));
        assert!(listed(body, "011053fd0102e94d6ae2f8b83d76faf94f6"));
        assert!(
            !listed(body, "00D4F6E8FA6EECAD2A3AA415EEC418D38EC"),
            "a decoy"
        );
        assert!(!listed(body, "FFFFF6E8FA6EECAD2A3AA415EEC418D38EC"));
        assert!(!listed("", "0018A45C4D1DEF81644B54AB7F969B88D65"));
    }
}
