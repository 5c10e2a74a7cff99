//! The history of every write to a match's log, keyed by match and sequence.

use polodesk_domain::matches::HistoryEntry;
use redb::ReadableTable;

use super::{Actor, MatchRecord, Tx, match_must_exist};
use crate::codec::{self, Stored, record_v1};
use crate::tables::{self, MATCH_HISTORY};
use crate::txn::WriteTx;
use crate::{Result, Store};

// History entries live in `MATCH_HISTORY`, keyed by match and sequence; `TABLE` only
// satisfies the trait.
record_v1!(Stored<HistoryEntry>, "Match history entry", MATCHES);

/// Writes one history entry of an export in its place, after checking its match exists.
pub(crate) fn restore_history(
    tx: &WriteTx<'_>,
    match_id: u64,
    sequence: u64,
    entry: HistoryEntry,
) -> Result<()> {
    codec::get::<MatchRecord>(&tx.open_table(tables::MATCHES)?, match_id)?;
    tx.open_table(MATCH_HISTORY)?.insert(
        (match_id, sequence),
        codec::encode(&Stored(entry))?.as_slice(),
    )?;
    Ok(())
}

impl Tx<'_> {
    pub(super) fn history(
        &self,
        match_id: u64,
        actor: &Actor,
        action: &str,
        before: Option<String>,
        after: Option<String>,
    ) -> Result<()> {
        let mut table = self.tx.open_table(MATCH_HISTORY)?;
        let next = table
            .range((match_id, 0)..=(match_id, u64::MAX))?
            .next_back()
            .transpose()?
            .map_or(1, |(key, _)| key.value().1 + 1);
        let entry = HistoryEntry {
            at: actor.at,
            user_id: actor.user_id,
            user: actor.user.clone(),
            action: action.to_owned(),
            before,
            after,
        };
        table.insert((match_id, next), codec::encode(&Stored(entry))?.as_slice())?;
        Ok(())
    }
}

impl Store {
    /// A match's history, oldest first.
    pub fn match_history(&self, match_id: u64) -> Result<Vec<HistoryEntry>> {
        let tx = self.read()?;
        match_must_exist(&tx, match_id)?;
        let table = tx.open_table(MATCH_HISTORY)?;
        table
            .range((match_id, 0)..=(match_id, u64::MAX))?
            .map(|entry| {
                let (_, bytes) = entry?;
                Ok(codec::decode::<Stored<HistoryEntry>>(bytes.value())?.0)
            })
            .collect()
    }
}
