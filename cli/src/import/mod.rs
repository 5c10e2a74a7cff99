//! `polodesk import <kind> FILE`: clubs, teams, players, coaches, officials or matches from a
//! CSV file (a header row of column names) or a JSON array of the API's create bodies, sent
//! in one call to `POST /api/Import/{kind}`: the whole file lands, or nothing does. Each
//! rejected row is reported as `FILE:LINE: field: message`.

mod columns;
mod read;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use polodesk_client::ClientError;
use polodesk_domain::views::import::ImportInput;

use crate::connect::Target;
use crate::failure::CliError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    Clubs,
    Teams,
    Players,
    Coaches,
    Officials,
    Matches,
}

impl Kind {
    #[cfg(test)]
    pub const ALL: [Kind; 6] = [
        Kind::Clubs,
        Kind::Teams,
        Kind::Players,
        Kind::Coaches,
        Kind::Officials,
        Kind::Matches,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Clubs => "clubs",
            Kind::Teams => "teams",
            Kind::Players => "players",
            Kind::Coaches => "coaches",
            Kind::Officials => "officials",
            Kind::Matches => "matches",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Csv,
    Json,
}

#[derive(Debug, clap::Args)]
#[command(
    after_long_help = "CSV files have a header row of camelCase column names and one \
    record per row; empty cells are left out. JSON files hold an array of the API's create \
    bodies (POST /api/Players and so on). Ids refer to existing records; code lists are \
    numbers. The columns of each kind are listed in the README. Exit codes: 0 imported, \
    1 a row or the file was rejected (nothing was written), 2 usage, 3 the server or store \
    cannot be reached."
)]
pub struct ImportArgs {
    /// What the file holds.
    #[arg(value_enum)]
    pub kind: Kind,
    /// A .csv or .json file.
    pub file: PathBuf,
    /// Check every row against the store and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The file's format, when its extension does not say.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    #[command(flatten)]
    pub target: Target,
}

/// Progress on stderr: a bar and spinner on a terminal, plain lines otherwise.
struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new() -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.enable_steady_tick(Duration::from_millis(100));
            bar
        });
        Self { bar }
    }

    fn step(&self, message: String) {
        match &self.bar {
            Some(bar) => {
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
                bar.set_message(message);
            }
            None => eprintln!("{message}"),
        }
    }

    fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

pub async fn run(args: ImportArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let shown = args.file.display().to_string();
    let format = match args.format {
        Some(format) => format,
        None => match args.file.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("csv") => Format::Csv,
            Some(e) if e.eq_ignore_ascii_case("json") => Format::Json,
            _ => {
                return Err(CliError::Usage(format!(
                    "{shown}: cannot tell the format from the name; give --format csv or \
                     --format json"
                )));
            }
        },
    };
    let bytes = std::fs::read(&args.file)
        .map_err(|e| CliError::Usage(format!("cannot read {shown}: {e}")))?;
    let progress = Progress::new();
    progress.step(format!("reading {shown}"));
    let parsed = match format {
        Format::Csv => read::csv(args.kind, &bytes),
        Format::Json => match std::str::from_utf8(&bytes) {
            Ok(text) => read::json(text),
            Err(_) => Err(read::Unreadable {
                line: None,
                message: "the file is not UTF-8 text".into(),
            }),
        },
    };
    let rows = parsed.map_err(|e| {
        progress.done();
        CliError::Rejected(match e.line {
            Some(line) => format!("{shown}:{line}: {}", e.message),
            None => format!("{shown}: {}", e.message),
        })
    })?;
    let count = rows.rows.len();
    progress.step(format!(
        "read {count} rows from {shown}; checking and importing"
    ));
    let session = match args.target.connect().await {
        Ok(session) => session,
        Err(error) => {
            progress.done();
            return Err(error);
        }
    };
    let kind = args.kind.name();
    let input = ImportInput { rows: rows.rows };
    let answer = session.client.import(kind, &input, args.dry_run).await;
    session.close().await;
    progress.done();
    match answer {
        Ok(outcome) if args.dry_run => {
            println!(
                "{shown}: all {count} rows are valid; {} {kind} would be imported (dry run, \
                 nothing written)",
                outcome.created
            );
            Ok(())
        }
        Ok(outcome) => {
            println!(
                "imported {} {kind} from {shown} in {:.1} s",
                outcome.created,
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(ClientError::Api {
            status: 400,
            message,
            errors,
        }) if !errors.is_empty() => {
            let columns = (format == Format::Csv).then(|| columns::of(args.kind));
            for line in row_messages(&shown, &rows.lines, columns.as_deref(), errors) {
                eprintln!("{line}");
            }
            Err(CliError::Rejected(message))
        }
        Err(other) => Err(other.into()),
    }
}

/// The server's `rows[i].field` messages as `FILE:LINE: field: message`, in the file's order.
/// A CSV file's fields are named by their columns.
fn row_messages(
    shown: &str,
    lines: &[u64],
    columns: Option<&[columns::Column]>,
    errors: std::collections::BTreeMap<String, Vec<String>>,
) -> Vec<String> {
    let mut found: Vec<(usize, String, String)> = Vec::new();
    for (key, messages) in errors {
        let (row, field) = match key
            .strip_prefix("rows[")
            .and_then(|rest| rest.split_once(']'))
            .and_then(|(index, rest)| Some((index.parse::<usize>().ok()?, rest)))
        {
            Some((row, rest)) => (Some(row), rest.trim_start_matches('.').to_owned()),
            None => (None, key),
        };
        let field = match columns.and_then(|c| columns::column_of(c, &field)) {
            Some(column) => column.to_owned(),
            None => field,
        };
        let place = match row.and_then(|r| lines.get(r)) {
            Some(line) => format!("{shown}:{line}"),
            None => shown.to_owned(),
        };
        for message in messages {
            let text = if field.is_empty() {
                format!("{place}: {message}")
            } else {
                format!("{place}: {field}: {message}")
            };
            found.push((row.unwrap_or(usize::MAX), field.clone(), text));
        }
    }
    found.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    found.into_iter().map(|(_, _, text)| text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_messages_name_the_line_and_column() {
        let errors = [
            ("rows[10].person.name", "Name field is required!"),
            ("rows[2].clubs[0].clubId", "The chosen club does not exist."),
            ("rows[2]", "Invalid type."),
            ("rows[2].shoeSize", "Unknown field."),
        ]
        .into_iter()
        .map(|(k, m)| (k.to_owned(), vec![m.to_owned()]))
        .collect();
        let lines: Vec<u64> = (2..14).collect();
        let players = columns::of(Kind::Players);
        let found = row_messages("p.csv", &lines, Some(&players), errors);
        assert_eq!(
            found,
            [
                "p.csv:4: Invalid type.",
                "p.csv:4: clubId: The chosen club does not exist.",
                "p.csv:4: shoeSize: Unknown field.",
                "p.csv:12: name: Name field is required!",
            ]
        );
    }
}
