//! Slows and then refuses repeated wrong passwords, per account and per client address, so a
//! password cannot be guessed online. Kept in memory: a restart forgives, which is acceptable.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long failures are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Failures of one account within the window before it is refused (429).
pub const ACCOUNT_LIMIT: u32 = 10;
/// Failures from one address within the window before it is refused (429).
pub const ADDRESS_LIMIT: u32 = 30;
/// Failures after which each further attempt waits a little longer.
const FREE_FAILURES: u32 = 3;

#[derive(Debug, Default)]
pub struct Throttle {
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

/// What to do with a sign-in attempt.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Go,
    Wait(Duration),
    Refuse,
}

impl Throttle {
    /// Judges an attempt and counts it at once (as a failure until `succeeded` says
    /// otherwise), so parallel guesses cannot all pass before the first one is counted.
    pub fn attempt(&self, account: &str, address: Option<&str>, now: Instant) -> Verdict {
        let account = format!("account:{}", account.to_lowercase());
        let address = address.map(|a| format!("address:{a}"));
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.retain(|_, (_, since)| now.duration_since(*since) < WINDOW);
        let count = |key: &str| failures.get(key).map_or(0, |(count, _)| *count);
        let by_account = count(&account);
        let by_address = address.as_deref().map_or(0, count);
        if by_account >= ACCOUNT_LIMIT || by_address >= ADDRESS_LIMIT {
            return Verdict::Refuse;
        }
        for key in std::iter::once(account).chain(address) {
            failures.entry(key).or_insert((0, now)).0 += 1;
        }
        match by_account.max(by_address / 3).checked_sub(FREE_FAILURES) {
            None | Some(0) => Verdict::Go,
            Some(extra) => Verdict::Wait(Duration::from_millis(250 * u64::from(extra.min(8)))),
        }
    }

    /// The attempt was right: the account starts afresh and the address gets its count back.
    pub fn succeeded(&self, account: &str, address: Option<&str>) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.remove(&format!("account:{}", account.to_lowercase()));
        if let Some(entry) = address.and_then(|a| failures.get_mut(&format!("address:{a}"))) {
            entry.0 = entry.0.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_slow_then_refuse_then_expire() {
        let throttle = Throttle::default();
        let start = Instant::now();
        for _ in 0..FREE_FAILURES + 1 {
            throttle.attempt("Ana@x.test", Some("10.0.0.1"), start);
        }
        assert!(matches!(
            throttle.attempt("ana@x.test", None, start),
            Verdict::Wait(_)
        ));
        for _ in 0..ACCOUNT_LIMIT {
            throttle.attempt("ana@x.test", None, start);
        }
        assert_eq!(throttle.attempt("ana@x.test", None, start), Verdict::Refuse);
        assert_eq!(throttle.attempt("other@x.test", None, start), Verdict::Go);
        assert_eq!(
            throttle.attempt("ana@x.test", None, start + WINDOW),
            Verdict::Go
        );
    }

    #[test]
    fn a_right_password_clears_the_account_and_one_address_attempt() {
        let throttle = Throttle::default();
        let now = Instant::now();
        for _ in 0..5 {
            throttle.attempt("ana@x.test", Some("10.0.0.2"), now);
        }
        throttle.succeeded("ana@x.test", Some("10.0.0.2"));
        assert_eq!(
            throttle.attempt("ana@x.test", Some("10.0.0.2"), now),
            Verdict::Go
        );
    }

    #[test]
    fn one_address_trying_many_accounts_is_refused() {
        let throttle = Throttle::default();
        let now = Instant::now();
        for i in 0..ADDRESS_LIMIT {
            throttle.attempt(&format!("user{i}@x.test"), Some("10.0.0.9"), now);
        }
        assert_eq!(
            throttle.attempt("fresh@x.test", Some("10.0.0.9"), now),
            Verdict::Refuse
        );
        assert_eq!(
            throttle.attempt("fresh@x.test", Some("10.0.0.8"), now),
            Verdict::Go
        );
    }
}
