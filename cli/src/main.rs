//! `polodesk`: the one binary. It serves the API and the web app, and (in later releases) runs
//! the match console and the administrator's commands. Each command lives in its own module.

mod demo;
mod serve;
mod user;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "polodesk",
    version,
    about = "Water polo competition administration and live match scoring",
    long_about = "Water polo competition administration and live match scoring.\n\n\
        Start with `polodesk serve --demo` and open http://127.0.0.1:8080."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the web app and the JSON API from a data folder.
    Serve(serve::ServeArgs),
    /// Manage accounts on a stopped store (bootstrap and recovery).
    #[command(subcommand)]
    User(user::UserCommand),
    /// Print the OpenAPI document of the JSON API.
    Openapi,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::User(command) => user::run(command),
        Command::Openapi => {
            println!(
                "{}",
                polodesk_server::openapi()
                    .to_pretty_json()
                    .unwrap_or_default()
            );
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("polodesk: {error:#}");
            ExitCode::from(3)
        }
    }
}
