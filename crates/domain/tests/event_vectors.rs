//! Runs the shared match-log vectors in `fixtures/vectors/events/` (format in that folder's
//! README.md): each case's input goes through `EventInput::validate`, then `check_in_match`
//! against the case's match and existing events, then `mirrored` and `score`, and every
//! expectation the case states is compared exactly.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use polodesk_domain::codes::{CoachRole, Position};
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{
    Event, EventFields, EventInput, EventView, check_in_match, mirrored, score,
};
use polodesk_domain::matches::{MatchCoach, MatchFields, MatchPlayer, MatchState};
use serde_json::{Map, Value};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vectors/events")
}

/// The form's goal-target rule has its own runner (`shot_target_vectors.rs`).
const OWN_RUNNER: &str = "shot-target.json";

/// The vector files, by name.
fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .filter(|path| path.file_name().is_some_and(|name| name != OWN_RUNNER))
        .collect();
    files.sort();
    files
}

fn u64_of(value: &Value, key: &str) -> Result<u64, String> {
    value[key]
        .as_u64()
        .ok_or_else(|| format!("match.{key} must be a whole number"))
}

fn match_state(value: &Value) -> Result<MatchState, String> {
    let mut state = MatchState::new(MatchFields {
        match_segment_length: u8::try_from(u64_of(value, "segmentLength")?)
            .map_err(|e| e.to_string())?,
        ..MatchFields::new(
            u64_of(value, "homeTeamId")?,
            u64_of(value, "awayTeamId")?,
            1,
            Instant(0),
        )
    });
    for (i, player) in value["players"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let number = u8::try_from(u64_of(player, "number")?).map_err(|e| e.to_string())?;
        state.players.push(MatchPlayer {
            id: i as u64 + 1,
            team_id: u64_of(player, "teamId")?,
            player_id: u64_of(player, "playerId")?,
            position_id: if [1, 13].contains(&number) {
                Position::Goalkeeper
            } else {
                Position::Driver
            },
            number,
            cap_number: number,
        });
    }
    for (i, coach) in value["coaches"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        state.coaches.push(MatchCoach {
            id: i as u64 + 1,
            team_id: u64_of(coach, "teamId")?,
            coach_id: u64_of(coach, "coachId")?,
            role_id: CoachRole::HeadCoach,
        });
    }
    Ok(state)
}

/// An existing event from its API form (it must itself be a valid event).
fn existing_event(value: &Value) -> Result<Event, String> {
    let id = value["id"]
        .as_u64()
        .ok_or("an existing event needs its id")?;
    let paired = value["pairedEventId"].as_u64();
    let input: EventInput = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    let mut fields = input
        .validate()
        .map_err(|e| format!("existing event {id} is not valid: {e:?}"))?;
    fields.paired_event_id = paired;
    Ok(Event { id, fields })
}

/// An event as the API shows it, without its id and with null members left out (a vector may
/// leave out what is null).
fn shown(fields: EventFields) -> Value {
    let mut value = serde_json::to_value(EventView::from(Event { id: 0, fields })).unwrap();
    if let Value::Object(map) = &mut value {
        map.remove("id");
    }
    normal(value)
}

/// Null members dropped and numbers compared as numbers (1 and 1.0 alike).
fn normal(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, normal(v)))
                .collect::<Map<String, Value>>(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(normal).collect()),
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Number(n), Value::Number),
        other => other,
    }
}

fn same(what: &str, actual: Value, expected: &Value) -> Result<(), String> {
    if normal(actual.clone()) == normal(expected.clone()) {
        Ok(())
    } else {
        Err(format!(
            "{what}:\n  expected {expected}\n  actual   {actual}"
        ))
    }
}

fn run_case(default_match: &Value, case: &Value) -> Result<(), String> {
    let state = match_state(case.get("match").unwrap_or(default_match))?;
    let existing = case["existing"]
        .as_array()
        .into_iter()
        .flatten()
        .map(existing_event)
        .collect::<Result<Vec<Event>, String>>()?;
    for key in case.as_object().ok_or("a case is an object")?.keys() {
        if !["name", "match", "existing", "input", "expect"].contains(&key.as_str()) {
            return Err(format!("unknown case member {key:?}"));
        }
    }
    let expect = &case["expect"];
    for key in expect.as_object().ok_or("expect is an object")?.keys() {
        if !["ok", "errors", "event", "mirror", "score"].contains(&key.as_str()) {
            return Err(format!("unknown expect member {key:?}"));
        }
    }
    let wants_ok = expect.get("ok") == Some(&Value::Bool(true));
    let wants_errors = expect.get("errors");
    if wants_ok == wants_errors.is_some() {
        return Err("expect needs either \"ok\": true or \"errors\"".into());
    }
    let input: EventInput =
        serde_json::from_value(case["input"].clone()).map_err(|e| format!("input: {e}"))?;
    // On update (the input names an existing event) the event leaves the others.
    let updating = input.id;
    let other: Vec<Event> = existing
        .into_iter()
        .filter(|e| Some(e.id) != updating)
        .collect();
    let checked = input
        .validate()
        .and_then(|fields| check_in_match(&fields, &state, &other).map(|()| fields));
    let fields = match (checked, wants_errors) {
        (Err(errors), Some(expected)) => {
            return same("errors", serde_json::to_value(errors).unwrap(), expected);
        }
        (Err(errors), None) => {
            return Err(format!(
                "expected ok, got errors {}",
                serde_json::to_value(errors).unwrap()
            ));
        }
        (Ok(fields), Some(expected)) => {
            return Err(format!(
                "expected errors {expected}, got ok: {}",
                shown(fields)
            ));
        }
        (Ok(fields), None) => fields,
    };
    if let Some(expected) = expect.get("event") {
        same("event", shown(fields.clone()), expected)?;
    }
    if let Some(expected) = expect.get("mirror") {
        let mirror = mirrored(&fields, &state).map_or(Value::Null, shown);
        same("mirror", mirror, expected)?;
    }
    if let Some(expected) = expect.get("score") {
        let id = updating.unwrap_or_else(|| other.iter().map(|e| e.id).max().unwrap_or(0) + 1);
        let mut events = other;
        events.push(Event { id, fields });
        same(
            "score",
            serde_json::to_value(score(&state, &events)).unwrap(),
            expected,
        )?;
    }
    Ok(())
}

#[test]
fn every_event_vector_holds() {
    let files = files();
    assert!(
        !files.is_empty(),
        "no vector files in {}",
        folder().display()
    );
    let mut failures = Vec::new();
    let mut cases = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let file: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
        let list = file["cases"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} has no \"cases\" list"));
        assert!(!list.is_empty(), "{name} has no cases");
        for (i, case) in list.iter().enumerate() {
            cases += 1;
            let case_name = case["name"].as_str().unwrap_or("(unnamed)");
            if let Err(message) = run_case(&file["match"], case) {
                failures.push(format!("{name} case {i} \"{case_name}\": {message}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} event vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
