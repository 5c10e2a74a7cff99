//! The CLI renderer looked at as a reader would: each PDF is run through Debian's poppler
//! (`pdftotext`, `pdffonts`, `pdftoppm`; `cargo xtask test` installs poppler-utils) to read its
//! text, its fonts and its first page as an image, compared with a committed reference.
//!
//! `UPDATE_REFERENCE=1` rewrites the reference images; look at them before committing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use polodesk_domain::scoresheet::{RemarkCode, Scoresheet};
use polodesk_domain::views::standings::StandingGroupView;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn vector() -> serde_json::Value {
    let path = root().join("fixtures/vectors/scoresheet/demo-shootout.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn sheet(language: &str) -> Scoresheet {
    serde_json::from_value(vector()["sheets"][language].clone()).unwrap()
}

/// Runs a poppler tool on `pdf`, failing with a clear message when poppler is missing.
fn poppler(tool: &str, args: &[&str], pdf: &[u8]) -> (tempfile::TempDir, String) {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("in.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new(tool)
        .args(args)
        .arg(&file)
        .args(if tool == "pdffonts" {
            vec![]
        } else {
            vec![folder.path().join("out")]
        })
        .output()
        .unwrap_or_else(|e| panic!("{tool} (Debian poppler-utils) must be installed: {e}"));
    assert!(
        out.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (folder, stdout)
}

fn text_of(pdf: &[u8]) -> String {
    let (folder, _) = poppler("pdftotext", &["-layout"], pdf);
    std::fs::read_to_string(folder.path().join("out")).unwrap()
}

/// The first page, rendered at 60 dpi, as 8-bit grey pixels.
fn first_page(pdf: &[u8]) -> (u32, u32, Vec<u8>) {
    let (folder, _) = poppler("pdftoppm", &["-r", "60", "-png", "-singlefile"], pdf);
    let png = std::fs::read(folder.path().join("out.png")).unwrap();
    decode(&png)
}

fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    let grey = match info.color_type {
        png::ColorType::Grayscale => pixels,
        // The mean of red, green and blue: the pages are drawn in greys only.
        png::ColorType::Rgb => pixels
            .chunks(3)
            .map(|rgb| ((u16::from(rgb[0]) + u16::from(rgb[1]) + u16::from(rgb[2])) / 3) as u8)
            .collect(),
        other => panic!("an unexpected PNG colour type {other:?}"),
    };
    (info.width, info.height, grey)
}

/// Compares the first page with `reference/NAME.png`: the same size, and at most 0.1% of the
/// pixels (about 350 at 60 dpi) differing by more than a quarter of the grey scale. That lets
/// a poppler upgrade move anti-aliased edges, not a rule or a column; the words themselves are
/// checked through `pdftotext`.
fn assert_looks_like_reference(pdf: &[u8], name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/reference/{name}.png"));
    let (width, height, pixels) = first_page(pdf);
    if std::env::var_os("UPDATE_REFERENCE").is_some() {
        let (folder, _) = poppler("pdftoppm", &["-r", "60", "-png", "-singlefile"], pdf);
        std::fs::copy(folder.path().join("out.png"), &path).unwrap();
    }
    let (ref_width, ref_height, reference) = decode(&std::fs::read(&path).unwrap());
    assert_eq!(
        (width, height),
        (ref_width, ref_height),
        "{name}: page size"
    );
    let differing = pixels
        .iter()
        .zip(&reference)
        .filter(|(a, b)| a.abs_diff(**b) > 64)
        .count();
    let share = differing as f64 / pixels.len() as f64;
    assert!(
        share <= 0.001,
        "{name}: {:.2}% of the pixels differ from {}",
        share * 100.0,
        path.display()
    );
}

#[test]
fn the_demo_shootout_scoresheet_holds_every_player_code_and_total() {
    for language in ["en", "rs"] {
        let sheet = sheet(language);
        let pdf = polodesk_pdf::scoresheet(&sheet);
        let text = text_of(&pdf);
        for team in [&sheet.white, &sheet.blue] {
            assert!(text.contains(&team.name), "{language}: {}", team.name);
            for slot in &team.slots {
                assert!(
                    text.contains(&slot.name),
                    "{language}: player {}",
                    slot.name
                );
            }
            for coach in [&team.head_coach, &team.assistant_coach]
                .into_iter()
                .flatten()
            {
                assert!(text.contains(coach.as_str()), "{language}: coach {coach}");
            }
        }
        for row in &sheet.log {
            assert!(
                text.contains(row.code.as_str()),
                "{language}: code {:?}",
                row.code
            );
        }
        for official in &sheet.officials {
            assert!(
                text.contains(&official.name),
                "{language}: {}",
                official.name
            );
        }
        assert!(text.contains("9:9 (4:3)"), "{language}: the result");
        assert!(text.contains("13:12"), "{language}: the last running score");
        assert!(text.contains(&sheet.labels.title), "{language}: the title");
        assert!(
            text.contains(&sheet.labels.personal_fouls),
            "{language}: fouls heading"
        );
        // Each side's totals row: goals per period, then the total.
        assert!(
            squeeze(&text).contains("3132413"),
            "{language}: white's totals"
        );
        assert!(
            squeeze(&text).contains("2313312"),
            "{language}: blue's totals"
        );
    }
}

/// The text without spaces, for figures that sit in neighbouring cells.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_font_is_embedded() {
    let (_, fonts) = poppler("pdffonts", &[], &polodesk_pdf::scoresheet(&sheet("en")));
    let embedded: Vec<&str> = fonts
        .lines()
        .skip(2)
        .filter(|line| line.contains("RobotoCondensed"))
        .collect();
    assert_eq!(embedded.len(), 2, "regular and bold:\n{fonts}");
    for line in embedded {
        let columns: Vec<&str> = line.split_whitespace().collect();
        // name, type (two words), encoding, then emb sub uni.
        let emb = columns[columns.len() - 5];
        assert_eq!(emb, "yes", "embedded:\n{fonts}");
    }
}

#[test]
fn the_demo_shootout_scoresheet_looks_like_its_reference() {
    assert_looks_like_reference(&polodesk_pdf::scoresheet(&sheet("en")), "demo-shootout-en");
    assert_looks_like_reference(&polodesk_pdf::scoresheet(&sheet("rs")), "demo-shootout-rs");
}

#[test]
fn a_long_log_goes_on_to_continuation_pages() {
    let mut sheet = sheet("en");
    let row = sheet.log[0].clone();
    sheet.log = (0..250)
        .map(|i| {
            let mut row = row.clone();
            row.code = RemarkCode::Goal;
            row.score = Some(polodesk_domain::scoresheet::SheetScore {
                white: i + 1,
                blue: 0,
            });
            row
        })
        .collect();
    let text = text_of(&polodesk_pdf::scoresheet(&sheet));
    let pages = text.matches('\u{c}').count();
    assert_eq!(pages, 2, "page one takes 62 rows, a continuation page 225");
    assert!(text.contains("Page 2/2"));
    assert!(text.contains("(continued)"));
    assert!(text.contains("250:0"), "the last row is printed");
}

#[test]
fn the_standings_print_every_table_row_and_tie_break() {
    let groups: Vec<StandingGroupView> = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/standings-demo.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let pdf = polodesk_pdf::standings("Superliga Srbije 2026/27", "26.11.2026.", &groups);
    let text = text_of(&pdf);
    for title in ["Overall", "Home matches", "Away matches"] {
        assert!(text.contains(title), "{title}");
    }
    for group in &groups {
        for row in &group.rankings {
            let name = &row.team.as_ref().unwrap().name;
            assert!(text.contains(name.as_str()), "{name}");
            if let Some(note) = &row.ranking.tie_break {
                assert!(text.contains(note.as_str()), "{note}");
            }
        }
    }
    assert_looks_like_reference(&pdf, "standings");
}
