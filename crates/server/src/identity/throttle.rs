//! Slows and then refuses repeated wrong passwords, so a password cannot be guessed online,
//! without letting an attacker lock the real user out: failures count per account and address
//! together, per address, and per account from everywhere; the last refuses only addresses the
//! account has not signed in from. Kept in memory: a restart forgives, which is acceptable.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long failures are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Failures of one account from one address within the window before that address is refused
/// for it (429).
pub const ACCOUNT_LIMIT: u32 = 10;
/// Failures from one address, whatever the accounts, within the window before it is refused.
pub const ADDRESS_LIMIT: u32 = 30;
/// Failures of one account from all addresses within the window before it is refused to every
/// address it has not signed in from (guesses spread over many addresses).
pub const SPREAD_LIMIT: u32 = 100;
/// How long an address an account signed in from stays its own.
const KNOWN_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// Failures after which each further attempt waits a little longer.
const FREE_FAILURES: u32 = 3;

#[derive(Debug, Default)]
pub struct Throttle {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Failure counts and when each count started, by key (see `Keys`).
    failures: HashMap<String, (u32, Instant)>,
    /// When an account last signed in from an address, by `Keys::pair`.
    known: HashMap<String, Instant>,
}

/// The counters one attempt touches.
struct Keys {
    /// The account from this address (the account alone when the address is not known).
    pair: String,
    address: Option<String>,
    account: String,
}

impl Keys {
    fn of(account: &str, address: Option<&str>) -> Self {
        let account = account.to_lowercase();
        Keys {
            pair: format!("pair:{account}|{}", address.unwrap_or("")),
            address: address.map(|a| format!("address:{a}")),
            account: format!("account:{account}"),
        }
    }
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
        let keys = Keys::of(account, address);
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state
            .failures
            .retain(|_, (_, since)| now.duration_since(*since) < WINDOW);
        state
            .known
            .retain(|_, since| now.duration_since(*since) < KNOWN_FOR);
        let count = |key: &str| state.failures.get(key).map_or(0, |(count, _)| *count);
        let by_pair = count(&keys.pair);
        let by_address = keys.address.as_deref().map_or(0, count);
        let spread = count(&keys.account) >= SPREAD_LIMIT && !state.known.contains_key(&keys.pair);
        if by_pair >= ACCOUNT_LIMIT || by_address >= ADDRESS_LIMIT || spread {
            return Verdict::Refuse;
        }
        for key in [keys.pair, keys.account].into_iter().chain(keys.address) {
            state.failures.entry(key).or_insert((0, now)).0 += 1;
        }
        match by_pair.max(by_address / 3).checked_sub(FREE_FAILURES) {
            None | Some(0) => Verdict::Go,
            Some(extra) => Verdict::Wait(Duration::from_millis(250 * u64::from(extra.min(8)))),
        }
    }

    /// The attempt was right: the account starts afresh from this address, which becomes one
    /// of its own, and the address and the account get this attempt back.
    pub fn succeeded(&self, account: &str, address: Option<&str>, now: Instant) {
        self.succeeded_after(1, account, address, now);
    }

    /// A sign-in of `attempts` counted attempts was right (a password and its second step):
    /// as `succeeded`, giving each of them back.
    pub fn succeeded_after(
        &self,
        attempts: u32,
        account: &str,
        address: Option<&str>,
        now: Instant,
    ) {
        let keys = Keys::of(account, address);
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.failures.remove(&keys.pair);
        for key in [Some(keys.account), keys.address].into_iter().flatten() {
            if let Some(entry) = state.failures.get_mut(&key) {
                entry.0 = entry.0.saturating_sub(attempts);
            }
        }
        if address.is_some() {
            state.known.insert(keys.pair, now);
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
        for _ in 0..=FREE_FAILURES {
            throttle.attempt("Ana@x.test", None, start);
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
        throttle.succeeded("ana@x.test", Some("10.0.0.2"), now);
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

    #[test]
    fn an_attacker_elsewhere_does_not_lock_the_user_out() {
        let throttle = Throttle::default();
        let now = Instant::now();
        throttle.succeeded("ana@x.test", Some("10.0.0.5"), now);
        for _ in 0..1000 {
            throttle.attempt("ana@x.test", Some("10.6.6.6"), now);
        }
        assert_eq!(
            throttle.attempt("ana@x.test", Some("10.6.6.6"), now),
            Verdict::Refuse
        );
        assert_eq!(
            throttle.attempt("ana@x.test", Some("10.0.0.5"), now),
            Verdict::Go
        );
    }

    #[test]
    fn guesses_spread_over_many_addresses_are_refused_except_from_the_users_own() {
        let throttle = Throttle::default();
        let now = Instant::now();
        throttle.succeeded("ana@x.test", Some("10.0.0.5"), now);
        for i in 0..SPREAD_LIMIT {
            let address = format!("10.7.{}.{}", i / 200, i % 200);
            throttle.attempt("ana@x.test", Some(&address), now);
        }
        assert_eq!(
            throttle.attempt("ana@x.test", Some("10.8.0.1"), now),
            Verdict::Refuse
        );
        assert_eq!(
            throttle.attempt("ana@x.test", Some("10.0.0.5"), now),
            Verdict::Go
        );
        assert_eq!(
            throttle.attempt("bob@x.test", Some("10.8.0.1"), now),
            Verdict::Go
        );
    }
}
