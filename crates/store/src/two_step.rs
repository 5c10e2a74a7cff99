//! Two-step sign-in: a user's authenticator key (TOTP, RFC 6238) and single-use recovery codes.
//! The key has to be read back to check a code, so it is kept as it is, beside the store's other
//! secrets (a backup copies it, and so does an export once it is on); the recovery codes only
//! as hashes.

use redb::ReadableTable;

use crate::account_activity::{self, Activity, ChangedBy};
use crate::tables;
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

/// A user's second factor: set up (`on` false) until its first code is confirmed, then asked
/// for at every sign-in with a password.
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct TwoStep {
    /// The authenticator app's key (20 random bytes).
    pub key: Vec<u8>,
    pub on: bool,
    /// The last time step whose code was accepted: a code works once, and no older one after it.
    pub last_step: u64,
    /// A hash of each recovery code not used yet (argon2id: they are short enough to guess
    /// from a fast hash).
    pub recovery: Vec<String>,
}

/// What a sign-in offers as its second step, already checked against the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecondStep {
    /// The authenticator code of this time step.
    Step(u64),
    /// A recovery code, by the stored hash it matched.
    Recovery(String),
}

pub const TWO_STEP_ALREADY_ON: &str = "Two-step sign-in is already on.";
pub const TWO_STEP_NOT_STARTED: &str = "Start setting up two-step sign-in first.";

const CONFIG: bincode::config::Configuration = bincode::config::standard();

fn decoded(
    table: &impl ReadableTable<u64, &'static [u8]>,
    user_id: u64,
) -> Result<Option<TwoStep>> {
    match table.get(user_id)? {
        Some(bytes) => Ok(Some(bincode::decode_from_slice(bytes.value(), CONFIG)?.0)),
        None => Ok(None),
    }
}

fn two_step_in(tx: &WriteTx<'_>, user_id: u64) -> Result<Option<TwoStep>> {
    decoded(&tx.open_table(tables::TWO_STEP)?, user_id)
}

fn put(tx: &WriteTx<'_>, user_id: u64, two_step: &TwoStep) -> Result<()> {
    let bytes = bincode::encode_to_vec(two_step, CONFIG)?;
    tx.open_table(tables::TWO_STEP)?
        .insert(user_id, bytes.as_slice())?;
    Ok(())
}

/// Every second factor that is on, by user id (a setup not finished is nobody's factor yet).
pub(crate) fn all_on(tx: &redb::ReadTransaction) -> Result<Vec<(u64, TwoStep)>> {
    let mut on = Vec::new();
    for entry in tx.open_table(tables::TWO_STEP)?.iter()? {
        let (user_id, bytes) = entry?;
        let two_step: TwoStep = bincode::decode_from_slice(bytes.value(), CONFIG)?.0;
        if two_step.on {
            on.push((user_id.value(), two_step));
        }
    }
    Ok(on)
}

/// Writes a restored user's second factor.
pub(crate) fn restore_two_step(tx: &WriteTx<'_>, user_id: u64, two_step: &TwoStep) -> Result<()> {
    put(tx, user_id, two_step)
}

/// Forgets a user's second factor (the user is deleted).
pub(crate) fn forget_two_step(tx: &WriteTx<'_>, user_id: u64) -> Result<()> {
    tx.open_table(tables::TWO_STEP)?.remove(user_id)?;
    Ok(())
}

impl Store {
    /// The user's second factor, on or being set up.
    pub fn two_step(&self, user_id: u64) -> Result<Option<TwoStep>> {
        decoded(&self.read()?.open_table(tables::TWO_STEP)?, user_id)
    }

    /// Starts setting up two-step sign-in with a new key, replacing a setup not finished.
    pub async fn start_two_step(&self, user_id: u64, key: Vec<u8>) -> Result<()> {
        self.write(move |tx| {
            if two_step_in(tx, user_id)?.is_some_and(|found| found.on) {
                return Err(StoreError::Conflict(TWO_STEP_ALREADY_ON.into()));
            }
            let setup = TwoStep {
                key,
                on: false,
                last_step: 0,
                recovery: Vec::new(),
            };
            put(tx, user_id, &setup)
        })
        .await
    }

    /// Turns two-step sign-in on with the setup's first code (of time step `step`) and the
    /// recovery codes' hashes. Refused when no setup is waiting, or the key is no longer the
    /// one the code was checked with (a second setup started meanwhile): the code proved
    /// nothing then.
    pub async fn turn_on_two_step(
        &self,
        user_id: u64,
        key: Vec<u8>,
        step: u64,
        recovery: Vec<String>,
        at: u64,
    ) -> Result<()> {
        self.write(move |tx| {
            let Some(mut setup) = two_step_in(tx, user_id)?.filter(|s| !s.on && s.key == key)
            else {
                return Err(StoreError::Conflict(TWO_STEP_NOT_STARTED.into()));
            };
            setup.on = true;
            setup.last_step = step;
            setup.recovery = recovery;
            put(tx, user_id, &setup)?;
            account_activity::note(tx, user_id, at, Activity::TwoStepOn)
        })
        .await
    }

    /// Spends a second step: a time step later than the last one used, or a recovery code not
    /// used yet. Says whether it was accepted; checked inside the write, so of two sign-ins with
    /// the same code only one gets in. A recovery code used is noted in the user's activity.
    pub async fn spend_second_step(
        &self,
        user_id: u64,
        offered: SecondStep,
        at: u64,
    ) -> Result<bool> {
        self.write(move |tx| {
            let Some(mut two_step) = two_step_in(tx, user_id)?.filter(|s| s.on) else {
                return Ok(false);
            };
            match offered {
                SecondStep::Step(step) if step > two_step.last_step => two_step.last_step = step,
                SecondStep::Recovery(hash) if two_step.recovery.contains(&hash) => {
                    two_step.recovery.retain(|kept| *kept != hash);
                    account_activity::note(tx, user_id, at, Activity::RecoveryCodeUsed)?;
                }
                _ => return Ok(false),
            }
            put(tx, user_id, &two_step)?;
            Ok(true)
        })
        .await
    }

    /// Replaces the recovery codes of a user whose two-step sign-in is on; says whether it is.
    pub async fn replace_recovery_codes(
        &self,
        user_id: u64,
        recovery: Vec<String>,
        at: u64,
    ) -> Result<bool> {
        self.write(move |tx| {
            let Some(mut two_step) = two_step_in(tx, user_id)?.filter(|s| s.on) else {
                return Ok(false);
            };
            two_step.recovery = recovery;
            put(tx, user_id, &two_step)?;
            account_activity::note(tx, user_id, at, Activity::RecoveryCodesRenewed)?;
            Ok(true)
        })
        .await
    }

    /// Turns two-step sign-in off (or drops a setup); says whether there was either. Turning
    /// it off is noted in the user's activity, with who did it.
    pub async fn turn_off_two_step(
        &self,
        user_id: u64,
        (by, at): (ChangedBy, u64),
    ) -> Result<bool> {
        self.write(move |tx| {
            let Some(found) = two_step_in(tx, user_id)? else {
                return Ok(false);
            };
            tx.open_table(tables::TWO_STEP)?.remove(user_id)?;
            if found.on {
                account_activity::note(tx, user_id, at, Activity::TwoStepOff(by))?;
            }
            Ok(true)
        })
        .await
    }
}
