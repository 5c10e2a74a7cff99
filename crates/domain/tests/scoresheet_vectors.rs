//! The scoresheet vectors in `fixtures/vectors/scoresheet`: the model of each file's match and
//! events must equal its sheet in every template language the file holds.

// A failed unwrap is how a test reports a broken fixture.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use polodesk_domain::codes::TemplateLanguage;
use polodesk_domain::events::EventView;
use polodesk_domain::scoresheet::Scoresheet;
use polodesk_domain::views::matches::MatchView;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Vector {
    #[allow(dead_code)] // Read by people, not by the test.
    description: String,
    #[serde(rename = "match")]
    game: MatchView,
    events: Vec<EventView>,
    sheets: BTreeMap<TemplateLanguage, serde_json::Value>,
}

#[test]
fn every_scoresheet_vector_gives_its_sheets() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vectors/scoresheet");
    let mut checked = 0;
    for entry in fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        let vector: Vector = serde_json::from_str(&fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            vector.sheets.len() == TemplateLanguage::ALL.len(),
            "{}: a sheet per language",
            path.display()
        );
        for (language, expected) in &vector.sheets {
            let sheet = Scoresheet::of(&vector.game, &vector.events, *language);
            assert_eq!(
                serde_json::to_value(&sheet).unwrap(),
                *expected,
                "{} in {}",
                path.display(),
                language.name()
            );
        }
        checked += 1;
    }
    assert!(checked > 0, "no scoresheet vectors in {}", folder.display());
}
