//! The hand-computed standings vectors in `fixtures/vectors/standings`: every file's full output
//! must equal its `expected` tables.

// A failed unwrap is how a test reports a broken fixture.
#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};

use polodesk_domain::standings::{Entry, MatchResult, PointsRule, StandingGroup, standings};
use serde::Deserialize;

/// One vector file, as `fixtures/vectors/standings/README.md` describes it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Vector {
    #[allow(dead_code)] // Read by people, not by the test.
    description: String,
    #[serde(default)]
    #[allow(dead_code)] // Read by people, not by the test.
    notes: Vec<String>,
    points: PointsRule,
    entries: Vec<Entry>,
    matches: Vec<MatchResult>,
    expected: Vec<StandingGroup>,
}

fn vector_files() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vectors/standings");
    let mut files: Vec<PathBuf> = fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no standings vectors in {}",
        folder.display()
    );
    files
}

#[test]
fn every_vector_gives_its_expected_tables() {
    let mut failures = Vec::new();
    for path in vector_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap();
        let vector: Vector =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
        let actual = standings(&vector.entries, &vector.matches, vector.points);
        if actual != vector.expected {
            failures.push(format!(
                "{name}\n--- expected\n{}\n--- actual\n{}",
                serde_json::to_string_pretty(&vector.expected).unwrap(),
                serde_json::to_string_pretty(&actual).unwrap()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
