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
    fn count(&self, key: &str, now: Instant) -> u32 {
        let failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        match failures.get(key) {
            Some((count, since)) if now.duration_since(*since) < WINDOW => *count,
            _ => 0,
        }
    }

    pub fn check(&self, account: &str, address: Option<&str>, now: Instant) -> Verdict {
        let by_account = self.count(&format!("account:{}", account.to_lowercase()), now);
        let by_address = address.map_or(0, |a| self.count(&format!("address:{a}"), now));
        if by_account >= ACCOUNT_LIMIT || by_address >= ADDRESS_LIMIT {
            return Verdict::Refuse;
        }
        match by_account.max(by_address / 3).checked_sub(FREE_FAILURES) {
            None | Some(0) => Verdict::Go,
            Some(extra) => Verdict::Wait(Duration::from_millis(250 * u64::from(extra.min(8)))),
        }
    }

    pub fn failed(&self, account: &str, address: Option<&str>, now: Instant) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.retain(|_, (_, since)| now.duration_since(*since) < WINDOW);
        let keys = std::iter::once(format!("account:{}", account.to_lowercase()))
            .chain(address.map(|a| format!("address:{a}")));
        for key in keys {
            failures.entry(key).or_insert((0, now)).0 += 1;
        }
    }

    pub fn succeeded(&self, account: &str) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.remove(&format!("account:{}", account.to_lowercase()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_slow_then_refuse_then_expire() {
        let throttle = Throttle::default();
        let start = Instant::now();
        for _ in 0..FREE_FAILURES + 1 {
            throttle.failed("Ana@x.test", Some("10.0.0.1"), start);
        }
        assert!(matches!(
            throttle.check("ana@x.test", None, start),
            Verdict::Wait(_)
        ));
        for _ in 0..ACCOUNT_LIMIT {
            throttle.failed("ana@x.test", None, start);
        }
        assert_eq!(throttle.check("ana@x.test", None, start), Verdict::Refuse);
        assert_eq!(throttle.check("other@x.test", None, start), Verdict::Go);
        assert_eq!(
            throttle.check("ana@x.test", None, start + WINDOW),
            Verdict::Go
        );
    }

    #[test]
    fn one_address_trying_many_accounts_is_refused() {
        let throttle = Throttle::default();
        let now = Instant::now();
        for i in 0..ADDRESS_LIMIT {
            throttle.failed(&format!("user{i}@x.test"), Some("10.0.0.9"), now);
        }
        assert_eq!(
            throttle.check("fresh@x.test", Some("10.0.0.9"), now),
            Verdict::Refuse
        );
        assert_eq!(
            throttle.check("fresh@x.test", Some("10.0.0.8"), now),
            Verdict::Go
        );
        throttle.succeeded("user1@x.test");
    }
}
