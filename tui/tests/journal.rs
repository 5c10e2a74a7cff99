//! The match journal on disk: what survives reopening, a crash in the middle of an append, and
//! the outcomes of sending.

#![allow(clippy::unwrap_used)]

use std::io::Write as _;

use polodesk_domain::codes::{EventType, Period};
use polodesk_domain::events::{EventInput, TeamCall};
use polodesk_tui::journal::{EventRef, Journal, JournalError, Pending, Write};

fn timeout(minute: u8) -> EventInput {
    EventInput {
        match_id: Some(7),
        type_id: Some(EventType::Timeout),
        period_id: Some(Period::First),
        minute: Some(minute),
        seconds: Some(0),
        timeout: Some(TeamCall { team_id: 3 }),
        ..EventInput::default()
    }
}

fn create(client_id: &str, minute: u8) -> Write {
    Write::Create {
        client_id: client_id.to_owned(),
        event: timeout(minute),
    }
}

fn seqs(journal: &Journal) -> Vec<u64> {
    journal.pending().iter().map(|p| p.seq).collect()
}

#[test]
fn appended_writes_survive_reopening_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), 7).unwrap();
    assert!(journal.pending().is_empty());
    let update = Write::Update {
        target: EventRef::ClientId("a".into()),
        event: timeout(2),
    };
    let delete = Write::Delete {
        target: EventRef::Id(41),
    };
    assert_eq!(journal.append(create("a", 1)).unwrap(), 1);
    assert_eq!(journal.append(update.clone()).unwrap(), 2);
    assert_eq!(journal.append(delete.clone()).unwrap(), 3);
    drop(journal);

    let mut journal = Journal::open(dir.path(), 7).unwrap();
    let expected = vec![
        Pending {
            seq: 1,
            write: create("a", 1),
            refused: None,
        },
        Pending {
            seq: 2,
            write: update,
            refused: None,
        },
        Pending {
            seq: 3,
            write: delete,
            refused: None,
        },
    ];
    assert_eq!(journal.pending(), expected);
    // Numbering goes on after the last write.
    assert_eq!(journal.append(create("b", 4)).unwrap(), 4);
    // Another match has a journal of its own.
    assert!(Journal::open(dir.path(), 8).unwrap().pending().is_empty());
}

#[test]
fn a_torn_append_is_cut_off_and_the_journal_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), 7).unwrap();
    journal.append(create("a", 1)).unwrap();
    journal.append(create("b", 2)).unwrap();
    let path = journal.path().to_owned();
    drop(journal);
    let whole = std::fs::read(&path).unwrap();
    // The crash: half of a third record reached the disk.
    let third = whole.split(|b| *b == b'\n').next().unwrap();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    file.write_all(&third[..third.len() / 2]).unwrap();
    drop(file);

    let mut journal = Journal::open(dir.path(), 7).unwrap();
    assert_eq!(seqs(&journal), vec![1, 2]);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        whole,
        "the torn half is gone"
    );
    assert_eq!(journal.append(create("c", 3)).unwrap(), 3);
    drop(journal);
    assert_eq!(seqs(&Journal::open(dir.path(), 7).unwrap()), vec![1, 2, 3]);
}

#[test]
fn a_garbled_last_line_is_cut_but_damage_before_whole_records_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), 7).unwrap();
    journal.append(create("a", 1)).unwrap();
    journal.append(create("b", 2)).unwrap();
    let path = journal.path().to_owned();
    drop(journal);
    let whole = std::fs::read_to_string(&path).unwrap();

    // A whole line whose bytes changed: its checksum no longer holds.
    let garbled = whole.replacen("\"minute\":2", "\"minute\":9", 1);
    std::fs::write(&path, &garbled).unwrap();
    assert_eq!(seqs(&Journal::open(dir.path(), 7).unwrap()), vec![1]);

    std::fs::write(&path, whole.replacen("\"minute\":1", "\"minute\":9", 1)).unwrap();
    match Journal::open(dir.path(), 7) {
        Err(JournalError::Damaged { line, .. }) => assert_eq!(line, 1),
        other => panic!("expected damage, got {other:?}"),
    }
}

#[test]
fn sent_refused_and_dropped_writes_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), 7).unwrap();
    for (client_id, minute) in [("a", 1), ("b", 2), ("c", 3)] {
        journal.append(create(client_id, minute)).unwrap();
    }
    let a = EventRef::ClientId("a".into());
    assert_eq!(journal.resolve(&a), None);
    journal.sent(1, Some(41)).unwrap();
    let refusal = "The team must be the home or the away team of this match.";
    journal.refused(2, refusal).unwrap();
    journal.dropped(3).unwrap();
    assert!(matches!(
        journal.sent(1, None),
        Err(JournalError::UnknownSeq(1))
    ));
    drop(journal);

    let journal = Journal::open(dir.path(), 7).unwrap();
    assert_eq!(seqs(&journal), vec![2]);
    assert_eq!(journal.pending()[0].refused.as_deref(), Some(refusal));
    assert_eq!(journal.resolve(&a), Some(41));
    assert_eq!(journal.resolve(&EventRef::ClientId("b".into())), None);
    assert_eq!(journal.resolve(&EventRef::Id(5)), Some(5));
}

#[test]
fn one_console_at_a_time_has_a_match_journal() {
    let dir = tempfile::tempdir().unwrap();
    let first = Journal::open(dir.path(), 7).unwrap();
    assert!(matches!(
        Journal::open(dir.path(), 7),
        Err(JournalError::InUse { .. })
    ));
    assert!(Journal::open(dir.path(), 8).is_ok());
    drop(first);
    assert!(Journal::open(dir.path(), 7).is_ok());
}
