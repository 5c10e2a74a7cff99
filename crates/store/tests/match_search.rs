//! The match search follows every write that changes a match, whatever made it: a match's own
//! calls, a batch, and the cascade of a deleted team or federation.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::codes::MatchStatus;
use polodesk_domain::competitions::{Competition, CompetitionInput};
use polodesk_domain::dates::Instant;
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::matches::{Match, MatchFields};
use polodesk_domain::memberships::{CompetitionTeamFields, Link};
use polodesk_domain::reference::{Category, CategoryInput, Country, CountryInput};
use polodesk_domain::teams::{Team, TeamInput};
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::{Actor, Entity, MatchLog, MatchQuery, Store, StoreError};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

fn input<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).unwrap()
}

/// Creates the record of checked fields; a refusal fails the test.
async fn create<E: Entity>(store: &Store, fields: Result<E::Fields, ValidationErrors>) -> E {
    store.create(fields.unwrap()).await.unwrap()
}

fn actor() -> Actor {
    Actor {
        user_id: 1,
        user: "admin@example.com".into(),
        at: Instant(1_777_660_200),
        may_correct: true,
    }
}

/// The ids and total of the unfiltered search.
fn search(store: &Store) -> (Vec<u64>, u64) {
    let (page, total) = store.search_matches(&MatchQuery::first(10)).unwrap();
    (page.into_iter().map(|m| m.id).collect(), total)
}

/// A federation with a club, two teams and a competition they are entered in.
struct League {
    federation: u64,
    home: u64,
    away: u64,
    competition: u64,
}

async fn league(store: &Store) -> League {
    let country = json!({"name": "Srbija", "nameUniversal": "Serbia", "code": "RS"});
    let country: Country = create(store, input::<CountryInput>(country).validate()).await;
    let category = json!({"name": "Seniori", "nameUniversal": "Seniors", "gender": "Male"});
    let category: Category = create(store, input::<CategoryInput>(category).validate()).await;
    let federation = json!({"name": "VSS", "nameUniversal": "Serbia", "countryId": country.id,
        "activeFrom": "1990-01-02"});
    let federation: Federation =
        create(store, input::<FederationInput>(federation).validate()).await;
    let club = json!({"name": "Partizan", "nameUniversal": "Partizan",
        "federationId": federation.id});
    let club: Club = create(store, input::<ClubInput>(club).validate()).await;
    let mut teams = Vec::new();
    for name in ["A", "B"] {
        let team = json!({"name": name, "nameUniversal": name, "clubId": club.id,
            "categoryId": category.id});
        let team: Team = create(store, input::<TeamInput>(team).validate()).await;
        teams.push(team.id);
    }
    let competition = json!({"name": "SL", "nameUniversal": "League",
        "federationId": federation.id});
    let competition: Competition =
        create(store, input::<CompetitionInput>(competition).validate()).await;
    for &team_id in &teams {
        let _: Link<CompetitionTeamFields> = store
            .create(CompetitionTeamFields {
                competition_id: competition.id,
                team_id,
                description: None,
                is_disqualified: false,
                is_seed: false,
            })
            .await
            .unwrap();
    }
    League {
        federation: federation.id,
        home: teams[0],
        away: teams[1],
        competition: competition.id,
    }
}

fn fixture(league: &League, start: i64) -> MatchFields {
    MatchFields::new(league.home, league.away, league.competition, Instant(start))
}

/// The log of a match with no one in it and nothing logged.
fn empty_log(fields: MatchFields, status: MatchStatus) -> MatchLog {
    MatchLog {
        fields,
        players: vec![],
        coaches: vec![],
        officials: vec![],
        events: vec![],
        status,
        confirmations: vec![],
    }
}

/// Writes a match log as an import does, in a batch of its own.
async fn write_log(store: &Store, log: MatchLog) -> Result<Match, StoreError> {
    store
        .batch(move |batch| batch.write_match_log(log, &actor()))
        .await
}

#[tokio::test]
async fn a_deleted_team_takes_its_matches_out_of_the_search() {
    let store = Store::in_memory().unwrap();
    let league = league(&store).await;
    let first = store
        .create_match(fixture(&league, 1_000), actor())
        .await
        .unwrap();
    assert_eq!(search(&store), (vec![first.id], 1));

    store.delete::<Team>(league.home).await.unwrap();
    assert_eq!(search(&store), (vec![], 0));
}

#[tokio::test]
async fn a_batch_s_match_logs_are_searchable_at_once_and_leave_with_their_federation() {
    let store = Store::in_memory().unwrap();
    let league = league(&store).await;
    let log = empty_log(fixture(&league, 2_000), MatchStatus::Finished);
    let logged = write_log(&store, log).await.unwrap();
    let (page, total) = search(&store);
    assert_eq!((page, total), (vec![logged.id], 1));

    store.delete::<Federation>(league.federation).await.unwrap();
    assert_eq!(search(&store), (vec![], 0));
}

#[tokio::test]
async fn a_failed_write_leaves_the_search_as_it_was() {
    let store = Store::in_memory().unwrap();
    let league = league(&store).await;
    let kept = store
        .create_match(fixture(&league, 3_000), actor())
        .await
        .unwrap();
    let log = MatchLog {
        // Confirming a log that is not finished fails after the match was written.
        confirmations: vec![(7, Instant(5_000))],
        ..empty_log(fixture(&league, 4_000), MatchStatus::NotStarted)
    };
    let failed = write_log(&store, log).await;
    assert!(failed.is_err());
    assert_eq!(search(&store), (vec![kept.id], 1));
}

#[tokio::test]
async fn teams_are_found_by_name_after_a_rename_a_delete_and_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let needle = |text: &str| polodesk_domain::validation::fold(text);
    let (home, away) = {
        let store = Store::open(dir.path()).unwrap();
        let league = league(&store).await;
        assert_eq!(store.teams_named(&needle("a")), vec![league.home]);
        let home: Team = store.get(league.home).unwrap();
        let mut fields = home.fields.clone();
        fields.name = "Radnički".into();
        fields.name_universal = "Radnicki Kragujevac".into();
        store.update::<Team>(league.home, fields).await.unwrap();
        assert_eq!(store.teams_named(&needle("RADNIČ")), vec![league.home]);
        assert_eq!(store.teams_named(&needle("kragujevac")), vec![league.home]);
        assert_eq!(store.teams_named(&needle("a")), vec![league.home]);
        (league.home, league.away)
    };
    // At open the names are read back from the file.
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.teams_named(&needle("radnic")), vec![home]);
    assert_eq!(store.teams_named(&needle("b")), vec![away]);
    store.delete::<Team>(away).await.unwrap();
    assert_eq!(store.teams_named(&needle("b")), Vec::<u64>::new());
}
