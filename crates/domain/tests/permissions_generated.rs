//! The web app reads the permission table from `webapp/src/lib/permissions.generated.json`, which
//! is written from the domain's table here, so the table is written by hand once. With
//! `POLODESK_WRITE_GENERATED` set (as `cargo xtask gen` does) the file is rewritten; otherwise
//! the test fails when the committed file drifts from the table.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use polodesk_domain::codes::{PermissionAction, Role};
use polodesk_domain::permissions::{Module, roles_for};
use serde_json::{Map, Value, json};

/// Module → action → the roles the table names (Admin is always allowed besides).
fn table() -> Value {
    let names = |items: Vec<&str>| Value::from(items);
    let modules: Map<String, Value> = Module::ALL
        .iter()
        .map(|module| {
            let grants: Map<String, Value> = PermissionAction::ALL
                .iter()
                .map(|action| {
                    let roles = roles_for(*module, *action);
                    let granted = Role::ALL.iter().filter(|role| roles.contains(**role));
                    (
                        action.name().to_owned(),
                        names(granted.map(|role| role.name()).collect()),
                    )
                })
                .collect();
            (format!("{module:?}"), Value::Object(grants))
        })
        .collect();
    json!({
        "roles": names(Role::ALL.iter().map(|role| role.name()).collect()),
        "actions": names(PermissionAction::ALL.iter().map(|action| action.name()).collect()),
        "modules": modules,
    })
}

#[test]
fn the_web_apps_permission_table_is_the_domains() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../webapp/src/lib/permissions.generated.json");
    let fresh = serde_json::to_string_pretty(&table()).unwrap() + "\n";
    if std::env::var_os("POLODESK_WRITE_GENERATED").is_some() {
        std::fs::write(&path, fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is out of date: run `cargo xtask gen` and commit it",
        path.display()
    );
}
