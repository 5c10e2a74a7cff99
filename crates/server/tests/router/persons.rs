//! Persons through the real router: the calls, the form rules, and the account that goes with
//! a deleted person.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use crate::support::league::put;
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use serde_json::json;

#[tokio::test]
async fn a_person_is_created_read_updated_and_deleted_with_its_account() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let body = json!({"name": "Milica", "surname": "Đorđević", "birthDate": "2001-02-23",
        "email": "milica@vaterpolo.rs", "nationality": "Serbian"});
    let created = app
        .call(
            Method::POST,
            "/api/Persons",
            Some(&admin),
            Some(body.clone()),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(created.body["birthDate"], "2001-02-23");
    assert_eq!(created.body["coachId"], serde_json::Value::Null);

    let found = app
        .get("/api/Persons/search?input=dorde", Some(&admin))
        .await;
    assert_eq!(found.body[0]["id"], id);

    let mut renamed = body.clone();
    renamed["address"] = json!("Bulevar 1, Novi Sad");
    let updated = put(&app, &admin, &format!("/api/Persons/{id}"), renamed).await;
    assert_eq!(updated.body["address"], "Bulevar 1, Novi Sad");
    assert_eq!(
        app.get("/api/Persons", Some(&admin))
            .await
            .body
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let account = app
        .call(
            Method::POST,
            "/api/Users",
            Some(&admin),
            Some(json!({"email": "milica@polodesk.test", "typeId": 3, "personId": id})),
        )
        .await;
    assert_eq!(account.status, StatusCode::CREATED);
    let deleted = app
        .delete(&format!("/api/Persons/{id}"), Some(&admin))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert!(
        app.store
            .user_by_email("milica@polodesk.test")
            .unwrap()
            .is_none(),
        "the account went too"
    );
}

#[tokio::test]
async fn the_person_form_messages() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let empty = app
        .call(Method::POST, "/api/Persons", Some(&admin), Some(json!({})))
        .await;
    assert_eq!(
        empty.body["errors"]["name"],
        json!(["Name field is required!"])
    );
    assert_eq!(
        empty.body["errors"]["surname"],
        json!(["Surname field is required!"])
    );
    assert_eq!(
        empty.body["errors"]["birthDate"],
        json!(["Birth date field is required!"])
    );
}

#[tokio::test]
async fn a_person_account_reads_and_updates_persons_but_does_not_delete_them() {
    let app = TestApp::new().await;
    app.user("ana@polodesk.test", UserType::Person, None).await;
    app.user("marko@polodesk.test", UserType::Person, None)
        .await;
    let token = app.token("ana@polodesk.test").await;
    let person = app
        .store
        .user_by_email("ana@polodesk.test")
        .unwrap()
        .unwrap()
        .person_id
        .unwrap();
    let body = json!({"name": "Ana", "surname": "Nova", "birthDate": "1995-03-14"});
    let updated = put(
        &app,
        &token,
        &format!("/api/Persons/{person}"),
        body.clone(),
    )
    .await;
    assert_eq!(updated.status, StatusCode::OK);
    let others = app
        .store
        .list::<polodesk_domain::persons::Person>()
        .unwrap();
    let other = others.iter().find(|p| p.id != person).unwrap().id;
    let path = format!("/api/Persons/{other}");
    let put = put(&app, &token, &path, body.clone()).await;
    assert_eq!(
        put.status,
        StatusCode::FORBIDDEN,
        "a person edits only itself"
    );
    let create = app
        .call(Method::POST, "/api/Persons", Some(&token), Some(body))
        .await;
    assert_eq!(create.status, StatusCode::FORBIDDEN);
    let delete = app
        .delete(&format!("/api/Persons/{person}"), Some(&token))
        .await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN);
}

/// A photo is stored without its metadata: the text chunks, the EXIF block (where and when it
/// was taken) and the pixel size are gone, the pixels are the same; a data URL stays one.
#[tokio::test]
async fn a_photo_is_kept_without_its_metadata() {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let pixels: Vec<u8> = (0..24 * 16 * 3).map(|i| (i % 251) as u8).collect();
    let mut sent = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut sent, 24, 16);
        encoder.set_color(png::ColorType::Rgb);
        encoder
            .add_text_chunk("Author".into(), "Milica's phone".into())
            .unwrap();
        encoder.set_pixel_dims(Some(png::PixelDimensions {
            xppu: 2835,
            yppu: 2835,
            unit: png::Unit::Meter,
        }));
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_chunk(png::chunk::eXIf, b"MM\0*GPS 44.7866N 20.4489E")
            .unwrap();
        writer.write_image_data(&pixels).unwrap();
    }
    let body = json!({"name": "Milica", "surname": "Đorđević", "birthDate": "2001-02-23",
        "photo": format!("data:image/png;base64,{}", STANDARD.encode(&sent))});
    let created = app
        .call(Method::POST, "/api/Persons", Some(&admin), Some(body))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    let read = app.get(&format!("/api/Persons/{id}"), Some(&admin)).await;
    let photo = read.body["photo"].as_str().unwrap();
    let stored = STANDARD
        .decode(photo.strip_prefix("data:image/png;base64,").unwrap())
        .unwrap();
    assert!(stored.len() < sent.len());
    let mut reader = png::Decoder::new(std::io::Cursor::new(&stored))
        .read_info()
        .unwrap();
    let info = reader.info();
    assert!(info.uncompressed_latin1_text.is_empty(), "the text chunk");
    assert!(info.exif_metadata.is_none(), "the EXIF block");
    assert!(info.pixel_dims.is_none(), "the pixel size");
    let mut decoded = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut decoded).unwrap();
    assert_eq!(decoded, pixels);
}
