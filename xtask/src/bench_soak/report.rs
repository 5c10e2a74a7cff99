//! The soak's per-minute lines and its report, with the verdict on flatness.

use std::fmt::Write as _;

use super::{EVENT_INTERVAL, MATCHES, P99_FACTOR, RSS_GROWTH, Sample, Soak};

pub(super) fn print_sample(s: &Sample) {
    println!("{}", row(s).replace('|', " "));
}

fn row(s: &Sample) -> String {
    format!(
        "| {} | {:.1} | {} | {:.2} | {:.2} | {:.1} | {} | {} | {} | {} | {:.2} |",
        s.minute,
        s.server.rss_mib,
        s.server.descriptors,
        s.latency.p50,
        s.latency.p99,
        s.latency.max,
        s.posted,
        s.delivered,
        s.lost,
        s.errors,
        s.server.cores
    )
}

pub(super) fn report(soak: &Soak, minutes: usize) -> String {
    let mut text = String::new();
    let w = &mut text;
    let _ = writeln!(
        w,
        "### Soak: {MATCHES} matches, {} viewers, an event every {} s per match ({:.0} events/s), \
         {minutes} minutes\n",
        soak.viewers,
        EVENT_INTERVAL.as_secs(),
        MATCHES as f64 / EVENT_INTERVAL.as_secs_f64()
    );
    let _ = writeln!(
        w,
        "{} of {} viewers joined in {:.1} s; server RSS then {:.0} MiB. Latency is from just \
         before the POST to a viewer reading the event; each row counts the events posted in \
         that minute; RSS, descriptors (`/proc/PID/fd`) and CPU are the server's at (over) the \
         minute's end.\n",
        soak.connected, soak.viewers, soak.connect_seconds, soak.idle_rss_mib
    );
    let _ = writeln!(
        w,
        "| minute | RSS MiB | descriptors | p50 ms | p99 ms | max ms | posted | delivered | lost | errors | server cores |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &soak.samples {
        let _ = writeln!(w, "{}", row(s));
    }
    let _ = writeln!(
        w,
        "\nViewers: out of seq order {}, resyncs {}, errors {}; POST errors {}.",
        soak.gaps,
        soak.resyncs,
        soak.viewer_errors,
        soak.errors()
    );
    if let Some(error) = &soak.first_error {
        let _ = writeln!(w, "First error: {error}");
    }
    let _ = writeln!(
        w,
        "\nRule: flat if, from the second minute (the first holds the warm-up) to the last, RSS \
         grew less than {:.0} %, open descriptors did not grow, and p99 stayed within {P99_FACTOR}×.",
        RSS_GROWTH * 100.0
    );
    let _ = writeln!(w, "\n{}", verdict(soak));
    let whole = soak.lost() == 0
        && soak.gaps == 0
        && soak.viewer_errors == 0
        && soak.errors() == 0
        && soak.connected == soak.viewers;
    let _ = writeln!(
        w,
        "\nNothing lost (every viewer joined, no POST error, every event delivered to every \
         viewer in seq order): **{}** (lost {}).",
        if whole { "held" } else { "failed" },
        soak.lost()
    );
    text
}

fn verdict(soak: &Soak) -> String {
    let (Some(second), Some(last)) = (soak.samples.get(1), soak.samples.last()) else {
        return "Verdict: none (a soak of one minute has no second minute to compare with).".into();
    };
    let rss = last.server.rss_mib / second.server.rss_mib - 1.0;
    let rss_flat = rss < RSS_GROWTH;
    let descriptors_flat = last.server.descriptors <= second.server.descriptors;
    let p99_flat = last.latency.p99 <= second.latency.p99 * P99_FACTOR;
    let flat = rss_flat && descriptors_flat && p99_flat;
    let mut line = format!(
        "Verdict: **{}**: minute {} against minute 2: RSS {:.1} → {:.1} MiB ({:+.1} %), \
         descriptors {} → {}, p99 {:.2} → {:.2} ms.",
        if flat { "flat" } else { "not flat" },
        last.minute,
        second.server.rss_mib,
        last.server.rss_mib,
        rss * 100.0,
        second.server.descriptors,
        last.server.descriptors,
        second.latency.p99,
        last.latency.p99
    );
    if last.minute == 2 {
        line.push_str(" (The last minute is the second: run longer to compare.)");
    }
    line
}
