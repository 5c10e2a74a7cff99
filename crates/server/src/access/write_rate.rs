//! How fast each account may change things: a token bucket per account, so a runaway script or
//! a stolen token cannot flood the store with records, while a person, a console or an outbox
//! catching up after a lost connection stays well inside it (ASVS V2.4.1). Reads are not
//! counted: they change nothing and a reader may read all it is allowed to.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// A burst may spend this many seconds' worth of writes at once.
const BURST_SECONDS: f64 = 10.0;
/// Past this many accounts, the buckets that have filled up again are forgotten.
const KEPT_ACCOUNTS: usize = 10_000;

pub const TOO_MANY_WRITES: &str =
    "Too many changes from this account in a short time: wait a few seconds and try again.";

#[derive(Debug)]
pub struct WriteRate {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<u64, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    writes: f64,
    at: Instant,
}

impl WriteRate {
    /// `per_second` writes an account may make on average, ten seconds' worth at once; none
    /// for 0 (no limit).
    pub fn new(per_second: u32) -> Option<Self> {
        (per_second > 0).then(|| WriteRate {
            per_second: f64::from(per_second),
            burst: f64::from(per_second) * BURST_SECONDS,
            buckets: Mutex::default(),
        })
    }

    /// Takes one write of `account` at `now`: `Err` with the whole seconds to wait when its
    /// bucket is empty.
    pub fn take(&self, account: u64, now: Instant) -> Result<(), u64> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= KEPT_ACCOUNTS && !buckets.contains_key(&account) {
            buckets.retain(|_, bucket| self.filled(*bucket, now) < self.burst);
        }
        let bucket = buckets.entry(account).or_insert(Bucket {
            writes: self.burst,
            at: now,
        });
        let writes = self.filled(*bucket, now);
        if writes >= 1.0 {
            *bucket = Bucket {
                writes: writes - 1.0,
                at: now,
            };
            Ok(())
        } else {
            // Whole seconds, at least one, until the next write is there.
            let wait = ((1.0 - writes) / self.per_second).ceil().max(1.0);
            Err(wait as u64)
        }
    }

    /// The writes `bucket` holds at `now`.
    fn filled(&self, bucket: Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        (bucket.writes + elapsed * self.per_second).min(self.burst)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn an_account_spends_a_burst_then_writes_at_the_rate_and_others_are_not_held() {
        let rate = WriteRate::new(2).unwrap();
        let start = Instant::now();
        for _ in 0..20 {
            assert_eq!(rate.take(1, start), Ok(()));
        }
        assert_eq!(rate.take(1, start), Err(1));
        // Another account has a burst of its own.
        assert_eq!(rate.take(2, start), Ok(()));
        // Half a second brings one write back, not two.
        let later = start + Duration::from_millis(500);
        assert_eq!(rate.take(1, later), Ok(()));
        assert_eq!(rate.take(1, later), Err(1));
        // A quiet minute fills the bucket up to the burst, no further.
        let quiet = later + Duration::from_secs(60);
        for _ in 0..20 {
            assert_eq!(rate.take(1, quiet), Ok(()));
        }
        assert!(rate.take(1, quiet).is_err());
        assert!(WriteRate::new(0).is_none());
    }
}
