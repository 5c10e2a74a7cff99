//! The store through its public interface: reference data, indexes, reopening and durability.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use polodesk_domain::reference::{City, CityFields, Country, CountryFields};
use polodesk_domain::views::EntityRef;
use polodesk_store::{Place, SCHEMA_VERSION, Store, StoreError};

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

/// The countries and cities as a plain read of their tables gives them, beside the names the
/// store keeps in memory for the people searches: the same, after every kind of write.
fn assert_place_names_follow(store: &Store, when: &str) {
    let read = |place: Place, rows: Vec<EntityRef>| {
        let ids: Vec<u64> = rows.iter().map(|r| r.id).collect();
        let mut kept: Vec<EntityRef> = store.place_names(place, ids).into_values().collect();
        kept.sort_by_key(|r| r.id);
        assert_eq!(kept, rows, "{place:?} {when}");
    };
    let countries = store.list::<Country>().unwrap();
    read(
        Place::Country,
        countries.iter().map(EntityRef::from).collect(),
    );
    let cities = store.list::<City>().unwrap();
    read(Place::City, cities.iter().map(EntityRef::from).collect());
}

#[tokio::test]
async fn place_names_in_memory_follow_every_write_and_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        let rs = store.create::<Country>(serbia()).await.unwrap();
        let nis = store.create::<City>(city("Niš", rs.id)).await.unwrap();
        store.create::<City>(city("Subotica", rs.id)).await.unwrap();
        assert_place_names_follow(&store, "after creates");

        let renamed = CountryFields {
            name_universal: "Republic of Serbia".into(),
            ..serbia()
        };
        store.update::<Country>(rs.id, renamed).await.unwrap();
        store
            .update::<City>(nis.id, city("Nish", rs.id))
            .await
            .unwrap();
        let names = store.place_names(Place::City, [nis.id]);
        assert_eq!(names[&nis.id].name, "Nish");
        assert_place_names_follow(&store, "after renames");

        // A batch that fails leaves no trace in memory either.
        let refused = store
            .batch(|batch| {
                let hr = batch.create::<Country>(CountryFields {
                    name: "Hrvatska".into(),
                    name_universal: "Croatia".into(),
                    code: "HR".into(),
                })?;
                batch.create::<City>(city("Split", hr.id))?;
                batch.create::<City>(city("Nowhere", 4_242))
            })
            .await;
        assert!(refused.is_err());
        assert_place_names_follow(&store, "after a refused batch");
        let croatia = rs.id + 1;
        assert!(store.place_names(Place::Country, [croatia]).is_empty());

        store.delete::<City>(nis.id).await.unwrap();
        assert!(store.place_names(Place::City, [nis.id]).is_empty());
        assert_place_names_follow(&store, "after a delete");
    }
    let store = Store::open(dir.path()).unwrap();
    assert_place_names_follow(&store, "after a reopen");
    let countries = store.list::<Country>().unwrap();
    let names = store.place_names(Place::Country, [countries[0].id]);
    assert_eq!(names[&countries[0].id].name_universal, "Republic of Serbia");
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

fn person(name: &str, surname: &str) -> polodesk_domain::persons::PersonFields {
    let born = polodesk_domain::dates::Date::new(2001, 5, 6).unwrap();
    polodesk_domain::persons::PersonFields::new(name, surname, born)
}

#[tokio::test]
async fn the_name_index_pages_by_surname_and_follows_renames_and_deletes() {
    use polodesk_domain::persons::Person;
    use polodesk_store::{Holder, NameQuery};
    let store = Store::in_memory().unwrap();
    let mut ids = Vec::new();
    for (name, surname) in [
        ("Ana", "Jovanović"),
        ("Marko", "Jovanovic"),
        ("Ivan", "Kovács"),
        ("Bojan", "Jovanović"),
        ("Ana", "Zec"),
    ] {
        ids.push(
            store
                .create::<Person>(person(name, surname))
                .await
                .unwrap()
                .id,
        );
    }
    let all = NameQuery::default();
    let (total, page) = store.by_name(Holder::Person, &all, 0, 10).unwrap();
    assert_eq!(total, 5);
    // Surname (accents ignored), then name, then id.
    assert_eq!(page, [ids[0], ids[3], ids[1], ids[2], ids[4]]);
    let (total, page) = store.by_name(Holder::Person, &all, 3, 2).unwrap();
    assert_eq!((total, page), (5, vec![ids[2], ids[4]]), "the last page");
    let (total, page) = store.by_name(Holder::Person, &all, 10, 2).unwrap();
    assert_eq!(
        (total, page),
        (5, vec![]),
        "past the end: empty, totals kept"
    );
    let jov = NameQuery {
        surname: Some("jov".into()),
        descending: true,
        ..NameQuery::default()
    };
    let (total, page) = store.by_name(Holder::Person, &jov, 0, 2).unwrap();
    assert_eq!((total, page), (3, vec![ids[1], ids[3]]), "Z to A");
    let ana = NameQuery {
        name: Some("ana".into()),
        ..NameQuery::default()
    };
    assert_eq!(store.by_name(Holder::Person, &ana, 0, 10).unwrap().0, 2);
    store
        .update::<Person>(ids[4], person("Ana", "Abramović"))
        .await
        .unwrap();
    store.delete::<Person>(ids[0]).await.unwrap();
    let (total, page) = store.by_name(Holder::Person, &all, 0, 2).unwrap();
    assert_eq!((total, page), (4, vec![ids[4], ids[3]]));
    let (total, _) = store.by_name(Holder::Player, &all, 0, 2).unwrap();
    assert_eq!(total, 0, "persons are not players");
}

#[tokio::test]
async fn a_version_1_store_gets_its_name_index_when_opened() {
    use polodesk_domain::persons::Person;
    use polodesk_store::{Holder, NameQuery};
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let store = Store::open(dir.path()).unwrap();
        store
            .create::<Person>(person("Ana", "Jovanović"))
            .await
            .unwrap()
            .id
    };
    // Roll the file back to what release 1 wrote: no name index, schema version 1.
    {
        let db = redb::Database::create(dir.path().join(polodesk_store::FILE_NAME)).unwrap();
        let tx = db.begin_write().unwrap();
        let names: redb::MultimapTableDefinition<(u8, &str), (&str, u64)> =
            redb::MultimapTableDefinition::new("names");
        tx.delete_multimap_table(names).unwrap();
        let meta: redb::TableDefinition<&str, u64> = redb::TableDefinition::new("meta");
        tx.open_table(meta)
            .unwrap()
            .insert("schema_version", 1)
            .unwrap();
        tx.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let (total, page) = store
        .by_name(Holder::Person, &NameQuery::default(), 0, 10)
        .unwrap();
    assert_eq!((total, page), (1, vec![id]));
}

/// Schema 4 kept no sign-ins and remembered revoked families for ever: opening such a store
/// gives each working family its sign-in and keeps refusing the revoked ones.
#[tokio::test]
async fn a_version_4_store_gets_its_sign_ins_when_opened() {
    use polodesk_domain::codes::UserType;
    use polodesk_domain::users::UserFields;
    use polodesk_store::{RefreshToken, Seen};
    let dir = tempfile::tempdir().unwrap();
    let token = |user_id, expires_at| RefreshToken {
        user_id,
        client_id: "polodesk-tui".into(),
        scope: "polodesk-api".into(),
        auth_time: 7,
        family: 0,
        expires_at,
        spent: false,
    };
    let seen = || Seen {
        at: 7,
        user_agent: "polodesk/0.1.0 (linux)".into(),
        address: None,
    };
    let far = 4_000_000_000;
    let (user, working, revoked) = {
        let store = Store::open(dir.path()).unwrap();
        let fields = UserFields {
            email: "ana@polodesk.test".into(),
            phone_number: None,
            type_id: UserType::Admin,
            federation_id: None,
            club_id: None,
            person_id: None,
        };
        let user = store.create_user(fields, None, None).await.unwrap().id;
        let issue =
            |hash: &str| store.issue_refresh_token(hash.into(), token(user, far), 0, seen(), None);
        let working = issue("w1").await.unwrap().unwrap();
        let revoked = issue("v1").await.unwrap().unwrap();
        (user, working, revoked)
    };
    // Roll the file back to what schema 4 wrote: no sign-ins, revoked families without a time.
    {
        let db = redb::Database::create(dir.path().join(polodesk_store::FILE_NAME)).unwrap();
        let tx = db.begin_write().unwrap();
        let sign_ins: redb::TableDefinition<(u64, u64), &[u8]> =
            redb::TableDefinition::new("sign_ins");
        tx.delete_table(sign_ins).unwrap();
        let until: redb::TableDefinition<u64, u64> =
            redb::TableDefinition::new("revoked_families_until");
        tx.delete_table(until).unwrap();
        let old: redb::TableDefinition<u64, ()> = redb::TableDefinition::new("revoked_families");
        tx.open_table(old).unwrap().insert(revoked, ()).unwrap();
        let meta: redb::TableDefinition<&str, u64> = redb::TableDefinition::new("meta");
        tx.open_table(meta)
            .unwrap()
            .insert("schema_version", 4)
            .unwrap();
        tx.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let opened = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let listed = store.sign_ins(user, opened).unwrap();
    assert_eq!(listed.len(), 1, "{listed:?}");
    let (family, sign_in) = &listed[0];
    assert_eq!(*family, working);
    assert_eq!((sign_in.started_at, sign_in.expires_at), (7, far));
    assert!(
        sign_in.last_used_at.abs_diff(opened) < 60,
        "its last use is taken as the upgrade, so it does not end as idle"
    );
    assert_eq!(sign_in.client_id, "polodesk-tui");
    assert_eq!(
        sign_in.user_agent, "",
        "the device is not known until its next refresh"
    );
    assert!(
        store
            .signed_in_user(user, 0, Some(revoked))
            .unwrap()
            .is_none()
    );
    assert!(
        store
            .signed_in_user(user, 0, Some(working))
            .unwrap()
            .is_some()
    );
    drop(store);
    let reopened = Store::open(dir.path()).unwrap();
    assert_eq!(reopened.sign_ins(user, 8).unwrap().len(), 1);
}

#[tokio::test]
async fn expired_sign_in_secrets_are_swept_and_live_ones_stay() {
    use polodesk_store::{ApiToken, Session, SetPasswordLink};
    let store = Store::in_memory().unwrap();
    let session = |expires_at| Session {
        user_id: 1,
        expires_at,
    };
    store.put_secret("old".into(), session(100)).await.unwrap();
    store.put_secret("live".into(), session(300)).await.unwrap();
    let link = SetPasswordLink {
        user_id: 1,
        expires_at: 150,
    };
    store.put_secret("link".into(), link).await.unwrap();
    let token = ApiToken {
        user_id: 1,
        created_at: 1,
    };
    store.put_secret("token".into(), token).await.unwrap();
    assert_eq!(store.sweep_expired(200).await.unwrap(), 2);
    assert!(store.secret::<Session>("old").unwrap().is_none());
    assert!(store.secret::<SetPasswordLink>("link").unwrap().is_none());
    assert!(store.secret::<Session>("live").unwrap().is_some());
    assert!(
        store.secret::<ApiToken>("token").unwrap().is_some(),
        "API tokens do not expire"
    );
    assert_eq!(store.sweep_expired(200).await.unwrap(), 0);
}
