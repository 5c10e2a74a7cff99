//! `polodesk`: the one binary. It serves the API and the web app, and runs the administrator's
//! commands through that same API (`--server URL`, or `--data DIR` served in-process). Each
//! command lives in its own module. Exit codes: 0 success, 1 rejected input, 2 usage, 3 the
//! server or store cannot be reached.

/// mimalloc, not glibc's: a tenth of a search's time went to allocating and freeing
/// (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod connect;
mod console;
mod demo;
mod edge;
mod failure;
mod files;
mod import;
mod matches;
mod pdf;
mod portable;
mod serve;
mod standings;
mod table;
mod token;
mod user;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::CliError;

#[derive(Debug, Parser)]
#[command(
    name = "polodesk",
    version,
    about = "Water polo competition administration and live match scoring",
    long_about = "Water polo competition administration and live match scoring.\n\n\
        Start with `polodesk serve --demo` and open http://127.0.0.1:8080.\n\n\
        The other commands work against a running server (--server URL, with the token from \
        `polodesk token` in POLODESK_TOKEN) or on a stopped store (--data DIR, ./data by \
        default). Exit codes: 0 success, 1 rejected input, 2 usage, 3 the server or store \
        cannot be reached."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the web app and the JSON API from a data folder.
    Serve(serve::ServeArgs),
    /// Serve spectators from a NATS feed of a `serve --nats` writer: the web app, the public
    /// pages' reads and the live hub, with no store of its own.
    Edge(edge::EdgeArgs),
    /// Log a match live from the keyboard (the table secretary's console).
    Console(console::ConsoleArgs),
    /// Sign in with a password and print an API token for scripts.
    Token(token::TokenArgs),
    /// Manage accounts (administrators).
    #[command(subcommand)]
    User(user::UserCommand),
    /// List matches.
    #[command(subcommand)]
    Matches(matches::MatchesCommand),
    /// Print a match's official scoresheet or a competition's standings as PDF.
    #[command(subcommand)]
    Pdf(pdf::PdfCommand),
    /// Show or recalculate a competition's standings.
    #[command(subcommand)]
    Standings(standings::StandingsCommand),
    /// Write the whole store as one JSON document (administrators).
    Export(portable::ExportArgs),
    /// Load an export document into an empty store (administrators).
    Restore(portable::RestoreArgs),
    /// Write a consistent copy of the live store's redb file (administrators).
    Backup(portable::BackupArgs),
    /// Import clubs, teams, players, coaches, officials or matches from a CSV or JSON file, all
    /// or nothing (administrators).
    Import(import::ImportArgs),
    /// Print the OpenAPI document of the JSON API.
    Openapi,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("polodesk: cannot start the async runtime: {error}");
            return ExitCode::from(3);
        }
    };
    match runtime.block_on(run(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("polodesk: {error}");
            error.exit_code()
        }
    }
}

async fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Serve(args) => serve::run(args)
            .await
            .map_err(|error| CliError::Unreachable(format!("{error:#}"))),
        Command::Edge(args) => edge::run(args)
            .await
            .map_err(|error| CliError::Unreachable(format!("{error:#}"))),
        Command::Console(args) => console::run(args).await,
        Command::Token(args) => token::run(args).await,
        Command::User(command) => user::run(command).await,
        Command::Matches(command) => matches::run(command).await,
        Command::Pdf(command) => pdf::run(command).await,
        Command::Standings(command) => standings::run(command).await,
        Command::Export(args) => portable::export(args).await,
        Command::Restore(args) => portable::restore(args).await,
        Command::Backup(args) => portable::backup(args).await,
        Command::Import(args) => import::run(args).await,
        Command::Openapi => {
            println!(
                "{}",
                polodesk_server::openapi()
                    .to_pretty_json()
                    .unwrap_or_default()
            );
            Ok(())
        }
    }
}
