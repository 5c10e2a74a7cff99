//! The store through its public interface: reference data, indexes, reopening and durability.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use polodesk_domain::reference::{City, CityFields, Country, CountryFields};
use polodesk_store::{SCHEMA_VERSION, Store, StoreError};

fn serbia() -> CountryFields {
    CountryFields {
        name: "Srbija".into(),
        name_universal: "Serbia".into(),
        code: "RS".into(),
    }
}

fn city(name: &str, country_id: u64) -> CityFields {
    CityFields {
        name: name.into(),
        name_universal: name.into(),
        country_id,
    }
}

#[tokio::test]
async fn cities_follow_their_country_through_the_index() {
    let store = Store::in_memory().unwrap();
    let rs = store.create::<Country>(serbia()).await.unwrap();
    let hr = store
        .create::<Country>(CountryFields {
            name: "Hrvatska".into(),
            name_universal: "Croatia".into(),
            code: "HR".into(),
        })
        .await
        .unwrap();
    let novi_sad = store.create::<City>(city("Novi Sad", rs.id)).await.unwrap();
    store.create::<City>(city("Beograd", rs.id)).await.unwrap();

    let names = |cities: Vec<City>| cities.into_iter().map(|c| c.name).collect::<Vec<_>>();
    assert_eq!(
        names(store.cities_of(rs.id).unwrap()),
        ["Beograd", "Novi Sad"]
    );

    // Moving a city to another country moves its index entry too.
    store
        .update::<City>(novi_sad.id, city("Split", hr.id))
        .await
        .unwrap();
    assert_eq!(names(store.cities_of(rs.id).unwrap()), ["Beograd"]);
    assert_eq!(names(store.cities_of(hr.id).unwrap()), ["Split"]);

    // A country with cities is not deleted; once empty it is.
    let refused = store.delete::<Country>(hr.id).await.unwrap_err();
    assert!(matches!(refused, StoreError::Conflict(_)), "{refused:?}");
    assert_eq!(
        store.list::<Country>().unwrap().len(),
        2,
        "a refused delete changes nothing"
    );
    store.delete::<City>(novi_sad.id).await.unwrap();
    store.delete::<Country>(hr.id).await.unwrap();
    assert!(matches!(
        store.cities_of(hr.id),
        Err(StoreError::NotFound {
            entity: "Country",
            ..
        })
    ));
}

#[tokio::test]
async fn a_city_of_an_unknown_country_is_refused_and_nothing_is_written() {
    let store = Store::in_memory().unwrap();
    let error = store.create::<City>(city("Kotor", 99)).await.unwrap_err();
    let StoreError::Invalid(errors) = error else {
        panic!("expected Invalid, got {error:?}")
    };
    assert!(errors.fields().contains_key("countryId"));
    assert!(store.list::<City>().unwrap().is_empty());
    assert!(matches!(
        store.get::<City>(1),
        Err(StoreError::NotFound {
            entity: "City",
            id: 1
        })
    ));
}

#[tokio::test]
async fn concurrent_writes_share_commits_and_all_land_with_distinct_ids() {
    let store = Store::in_memory().unwrap();
    let country = store.create::<Country>(serbia()).await.unwrap();
    let writes = (0..200).map(|i| {
        let store = store.clone();
        tokio::spawn(async move {
            store
                .create::<City>(city(&format!("City {i}"), country.id))
                .await
        })
    });
    let mut ids = Vec::new();
    for write in writes {
        ids.push(write.await.unwrap().unwrap().id);
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 200);
    assert_eq!(store.cities_of(country.id).unwrap().len(), 200);
}

#[tokio::test]
async fn a_batch_is_all_or_nothing() {
    let store = Store::in_memory().unwrap();
    let result = store
        .batch(|batch| {
            let rs = batch.create::<Country>(serbia())?;
            batch.create::<City>(city("Niš", rs.id))?;
            batch.create::<City>(city("Nowhere", 42))
        })
        .await;
    assert!(matches!(result, Err(StoreError::Invalid(_))));
    assert!(store.list::<Country>().unwrap().is_empty());
    assert!(store.list::<City>().unwrap().is_empty());
}

#[tokio::test]
async fn data_survives_reopening_and_the_file_is_locked_while_open() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        let rs = store.create::<Country>(serbia()).await.unwrap();
        store
            .create::<City>(city("Kragujevac", rs.id))
            .await
            .unwrap();
        assert!(matches!(Store::open(dir.path()), Err(StoreError::InUse(_))));
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let countries = store.list::<Country>().unwrap();
    assert_eq!(countries[0].name_universal, "Serbia");
    assert_eq!(
        store.cities_of(countries[0].id).unwrap()[0].name,
        "Kragujevac"
    );
    // Ids keep counting after a reopen.
    let second = store.create::<Country>(serbia()).await.unwrap();
    assert_eq!(second.id, countries[0].id + 1);
}

const CHILD_DIR: &str = "POLODESK_STORE_CRASH_CHILD";

/// The child half of the crash test: writes, says so, then waits to be killed.
#[tokio::test]
async fn acknowledged_write_survives_kill_9() {
    if let Ok(dir) = std::env::var(CHILD_DIR) {
        let store = Store::open(dir.as_ref()).unwrap();
        let country = store.create::<Country>(serbia()).await.unwrap();
        let city = store
            .create::<City>(city("Šabac", country.id))
            .await
            .unwrap();
        println!("committed {}", city.id);
        std::thread::sleep(std::time::Duration::from_secs(60));
        return;
    }

    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "acknowledged_write_survives_kill_9",
            "--nocapture",
        ])
        .env(CHILD_DIR, dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let city_id: u64 = loop {
        let line = lines
            .next()
            .expect("the child ended before committing")
            .unwrap();
        if let Some(id) = line.strip_prefix("committed ") {
            break id.trim().parse().unwrap();
        }
    };
    // SIGKILL: no destructors, no orderly close.
    child.kill().unwrap();
    child.wait().unwrap();

    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.get::<City>(city_id).unwrap().name, "Šabac");
}
