//! A match for the form's tests: home (team 1) and away (team 2) with caps 1 to 13 (player ids
//! 100 + cap and 200 + cap), a head coach each (ids 501 and 502), quarters of 8 minutes.

use polodesk_domain::codes::{CoachRole, EventType, MatchSegment, MatchStatus, Period, Position};
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{EventView, Exclusion, SwimOff};
use polodesk_domain::views::matches::{MatchCoachView, MatchPlayerView, MatchView, PersonName};
use polodesk_domain::views::score::MatchScore;

pub const MATCH_ID: u64 = 42;
pub const HOME: u64 = 1;
pub const AWAY: u64 = 2;
pub const HOME_COACH: u64 = 501;
pub const AWAY_COACH: u64 = 502;

const HOME_SURNAMES: [&str; 13] = [
    "Jokic",
    "Mandic",
    "Rasovic",
    "Vico",
    "Dedovic",
    "Lazic",
    "Jaksic",
    "Ubovic",
    "Prlainovic",
    "Drasovic",
    "Pijetlovic",
    "Filipovic",
    "Gladovic",
];
const AWAY_SURNAMES: [&str; 13] = [
    "Vogel", "Manhercz", "Jansik", "Zalanki", "Vamos", "Batori", "Fekete", "Angyal", "Burian",
    "Varga", "Nagy", "Kiss", "Toth",
];

/// The player id of a home cap.
pub fn home(cap: u8) -> u64 {
    100 + u64::from(cap)
}

/// The player id of an away cap.
pub fn away(cap: u8) -> u64 {
    200 + u64::from(cap)
}

fn person(name: &str, surname: &str) -> Option<PersonName> {
    Some(PersonName {
        name: name.to_owned(),
        surname: surname.to_owned(),
    })
}

fn lineup(team_id: u64, surnames: &[&str; 13], first: &str) -> Vec<MatchPlayerView> {
    (1..=13u8)
        .zip(surnames)
        .map(|(cap, surname)| MatchPlayerView {
            id: team_id * 1000 + u64::from(cap),
            match_id: MATCH_ID,
            team_id,
            player_id: team_id * 100 + u64::from(cap),
            position_id: if cap == 1 || cap == 13 {
                Position::Goalkeeper
            } else {
                Position::Driver
            },
            number: cap,
            cap_number: cap,
            player: person(first, surname),
        })
        .collect()
}

fn coach(team_id: u64, coach_id: u64, surname: &str) -> MatchCoachView {
    MatchCoachView {
        id: coach_id,
        match_id: MATCH_ID,
        team_id,
        coach_id,
        role_id: CoachRole::HeadCoach,
        coach: person("Dejan", surname),
    }
}

pub fn game() -> MatchView {
    let mut players = lineup(HOME, &HOME_SURNAMES, "Nikola");
    players.extend(lineup(AWAY, &AWAY_SURNAMES, "Zoltan"));
    MatchView {
        home_team_id: HOME,
        away_team_id: AWAY,
        home_team_display_name: "Novi Beograd".to_owned(),
        away_team_display_name: "Ferencvaros".to_owned(),
        home_team: None,
        away_team: None,
        federation_id: None,
        competition_id: 7,
        competition: None,
        competition_display_name: "Champions League".to_owned(),
        competition_logo: None,
        federation_logo: None,
        country_id: None,
        country: None,
        city_id: None,
        city: None,
        venue: None,
        round: None,
        number: None,
        description: None,
        match_segment_id: MatchSegment::Quarter,
        match_segment: "Quarter".to_owned(),
        match_segment_length: 8,
        start_date: Instant(0),
        end_date: None,
        log_pin_required: true,
        score: MatchScore {
            id: MATCH_ID,
            status_id: MatchStatus::FirstPeriod,
            status: "First_Period".to_owned(),
            home_q1: 0,
            home_q2: 0,
            home_q3: 0,
            home_q4: 0,
            home_ot: 0,
            away_q1: 0,
            away_q2: 0,
            away_q3: 0,
            away_q4: 0,
            away_ot: 0,
            home_team_goals_total: 0,
            away_team_goals_total: 0,
            decided_by_shootout: false,
            log_closed: false,
            revision: 1,
        },
        referees: Vec::new(),
        delegates: Vec::new(),
        officials: Vec::new(),
        players,
        coaches: vec![
            coach(HOME, HOME_COACH, "Savic"),
            coach(AWAY, AWAY_COACH, "Varga"),
        ],
    }
}

/// A logged event of the first period at 07:00 with no sub-record yet.
pub fn logged(id: u64, event_type: EventType) -> EventView {
    EventView {
        id,
        match_id: MATCH_ID,
        type_id: event_type,
        period_id: Period::First,
        minute: 7,
        seconds: 0,
        client_id: None,
        paired_event_id: None,
        timeout: None,
        swimoff: None,
        card: None,
        turnover: None,
        exclusion: None,
        shot: None,
        challenge: None,
    }
}

/// The first period's swim-off: home 4 against away 5, won by home 4.
pub fn swim_off(id: u64) -> EventView {
    EventView {
        swimoff: Some(SwimOff {
            home_team_swimmer_id: home(4),
            away_team_swimmer_id: away(5),
            winner_swimmer_id: home(4),
            winner_team_id: HOME,
        }),
        minute: 8,
        ..logged(id, EventType::SwimOff)
    }
}

/// An ordinary exclusion of a home player.
pub fn home_exclusion(id: u64, player_id: u64) -> EventView {
    EventView {
        exclusion: Some(Exclusion {
            team_id: HOME,
            type_id: polodesk_domain::codes::ExclusionType::Exclusion,
            excluded_player_id: Some(player_id),
            excluded_coach_id: None,
            fouled_player_id: None,
            is_penalty_exclusion: false,
            is_double_exclusion: false,
            location_x: None,
            location_y: None,
        }),
        ..logged(id, EventType::Exclusion)
    }
}
