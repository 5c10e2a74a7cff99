//! The wrong-PIN counts of officials.

use polodesk_domain::pin_guard::{PinGuard, PinRefusal};

use crate::codec::{self, Stored, record_v1};
use crate::tables::{self};
use crate::{Result, Store, StoreError};

record_v1!(Stored<PinGuard>, "PIN guard", PIN_GUARDS);

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
