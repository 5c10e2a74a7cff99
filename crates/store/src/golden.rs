//! The stored bytes of one record of every kind, pinned. A failing test here means a stored
//! shape changed: give the record a new version and a migration instead of editing the bytes.

use polodesk_domain::clubs::ClubFields;
use polodesk_domain::coaches::CoachFields;
use polodesk_domain::codes::{
    CoachRole, ExclusionType, Hand, MatchSegment, MatchStatus, OfficialRole, Period, Position,
    ShotType, UserType,
};
use polodesk_domain::dates::{Date, Instant};
use polodesk_domain::events::{Coord, EventDetail, EventFields, Exclusion, Shot};
use polodesk_domain::federations::FederationFields;
use polodesk_domain::matches::{
    HistoryEntry, MatchCoach, MatchFields, MatchOfficial, MatchPlayer, MatchState, Score,
};
use polodesk_domain::memberships::{
    ClubCoachFields, ClubPlayerFields, CompetitionTeamFields, FederationOfficialFields,
    TeamCoachFields, TeamPlayerFields,
};
use polodesk_domain::officials::OfficialFields;
use polodesk_domain::persons::PersonFields;
use polodesk_domain::pin_guard::PinGuard;
use polodesk_domain::players::PlayerFields;
use polodesk_domain::teams::TeamFields;
use polodesk_domain::users::UserFields;

use crate::codec::{self, Record, Stored};
use crate::identity::{PersonRecord, UserRecord};
use crate::people::OfficialRecord;
use crate::{
    Activity, ActivityEntry, ApiToken, ChangedBy, DeviceSignIn, RefreshToken, Session,
    SetPasswordLink, TwoStep,
};

/// `record` encodes to `pinned`, and those bytes read back to the same record.
fn assert_pinned<R: Record>(record: &R, pinned: &str) {
    let bytes = codec::encode(record).unwrap();
    assert_eq!(
        hex::encode(&bytes),
        pinned,
        "the stored form of {} records",
        R::ENTITY
    );
    let read: R = codec::decode(&bytes).unwrap();
    assert_eq!(
        codec::encode(&read).unwrap(),
        bytes,
        "a {} read back",
        R::ENTITY
    );
}

/// Secrets and sign-ins carry no version tag: their bytes are the bincode of the struct.
fn assert_secret_pinned<S>(secret: &S, pinned: &str)
where
    S: bincode::Encode + bincode::Decode<()> + PartialEq + std::fmt::Debug,
{
    let config = bincode::config::standard();
    let bytes = bincode::encode_to_vec(secret, config).unwrap();
    assert_eq!(hex::encode(&bytes), pinned);
    assert_eq!(
        &bincode::decode_from_slice::<S, _>(&bytes, config)
            .unwrap()
            .0,
        secret
    );
}

fn date(year: u16, month: u8, day: u8) -> Date {
    Date::new(year, month, day).unwrap()
}

#[test]
fn clubs_v1() {
    let fields = ClubFields {
        name: "K".into(),
        name_universal: "Club".into(),
        short_name: Some("C".into()),
        description: None,
        active_from: Some(date(1945, 5, 9)),
        active_to: None,
        venue: Some("Pool".into()),
        president: None,
        address: None,
        web: None,
        email: None,
        phone: None,
        facebook: None,
        youtube: None,
        twitter: None,
        instagram: None,
        is_pro: true,
        is_national: false,
        federation_id: Some(1),
        country_id: Some(2),
        city_id: Some(3),
        logo: None,
    };
    // Lengths count UTF-8 bytes, not characters ("Tašmajdan" is ten).
    let sparse = ClubFields {
        name: "VK".into(),
        short_name: None,
        active_from: None,
        venue: Some("Tašmajdan".into()),
        city_id: None,
        ..fields.clone()
    };
    assert_pinned(
        &Stored(fields),
        "0100014b04436c756201014300010a313934352d30352d3039000104506f6f6c000000000000000000010001010102010300",
    );
    assert_pinned(
        &Stored(sparse),
        "010002564b04436c756200000000010a5461c5a16d616a64616e0000000000000000000100010101020000",
    );
}

#[test]
fn federations_v1() {
    let fields = FederationFields {
        name: "VSS".into(),
        name_universal: "Serbia".into(),
        short_name: None,
        description: None,
        president: Some("P".into()),
        secretary: None,
        country_id: 1,
        city_id: Some(2),
        active_from: date(1990, 1, 2),
        active_to: None,
        category_ids: vec![3],
        address: None,
        phone: None,
        web: None,
        email: None,
        facebook: None,
        twitter: None,
        youtube: None,
        instagram: None,
        is_pro: true,
        logo: None,
    };
    assert_pinned(
        &Stored(fields),
        "010003565353065365726269610000010150000101020a313939302d30312d303200010300000000000000000100",
    );
}

#[test]
fn teams_v1() {
    let fields = TeamFields {
        name: "T".into(),
        name_universal: "Team".into(),
        short_name: None,
        description: None,
        active_from: None,
        active_to: None,
        venue: None,
        address: None,
        web: None,
        email: None,
        phone: None,
        facebook: None,
        twitter: None,
        youtube: None,
        instagram: None,
        is_pro: false,
        club_id: 4,
        federation_id: Some(1),
        category_id: 2,
        gender: Some(polodesk_domain::reference::Gender::Female),
        country_id: None,
        city_id: None,
        logo: None,
    };
    assert_pinned(
        &Stored(fields),
        "01000154045465616d0000000000000000000000000000040101020101000000",
    );
}

fn match_state() -> MatchState {
    MatchState {
        fields: MatchFields {
            home_team_id: 1,
            away_team_id: 2,
            competition_id: 3,
            country_id: Some(4),
            city_id: None,
            venue: Some("Tašmajdan".into()),
            round: Some("1".into()),
            number: None,
            description: None,
            match_segment_id: MatchSegment::Quarter,
            match_segment_length: 8,
            start_date: Instant(1_777_660_200),
            end_date: None,
        },
        status_id: MatchStatus::Finished,
        players: vec![MatchPlayer {
            id: 5,
            team_id: 1,
            player_id: 6,
            position_id: Position::Goalkeeper,
            number: 1,
            cap_number: 13,
        }],
        coaches: vec![MatchCoach {
            id: 7,
            team_id: 2,
            coach_id: 8,
            role_id: CoachRole::HeadCoach,
        }],
        officials: vec![MatchOfficial {
            id: 9,
            official_id: 10,
            role_id: OfficialRole::Referee,
            confirmed: true,
            confirmed_at: Some(Instant(1_777_666_000)),
        }],
        score: Score {
            home: [1, 2, 0, 0, 0],
            away: [0, 0, 3, 0, 0],
            shootout: false,
        },
        revision: 11,
    }
}

#[test]
fn matches_v1() {
    assert_pinned(
        &Stored(match_state()),
        "0100010203010400010a5461c5a16d616a64616e0101310000fb2f010814323032362d30352d30315431383a33303a30305a00ce01050106fb9001010d01070208fbf40101090afb5802010114323032362d30352d30315432303a30363a34305a01020000000000030000000b",
    );
}

#[test]
fn events_v1() {
    let shot = EventFields {
        match_id: 1,
        period_id: Period::Second,
        minute: 7,
        seconds: 59,
        client_id: Some("7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f".into()),
        paired_event_id: None,
        detail: EventDetail::Shot(Shot {
            team_id: 2,
            type_id: ShotType::PowerPlay,
            taken_by_id: 3,
            blocked_by_id: None,
            assisted_by_id: Some(4),
            saved_by_id: None,
            is_goal: true,
            is_fast_break: false,
            is_direct_from_foul: true,
            location_x: Some(Coord(250)),
            location_y: Some(Coord(1000)),
            target_x: None,
            target_y: Some(Coord(0)),
        }),
    };
    assert_pinned(
        &Stored(shot),
        "010001fbb104073b012437663063386436652d326630612d346338622d396430652d316132623363346435653666000502fb4e04030001040001000101000000000000d03f01000000000000f03f00010000000000000000",
    );
    let exclusion = EventFields {
        match_id: 1,
        period_id: Period::Overtime,
        minute: 0,
        seconds: 1,
        client_id: None,
        paired_event_id: Some(9),
        detail: EventDetail::Exclusion(Exclusion {
            team_id: 2,
            type_id: ExclusionType::Exclusion,
            excluded_player_id: Some(5),
            excluded_coach_id: None,
            fouled_player_id: Some(6),
            is_penalty_exclusion: false,
            is_double_exclusion: true,
            location_x: None,
            location_y: None,
        }),
    };
    assert_pinned(
        &Stored(exclusion),
        "010001fbb40400010001090402fbe803010500010600010000",
    );
}

#[test]
fn history_entries_v1() {
    let entry = HistoryEntry {
        at: Instant(1_777_660_200),
        user_id: 3,
        user: "scorer@example.com".into(),
        action: "Event updated".into(),
        before: Some("{\"minute\":7}".into()),
        after: None,
    };
    assert_pinned(
        &Stored(entry),
        "010014323032362d30352d30315431383a33303a30305a031273636f726572406578616d706c652e636f6d0d4576656e742075706461746564010c7b226d696e757465223a377d00",
    );
}

#[test]
fn pin_guards_v1() {
    let guard = PinGuard {
        consecutive: 3,
        recent: vec![1_777_660_200, 1_777_660_260],
        paused_until: Some(1_777_660_560),
    };
    assert_pinned(&Stored(guard), "01000302fc50e2e9d3fcc8e2e9d301fc20e5e9d3");
}

#[test]
fn coaches_players_and_officials_v1() {
    assert_pinned(&Stored(CoachFields { person_id: 4 }), "010004");
    let player = PlayerFields {
        person_id: 5,
        height: Some("192 cm".into()),
        weight: None,
        dominant_hand: Some(Hand::Left),
        primary_position_id: Some(Position::CenterForward),
    };
    assert_pinned(&Stored(player), "010005010631393220636d00010001fb9701");
    let mut official = OfficialRecord::from(OfficialFields {
        person_id: 6,
        title: Some("FINA".into()),
    });
    official.pin_hash = Some("$argon2id$v=19$pin".into());
    assert_pinned(
        &official,
        "010006010446494e410112246172676f6e32696424763d31392470696e",
    );
}

#[test]
fn persons_v2() {
    let mut fields = PersonFields::new("Ana", "Anić", date(2001, 2, 28));
    fields.nationality = Some("SRB".into());
    fields.country_of_birth_id = Some(1);
    fields.city_of_birth_id = Some(2);
    let mut person = PersonRecord::from(fields);
    person.player_id = Some(7);
    assert_pinned(
        &person,
        "020003416e6105416e69c4870a323030312d30322d3238010353524200000000000000000101010200000107",
    );
}

#[test]
fn accounts_v1() {
    let mut user = UserRecord::from(UserFields {
        email: "club@example.com".into(),
        phone_number: Some("+381601234567".into()),
        type_id: UserType::Club,
        federation_id: Some(1),
        club_id: Some(2),
        person_id: None,
    });
    user.password_hash = Some("$argon2id$v=19$hash".into());
    assert_pinned(
        &user,
        "010010636c7562406578616d706c652e636f6d010d2b333831363031323334353637020101010200000113246172676f6e32696424763d31392468617368",
    );
}

#[test]
fn secrets() {
    assert_secret_pinned(
        &Session {
            user_id: 1,
            expires_at: 1_777_660_200,
        },
        "01fc28f1f469",
    );
    assert_secret_pinned(
        &RefreshToken {
            user_id: 1,
            client_id: "polodesk-web".into(),
            scope: "openid".into(),
            auth_time: 1_777_660_200,
            family: 2,
            expires_at: 1_777_760_200,
            spent: true,
        },
        "010c706f6c6f6465736b2d776562066f70656e6964fc28f1f46902fcc877f66901",
    );
    assert_secret_pinned(
        &ApiToken {
            user_id: 1,
            created_at: 1_777_660_200,
        },
        "01fc28f1f469",
    );
    assert_secret_pinned(
        &DeviceSignIn {
            client_id: "polodesk-web".into(),
            started_at: 1_777_660_200,
            last_used_at: 1_777_660_300,
            expires_at: 1_780_252_200,
            user_agent: "Firefox".into(),
            address: Some("192.0.2.1".into()),
            session: Some("ab".into()),
        },
        "0c706f6c6f6465736b2d776562fc28f1f469fc8cf1f469fc287e1c6a0746697265666f7801093139322e302e322e3101026162",
    );
    assert_secret_pinned(
        &SetPasswordLink {
            user_id: 1,
            expires_at: 1_777_660_200,
        },
        "01fc28f1f469",
    );
    assert_secret_pinned(
        &TwoStep {
            key: vec![1, 2, 3],
            on: true,
            last_step: 59_255_340,
            recovery: vec!["ab".into()],
        },
        "0301020301fc2c2a880301026162",
    );
    assert_secret_pinned(
        &ActivityEntry {
            at: 1_777_660_200,
            activity: Activity::SignedIn {
                client_id: "polodesk-web".into(),
                user_agent: "Firefox".into(),
                address: Some("192.0.2.1".into()),
            },
        },
        "fc28f1f469000c706f6c6f6465736b2d7765620746697265666f7801093139322e302e322e31",
    );
    assert_secret_pinned(
        &ActivityEntry {
            at: 1_777_660_200,
            activity: Activity::WrongPasswords {
                address: None,
                count: 3,
            },
        },
        "fc28f1f469010003",
    );
    assert_secret_pinned(
        &ActivityEntry {
            at: 1_777_660_200,
            activity: Activity::PasswordChanged(ChangedBy::Link),
        },
        "fc28f1f4690302",
    );
    assert_secret_pinned(
        &ActivityEntry {
            at: 1_777_660_200,
            activity: Activity::SignedOutEverywhere(ChangedBy::Administrator),
        },
        "fc28f1f4690a01",
    );
}

#[test]
fn links_v1() {
    let since = Some(date(2024, 9, 1));
    assert_pinned(
        &Stored(ClubCoachFields {
            club_id: 1,
            coach_id: 2,
            active_from: since,
            active_to: None,
        }),
        "01000102010a323032342d30392d303100",
    );
    assert_pinned(
        &Stored(ClubPlayerFields {
            club_id: 1,
            player_id: 3,
            active_from: None,
            active_to: since,
        }),
        "0100010300010a323032342d30392d3031",
    );
    assert_pinned(
        &Stored(TeamCoachFields {
            team_id: 4,
            coach_id: 2,
            role_id: CoachRole::AssistantCoach,
            active_from: since,
            active_to: None,
        }),
        "01000402fbf501010a323032342d30392d303100",
    );
    assert_pinned(
        &Stored(TeamPlayerFields {
            team_id: 4,
            player_id: 3,
            position_id: Position::LeftWinger,
            cap_number: Some(7),
            active_from: None,
            active_to: None,
        }),
        "01000403fb950101070000",
    );
    assert_pinned(
        &Stored(FederationOfficialFields {
            federation_id: 5,
            official_id: 6,
            roles: vec![OfficialRole::Referee, OfficialRole::Var],
            active_from: date(2020, 1, 1),
            active_to: Some(date(2030, 12, 31)),
        }),
        "0100050602fb5802fb5e020a323032302d30312d3031010a323033302d31322d3331",
    );
    assert_pinned(
        &Stored(CompetitionTeamFields {
            competition_id: 7,
            team_id: 4,
            description: Some("Group A".into()),
            is_disqualified: false,
            is_seed: true,
        }),
        "01000704010747726f757020410001",
    );
}
