//! A storage backend that fails on demand, so tests can show what a failed fsync or a full disk
//! does to the store and to every call above it (DESIGN: a write that returned success survives;
//! one that did not changes nothing).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use redb::StorageBackend;

/// The switches a test flips; clones share them with the backend.
#[derive(Debug, Clone, Default)]
pub struct Faults {
    fsync: Arc<AtomicBool>,
    disk_full: Arc<AtomicBool>,
    power_cut: Arc<AtomicBool>,
}

impl Faults {
    /// Every fsync fails (as `EIO` does on a dying disk) while `on`.
    pub fn fail_fsync(&self, on: bool) {
        self.fsync.store(on, Ordering::SeqCst);
    }

    /// Every write that would grow or change the file fails with "no space left" while `on`.
    pub fn fill_disk(&self, on: bool) {
        self.disk_full.store(on, Ordering::SeqCst);
    }

    /// From now on nothing more reaches the disk, though every write and fsync seems to work:
    /// the files stay as a machine that died now would leave them. Only dropping the store
    /// makes sense after it.
    pub fn cut_power(&self) {
        self.power_cut.store(true, Ordering::SeqCst);
    }

    fn power_is_cut(&self) -> bool {
        self.power_cut.load(Ordering::SeqCst)
    }
}

/// `B` with the failures `Faults` switches on.
#[derive(Debug)]
pub struct FaultyBackend<B> {
    inner: B,
    faults: Faults,
}

impl<B> FaultyBackend<B> {
    pub fn new(inner: B, faults: Faults) -> Self {
        Self { inner, faults }
    }

    fn check_space(&self) -> io::Result<()> {
        if self.faults.disk_full.load(Ordering::SeqCst) {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device (injected)",
            ));
        }
        Ok(())
    }
}

impl<B: StorageBackend> StorageBackend for FaultyBackend<B> {
    fn len(&self) -> io::Result<u64> {
        self.inner.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.inner.read(offset, out)
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        if self.faults.power_is_cut() {
            return Ok(());
        }
        if len > self.inner.len()? {
            self.check_space()?;
        }
        self.inner.set_len(len)
    }

    fn sync_data(&self) -> io::Result<()> {
        if self.faults.power_is_cut() {
            return Ok(());
        }
        if self.faults.fsync.load(Ordering::SeqCst) {
            return Err(io::Error::other(
                "input/output error during fsync (injected)",
            ));
        }
        self.inner.sync_data()
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        if self.faults.power_is_cut() {
            return Ok(());
        }
        self.check_space()?;
        self.inner.write(offset, data)
    }

    fn close(&self) -> io::Result<()> {
        self.inner.close()
    }
}
