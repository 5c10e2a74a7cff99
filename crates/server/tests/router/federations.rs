//! Federations through the real router: the five calls, validation, search and the cascade.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use crate::support::league::put;
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use polodesk_domain::reference::{City, CityFields, Country, CountryFields};
use serde_json::{Value, json};

use crate::support;

struct Fixture {
    app: TestApp,
    admin: String,
    serbia: u64,
    belgrade: u64,
    zagreb: u64,
}

async fn fixture() -> Fixture {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let country = |name: &str, universal: &str, code: &str| CountryFields {
        name: name.into(),
        name_universal: universal.into(),
        code: code.into(),
    };
    let serbia = app
        .store
        .create::<Country>(country("Srbija", "Serbia", "RS"))
        .await
        .unwrap()
        .id;
    let croatia = app
        .store
        .create::<Country>(country("Hrvatska", "Croatia", "HR"))
        .await
        .unwrap()
        .id;
    let city = |name: &str, country_id| CityFields {
        name: name.into(),
        name_universal: name.into(),
        country_id,
    };
    let belgrade = app
        .store
        .create::<City>(city("Beograd", serbia))
        .await
        .unwrap()
        .id;
    let zagreb = app
        .store
        .create::<City>(city("Zagreb", croatia))
        .await
        .unwrap()
        .id;
    Fixture {
        app,
        admin,
        serbia,
        belgrade,
        zagreb,
    }
}

impl Fixture {
    async fn post(&self, body: Value) -> support::Reply {
        self.app
            .call(
                Method::POST,
                "/api/Federations",
                Some(&self.admin),
                Some(body),
            )
            .await
    }

    async fn get(&self, path: &str) -> support::Reply {
        self.app.get(path, Some(&self.admin)).await
    }

    async fn delete(&self, path: &str) -> support::Reply {
        self.app.delete(path, Some(&self.admin)).await
    }

    fn federation(&self, name: &str, universal: &str) -> Value {
        json!({"name": name, "nameUniversal": universal, "countryId": self.serbia, "activeFrom": "1990-01-01"})
    }
}

#[tokio::test]
async fn a_federation_is_created_read_updated_and_deleted() {
    let f = fixture().await;
    let mut body = f.federation("Vaterpolo savez Srbije", "Water Polo Federation of Serbia");
    body["cityId"] = json!(f.belgrade);
    body["email"] = json!("office@vaterpolo.rs");
    body["phone"] = json!("+381 11 123 456");
    let created = f.post(body.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(created.body["country"]["code"], "RS");
    assert_eq!(created.body["city"]["name"], "Beograd");
    assert_eq!(created.body["activeFrom"], "1990-01-01");

    let read = f.get(&format!("/api/Federations/{id}")).await;
    assert_eq!(read.body["email"], "office@vaterpolo.rs");

    body["isPro"] = json!(true);
    body["shortName"] = json!("VSS");
    let updated = put(&f.app, &f.admin, &format!("/api/Federations/{id}"), body).await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert_eq!(updated.body["shortName"], "VSS");
    assert_eq!(
        f.get("/api/Federations")
            .await
            .body
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let deleted = f.delete(&format!("/api/Federations/{id}")).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(
        f.get(&format!("/api/Federations/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn validation_gives_the_spec_messages_and_checks_references() {
    let f = fixture().await;
    let empty = f.post(json!({})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let errors = &empty.body["errors"];
    assert_eq!(errors["name"], json!(["Name field is required!"]));
    assert_eq!(
        errors["nameUniversal"],
        json!(["Universal name field is required!"])
    );
    assert_eq!(errors["countryId"], json!(["Country field is required!"]));
    assert_eq!(
        errors["activeFrom"],
        json!(["Active from field is required!"])
    );

    let mut body = f.federation("X", "X");
    body["phone"] = json!("call me");
    body["email"] = json!("no-at-sign");
    body["twitter"] = json!("t".repeat(101));
    body["logo"] = json!("R0lGODlhAQABAAAAACw=");
    let bad = f.post(body).await;
    assert_eq!(
        bad.body["errors"]["phone"],
        json!(["Only numbers and plus sign are allowed!"])
    );
    assert_eq!(bad.body["errors"]["email"], json!(["Wrong e-mail format!"]));
    assert_eq!(bad.body["errors"]["twitter"], json!(["Too long input!"]));
    assert_eq!(
        bad.body["errors"]["logo"],
        json!(["Only PNG images are allowed."])
    );

    let mut elsewhere = f.federation("X", "X");
    elsewhere["cityId"] = json!(f.zagreb);
    let refused = f.post(elsewhere).await;
    assert_eq!(
        refused.body["errors"]["cityId"],
        json!(["The chosen city is not in the chosen country."])
    );
    let bad_date = f.post(json!({"name": "X", "nameUniversal": "X", "countryId": f.serbia, "activeFrom": "1990-02-30"})).await;
    assert_eq!(bad_date.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        f.get("/api/Federations").await.body,
        json!([]),
        "nothing was written"
    );
}

#[tokio::test]
async fn search_filters_sorts_and_pages() {
    let f = fixture().await;
    for (i, name) in [
        "Dubrovník Savez",
        "Beogradski savez",
        "Novosadski savez",
        "Niški savez",
        "Šabački savez",
    ]
    .iter()
    .enumerate()
    {
        let mut body = f.federation(name, name);
        body["activeFrom"] = json!(format!("20{:02}-01-01", 10 + i));
        body["isPro"] = json!(i % 2 == 0);
        assert_eq!(f.post(body).await.status, StatusCode::CREATED);
    }
    let names = |reply: &support::Reply| -> Vec<String> {
        reply.body["pageItems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let accent = f
        .get("/api/Federations/search?Filter.NameUniversal=dubrovnik")
        .await;
    assert_eq!(names(&accent), ["Dubrovník Savez"]);

    let page = f
        .get("/api/Federations/search?PageSize=2&PageIndex=3")
        .await;
    assert_eq!(page.body["totalItems"], 5);
    assert_eq!(page.body["totalPages"], 3);
    assert_eq!(page.body["currentPage"], 3);
    assert_eq!(
        names(&page),
        ["Šabački savez"],
        "default order: universal name, accents folded"
    );
    let past = f
        .get("/api/Federations/search?PageSize=2&PageIndex=9")
        .await;
    assert_eq!(names(&past), Vec::<String>::new());
    assert_eq!(past.body["totalItems"], 5);

    let newest = f
        .get("/api/Federations/search?SortBy=activeFrom&SortOrder=descend&PageSize=100")
        .await;
    assert_eq!(names(&newest)[0], "Šabački savez");
    let since = f
        .get("/api/Federations/search?Filter.ActiveFrom=GTE:2013-01-01")
        .await;
    assert_eq!(since.body["totalItems"], 2);
    let pro = f
        .get("/api/Federations/search?Filter.IsPro=true&Filter.Country=serb")
        .await;
    assert_eq!(pro.body["totalItems"], 3);
    let by_id = f
        .get(&format!(
            "/api/Federations/search?Filter.Country={}",
            f.serbia
        ))
        .await;
    assert_eq!(by_id.body["totalItems"], 5);

    for bad in [
        "SortBy=mayor",
        "PageSize=101",
        "PageIndex=0",
        "Filter.ActiveFrom=soon",
        "SortOrder=up",
    ] {
        let reply = f.get(&format!("/api/Federations/search?{bad}")).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {}",
            reply.text
        );
    }
}

#[tokio::test]
async fn deleting_a_federation_deletes_its_staff_accounts_in_the_same_write() {
    let f = fixture().await;
    f.app
        .user("staff@polodesk.test", UserType::Federation, None)
        .await;
    let staff = f
        .app
        .store
        .user_by_email("staff@polodesk.test")
        .unwrap()
        .unwrap();
    let federation = staff.federation_id.unwrap();
    let users_before = f.get("/api/Users").await.body.as_array().unwrap().len();
    let deleted = f.delete(&format!("/api/Federations/{federation}")).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let users_after = f.get("/api/Users").await.body.as_array().unwrap().len();
    assert_eq!(users_after, users_before - 1);
    assert!(
        f.app
            .store
            .user_by_email("staff@polodesk.test")
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn reference_data_in_use_is_not_deleted() {
    let f = fixture().await;
    let mut body = f.federation("Savez", "Federation");
    body["cityId"] = json!(f.belgrade);
    let created = f.post(body).await;
    let id = created.body["id"].as_u64().unwrap();
    let city = f.delete(&format!("/api/Cities/{}", f.belgrade)).await;
    assert_eq!(city.status, StatusCode::CONFLICT);
    assert_eq!(
        city.body["message"],
        "This city cannot be deleted because a federation refers to it."
    );

    f.delete(&format!("/api/Federations/{id}")).await;
    let city = f.delete(&format!("/api/Cities/{}", f.belgrade)).await;
    assert_eq!(
        city.status,
        StatusCode::NO_CONTENT,
        "free once nothing refers to it"
    );
    let country = f.delete(&format!("/api/Countries/{}", f.serbia)).await;
    assert_eq!(country.status, StatusCode::NO_CONTENT);
}
