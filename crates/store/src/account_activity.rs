//! What happened to how an account signs in, for its owner to read on the Account page:
//! sign-ins, wrong passwords and codes, every sign-in ended at once, and changes to the
//! password, two-step sign-in and the personal API token
//! (PoloDesk sends no mail, so this is where a user learns of them; ASVS V6.3.5, V6.3.7).
//! Each user keeps the latest `ACTIVITY_KEPT` entries; wrong guesses in a row from one address
//! are one entry with a count, so a guesser cannot push the rest out.

use redb::ReadableTable;

use crate::codec::Record;
use crate::identity::UserRecord;
use crate::tables;
use crate::txn::WriteTx;
use crate::{Result, Store};

/// How many entries a user keeps.
pub const ACTIVITY_KEPT: usize = 50;

/// Who made a change: set a password, turned two-step sign-in off, ended every sign-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub enum ChangedBy {
    /// The user, with the current password.
    Own,
    /// An administrator, in the app or from the command line.
    Administrator,
    /// The user, through a set-password link (a password only).
    Link,
}

/// One thing that happened to the account.
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub enum Activity {
    /// A new sign-in of an app on a device.
    SignedIn {
        client_id: String,
        user_agent: String,
        address: Option<String>,
    },
    /// Wrong passwords for the account in a row from one address (or none known).
    WrongPasswords {
        address: Option<String>,
        count: u32,
    },
    /// The right password with a wrong second step.
    WrongSecondStep {
        address: Option<String>,
    },
    PasswordChanged(ChangedBy),
    TwoStepOn,
    /// Turned off by the user, or by an administrator (`ChangedBy::Administrator`).
    TwoStepOff(ChangedBy),
    RecoveryCodesRenewed,
    RecoveryCodeUsed,
    /// A personal API token issued (replacing the one before, if any).
    ApiTokenIssued,
    ApiTokenRevoked,
    /// Every sign-in ended at once, by the user or an administrator.
    SignedOutEverywhere(ChangedBy),
}

/// An activity and when it happened (Unix seconds; for wrong guesses, the last one).
#[derive(Debug, Clone, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct ActivityEntry {
    pub at: u64,
    pub activity: Activity,
}

const CONFIG: bincode::config::Configuration = bincode::config::standard();

/// Notes an activity of the user, inside the write that made it happen.
pub(crate) fn note(tx: &WriteTx<'_>, user_id: u64, at: u64, activity: Activity) -> Result<()> {
    let mut table = tx.open_table(tables::ACCOUNT_ACTIVITY)?;
    let latest = match table
        .range((user_id, 0)..=(user_id, u64::MAX))?
        .next_back()
        .transpose()?
    {
        Some((key, bytes)) => Some((
            key.value().1,
            bincode::decode_from_slice::<ActivityEntry, _>(bytes.value(), CONFIG)?.0,
        )),
        None => None,
    };
    let (sequence, entry) = match (latest, activity) {
        (
            Some((
                sequence,
                ActivityEntry {
                    activity: Activity::WrongPasswords { address, count },
                    ..
                },
            )),
            Activity::WrongPasswords { address: new, .. },
        ) if address == new => (
            sequence,
            ActivityEntry {
                at,
                activity: Activity::WrongPasswords {
                    address,
                    count: count.saturating_add(1),
                },
            },
        ),
        (latest, activity) => (
            latest.map_or(0, |(sequence, _)| sequence + 1),
            ActivityEntry { at, activity },
        ),
    };
    let bytes = bincode::encode_to_vec(&entry, CONFIG)?;
    table.insert((user_id, sequence), bytes.as_slice())?;
    if let Some(oldest_kept) = sequence.checked_sub(ACTIVITY_KEPT as u64 - 1) {
        table.retain_in((user_id, 0)..(user_id, oldest_kept), |_, _| false)?;
    }
    Ok(())
}

/// Forgets a user's activity (the user is deleted).
pub(crate) fn forget(tx: &WriteTx<'_>, user_id: u64) -> Result<()> {
    tx.open_table(tables::ACCOUNT_ACTIVITY)?
        .retain_in((user_id, 0)..=(user_id, u64::MAX), |_, _| false)?;
    Ok(())
}

impl Store {
    /// The user's activity by its sequence numbers, the latest first.
    pub fn account_activity(&self, user_id: u64) -> Result<Vec<(u64, ActivityEntry)>> {
        let tx = self.read()?;
        let table = tx.open_table(tables::ACCOUNT_ACTIVITY)?;
        let mut entries = Vec::new();
        for entry in table.range((user_id, 0)..=(user_id, u64::MAX))?.rev() {
            let (key, bytes) = entry?;
            let decoded = bincode::decode_from_slice(bytes.value(), CONFIG)?.0;
            entries.push((key.value().1, decoded));
        }
        Ok(entries)
    }

    /// Notes an activity that comes with no other write (a wrong password or code).
    pub async fn note_account_activity(
        &self,
        user_id: u64,
        at: u64,
        activity: Activity,
    ) -> Result<()> {
        self.write(move |tx| {
            // The user may have been deleted since the guess was checked.
            let users = tx.open_table(UserRecord::TABLE.def())?;
            if users.get(user_id)?.is_some() {
                drop(users);
                note(tx, user_id, at, activity)?;
            }
            Ok(())
        })
        .await
    }
}
