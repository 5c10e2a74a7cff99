//! A disk that fails, through the real router: a write whose commit could not be made durable
//! answers 503 and no reader sees it; the store then takes no more writes but keeps serving
//! what was saved, and after a restart everything acknowledged is there. Whether the refused
//! write is there after the restart depends on what the disk kept (a failed fsync does not
//! say what reached it), as in any database; its caller was told it may not have been kept.

// A failed unwrap is how a test reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support;

use crate::support::TestApp;
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use polodesk_store::{Faults, Store};
use serde_json::{Value, json};

const REFUSED: &str = "Saving to disk failed, so this change may not have been kept. PoloDesk takes no more changes until it is restarted.";

async fn add_country(app: &TestApp, token: &str, code: &str) -> (StatusCode, Value) {
    let body = json!({"name": code, "nameUniversal": code, "code": code});
    let reply = app
        .call(Method::POST, "/api/Countries", Some(token), Some(body))
        .await;
    (reply.status, reply.body)
}

/// The country codes the API lists.
async fn codes(app: &TestApp, token: &str) -> Vec<String> {
    let reply = app.get("/api/Countries", Some(token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    let mut codes: Vec<String> = reply
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap().to_owned())
        .collect();
    codes.sort();
    codes
}

/// A store on a failing disk in `dir`, with the admin account and its token.
async fn app_on_faulty_disk(dir: &std::path::Path, faults: &Faults) -> (TestApp, String) {
    let app = TestApp::on(Store::open_with_faults(dir, faults).unwrap());
    app.user("admin@polodesk.test", UserType::Admin, None).await;
    let token = app.token("admin@polodesk.test").await;
    (app, token)
}

/// The store in `dir` opened again, as a restarted server does, with the admin's token.
async fn restarted(dir: &std::path::Path) -> (TestApp, String) {
    let app = TestApp::on(Store::open(dir).unwrap());
    let token = app.token("admin@polodesk.test").await;
    (app, token)
}

#[tokio::test]
async fn a_failed_fsync_refuses_the_write_shows_nothing_of_it_and_stops_writes_until_restart() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::default();
    let (app, token) = app_on_faulty_disk(dir.path(), &faults).await;
    assert_eq!(add_country(&app, &token, "RS").await.0, StatusCode::CREATED);

    faults.fail_fsync(true);
    let (status, body) = add_country(&app, &token, "HR").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["message"], REFUSED);
    assert_eq!(
        codes(&app, &token).await,
        ["RS"],
        "the refused write is not shown"
    );

    // The disk works again, but nothing past the failure can be trusted until a restart.
    faults.fail_fsync(false);
    let (status, body) = add_country(&app, &token, "ME").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["message"], REFUSED);
    let health = app.get("/api/health", None).await;
    assert_eq!(health.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(health.body["status"], "read-only");
    assert!(
        health.body["message"]
            .as_str()
            .unwrap()
            .contains("takes no changes until it is restarted"),
        "{}",
        health.text
    );
    assert_eq!(codes(&app, &token).await, ["RS"], "reads go on");
    drop(app);

    let (app, token) = restarted(dir.path()).await;
    let kept = codes(&app, &token).await;
    assert!(kept.contains(&"RS".to_owned()), "{kept:?}");
    assert!(
        !kept.contains(&"ME".to_owned()),
        "a write refused up front never ran"
    );
    assert_eq!(app.get("/api/health", None).await.status, StatusCode::OK);
    assert_eq!(add_country(&app, &token, "BA").await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn a_full_disk_refuses_a_whole_batch_and_no_reader_sees_any_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::default();
    let (app, token) = app_on_faulty_disk(dir.path(), &faults).await;
    assert_eq!(add_country(&app, &token, "RS").await.0, StatusCode::CREATED);

    faults.fill_disk(true);
    // Many writers at once share one group commit; a reader runs among them.
    let writes = (0..24).map(|i| {
        let (app, token) = (&app, &token);
        async move { add_country(app, token, &format!("Q{}", char::from(b'A' + i))).await }
    });
    let reads = async {
        let mut seen = Vec::new();
        for _ in 0..24 {
            seen.push(codes(&app, &token).await);
            tokio::task::yield_now().await;
        }
        seen
    };
    let (answers, seen) = tokio::join!(futures_util::future::join_all(writes), reads);
    for (status, body) in &answers {
        assert_eq!(*status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(body["message"], REFUSED);
    }
    for codes in seen {
        assert_eq!(codes, ["RS"], "a reader saw a write that was refused");
    }
    faults.fill_disk(false);
    assert_eq!(
        add_country(&app, &token, "HR").await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
    drop(app);

    let (app, token) = restarted(dir.path()).await;
    let kept = codes(&app, &token).await;
    assert!(kept.contains(&"RS".to_owned()), "{kept:?}");
    assert!(
        !kept.contains(&"HR".to_owned()),
        "a write refused up front never ran"
    );
    assert_eq!(add_country(&app, &token, "BA").await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn an_acknowledged_write_is_shown_at_once_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::default();
    let (app, token) = app_on_faulty_disk(dir.path(), &faults).await;
    let writes = (0..16).map(|i| {
        let (app, token) = (&app, &token);
        async move { add_country(app, token, &format!("Z{}", char::from(b'A' + i))).await }
    });
    let answers = futures_util::future::join_all(writes).await;
    assert!(answers.iter().all(|(s, _)| *s == StatusCode::CREATED));
    // Read-your-writes: once answered, every write is visible.
    assert_eq!(codes(&app, &token).await.len(), 16);
    drop(app);
    let (app, token) = restarted(dir.path()).await;
    assert_eq!(codes(&app, &token).await.len(), 16);
}

/// The machine dies before the writer's next checkpoint: everything acknowledged is only in the
/// write-ahead log, and the store opened again applies it. Registry edits, a match log written by
/// scorers at once (writes that share a transaction), an edit, a delete and sign-ins: the store
/// after the restart is the store before the cut.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_writes_survive_a_power_cut_through_the_log() {
    use support::league::{League, event, log, put, shot};

    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::default();
    let app = TestApp::on(Store::open_with_faults(dir.path(), &faults).unwrap());
    app.user("admin@polodesk.test", UserType::Admin, None).await;
    let l = League::new(&app, false).await;
    let m = l.new_match(&app).await;
    assert!(l.set_log(&app, m).await.status.is_success());
    assert_eq!(
        l.set_status(&app, m, 201).await.status,
        StatusCode::NO_CONTENT
    );
    let (home, away) = (l.home, l.away);
    let shots = (0..24).map(|i| {
        let (app, token) = (&app, &l.admin);
        let (team, by) = if i % 3 == 0 {
            (away, l.away_players[1])
        } else {
            (home, l.home_players[1])
        };
        let minute = u8::try_from(7 - i % 8).unwrap();
        async move {
            log(
                app,
                token,
                event(m, 1200, minute, "shot", shot(team, by, i % 2 == 0)),
            )
            .await
        }
    });
    let logged = futures_util::future::join_all(shots).await;
    let first = logged[0].body["id"].as_u64().unwrap();
    let edited = put(
        &app,
        &l.admin,
        &format!("/api/Events/{first}"),
        event(m, 1200, 6, "shot", shot(home, l.home_players[2], true)),
    )
    .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text);
    let last = logged[23].body["id"].as_u64().unwrap();
    let deleted = app
        .delete(&format!("/api/Events/{last}"), Some(&l.admin))
        .await;
    assert!(deleted.status.is_success(), "{}", deleted.text);
    let refresh = app
        .password_grant("admin@polodesk.test", support::PASSWORD)
        .await;
    let refresh_token = refresh.body["refresh_token"].as_str().unwrap().to_owned();
    assert_eq!(
        add_country(&app, &l.admin, "RS").await.0,
        StatusCode::CREATED
    );
    let before = serde_json::to_value(app.store.export().unwrap()).unwrap();
    let game = app.get(&format!("/api/Matches/{m}"), Some(&l.admin)).await;

    faults.cut_power();
    drop(app);

    let store = Store::open(dir.path()).unwrap();
    assert!(
        store.replayed() > 0,
        "the writes were to be in the log only"
    );
    let after = serde_json::to_value(store.export().unwrap()).unwrap();
    assert!(
        before == after,
        "the store after the restart differs from the store before the cut"
    );
    let app = TestApp::on(store);
    let admin = app.token("admin@polodesk.test").await;
    let again = app.get(&format!("/api/Matches/{m}"), Some(&admin)).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(again.body, game.body);
    let refreshed = app.refresh_grant("polodesk-cli", &refresh_token).await;
    assert_eq!(refreshed.status, StatusCode::OK, "{}", refreshed.text);
}
