//! The wrong-PIN counts of officials.

use polodesk_domain::pin_guard::{PinGuard, PinRefusal};

use crate::codec::{self, Record, Stored};
use crate::tables::RecordTable;
use crate::tables::{self};
use crate::{Result, Store, StoreError};

impl Record for Stored<PinGuard> {
    const ENTITY: &'static str = "PIN guard";
    const TABLE: RecordTable = RecordTable::of(tables::PIN_GUARDS);
    const VERSION: u16 = 1;
}

impl Store {
    /// Starts a PIN attempt for an official, in the writer's order: refused while paused or
    /// locked, otherwise counted as wrong until the log is confirmed (which clears the count), so
    /// parallel guesses cannot all pass the check before any is counted.
    pub async fn start_pin_attempt(
        &self,
        official_id: u64,
        now: i64,
    ) -> Result<std::result::Result<PinGuard, PinRefusal>> {
        self.write(move |tx| {
            let table = tx.open_table(tables::PIN_GUARDS)?;
            let mut guard = match codec::get::<Stored<PinGuard>>(&table, official_id) {
                Ok(guard) => guard.0,
                Err(StoreError::NotFound { .. }) => PinGuard::default(),
                Err(other) => return Err(other),
            };
            drop(table);
            if let Err(refusal) = guard.check(now) {
                return Ok(Err(refusal));
            }
            guard.fail(now);
            codec::put(tx, official_id, &Stored(guard.clone()))?;
            Ok(Ok(guard))
        })
        .await
    }
}
