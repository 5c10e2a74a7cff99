//! `cargo xtask bench pdf`: the scoresheet of a 300-event match, model and PDF, in the CLI
//! renderer. Prints the p50, p95 and worst of many runs and the file's size; the target is a p95
//! of 50 ms. The match is the demo's shootout match with its log repeated up to 300 events.

#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::time::{Duration, Instant};

use polodesk_domain::codes::TemplateLanguage;
use polodesk_domain::events::EventView;
use polodesk_domain::scoresheet::Scoresheet;
use polodesk_domain::views::matches::MatchView;

const EVENTS: usize = 300;
const RUNS: usize = 200;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/vectors/scoresheet/demo-shootout.json"
    );
    let vector: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let game: MatchView = serde_json::from_value(vector["match"].clone()).unwrap();
    let demo: Vec<EventView> = serde_json::from_value(vector["events"].clone()).unwrap();
    let events: Vec<EventView> = demo
        .iter()
        .cycle()
        .take(EVENTS)
        .enumerate()
        .map(|(i, event)| EventView {
            id: i as u64 + 1,
            ..event.clone()
        })
        .collect();

    let run = || {
        let sheet = Scoresheet::of(&game, &events, TemplateLanguage::Rs);
        polodesk_pdf::scoresheet(&sheet)
    };
    // The fonts are parsed once per process: the first run pays for it.
    let started = Instant::now();
    let pdf = run();
    let first = started.elapsed();
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(run());
            started.elapsed()
        })
        .collect();
    times.sort();
    let at =
        |share: f64| times[((times.len() as f64 * share).ceil() as usize).min(times.len()) - 1];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "scoresheet of a {EVENTS}-event match (model + PDF), {RUNS} runs: p50 {:.1} ms, p95 {:.1} ms, worst {:.1} ms; first run (fonts parsed) {:.1} ms; {} pages, {} bytes ({:.0} kB)",
        ms(at(0.5)),
        ms(at(0.95)),
        ms(times[times.len() - 1]),
        ms(first),
        pages(&pdf),
        pdf.len(),
        pdf.len() as f64 / 1024.0,
    );
}

fn pages(pdf: &[u8]) -> usize {
    // Each page object is typed /Page (the page tree is /Pages).
    pdf.windows(10).filter(|w| w == b"/Type/Page").count()
        - pdf.windows(11).filter(|w| w == b"/Type/Pages").count()
}
