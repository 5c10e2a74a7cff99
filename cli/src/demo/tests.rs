//! The demo data: its committed hashes, its reference data, its registry and its season.

use super::*;
use polodesk_domain::coaches::Coach;
use polodesk_domain::codes::CoachRole;
use polodesk_domain::competitions::Competition;
use polodesk_domain::memberships::{CompetitionTeamFields, TeamCoachFields, TeamPlayerFields};
use polodesk_domain::officials::Official;
use polodesk_domain::players::Player;
use polodesk_domain::teams::Team;

/// Every committed hash is the hash of the password or PIN the fixtures (and README) name.
#[tokio::test]
async fn the_committed_hashes_match_the_demo_passwords_and_pins() {
    use polodesk_server::identity::secrets::verify_password;
    let secrets = Secrets::parse().unwrap();
    let users = users().unwrap();
    assert_eq!(secrets.passwords.len(), users.len());
    for user in users {
        let hash = secrets.passwords[&user.email].clone();
        assert!(
            verify_password(user.password.clone(), hash.clone()).await,
            "{}",
            user.email
        );
        assert!(!verify_password("wrong-password".into(), hash).await);
    }
    let officials = OFFICIALS.parsed::<Vec<DemoOfficial>>().unwrap();
    assert_eq!(secrets.pins.len(), officials.len());
    for official in officials {
        let name = format!("{} {}", official.name, official.surname);
        assert!(
            verify_password(official.pin, secrets.pins[&name].clone()).await,
            "{name}"
        );
    }
}

#[tokio::test]
async fn demo_reference_data_is_valid_and_complete() {
    let store = Store::in_memory().unwrap();
    let loaded = load(&store).await.unwrap();
    assert_eq!(loaded.countries, store.list::<Country>().unwrap().len());
    assert_eq!(loaded.cities, store.list::<City>().unwrap().len());
    let countries = store.list::<Country>().unwrap();
    for (code, universal) in [
        ("RS", "Serbia"),
        ("HR", "Croatia"),
        ("ME", "Montenegro"),
        ("HU", "Hungary"),
        ("GR", "Greece"),
        ("IT", "Italy"),
        ("ES", "Spain"),
        ("FR", "France"),
        ("DE", "Germany"),
        ("NL", "Netherlands"),
        ("US", "United States"),
        ("AU", "Australia"),
    ] {
        let country = countries
            .iter()
            .find(|c| c.code == code)
            .unwrap_or_else(|| panic!("{code} is missing"));
        assert_eq!(country.name_universal, universal);
        assert!(
            store.cities_of(country.id).unwrap().len() >= 3,
            "{code} has few cities"
        );
    }
    let categories = store.list::<Category>().unwrap();
    assert!(categories.iter().any(|c| c.name_universal == "Senior Men"));
    assert!(
        categories
            .iter()
            .any(|c| c.name_universal == "Senior Women")
    );
    assert!(
        categories.iter().any(|c| c.upper_age_limit.is_some()),
        "youth categories"
    );
    let staff = store
        .user_by_email("federation@polodesk.test")
        .unwrap()
        .unwrap();
    let federation = store
        .get::<Federation>(staff.federation_id.unwrap())
        .unwrap();
    assert_eq!(federation.fields.short_name.as_deref(), Some("VSS"));
    assert_eq!(
        store.list::<Federation>().unwrap().len(),
        loaded.federations
    );
    let club_staff = store.user_by_email("club@polodesk.test").unwrap().unwrap();
    let club = store.get::<Club>(club_staff.club_id.unwrap()).unwrap();
    assert_eq!(club.fields.name, "VK Partizan");
    assert_eq!(club.fields.federation_id, Some(federation.id));
    assert_eq!(store.list::<Club>().unwrap().len(), loaded.clubs);
    let ana = store
        .user_by_email("person@polodesk.test")
        .unwrap()
        .unwrap();
    let person = store.get::<Person>(ana.person_id.unwrap()).unwrap();
    assert_eq!(
        (person.fields.name.as_str(), person.fields.surname.as_str()),
        ("Ana", "Jovanović")
    );
    let accounts = store.list::<polodesk_domain::users::User>().unwrap();
    assert_eq!(accounts.len(), users().unwrap().len());
    let types: Vec<String> = store
        .list::<CompetitionType>()
        .unwrap()
        .into_iter()
        .map(|t| t.name_universal)
        .collect();
    for kind in ["League", "Cup", "Tournament", "Play-off"] {
        assert!(
            types.iter().any(|t| t == kind),
            "{kind} missing from {types:?}"
        );
    }
}

#[tokio::test]
async fn the_demo_registry_has_squads_competitions_and_officials() {
    use polodesk_store::Owner;
    let store = Store::in_memory().unwrap();
    let loaded = load(&store).await.unwrap();
    assert_eq!(store.list::<Team>().unwrap().len(), loaded.teams);
    assert_eq!(store.list::<Player>().unwrap().len(), loaded.players);
    assert_eq!(store.list::<Coach>().unwrap().len(), loaded.coaches);
    assert_eq!(store.list::<Official>().unwrap().len(), loaded.officials);
    let partizan = store
        .list::<Team>()
        .unwrap()
        .into_iter()
        .find(|t| t.fields.name == "VK Partizan")
        .unwrap();
    let squad = store
        .links::<TeamPlayerFields>(Owner::Team(partizan.id))
        .unwrap();
    let mut caps: Vec<u8> = squad.iter().filter_map(|p| p.fields.cap_number).collect();
    caps.sort_unstable();
    assert_eq!(
        caps,
        (1..=13).collect::<Vec<u8>>(),
        "caps 1 to 13, once each"
    );
    let bench = store
        .links::<TeamCoachFields>(Owner::Team(partizan.id))
        .unwrap();
    let mut roles: Vec<CoachRole> = bench.iter().map(|c| c.fields.role_id).collect();
    roles.sort_by_key(|r| *r != CoachRole::HeadCoach);
    assert_eq!(roles, [CoachRole::HeadCoach, CoachRole::AssistantCoach]);
    let league = store
        .list::<Competition>()
        .unwrap()
        .into_iter()
        .find(|c| c.fields.name.starts_with("Superliga"))
        .unwrap();
    let entries = store
        .links::<CompetitionTeamFields>(Owner::Competition(league.id))
        .unwrap();
    assert_eq!(entries.len(), 8, "the eight teams of the national league");
    // The demo person account stays a plain person.
    let ana = store
        .user_by_email("person@polodesk.test")
        .unwrap()
        .unwrap();
    let person = store.get::<Person>(ana.person_id.unwrap()).unwrap();
    assert_eq!(person.identities, Default::default());
}

#[tokio::test]
async fn the_demo_season_is_complete_and_keeps_the_rules() {
    use polodesk_domain::codes::{EventType, MatchStatus, ShotType};
    use polodesk_domain::events::{EXCLUSIONS_PER_PLAYER, EventDetail, TIMEOUTS_PER_TEAM};
    use polodesk_domain::standings::{self, Entry, MatchResult};
    use polodesk_store::{MatchQuery, MatchesOf, Owner};

    let store = Store::in_memory().unwrap();
    let started = std::time::Instant::now();
    let loaded = load(&store).await.unwrap();
    eprintln!(
        "demo data loaded in {} ms: {loaded}",
        started.elapsed().as_millis()
    );

    assert_eq!(store.list::<Federation>().unwrap().len(), 2);
    let clubs = store.list::<Club>().unwrap();
    assert!(clubs.len() >= 16, "{} clubs", clubs.len());
    for club in &clubs {
        let logo = club.fields.logo.as_deref().unwrap_or_default();
        assert!(
            polodesk_domain::images::check_png(logo, 256, "too big").is_ok(),
            "{} has no crest",
            club.fields.name
        );
    }
    let players = store.list::<Player>().unwrap();
    assert!(
        (280..=340).contains(&players.len()),
        "{} players",
        players.len()
    );
    assert!(players.iter().all(|p| p.fields.height.is_some()
        && p.fields.weight.is_some()
        && p.fields.dominant_hand.is_some()
        && p.fields.primary_position_id.is_some()));
    let officials = store.list::<Official>().unwrap();
    assert!(officials.len() >= 12 && officials.iter().all(|o| o.has_pin));
    for kind in [
        UserType::Admin,
        UserType::Federation,
        UserType::Club,
        UserType::Person,
    ] {
        assert!(
            store
                .list::<polodesk_domain::users::User>()
                .unwrap()
                .iter()
                .any(|u| u.type_id == kind),
            "no {kind:?} account"
        );
    }
    let coach = store.user_by_email("coach@polodesk.test").unwrap().unwrap();
    let person = store.get::<Person>(coach.person_id.unwrap()).unwrap();
    assert!(
        person.identities.coach_id.is_some(),
        "the coach account is a coach"
    );
    let player = store
        .user_by_email("player@polodesk.test")
        .unwrap()
        .unwrap();
    let person = store.get::<Person>(player.person_id.unwrap()).unwrap();
    assert!(
        person.identities.player_id.is_some(),
        "the player account is a player"
    );
    let official = store
        .user_by_email("official@polodesk.test")
        .unwrap()
        .unwrap();
    let person = store.get::<Person>(official.person_id.unwrap()).unwrap();
    assert!(
        person.identities.official_id.is_some(),
        "the official account is an official"
    );

    let league = store
        .list::<Competition>()
        .unwrap()
        .into_iter()
        .find(|c| c.fields.name == "Superliga Srbije 2026/27")
        .unwrap();
    let matches = store.matches_of(MatchesOf::Competition(league.id)).unwrap();
    assert_eq!(matches.len(), 56);
    let (finished, rest): (Vec<_>, Vec<_>) = matches
        .iter()
        .partition(|m| m.state.status_id == MatchStatus::Finished);
    assert_eq!(finished.len(), 28);
    assert_eq!(rest.len(), 28);
    let today = polodesk_domain::dates::Instant::parse("2026-11-24T00:00:00Z").unwrap();
    for game in &rest {
        assert_eq!(game.state.status_id, MatchStatus::NotStarted);
        assert!(game.state.fields.start_date > today);
        assert!(store.events_of(game.id).unwrap().is_empty());
    }
    let mut shootouts = 0;
    for game in &finished {
        let state = &game.state;
        assert!(state.fields.start_date < today);
        assert!(state.fields.round.is_some() && state.fields.venue.is_some());
        assert!(
            state.log_closed(),
            "every official confirmed match {}",
            game.id
        );
        assert_eq!(state.players.len(), 26);
        let events = store.events_of(game.id).unwrap();
        assert!(
            events.len() > 60,
            "match {} has {} events",
            game.id,
            events.len()
        );
        let mut score = polodesk_domain::matches::Score::default();
        let mut exclusions: HashMap<u64, usize> = HashMap::new();
        let mut timeouts: HashMap<u64, usize> = HashMap::new();
        let mut swim_offs = 0;
        for event in &events {
            match &event.fields.detail {
                EventDetail::Shot(shot) => {
                    if shot.is_goal {
                        let side = state.side_of(shot.team_id).unwrap();
                        score.add_goal(side, event.fields.period_id);
                        assert!(shot.target_x.is_some() && shot.location_x.is_some());
                    }
                    if shot.type_id == ShotType::PenaltyShootout {
                        score.shootout = true;
                    }
                }
                EventDetail::Exclusion(e) => {
                    *exclusions
                        .entry(e.excluded_player_id.unwrap_or(0))
                        .or_default() += 1;
                }
                EventDetail::Timeout(t) => *timeouts.entry(t.team_id).or_default() += 1,
                EventDetail::SwimOff(_) => swim_offs += 1,
                _ => {}
            }
        }
        assert_eq!(state.score, score, "match {}: score and goals", game.id);
        assert!(exclusions.values().all(|&n| n <= EXCLUSIONS_PER_PLAYER));
        assert!(timeouts.values().all(|&n| n <= TIMEOUTS_PER_TEAM));
        assert_eq!(swim_offs, 4, "a swim-off a period");
        assert!(
            events
                .iter()
                .any(|e| e.fields.detail.event_type() == EventType::Exclusion)
        );
        let (home, away) = state.score.regulation();
        if state.score.shootout {
            shootouts += 1;
            assert_eq!(home, away, "a shootout only after a level match");
            assert_ne!(state.score.home[4], state.score.away[4]);
        } else {
            assert_ne!(home, away);
            assert!((3..=25).contains(&home) && (3..=25).contains(&away));
        }
    }
    assert_eq!(shootouts, 1, "exactly one match decided by a shootout");

    // The standings the API reads: eight rows whose points add up to the results.
    let entries: Vec<Entry> = store
        .links::<CompetitionTeamFields>(Owner::Competition(league.id))
        .unwrap()
        .into_iter()
        .map(|l| Entry {
            team_id: l.fields.team_id,
            disqualified: l.fields.is_disqualified,
            name: String::new(),
        })
        .collect();
    let results: Vec<MatchResult> = finished.iter().map(|m| m.state.result()).collect();
    assert_eq!(results.len(), 28);
    let tables = standings::standings(&entries, &results, league.fields.points);
    let overall = &tables[0].rankings;
    assert_eq!(overall.len(), 8);
    assert!(overall.iter().all(|r| r.played == 7));
    let points: u32 = overall.iter().map(|r| r.points).sum();
    let rule = league.fields.points;
    let expected: u32 = finished
        .iter()
        .map(|m| {
            if m.state.score.shootout {
                rule.shootout_win + rule.shootout_loss
            } else {
                rule.win + rule.loss
            }
        })
        .sum();
    assert_eq!(points, expected);
    // The match search sees the season.
    let query = MatchQuery {
        competition_id: Some(league.id),
        home_teams: None,
        away_teams: None,
        team_id: None,
        venue: None,
        round: None,
        statuses: Some(vec![MatchStatus::Finished]),
        start: Vec::new(),
        sort: polodesk_store::MatchSort::StartDate,
        descending: false,
        skip: 0,
        take: 10,
    };
    let (_, total) = store.search_matches(&query).unwrap();
    assert_eq!(total, 28);
}
