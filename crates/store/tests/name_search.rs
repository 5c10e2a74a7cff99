//! The search by name counts and pages from the surnames held in memory: after any sequence of
//! person writes, and after the store is opened again, every search answers what a plain scan
//! of the persons answers.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::validation::fold;
use polodesk_store::{Holder, NameQuery, Store};
use proptest::prelude::*;

/// Few surnames and names, with accents and shared pieces, so searches match several.
const SURNAMES: &[&str] = &["Jovanović", "Jovic", "Kovač", "Ković", "Marković", "Šarić"];
const NAMES: &[&str] = &["Ana", "Ivan", "Ivana", "Đorđe", "Marko"];
const PARTS: &[&str] = &["jov", "kov", "ic", "s", "ar", "ivan", "o", "x"];

#[derive(Debug, Clone)]
enum Write {
    Create(usize, usize),
    /// Renames the n-th living person (modulo their number).
    Rename(usize, usize, usize),
    Delete(usize),
}

fn any_write() -> impl Strategy<Value = Write> {
    let (s, n) = (SURNAMES.len(), NAMES.len());
    prop_oneof![
        4 => (0..s, 0..n).prop_map(|(s, n)| Write::Create(s, n)),
        2 => (any::<usize>(), 0..s, 0..n).prop_map(|(p, s, n)| Write::Rename(p, s, n)),
        1 => any::<usize>().prop_map(Write::Delete),
    ]
}

fn any_query() -> impl Strategy<Value = (NameQuery, usize, usize)> {
    let part = proptest::option::of(proptest::sample::select(PARTS));
    (part.clone(), part, any::<bool>(), 0usize..12, 0usize..8).prop_map(
        |(surname, name, descending, skip, take)| {
            let query = NameQuery {
                surname: surname.map(str::to_owned),
                name: name.map(str::to_owned),
                descending,
            };
            (query, skip, take)
        },
    )
}

fn fields(surname: usize, name: usize) -> PersonFields {
    let born = Date::new(2000, 1, 1).unwrap();
    PersonFields::new(NAMES[name], SURNAMES[surname], born)
}

async fn apply(store: &Store, writes: &[Write]) {
    for write in writes {
        let living = store.list::<Person>().unwrap();
        match *write {
            Write::Create(s, n) => {
                store.create::<Person>(fields(s, n)).await.unwrap();
            }
            Write::Rename(p, s, n) if !living.is_empty() => {
                let id = living[p % living.len()].id;
                store.update::<Person>(id, fields(s, n)).await.unwrap();
            }
            Write::Delete(p) if !living.is_empty() => {
                let id = living[p % living.len()].id;
                store.delete::<Person>(id).await.unwrap();
            }
            _ => {}
        }
    }
}

/// The search done the plain way: every person, filtered, sorted, cut.
fn scanned(store: &Store, query: &NameQuery, skip: usize, take: usize) -> (u64, Vec<u64>) {
    let mut rows: Vec<(String, String, u64)> = store
        .list::<Person>()
        .unwrap()
        .into_iter()
        .map(|p| (fold(&p.fields.surname), fold(&p.fields.name), p.id))
        .filter(|(surname, name, _)| {
            query.surname.as_deref().is_none_or(|s| surname.contains(s))
                && query.name.as_deref().is_none_or(|n| name.contains(n))
        })
        .collect();
    rows.sort();
    if query.descending {
        rows.reverse();
    }
    let total = rows.len() as u64;
    let page = rows
        .into_iter()
        .skip(skip)
        .take(take)
        .map(|r| r.2)
        .collect();
    (total, page)
}

fn check(store: &Store, queries: &[(NameQuery, usize, usize)]) -> Result<(), TestCaseError> {
    for (query, skip, take) in queries {
        let found = store.by_name(Holder::Person, query, *skip, *take).unwrap();
        prop_assert_eq!(
            &found,
            &scanned(store, query, *skip, *take),
            "{:?}, skip {}, take {}",
            query,
            skip,
            take
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_search_by_name_answers_what_a_scan_answers(
        writes in proptest::collection::vec(any_write(), 0..40),
        queries in proptest::collection::vec(any_query(), 1..12),
    ) {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let dir = tempfile::tempdir().unwrap();
        {
            let store = Store::open(dir.path()).unwrap();
            runtime.block_on(apply(&store, &writes));
            check(&store, &queries)?;
        }
        // Opened again, the surnames are counted from the file.
        let store = Store::open(dir.path()).unwrap();
        check(&store, &queries)?;
    }
}

#[tokio::test]
async fn a_whole_list_and_an_empty_page_count_every_match() {
    let store = Store::in_memory().unwrap();
    apply(
        &store,
        &[
            Write::Create(0, 0),
            Write::Create(1, 1),
            Write::Create(0, 2),
        ],
    )
    .await;
    let all = NameQuery::default();
    let (total, ids) = store.by_name(Holder::Person, &all, 0, usize::MAX).unwrap();
    assert_eq!((total, ids.len()), (3, 3));
    let jov = NameQuery {
        surname: Some("jov".into()),
        ..NameQuery::default()
    };
    assert_eq!(
        store.by_name(Holder::Person, &jov, 5, 10).unwrap(),
        (3, Vec::new())
    );
    // Players are apart from persons: none here.
    assert_eq!(
        store.by_name(Holder::Player, &all, 0, 10).unwrap(),
        (0, Vec::new())
    );
}
