//! Focused checks of the match rules: the form, status moves, lineups, coaches and officials,
//! closing and correcting the log, and the score.

use super::*;

fn input() -> MatchInput {
    MatchInput {
        home_team_id: Some(1),
        away_team_id: Some(2),
        competition_id: Some(3),
        start_date: Instant::parse("2026-11-28T18:00:00Z"),
        ..MatchInput::default()
    }
}

#[test]
fn the_match_form_messages_and_defaults() {
    let errors = MatchInput::default().validate(true).unwrap_err();
    let fields = errors.fields();
    assert_eq!(fields["homeTeamId"], [HOME_TEAM_REQUIRED]);
    assert_eq!(fields["awayTeamId"], [AWAY_TEAM_REQUIRED]);
    assert_eq!(fields["competitionId"], [COMPETITION_REQUIRED]);
    assert_eq!(fields["startDate"], [START_REQUIRED]);
    assert!(
        !fields.contains_key("matchSegmentLength"),
        "defaults to 8 on create"
    );

    let errors = MatchInput {
        away_team_id: Some(1),
        venue: Some("v".repeat(201)),
        ..input()
    }
    .validate(true)
    .unwrap_err();
    assert_eq!(errors.fields()["awayTeamId"], [SAME_TEAMS]);
    assert_eq!(errors.fields()["venue"], ["Too long input!"]);

    let errors = input().validate(false).unwrap_err();
    assert_eq!(
        errors.fields()["matchSegmentLength"],
        [SEGMENT_LENGTH_REQUIRED]
    );

    let (fields, status) = MatchInput {
        status_id: Some(MatchStatus::Finished),
        ..input()
    }
    .validate(true)
    .unwrap();
    assert_eq!(fields.match_segment_length, DEFAULT_SEGMENT_LENGTH);
    assert_eq!(fields.match_segment_id, MatchSegment::Quarter);
    assert_eq!(status, None, "a new match is Not_Started whatever is sent");
}

#[test]
fn status_moves_forward_only_and_cancels_before_the_end() {
    use MatchStatus::*;
    assert!(NotStarted.can_move_to(FirstPeriod));
    assert!(
        FourthPeriod.can_move_to(Finished),
        "overtime may be skipped"
    );
    assert!(
        NotStarted.can_move_to(Finished),
        "a result entered afterwards"
    );
    assert!(ThirdPeriod.can_move_to(Cancelled));
    assert!(Finished.can_move_to(Finished));
    assert!(!SecondPeriod.can_move_to(FirstPeriod));
    assert!(!Finished.can_move_to(Cancelled));
    assert!(!Cancelled.can_move_to(NotStarted));
    assert!(!Finished.can_move_to(Overtime));
    assert_eq!(
        Finished.refusal(FirstPeriod),
        "The match status cannot change from Finished to First Period."
    );
}

fn state() -> MatchState {
    let (fields, _) = input().validate(true).unwrap();
    MatchState::new(fields)
}

fn row(team: u64, player: u64, number: u8) -> MatchPlayerInput {
    MatchPlayerInput {
        team_id: Some(team),
        player_id: Some(player),
        number: Some(number),
        ..MatchPlayerInput::default()
    }
}

#[test]
fn lineup_rules() {
    let rows = check_players(&state(), vec![row(1, 10, 1), row(1, 11, 2), row(2, 20, 13)]).unwrap();
    assert_eq!(rows[0].position_id, Position::Goalkeeper);
    assert_eq!(rows[1].position_id, Position::Driver);
    assert_eq!(rows[2].position_id, Position::Goalkeeper);

    let errors = check_players(
        &state(),
        vec![
            row(1, 10, 1),
            row(1, 11, 1),
            row(2, 10, 2),
            row(9, 12, 3),
            row(1, 13, 17),
            MatchPlayerInput {
                position_id: Some(Position::Goalkeeper),
                ..row(1, 14, 5)
            },
        ],
    )
    .unwrap_err();
    let fields = errors.fields();
    assert_eq!(fields["matchPlayers[1].number"], [SLOT_TAKEN]);
    assert_eq!(fields["matchPlayers[2].playerId"], [PLAYER_TWICE]);
    assert_eq!(fields["matchPlayers[3].teamId"], [NOT_A_MATCH_TEAM]);
    assert_eq!(fields["matchPlayers[4].number"], [SLOT_RANGE]);
    assert_eq!(fields["matchPlayers[5].positionId"], [KEEPER_SLOTS]);
}

#[test]
fn coaches_and_officials_are_chosen_once() {
    let coach = |coach| MatchCoachInput {
        team_id: Some(1),
        coach_id: Some(coach),
        ..Default::default()
    };
    let errors = check_coaches(&state(), vec![coach(5), coach(5)]).unwrap_err();
    assert_eq!(errors.fields()["matchCoaches[1].coachId"], [COACH_TWICE]);
    assert_eq!(
        check_coaches(&state(), vec![coach(5)]).unwrap()[0].role_id,
        CoachRole::HeadCoach
    );

    let official = |id| MatchOfficialInput {
        official_id: Some(id),
        role_id: Some(OfficialRole::Referee),
        ..Default::default()
    };
    let errors = check_officials(vec![
        official(7),
        official(7),
        MatchOfficialInput::default(),
    ])
    .unwrap_err();
    assert_eq!(
        errors.fields()["matchOfficials[1].officialId"],
        [OFFICIAL_TWICE]
    );
    assert_eq!(
        errors.fields()["matchOfficials[2].officialId"],
        [OFFICIAL_REQUIRED]
    );
    assert_eq!(errors.fields()["matchOfficials[2].roleId"], [ROLE_REQUIRED]);
}

#[test]
fn a_closed_log_opens_only_for_corrections_which_reopen_it() {
    let mut state = state();
    assert_eq!(
        state.open_for_write(false),
        Ok(false),
        "no officials: never closed"
    );
    state.officials.push(MatchOfficial {
        id: 1,
        official_id: 7,
        role_id: OfficialRole::Referee,
        confirmed: true,
        confirmed_at: Some(Instant(5)),
    });
    assert!(state.log_closed());
    assert_eq!(state.open_for_write(false), Err(LOG_CLOSED));
    assert_eq!(state.open_for_write(true), Ok(true));
    assert!(!state.officials[0].confirmed && !state.log_closed());
    // A write after one of two confirmations clears it, for anyone.
    state.officials[0].confirmed = true;
    state.officials.push(MatchOfficial {
        id: 2,
        official_id: 8,
        role_id: OfficialRole::Delegate,
        confirmed: false,
        confirmed_at: None,
    });
    assert_eq!(state.open_for_write(false), Ok(true));
    assert!(state.officials.iter().all(|o| !o.confirmed));
    assert_eq!(state.open_for_write(false), Ok(false));
    state.status_id = MatchStatus::Cancelled;
    assert_eq!(state.open_for_write(true), Err(CANCELLED));
}

#[test]
fn the_score_keeps_the_shootout_apart() {
    let mut score = Score::default();
    score.add_goal(Side::Home, Period::First);
    score.add_goal(Side::Away, Period::Fourth);
    score.add_goal(Side::Home, Period::Overtime);
    assert_eq!((score.home_total(), score.away_total()), (2, 1));
    assert_eq!(score.regulation(), (2, 1));
    score.shootout = true;
    assert_eq!(score.regulation(), (1, 1));
}
