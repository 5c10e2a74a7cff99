//! The people searches' club filter sorts and counts from the members and names held in
//! memory: after any sequence of player, membership, person and club writes, and after the
//! store is opened again, every club's members by name are what a plain scan of the links,
//! players and persons gives.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;

use polodesk_domain::clubs::{Club, ClubFields};
use polodesk_domain::dates::Date;
use polodesk_domain::memberships::{ClubPlayerFields, Link};
use polodesk_domain::persons::{Person, PersonFields, Profile};
use polodesk_domain::players::{NewPlayer, Player, PlayerFields};
use polodesk_domain::validation::fold;
use polodesk_store::{Holder, NameQuery, Store};
use proptest::prelude::*;

const SURNAMES: &[&str] = &["Jovanović", "Jovic", "Kovač", "Ković", "Šarić"];
const NAMES: &[&str] = &["Ana", "Ivan", "Ivana", "Đorđe"];
const PARTS: &[&str] = &["jov", "kov", "ic", "ivan", "o", "x"];
const CLUBS: usize = 3;

type Membership = Link<ClubPlayerFields>;

#[derive(Debug, Clone)]
enum Write {
    /// A new player (surname, name) in a club.
    Player(usize, usize, usize),
    /// The n-th player joins a club (refused when already in it).
    Join(usize, usize),
    /// The n-th membership ends.
    Leave(usize),
    /// The n-th player's person is renamed.
    Rename(usize, usize, usize),
    /// The n-th player is deleted, with their memberships.
    DeletePlayer(usize),
    /// The last club is deleted, with its memberships.
    DeleteClub,
}

fn any_write() -> impl Strategy<Value = Write> {
    let (s, n) = (SURNAMES.len(), NAMES.len());
    prop_oneof![
        5 => (0..s, 0..n, 0..CLUBS).prop_map(|(s, n, c)| Write::Player(s, n, c)),
        2 => (any::<usize>(), 0..CLUBS).prop_map(|(p, c)| Write::Join(p, c)),
        2 => any::<usize>().prop_map(Write::Leave),
        2 => (any::<usize>(), 0..s, 0..n).prop_map(|(p, s, n)| Write::Rename(p, s, n)),
        1 => any::<usize>().prop_map(Write::DeletePlayer),
        1 => Just(Write::DeleteClub),
    ]
}

fn any_query() -> impl Strategy<Value = NameQuery> {
    let part = proptest::option::of(proptest::sample::select(PARTS));
    (part.clone(), part, any::<bool>()).prop_map(|(surname, name, descending)| NameQuery {
        surname: surname.map(str::to_owned),
        name: name.map(str::to_owned),
        descending,
    })
}

fn person(surname: usize, name: usize) -> PersonFields {
    let born = Date::new(2000, 1, 1).unwrap();
    PersonFields::new(NAMES[name], SURNAMES[surname], born)
}

fn club(name: &str) -> ClubFields {
    ClubFields {
        name: name.into(),
        name_universal: name.into(),
        short_name: None,
        description: None,
        active_from: None,
        active_to: None,
        venue: None,
        president: None,
        address: None,
        web: None,
        email: None,
        phone: None,
        facebook: None,
        youtube: None,
        twitter: None,
        instagram: None,
        is_pro: false,
        is_national: false,
        federation_id: None,
        country_id: None,
        city_id: None,
        logo: None,
    }
}

fn membership(club_id: u64, player_id: u64) -> ClubPlayerFields {
    ClubPlayerFields {
        club_id,
        player_id,
        active_from: None,
        active_to: None,
    }
}

async fn apply(store: &Store, clubs: &[u64], writes: &[Write]) {
    for write in writes {
        let players = store.list::<Player>().unwrap();
        let nth = |n: usize| players[n % players.len()].clone();
        // Refusals (a club deleted, a membership twice) are part of the sequence.
        let _ = match *write {
            Write::Player(s, n, c) => store
                .create_player(NewPlayer {
                    profile: Profile::New(Box::new(person(s, n))),
                    fields: PlayerFields {
                        person_id: 0,
                        height: None,
                        weight: None,
                        dominant_hand: None,
                        primary_position_id: None,
                    },
                    clubs: vec![membership(clubs[c], 0)],
                    teams: Vec::new(),
                })
                .await
                .map(drop),
            Write::Join(p, c) if !players.is_empty() => store
                .create::<Membership>(membership(clubs[c], nth(p).id))
                .await
                .map(drop),
            Write::Leave(m) => {
                let all = store.list::<Membership>().unwrap();
                match all.get(m % all.len().max(1)) {
                    Some(link) => store.delete::<Membership>(link.id).await,
                    None => Ok(()),
                }
            }
            Write::Rename(p, s, n) if !players.is_empty() => store
                .update::<Person>(nth(p).fields.person_id, person(s, n))
                .await
                .map(drop),
            Write::DeletePlayer(p) if !players.is_empty() => {
                store.delete::<Player>(nth(p).id).await
            }
            Write::DeleteClub => store.delete::<Club>(clubs[CLUBS - 1]).await,
            _ => Ok(()),
        };
    }
}

/// A club's players by name the plain way: its memberships, their players' persons, folded,
/// filtered and sorted by surname, name and id.
fn scanned(store: &Store, club_id: u64, query: &NameQuery) -> Vec<u64> {
    let mut rows: Vec<(String, String, u64)> = store
        .list::<Membership>()
        .unwrap()
        .into_iter()
        .filter(|link| link.fields.club_id == club_id)
        .map(|link| {
            let player = store.get::<Player>(link.fields.player_id).unwrap();
            let person = store.get::<Person>(player.fields.person_id).unwrap();
            (
                fold(&person.fields.surname),
                fold(&person.fields.name),
                player.id,
            )
        })
        .filter(|(surname, name, _)| {
            query.surname.as_deref().is_none_or(|s| surname.contains(s))
                && query.name.as_deref().is_none_or(|n| name.contains(n))
        })
        .collect();
    rows.sort();
    if query.descending {
        rows.reverse();
    }
    rows.into_iter().map(|r| r.2).collect()
}

fn check(store: &Store, clubs: &[u64], queries: &[NameQuery]) -> Result<(), TestCaseError> {
    for &club_id in clubs {
        let members: HashSet<u64> = store
            .members_of::<ClubPlayerFields>(club_id)
            .into_iter()
            .collect();
        for query in queries {
            prop_assert_eq!(
                store.by_name_among(Holder::Player, &members, query),
                scanned(store, club_id, query),
                "club {}, {:?}",
                club_id,
                query
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn a_clubs_players_by_name_are_what_a_scan_gives(
        writes in proptest::collection::vec(any_write(), 0..40),
        queries in proptest::collection::vec(any_query(), 1..6),
    ) {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let clubs: Vec<u64> = {
            let store = Store::open(dir.path()).unwrap();
            let clubs = runtime.block_on(async {
                let mut clubs = Vec::new();
                for name in ["Partizan", "Jadran", "Jug"] {
                    clubs.push(store.create::<Club>(club(name)).await.unwrap().id);
                }
                apply(&store, &clubs, &writes).await;
                clubs
            });
            check(&store, &clubs, &queries)?;
            clubs
        };
        // Opened again, the members and names are read from the file.
        let store = Store::open(dir.path()).unwrap();
        check(&store, &clubs, &queries)?;
    }
}
