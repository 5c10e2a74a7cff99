//! Runs `fixtures/vectors/events/shot-target.json` (format in that folder's README.md): each
//! case's shot goes through the goal-target rule of the event form, and the save it leaves and
//! whether its target is inside the goal area must be what the case expects.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use polodesk_domain::events::shot_target::{ActiveKeepers, ShotAim, saved_by};
use polodesk_domain::matches::Side;
use serde_json::Value;

fn aim(value: Option<&Value>) -> Result<ShotAim, String> {
    value.map_or(Ok(ShotAim::default()), |v| {
        serde_json::from_value(v.clone()).map_err(|e| e.to_string())
    })
}

fn run_case(file_keepers: &Value, case: &Value) -> Result<(), String> {
    for key in case.as_object().ok_or("a case is an object")?.keys() {
        if !["name", "shooter", "keepers", "before", "shot", "expect"].contains(&key.as_str()) {
            return Err(format!("unknown case member {key:?}"));
        }
    }
    let shooter = match case["shooter"].as_str() {
        Some("home") => Side::Home,
        Some("away") => Side::Away,
        other => {
            return Err(format!(
                "shooter must be \"home\" or \"away\", not {other:?}"
            ));
        }
    };
    let keepers: ActiveKeepers =
        serde_json::from_value(case.get("keepers").unwrap_or(file_keepers).clone())
            .map_err(|e| format!("keepers: {e}"))?;
    let before = aim(case.get("before")).map_err(|e| format!("before: {e}"))?;
    let shot = aim(Some(&case["shot"])).map_err(|e| format!("shot: {e}"))?;
    let expect = &case["expect"];
    let saved = saved_by(&before, &shot, shooter, &keepers);
    if Some(&serde_json::to_value(saved).unwrap()) != expect.get("savedById") {
        return Err(format!(
            "savedById: expected {}, actual {saved:?}",
            expect["savedById"]
        ));
    }
    match expect.get("onTarget") {
        Some(on_target) if on_target.as_bool() != Some(shot.on_target()) => Err(format!(
            "onTarget: expected {on_target}, actual {}",
            shot.on_target()
        )),
        _ => Ok(()),
    }
}

#[test]
fn every_shot_target_vector_holds() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/vectors/events/shot-target.json");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = file["cases"].as_array().unwrap();
    assert!(!cases.is_empty(), "shot-target.json has no cases");
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            run_case(&file["keepers"], case)
                .err()
                .map(|message| format!("{}: {message}", case["name"]))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} shot-target vectors failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
