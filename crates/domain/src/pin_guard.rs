//! What protects an official's 4-digit PIN when a match log is confirmed: five wrong PINs
//! within 15 minutes pause that official's confirmations for 15 minutes, and ten wrong PINs in a
//! row lock the PIN until federation staff or an administrator sets a new one. A success resets
//! the count. Time is whole seconds since 1970, passed in.

use serde::{Deserialize, Serialize};

pub const WINDOW_SECONDS: i64 = 15 * 60;
pub const FAILURES_IN_WINDOW: usize = 5;
pub const LOCK_AFTER: u32 = 10;

pub const WRONG_PIN: &str = "Wrong PIN!";
pub const TOO_MANY: &str = "Too many wrong PINs for this official. Try again in 15 minutes.";
pub const LOCKED: &str = "This official's PIN is locked after 10 wrong attempts. Federation staff or an administrator must set a new PIN.";
pub const NO_PIN: &str =
    "This official has no PIN yet. Federation staff or an administrator must set one.";

/// The wrong PINs of one official. Stored through its serde form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PinGuard {
    /// Wrong PINs since the last right one.
    pub consecutive: u32,
    /// When the wrong PINs of the current window were typed.
    pub recent: Vec<i64>,
    pub paused_until: Option<i64>,
}

/// Why a PIN is not even checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinRefusal {
    /// Paused; the seconds until it may be tried again.
    Paused {
        retry_after: i64,
    },
    Locked,
}

impl PinRefusal {
    pub fn message(self) -> &'static str {
        match self {
            PinRefusal::Paused { .. } => TOO_MANY,
            PinRefusal::Locked => LOCKED,
        }
    }
}

impl PinGuard {
    /// Whether a PIN may be checked now.
    pub fn check(&self, now: i64) -> Result<(), PinRefusal> {
        if self.consecutive >= LOCK_AFTER {
            return Err(PinRefusal::Locked);
        }
        match self.paused_until {
            Some(until) if until > now => Err(PinRefusal::Paused {
                retry_after: until - now,
            }),
            _ => Ok(()),
        }
    }

    /// Counts a wrong PIN; the fifth within the window starts a pause.
    pub fn fail(&mut self, now: i64) {
        self.consecutive += 1;
        self.recent.retain(|&at| now - at < WINDOW_SECONDS);
        self.recent.push(now);
        if self.recent.len() >= FAILURES_IN_WINDOW {
            self.paused_until = Some(now + WINDOW_SECONDS);
            self.recent.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_wrong_pins_pause_and_ten_in_a_row_lock() {
        let mut guard = PinGuard::default();
        for i in 0..4 {
            guard.fail(1000 + i);
            assert_eq!(guard.check(1000 + i), Ok(()));
        }
        guard.fail(1004);
        assert_eq!(
            guard.check(1005),
            Err(PinRefusal::Paused {
                retry_after: WINDOW_SECONDS - 1
            })
        );
        let later = 1004 + WINDOW_SECONDS;
        assert_eq!(guard.check(later), Ok(()), "the pause ends");
        for i in 0..4 {
            guard.fail(later + i);
        }
        assert_eq!(guard.check(later + 4), Ok(()), "nine wrong in a row");
        guard.fail(later + 5);
        assert_eq!(
            guard.check(later + 10 * WINDOW_SECONDS),
            Err(PinRefusal::Locked)
        );
    }

    #[test]
    fn wrong_pins_spread_over_time_only_count_towards_the_lock() {
        let mut guard = PinGuard::default();
        for i in 0..6 {
            guard.fail(i * WINDOW_SECONDS);
            assert_eq!(guard.check(i * WINDOW_SECONDS + 1), Ok(()));
        }
        assert_eq!(guard.consecutive, 6);
    }
}
