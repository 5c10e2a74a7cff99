//! Officials through the real router: creation with a profile and federation roles, the form
//! messages, the title, the PIN that is never shown, persons created as officials, same-name
//! suggestions, the federation's officials and the cascade from a deleted person.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::league::put;
use crate::support::{Reply, TestApp, count};
use axum::http::{Method, StatusCode, header};
use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::officials::Official;
use polodesk_domain::persons::Person;
use polodesk_domain::users::Identities;
use serde_json::{Value, json};

const ADMIN: &str = "admin@polodesk.test";

fn person(name: &str, surname: &str, birth_date: &str) -> Value {
    json!({"name": name, "surname": surname, "birthDate": birth_date})
}

async fn post_official(app: &TestApp, token: &str, body: Value) -> Reply {
    app.call(Method::POST, "/api/Officials", Some(token), Some(body))
        .await
}

/// A new official (new profile) with `roles` in `federation`.
async fn official(
    app: &TestApp,
    token: &str,
    (name, surname): (&str, &str),
    federation: u64,
    roles: &[u16],
) -> Value {
    let body = json!({
        "person": person(name, surname, "1980-03-03"),
        "federations": [{"federationId": federation, "roles": roles}],
    });
    let reply = post_official(app, token, body).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    reply.body
}

async fn set_pin(app: &TestApp, token: &str, id: u64, pin: Value) -> Reply {
    let path = format!("/api/Officials/{id}/pin");
    put(app, token, &path, json!({"id": id, "pin": pin})).await
}

/// Today as the server writes it (UTC), as JSON.
fn today() -> Value {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let days = i64::try_from(seconds / 86_400).unwrap();
    serde_json::to_value(Date::from_unix_days(days).unwrap()).unwrap()
}

#[tokio::test]
async fn an_official_is_created_with_roles_in_federations() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let serbia = app.federation().await;
    let other = app.federation().await;
    let before = today();
    let body = json!({
        "person": person("Boris", "Margeta", "1979-06-20"),
        "title": "FINA referee",
        "federations": [
            {"federationId": serbia, "roles": [601, 600, 600]},
            {"federationId": other, "roles": [605], "activeFrom": "2020-01-01", "activeTo": "2030-12-31"},
        ],
    });
    let created = post_official(&app, &admin, body).await;
    let after = today();
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(
        created.headers[header::LOCATION],
        format!("/api/Officials/{id}").as_str()
    );
    let body = &created.body;
    assert_eq!(body["title"], "FINA referee");
    assert_eq!(body["name"], "Boris");
    assert_eq!(body["surname"], "Margeta");
    assert_eq!(body["hasPin"], false);
    assert_eq!(body["person"]["officialId"], id);
    let roles = body["federations"].as_array().unwrap();
    assert_eq!(roles.len(), 2);
    assert_eq!(roles[0]["federationId"], serbia);
    assert_eq!(roles[0]["federation"]["name"], "Vaterpolo savez Srbije");
    assert_eq!(roles[0]["officialId"], id);
    assert_eq!(roles[0]["roles"], json!([600, 601]), "sorted, once each");
    assert_eq!(
        roles[0]["officialRoles"],
        json!([{"roleId": 600, "role": "Referee"}, {"roleId": 601, "role": "Delegate"}])
    );
    let from = &roles[0]["activeFrom"];
    assert!(
        *from == before || *from == after,
        "activeFrom defaults to today: {from}"
    );
    assert_eq!(roles[0]["activeTo"], Value::Null);
    assert_eq!(roles[1]["activeFrom"], "2020-01-01");
    assert_eq!(roles[1]["activeTo"], "2030-12-31");
    assert_eq!(
        roles[1]["officialRoles"],
        json!([{"roleId": 605, "role": "Goal Referee"}])
    );

    let read = app.get(&format!("/api/Officials/{id}"), Some(&admin)).await;
    assert_eq!(read.body, created.body);
    let search = app
        .get(
            &format!("/api/Officials/search?Filter.Federation={other}"),
            Some(&admin),
        )
        .await;
    assert_eq!(search.body["totalItems"], 1);
    assert_eq!(search.body["pageItems"][0]["id"], id);
}

#[tokio::test]
async fn the_official_form_messages_and_nothing_half_made() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;

    let empty = post_official(&app, &admin, json!({})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.body["errors"]["personId"],
        json!(["Profile field is required!"])
    );
    assert_eq!(
        empty.body["errors"]["federations"],
        json!(["Federation field is required!"])
    );
    // Each broken list of memberships, with a new profile, is refused at its field.
    let boris = person("Boris", "Margeta", "1979-06-20");
    let federation_required = (
        "federations[0].federationId",
        "Federation field is required!",
    );
    let roles_required = ("federations[0].roles", "Roles field is required!");
    let refused = [
        (json!([]), ("federations", "Federation field is required!")),
        (json!([{"federationId": federation}]), roles_required),
        (
            json!([{"federationId": federation, "roles": []}]),
            roles_required,
        ),
        (json!([{"roles": [600]}]), federation_required),
        (
            json!([{"federationId": 999, "roles": [600]}]),
            (
                "federations[0].federationId",
                "The chosen federation does not exist.",
            ),
        ),
    ];
    for (federations, (field, message)) in refused {
        let body = json!({"person": boris, "federations": federations});
        let reply = post_official(&app, &admin, body).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{field}");
        assert_eq!(reply.body["errors"][field], json!([message]), "{field}");
    }
    let long = post_official(
        &app,
        &admin,
        json!({"person": boris, "title": "t".repeat(201),
            "federations": [{"federationId": federation, "roles": [600]}]}),
    )
    .await;
    assert_eq!(long.body["errors"]["title"], json!(["Too long input!"]));
    let unknown_role = post_official(
        &app,
        &admin,
        json!({"person": boris,
            "federations": [{"federationId": federation, "roles": [599]}]}),
    )
    .await;
    assert_eq!(unknown_role.status, StatusCode::BAD_REQUEST);
    assert_eq!(count::<Official>(&app), 0);
    assert_eq!(count::<Person>(&app), 0, "no profile was left behind");

    let first = official(&app, &admin, ("Boris", "Margeta"), federation, &[600]).await;
    let person_id = first["personId"].as_u64().unwrap();
    let twice = post_official(
        &app,
        &admin,
        json!({"personId": person_id, "federations": [{"federationId": federation, "roles": [601]}]}),
    )
    .await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        twice.body["errors"]["personId"],
        json!(["This person is already a official!"])
    );
    assert_eq!(count::<Official>(&app), 1);
}

#[tokio::test]
async fn the_title_is_updated() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;
    let created = official(&app, &admin, ("Boris", "Margeta"), federation, &[600]).await;
    let id = created["id"].as_u64().unwrap();
    let path = format!("/api/Officials/{id}");

    let updated = put(
        &app,
        &admin,
        &path,
        json!({"id": id, "title": "International referee"}),
    )
    .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert_eq!(updated.body["title"], "International referee");
    assert_eq!(updated.body["personId"], created["personId"]);
    assert_eq!(updated.body["federations"], created["federations"]);
    assert_eq!(
        app.get(&path, Some(&admin)).await.body["title"],
        "International referee"
    );
    let long = put(&app, &admin, &path, json!({"title": "t".repeat(201)})).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert_eq!(long.body["errors"]["title"], json!(["Too long input!"]));
    let missing = put(&app, &admin, "/api/Officials/999", json!({"title": "x"})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_pin_is_four_digits_and_never_shown() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;
    let created = official(&app, &admin, ("Boris", "Margeta"), federation, &[600]).await;
    let id = created["id"].as_u64().unwrap();

    for (pin, message) in [
        (json!("12a4"), "Only numbers are allowed!"),
        (json!("12 4"), "Only numbers are allowed!"),
        (json!("123"), "Too short PIN!"),
        (json!(""), "Too short PIN!"),
        (Value::Null, "Too short PIN!"),
        (json!("12345"), "Too long PIN!"),
    ] {
        let reply = set_pin(&app, &admin, id, pin.clone()).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{pin}");
        assert_eq!(reply.body["errors"]["pin"], json!([message]), "{pin}");
    }
    assert_eq!(
        app.get(&format!("/api/Officials/{id}"), Some(&admin))
            .await
            .body["hasPin"],
        false
    );

    let set = set_pin(&app, &admin, id, json!("7391")).await;
    assert_eq!(set.status, StatusCode::NO_CONTENT, "{}", set.text);
    assert!(set.text.is_empty());
    let hash = app.store.official_pin_hash(id).unwrap().unwrap();
    assert!(!hash.contains("7391"), "stored as a hash");

    let detail = app.get(&format!("/api/Officials/{id}"), Some(&admin)).await;
    assert_eq!(detail.body["hasPin"], true);
    for path in [
        format!("/api/Officials/{id}"),
        "/api/Officials".to_owned(),
        "/api/Officials/search".to_owned(),
        format!("/api/Federations/{federation}"),
        format!("/api/Persons/{}", created["personId"]),
    ] {
        let reply = app.get(&path, Some(&admin)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        for secret in ["7391", hash.as_str(), "argon2", "\"pin\"", "pinHash"] {
            assert!(
                !reply.text.contains(secret),
                "{path} shows {secret}: {}",
                reply.text
            );
        }
    }
    let listed = app.get("/api/Officials", Some(&admin)).await;
    assert_eq!(listed.body[0]["hasPin"], true);

    // A title update keeps the PIN.
    let path = format!("/api/Officials/{id}");
    let updated = put(&app, &admin, &path, json!({"title": "x"})).await;
    assert_eq!(updated.body["hasPin"], true);
    assert_eq!(app.store.official_pin_hash(id).unwrap().unwrap(), hash);

    let missing = set_pin(&app, &admin, 999, json!("1234")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_official_changes_its_own_pin_and_no_one_elses() {
    let app = TestApp::new().await;
    let identities = Identities {
        official_id: Some(1),
        ..Identities::default()
    };
    app.user("ref@polodesk.test", UserType::Person, Some(identities))
        .await;
    let admin = app.token(ADMIN).await;
    let token = app.token("ref@polodesk.test").await;
    let person_id = app
        .store
        .user_by_email("ref@polodesk.test")
        .unwrap()
        .unwrap()
        .person_id
        .unwrap();
    let own = app
        .store
        .get::<Person>(person_id)
        .unwrap()
        .identities
        .official_id
        .unwrap();
    let federation = app.federation().await;
    let other = official(&app, &admin, ("Boris", "Margeta"), federation, &[600]).await;
    let other = other["id"].as_u64().unwrap();

    let mine = set_pin(&app, &token, own, json!("0420")).await;
    assert_eq!(mine.status, StatusCode::NO_CONTENT, "{}", mine.text);
    let theirs = set_pin(&app, &token, other, json!("0420")).await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    assert_eq!(app.store.official_pin_hash(other).unwrap(), None);
}

#[tokio::test]
async fn a_person_is_created_as_an_official_in_one_call_or_not_at_all() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;
    let mut body = person("Boris", "Margeta", "1979-06-20");
    body["official"] = json!({"title": "FINA referee",
        "federations": [{"federationId": federation, "roles": [600, 603]}]});
    let created = app
        .call(Method::POST, "/api/Persons", Some(&admin), Some(body))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let person_id = created.body["id"].as_u64().unwrap();
    assert_eq!(
        created.headers[header::LOCATION],
        format!("/api/Persons/{person_id}").as_str()
    );
    let official_id = created.body["officialId"].as_u64().unwrap();
    assert_eq!(created.body["coachId"], Value::Null);
    let official = app
        .get(&format!("/api/Officials/{official_id}"), Some(&admin))
        .await;
    assert_eq!(official.status, StatusCode::OK);
    assert_eq!(official.body["personId"], person_id);
    assert_eq!(official.body["title"], "FINA referee");
    assert_eq!(
        official.body["federations"][0]["officialRoles"],
        json!([{"roleId": 600, "role": "Referee"}, {"roleId": 603, "role": "Timekeeper"}])
    );

    let mut bad = person("Ivan", "Rakić", "1985-01-01");
    bad["official"] = json!({"federations": [{"federationId": federation, "roles": []}]});
    let refused = app
        .call(Method::POST, "/api/Persons", Some(&admin), Some(bad))
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    let errors = refused.body["errors"].as_object().unwrap();
    let (field, messages) = errors
        .iter()
        .find(|(field, _)| field.ends_with("federations[0].roles"))
        .unwrap_or_else(|| panic!("no roles message: {}", refused.text));
    assert_eq!(*messages, json!(["Roles field is required!"]), "{field}");
    let mut unknown = person("Ivan", "Rakić", "1985-01-01");
    unknown["official"] = json!({"federations": [{"federationId": 999, "roles": [600]}]});
    let refused = app
        .call(Method::POST, "/api/Persons", Some(&admin), Some(unknown))
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    let mut nameless =
        json!({"official": {"federations": [{"federationId": federation, "roles": [600]}]}});
    nameless["birthDate"] = json!("1985-01-01");
    let refused = app
        .call(Method::POST, "/api/Persons", Some(&admin), Some(nameless))
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(count::<Person>(&app), 1, "only Margeta");
    assert_eq!(count::<Official>(&app), 1);
    let same = app
        .get(
            "/api/Persons/same-name?name=Ivan&surname=Rakic",
            Some(&admin),
        )
        .await;
    assert_eq!(same.body, json!([]));
}

#[tokio::test]
async fn same_name_suggests_exact_matches_ignoring_case_and_accents() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let mut ids = Vec::new();
    for (name, surname) in [
        ("Dejan", "Savić"),
        ("DEJAN", "savic"),
        ("Dejana", "Savić"),
        ("Dejan", "Savićević"),
        ("Marko", "Savić"),
    ] {
        let reply = app
            .call(
                Method::POST,
                "/api/Persons",
                Some(&admin),
                Some(person(name, surname, "1975-01-01")),
            )
            .await;
        ids.push(reply.body["id"].as_u64().unwrap());
    }
    let federation = app.federation().await;
    let body =
        json!({"personId": ids[0], "federations": [{"federationId": federation, "roles": [600]}]});
    let made = post_official(&app, &admin, body).await;
    let official_id = made.body["id"].as_u64().unwrap();

    let found = app
        .get(
            "/api/Persons/same-name?name=dejan&surname=SAVIC",
            Some(&admin),
        )
        .await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text);
    let mut found_ids: Vec<u64> = found
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .collect();
    found_ids.sort_unstable();
    assert_eq!(found_ids, [ids[0], ids[1]]);
    let first = found
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == ids[0])
        .unwrap();
    assert_eq!(
        first["officialId"], official_id,
        "with the identities it holds"
    );
    let accented = app
        .get(
            "/api/Persons/same-name?name=%20Dejan%20&surname=Savi%C4%87",
            Some(&admin),
        )
        .await;
    assert_eq!(accented.body.as_array().unwrap().len(), 2);
    for query in [
        "name=Dej&surname=Savic",
        "name=Dejan&surname=Sav",
        "name=Dejan",
        "surname=Savic",
        "name=&surname=",
    ] {
        let reply = app
            .get(&format!("/api/Persons/same-name?{query}"), Some(&admin))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{query}");
        assert_eq!(reply.body, json!([]), "{query}");
    }
}

#[tokio::test]
async fn the_federation_lists_its_officials_with_their_roles() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;
    let other = app.federation().await;
    let margeta = official(&app, &admin, ("Boris", "Margeta"), federation, &[600, 606]).await;
    official(&app, &admin, ("Ivan", "Rakić"), other, &[602]).await;

    let detail = app
        .get(&format!("/api/Federations/{federation}"), Some(&admin))
        .await;
    let listed = detail.body["officials"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{}", detail.text);
    assert_eq!(listed[0]["officialId"], margeta["id"]);
    assert_eq!(listed[0]["official"]["surname"], "Margeta");
    assert_eq!(listed[0]["official"]["personId"], margeta["personId"]);
    assert_eq!(
        listed[0]["officialRoles"],
        json!([{"roleId": 600, "role": "Referee"}, {"roleId": 606, "role": "VAR"}])
    );
}

#[tokio::test]
async fn deleting_the_person_deletes_its_official_and_its_account() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;
    let created = official(&app, &admin, ("Boris", "Margeta"), federation, &[600]).await;
    let id = created["id"].as_u64().unwrap();
    let person_id = created["personId"].as_u64().unwrap();
    let account = app
        .call(
            Method::POST,
            "/api/Users",
            Some(&admin),
            Some(json!({"email": "margeta@polodesk.test", "typeId": 3, "personId": person_id})),
        )
        .await;
    assert_eq!(account.status, StatusCode::CREATED, "{}", account.text);

    let deleted = app
        .delete(&format!("/api/Persons/{person_id}"), Some(&admin))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
    let gone = app.get(&format!("/api/Officials/{id}"), Some(&admin)).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(count::<Official>(&app), 0);
    assert!(
        app.store
            .user_by_email("margeta@polodesk.test")
            .unwrap()
            .is_none(),
        "the account went too"
    );
    let detail = app
        .get(&format!("/api/Federations/{federation}"), Some(&admin))
        .await;
    assert_eq!(detail.body["officials"], json!([]), "and its roles");
    let search = app.get("/api/Officials/search", Some(&admin)).await;
    assert_eq!(search.body["totalItems"], 0);

    // Deleting an official alone keeps the person.
    let kept = official(&app, &admin, ("Ivan", "Rakić"), federation, &[600]).await;
    let kept_id = kept["id"].as_u64().unwrap();
    let path = format!("/api/Officials/{kept_id}");
    let removed = app.delete(&path, Some(&admin)).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    let person = app
        .get(&format!("/api/Persons/{}", kept["personId"]), Some(&admin))
        .await;
    assert_eq!(person.status, StatusCode::OK);
    assert_eq!(person.body["officialId"], Value::Null);
    let detail = app
        .get(&format!("/api/Federations/{federation}"), Some(&admin))
        .await;
    assert_eq!(detail.body["officials"], json!([]));
}

#[tokio::test]
async fn an_official_role_that_ends_before_its_default_start_is_refused() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;
    let created = app
        .call(
            Method::POST,
            "/api/Officials",
            Some(&admin),
            Some(
                json!({"person": {"name": "Boris", "surname": "Margeta", "birthDate": "1979-06-20"},
                "federations": [{"federationId": federation, "roles": [600]}]}),
            ),
        )
        .await;
    let official = created.body["id"].as_u64().unwrap();
    let other = app.federation().await;
    // activeFrom is left out, so it is today; activeTo is years before that.
    let link = app
        .call(
            Method::POST,
            "/api/FederationOfficials",
            Some(&admin),
            Some(
                json!({"federationId": other, "officialId": official, "roles": [600],
                "activeTo": "2020-01-01"}),
            ),
        )
        .await;
    assert_eq!(link.status, StatusCode::BAD_REQUEST, "{}", link.text);
    assert_eq!(
        link.body["errors"]["activeTo"],
        json!(["Active to must not be before active from."])
    );
}
