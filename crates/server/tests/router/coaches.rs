//! Coaches (the spec's Club Managers) through the real router: creation with a new or existing
//! profile and memberships in one call, the form messages, atomicity, search and paging, the
//! delete that takes the memberships but leaves the person, and the club account's own club.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::{
    Reply, TestApp, club, count, created_id, delete_member, partizan, person, surnames, team,
};
use axum::http::{Method, StatusCode, header};
use polodesk_domain::coaches::Coach;
use polodesk_domain::persons::Person;
use serde_json::{Value, json};

const ADMIN: &str = "admin@polodesk.test";

async fn post_coach(app: &TestApp, token: &str, body: Value) -> Reply {
    app.call(Method::POST, "/api/Coaches", Some(token), Some(body))
        .await
}

/// A new coach of `club`, by a new profile.
async fn coach_in_club(
    app: &TestApp,
    token: &str,
    (name, surname, birth): (&str, &str, &str),
    club: u64,
) -> u64 {
    let body = json!({"person": person(name, surname, birth), "clubs": [{"clubId": club}]});
    created_id(app, token, "/api/Coaches", body).await
}

#[tokio::test]
async fn a_new_coach_comes_with_its_profile_clubs_and_teams_in_one_call() {
    let (app, admin, club, team) = partizan().await;

    let body = json!({
        "person": person("Dejan", "Savić", "1975-01-01"),
        "clubs": [{"clubId": club, "activeFrom": "2024-09-01"}],
        "teams": [{"teamId": team}],
    });
    let created = post_coach(&app, &admin, body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(
        created.headers[header::LOCATION],
        format!("/api/Coaches/{id}").as_str()
    );
    assert_eq!(created.body["name"], "Dejan");
    assert_eq!(created.body["surname"], "Savić");
    assert_eq!(created.body["birthDate"], "1975-01-01");
    let person_id = created.body["personId"].as_u64().unwrap();
    assert_eq!(created.body["person"]["id"], person_id);
    assert_eq!(created.body["person"]["coachId"], id);

    let clubs = created.body["clubs"].as_array().unwrap();
    assert_eq!(clubs.len(), 1);
    assert_eq!(clubs[0]["clubId"], club);
    assert_eq!(clubs[0]["coachId"], id);
    assert_eq!(clubs[0]["club"]["name"], "VK Partizan");
    assert_eq!(clubs[0]["activeFrom"], "2024-09-01");
    let teams = created.body["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 1);
    assert_eq!(teams[0]["teamId"], team);
    assert_eq!(teams[0]["team"]["name"], "Partizan Seniori");
    assert_eq!(teams[0]["roleId"], 500, "head coach unless said otherwise");
    assert_eq!(teams[0]["role"], "Head Coach");

    let read = app.get(&format!("/api/Coaches/{id}"), Some(&admin)).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(
        read.body, created.body,
        "the detail is what create answered"
    );

    let club_detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(club_detail.body["coaches"][0]["coach"]["surname"], "Savić");
    assert_eq!(club_detail.body["coaches"][0]["coach"]["id"], id);
    let team_detail = app.get(&format!("/api/Teams/{team}"), Some(&admin)).await;
    assert_eq!(team_detail.body["coaches"][0]["coach"]["name"], "Dejan");
    assert_eq!(team_detail.body["coaches"][0]["role"], "Head Coach");

    // A role said in the form is kept.
    let body = json!({
        "person": person("Igor", "Milanović", "1966-01-01"),
        "teams": [{"teamId": team, "roleId": 501}],
    });
    let assistant = post_coach(&app, &admin, body).await;
    assert_eq!(assistant.status, StatusCode::CREATED, "{}", assistant.text);
    assert_eq!(assistant.body["teams"][0]["role"], "Assistant Coach");
    assert_eq!(assistant.body["clubs"], json!([]));
    let list = app.get("/api/Coaches", Some(&admin)).await;
    let names: Vec<&str> = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["surname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Milanović", "Savić"], "by surname");
}

#[tokio::test]
async fn an_existing_profile_becomes_a_coach_once() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let club = club(&app, &admin, "VK Jug").await;
    let profile = app
        .call(
            Method::POST,
            "/api/Persons",
            Some(&admin),
            Some(person("Vladimir", "Vujasinović", "1973-07-04")),
        )
        .await;
    assert_eq!(profile.status, StatusCode::CREATED, "{}", profile.text);
    let person_id = profile.body["id"].as_u64().unwrap();

    let body = json!({"personId": person_id, "clubs": [{"clubId": club}]});
    let created = post_coach(&app, &admin, body.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(created.body["personId"], person_id);
    assert_eq!(created.body["surname"], "Vujasinović");
    assert_eq!(count::<Person>(&app), 1, "no second profile");
    let read = app
        .get(&format!("/api/Persons/{person_id}"), Some(&admin))
        .await;
    assert_eq!(read.body["coachId"], id);

    let again = post_coach(&app, &admin, body).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.text);
    assert_eq!(
        again.body["errors"]["personId"],
        json!(["This person is already a coach!"])
    );
    assert_eq!(count::<Coach>(&app), 1, "nothing was created");
    let club_detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(club_detail.body["coaches"].as_array().unwrap().len(), 1);

    let missing = post_coach(
        &app,
        &admin,
        json!({"personId": 999, "clubs": [{"clubId": club}]}),
    )
    .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing.body["errors"]["personId"],
        json!(["The chosen profile does not exist."])
    );
    assert_eq!(count::<Coach>(&app), 1);
}

#[tokio::test]
async fn the_coach_form_messages() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let empty = post_coach(&app, &admin, json!({})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.body["errors"]["personId"],
        json!(["Profile field is required."])
    );
    assert_eq!(
        empty.body["errors"]["clubs"],
        json!(["Club or Team field is required."])
    );

    let no_memberships = post_coach(
        &app,
        &admin,
        json!({"person": person("Dejan", "Savić", "1975-01-01"), "clubs": [], "teams": []}),
    )
    .await;
    assert_eq!(no_memberships.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        no_memberships.body["errors"]["clubs"],
        json!(["Club or Team field is required."])
    );
    assert!(no_memberships.body["errors"].get("personId").is_none());

    let rows = post_coach(
        &app,
        &admin,
        json!({"person": {"name": "Dejan"}, "clubs": [{}], "teams": [{"roleId": 500}]}),
    )
    .await;
    assert_eq!(rows.status, StatusCode::BAD_REQUEST);
    let errors = &rows.body["errors"];
    assert_eq!(
        errors["person.surname"],
        json!(["Surname field is required!"])
    );
    assert_eq!(
        errors["person.birthDate"],
        json!(["Birth date field is required!"])
    );
    assert_eq!(
        errors["clubs[0].clubId"],
        json!(["Club field is required!"])
    );
    assert_eq!(
        errors["teams[0].teamId"],
        json!(["Team field is required!"])
    );
    assert!(
        errors.get("clubs").is_none(),
        "rows were given, if incomplete"
    );
    assert_eq!(count::<Coach>(&app), 0);
    assert_eq!(count::<Person>(&app), 0);
}

#[tokio::test]
async fn a_rejected_membership_leaves_no_person_and_no_coach_behind() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let club = club(&app, &admin, "VK Partizan").await;
    let body = json!({
        "person": person("Dejan", "Savić", "1975-01-01"),
        "clubs": [{"clubId": club}],
        "teams": [{"teamId": 999}],
    });
    let refused = post_coach(&app, &admin, body).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(
        refused.body["errors"]["teams[0].teamId"],
        json!(["The chosen team does not exist."])
    );
    assert_eq!(count::<Person>(&app), 0, "the new profile was not kept");
    assert_eq!(count::<Coach>(&app), 0);
    let club_detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(
        club_detail.body["coaches"],
        json!([]),
        "nor the club membership"
    );
    let found = app
        .get(
            "/api/Persons/same-name?name=Dejan&surname=Savić",
            Some(&admin),
        )
        .await;
    assert_eq!(found.body, json!([]), "nor the name index entry");
    let search = app
        .get("/api/Coaches/search?Filter.Surname=savic", Some(&admin))
        .await;
    assert_eq!(search.body["totalItems"], 0);

    let bad_club = post_coach(
        &app,
        &admin,
        json!({"person": person("Dejan", "Savić", "1975-01-01"), "clubs": [{"clubId": club}, {"clubId": 998}]}),
    )
    .await;
    assert_eq!(
        bad_club.body["errors"]["clubs[1].clubId"],
        json!(["The chosen club does not exist."])
    );
    assert_eq!(count::<Person>(&app), 0);
    assert_eq!(count::<Coach>(&app), 0);
}

#[tokio::test]
async fn coaches_are_searched_by_name_club_and_team_sorted_and_paged() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let partizan = club(&app, &admin, "VK Partizan").await;
    let jug = club(&app, &admin, "Jug Dubrovnik").await;
    let jug_team = team(&app, &admin, "Jug Seniori", jug).await;
    coach_in_club(&app, &admin, ("Dejan", "Savić", "1975-01-01"), partizan).await;
    coach_in_club(&app, &admin, ("Igor", "Milanović", "1966-01-01"), partizan).await;
    coach_in_club(&app, &admin, ("Vladimir", "Vujasinović", "1973-07-04"), jug).await;
    let body = json!({
        "person": person("Aleksandar", "Šapić", "1978-05-02"),
        "clubs": [{"clubId": jug}],
        "teams": [{"teamId": jug_team}],
    });
    assert_eq!(
        post_coach(&app, &admin, body).await.status,
        StatusCode::CREATED
    );
    let search = |query: &str| {
        let path = format!("/api/Coaches/search?{query}");
        let (app, admin) = (&app, &admin);
        async move { app.get(&path, Some(admin)).await }
    };

    let all = search("").await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.text);
    assert_eq!(
        surnames(&all.body),
        ["Milanović", "Šapić", "Savić", "Vujasinović"],
        "by surname, accents folded"
    );
    assert_eq!(all.body["totalItems"], 4);
    assert_eq!(all.body["currentPage"], 1);
    assert_eq!(all.body["pageSize"], 10);
    assert_eq!(all.body["totalPages"], 1);
    assert_eq!(all.body["pageItems"][0]["name"], "Igor");

    let savic = search("Filter.Surname=Savic").await;
    assert_eq!(surnames(&savic.body), ["Savić"], "Savic finds Savić");
    let upper = search("Filter.Surname=SAVI%C4%86").await;
    assert_eq!(surnames(&upper.body), ["Savić"]);
    let vic = search("Filter.Surname=vic").await;
    assert_eq!(surnames(&vic.body), ["Milanović", "Savić", "Vujasinović"]);
    let by_name = search("Filter.Name=aleks").await;
    assert_eq!(surnames(&by_name.body), ["Šapić"]);
    assert_eq!(search("Filter.Surname=nobody").await.body["totalItems"], 0);

    let of_partizan = search(&format!("Filter.Club={partizan}")).await;
    assert_eq!(surnames(&of_partizan.body), ["Milanović", "Savić"]);
    let of_jug = search("Filter.Club=dubrovnik").await;
    assert_eq!(surnames(&of_jug.body), ["Šapić", "Vujasinović"]);
    let narrowed = search(&format!("Filter.Club={partizan}&Filter.Surname=sav")).await;
    assert_eq!(surnames(&narrowed.body), ["Savić"]);
    let of_team = search(&format!("Filter.Team={jug_team}")).await;
    assert_eq!(surnames(&of_team.body), ["Šapić"]);
    let both = search(&format!("Filter.Team={jug_team}&Filter.Club={partizan}")).await;
    assert_eq!(both.body["totalItems"], 0, "filters narrow each other");
    assert_eq!(search("Filter.Club=999").await.body["totalItems"], 0);

    let descending = search("SortOrder=descend").await;
    assert_eq!(
        surnames(&descending.body),
        ["Vujasinović", "Savić", "Šapić", "Milanović"]
    );
    let by_first_name = search("SortBy=name").await;
    assert_eq!(
        surnames(&by_first_name.body),
        ["Šapić", "Savić", "Milanović", "Vujasinović"],
        "Aleksandar, Dejan, Igor, Vladimir"
    );
    let by_birth = search("SortBy=birthDate").await;
    assert_eq!(
        surnames(&by_birth.body),
        ["Milanović", "Vujasinović", "Savić", "Šapić"]
    );
    let youngest_first = search("SortBy=birthDate&SortOrder=descend").await;
    assert_eq!(
        surnames(&youngest_first.body),
        ["Šapić", "Savić", "Vujasinović", "Milanović"]
    );

    let last = search("PageSize=3&PageIndex=2").await;
    assert_eq!(surnames(&last.body), ["Vujasinović"]);
    assert_eq!(last.body["currentPage"], 2);
    assert_eq!(last.body["pageSize"], 3);
    assert_eq!(last.body["totalPages"], 2);
    assert_eq!(last.body["totalItems"], 4);
    let last_by_name = search("PageSize=3&PageIndex=2&SortBy=name").await;
    assert_eq!(surnames(&last_by_name.body), ["Vujasinović"]);
    let past = search("PageSize=3&PageIndex=3").await;
    assert_eq!(past.status, StatusCode::OK);
    assert_eq!(past.body["pageItems"], json!([]));
    assert_eq!(past.body["totalItems"], 4);
    assert_eq!(past.body["totalPages"], 2);
    assert_eq!(past.body["currentPage"], 3);
    let past_filtered = search(&format!("Filter.Club={partizan}&PageIndex=2")).await;
    assert_eq!(past_filtered.body["pageItems"], json!([]));
    assert_eq!(past_filtered.body["totalItems"], 2);

    let widest = search("PageSize=100").await;
    assert_eq!(widest.status, StatusCode::OK);
    assert_eq!(widest.body["pageSize"], 100);
    assert_eq!(widest.body["pageItems"].as_array().unwrap().len(), 4);
    let too_wide = search("PageSize=101").await;
    assert_eq!(too_wide.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        too_wide.body["errors"]["PageSize"],
        json!(["PageSize must be between 1 and 100."])
    );
    let zero = search("PageIndex=0").await;
    assert_eq!(zero.status, StatusCode::BAD_REQUEST);
    let unknown = search("SortBy=height").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    let message = unknown.body["errors"]["SortBy"][0].as_str().unwrap();
    assert!(message.starts_with("Unknown SortBy 'height'."), "{message}");
}

#[tokio::test]
async fn deleting_a_coach_removes_its_memberships_and_keeps_the_person() {
    let (app, admin, club, team) = partizan().await;
    let body = json!({
        "person": person("Dejan", "Savić", "1975-01-01"),
        "clubs": [{"clubId": club}],
        "teams": [{"teamId": team}],
    });
    let created = post_coach(&app, &admin, body).await;
    let id = created.body["id"].as_u64().unwrap();
    let person_id = created.body["personId"].as_u64().unwrap();
    let path = format!("/api/Coaches/{id}");
    let person = (person_id, "coachId");
    delete_member(&app, &admin, &path, (club, team), "coaches", person).await;
    let search = app
        .get("/api/Coaches/search?Filter.Surname=savic", Some(&admin))
        .await;
    assert_eq!(search.body["totalItems"], 0, "out of the coach index too");

    // The freed person may be made a coach again.
    let again = post_coach(
        &app,
        &admin,
        json!({"personId": person_id, "clubs": [{"clubId": club}]}),
    )
    .await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.text);
    let again_deleted = app.delete(&path, Some(&admin)).await;
    assert_eq!(
        again_deleted.status,
        StatusCode::NOT_FOUND,
        "the old id stays gone"
    );
}

#[tokio::test]
async fn club_accounts_manage_the_coaches_of_their_own_club_only() {
    let app = TestApp::new().await;
    let own = app.club_account("club@polodesk.test").await;
    let token = app.token("club@polodesk.test").await;
    let admin = app.token(ADMIN).await;
    let other = club(&app, &admin, "VK Jug").await;
    let other_team = team(&app, &admin, "Jug Seniori", other).await;

    let mine = post_coach(
        &app,
        &token,
        json!({"person": person("Dejan", "Savić", "1975-01-01"), "clubs": [{"clubId": own}]}),
    )
    .await;
    assert_eq!(mine.status, StatusCode::CREATED, "{}", mine.text);
    let theirs = post_coach(
        &app,
        &token,
        json!({"person": person("Igor", "Milanović", "1966-01-01"), "clubs": [{"clubId": other}]}),
    )
    .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    let mixed = post_coach(
        &app,
        &token,
        json!({"person": person("Igor", "Milanović", "1966-01-01"),
            "clubs": [{"clubId": own}], "teams": [{"teamId": other_team}]}),
    )
    .await;
    assert_eq!(
        mixed.status,
        StatusCode::FORBIDDEN,
        "every membership must be the caller's"
    );
    assert_eq!(count::<Coach>(&app), 1);
    assert_eq!(
        count::<Person>(&app),
        1,
        "the refused profiles were not created"
    );

    let foreign = coach_in_club(&app, &admin, ("Igor", "Milanović", "1966-01-01"), other).await;
    let refused = app
        .delete(&format!("/api/Coaches/{foreign}"), Some(&token))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let own_id = mine.body["id"].as_u64().unwrap();
    let deleted = app
        .delete(&format!("/api/Coaches/{own_id}"), Some(&token))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(count::<Coach>(&app), 1);
}

#[tokio::test]
async fn the_search_follows_a_renamed_profile() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let club = club(&app, &admin, "VK Partizan").await;
    let id = coach_in_club(&app, &admin, ("Dejan", "Savić", "1975-01-01"), club).await;
    let person_id = app
        .get(&format!("/api/Coaches/{id}"), Some(&admin))
        .await
        .body["personId"]
        .as_u64()
        .unwrap();
    let renamed = app
        .call(
            Method::PUT,
            &format!("/api/Persons/{person_id}"),
            Some(&admin),
            Some(person("Dejan", "Perić", "1975-01-01")),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text);
    assert_eq!(renamed.body["coachId"], id, "the identity stays");

    let old = app
        .get("/api/Coaches/search?Filter.Surname=savic", Some(&admin))
        .await;
    assert_eq!(old.body["totalItems"], 0);
    let new = app
        .get("/api/Coaches/search?Filter.Surname=peric", Some(&admin))
        .await;
    assert_eq!(surnames(&new.body), ["Perić"]);
    let detail = app.get(&format!("/api/Coaches/{id}"), Some(&admin)).await;
    assert_eq!(detail.body["surname"], "Perić");
    let club_detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(club_detail.body["coaches"][0]["coach"]["surname"], "Perić");
}
