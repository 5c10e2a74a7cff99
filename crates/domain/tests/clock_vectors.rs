//! Runs the shared clock vectors in `fixtures/vectors/clock/` (format in that folder's
//! README.md): each case builds its clock (new, given, or restored from events), then applies
//! its steps in order, and after each step the whole clock and the refusal, if any, must be
//! exactly what the step expects.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use polodesk_domain::clock::{
    ClockCommand, ClockReading, PeriodClock, clock_at, ms_to_next_second,
};
use polodesk_domain::live::Clock;
use serde_json::Value;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vectors/clock")
}

/// The vector files, by name.
fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn only_members(value: &Value, allowed: &[&str], what: &str) -> Result<(), String> {
    for key in value
        .as_object()
        .ok_or(format!("{what} is an object"))?
        .keys()
    {
        if !allowed.contains(&key.as_str()) {
            return Err(format!("unknown {what} member {key:?}"));
        }
    }
    Ok(())
}

fn segment(value: &Value) -> Result<u16, String> {
    value
        .as_u64()
        .and_then(|s| u16::try_from(s).ok())
        .ok_or_else(|| "segmentSeconds must be a whole number of seconds".into())
}

/// The clock a case starts from: exactly one of `segmentSeconds`, `state`, `restore` and
/// `continued`.
fn start(case: &Value) -> Result<PeriodClock, String> {
    let given: Vec<&str> = ["segmentSeconds", "state", "restore", "continued"]
        .into_iter()
        .filter(|key| case.get(key).is_some())
        .collect();
    match given.as_slice() {
        ["segmentSeconds"] => Ok(PeriodClock::new(segment(&case["segmentSeconds"])?)),
        ["state"] => {
            serde_json::from_value(case["state"].clone()).map_err(|e| format!("state: {e}"))
        }
        ["restore"] => {
            let restore = &case["restore"];
            only_members(restore, &["segmentSeconds", "events"], "restore")?;
            let events: Vec<ClockReading> = serde_json::from_value(restore["events"].clone())
                .map_err(|e| format!("restore.events: {e}"))?;
            Ok(PeriodClock::restore(
                segment(&restore["segmentSeconds"])?,
                events,
            ))
        }
        ["continued"] => {
            let continued = &case["continued"];
            only_members(continued, &["restored", "published", "at"], "continued")?;
            let restored: PeriodClock = serde_json::from_value(continued["restored"].clone())
                .map_err(|e| format!("continued.restored: {e}"))?;
            let published: Option<Clock> = serde_json::from_value(continued["published"].clone())
                .map_err(|e| format!("continued.published: {e}"))?;
            let at = continued["at"]
                .as_str()
                .ok_or("continued.at is an instant")?;
            Ok(restored.continued(published.as_ref(), at))
        }
        _ => Err(
            "a case starts from exactly one of segmentSeconds, state, restore, continued".into(),
        ),
    }
}

fn same(what: &str, clock: &PeriodClock, expected: &Value) -> Result<(), String> {
    let actual = serde_json::to_value(clock).unwrap();
    if &actual == expected {
        Ok(())
    } else {
        Err(format!(
            "{what}:\n  expected {expected}\n  actual   {actual}"
        ))
    }
}

/// A `readAt` step: the clock as it reads at the instant, which the case goes on with, and
/// when given how long until its next second shows.
fn read_at(i: usize, clock: &PeriodClock, at: &Value, step: &Value) -> Result<PeriodClock, String> {
    only_members(step, &["readAt", "expect", "msToNextSecond"], "step")?;
    let at = at
        .as_str()
        .ok_or(format!("step {i} readAt is an instant"))?;
    if let Some(wanted) = step.get("msToNextSecond") {
        let actual = serde_json::to_value(ms_to_next_second(&clock.clock, at)).unwrap();
        if &actual != wanted {
            return Err(format!(
                "step {i} msToNextSecond:\n  expected {wanted}\n  actual   {actual}"
            ));
        }
    }
    let read = PeriodClock {
        clock: clock_at(&clock.clock, at),
        segment_seconds: clock.segment_seconds,
    };
    let expected = step
        .get("expect")
        .ok_or(format!("step {i} has no expect"))?;
    same(&format!("step {i} (readAt {at})"), &read, expected)?;
    Ok(read)
}

fn run_case(case: &Value) -> Result<(), String> {
    only_members(
        case,
        &[
            "name",
            "segmentSeconds",
            "state",
            "restore",
            "continued",
            "initial",
            "steps",
        ],
        "case",
    )?;
    let mut clock = start(case)?;
    if let Some(expected) = case.get("initial") {
        same("initial", &clock, expected)?;
    }
    let steps = case["steps"]
        .as_array()
        .ok_or("a case has a \"steps\" list")?;
    for (i, step) in steps.iter().enumerate() {
        if let Some(at) = step.get("readAt") {
            clock = read_at(i, &clock, at, step)?;
            continue;
        }
        only_members(step, &["command", "expect", "refused"], "step")?;
        let command: ClockCommand = serde_json::from_value(step["command"].clone())
            .map_err(|e| format!("step {i} command: {e}"))?;
        let refused = clock
            .apply(&command)
            .err()
            .map(|refusal| serde_json::to_value(refusal).unwrap());
        let wanted = step.get("refused").cloned();
        if refused != wanted {
            return Err(format!(
                "step {i} refused:\n  expected {wanted:?}\n  actual   {refused:?}"
            ));
        }
        let expected = step
            .get("expect")
            .ok_or(format!("step {i} has no expect"))?;
        same(&format!("step {i} ({})", step["command"]), &clock, expected)?;
    }
    Ok(())
}

#[test]
fn every_clock_vector_holds() {
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
            if let Err(message) = run_case(case) {
                failures.push(format!("{name} case {i} \"{case_name}\": {message}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} clock vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
