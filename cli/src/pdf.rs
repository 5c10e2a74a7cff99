//! `polodesk pdf ...`: a match's official scoresheet and a competition's standings as PDF
//! files, drawn by `polodesk-pdf` from what the API answers, so they print what the web app
//! shows.

use std::path::PathBuf;

use polodesk_domain::dates::{Date, Instant};
use serde::Deserialize;

use crate::connect::Target;
use crate::failure::CliError;
use crate::files::write_file;

#[derive(Debug, clap::Subcommand)]
pub enum PdfCommand {
    /// A match's official scoresheet (A4 landscape, in the competition's template language).
    Scoresheet(ScoresheetArgs),
    /// A competition's overall, home and away tables with their tie-break notes.
    Standings(StandingsArgs),
}

#[derive(Debug, clap::Args)]
pub struct ScoresheetArgs {
    #[command(flatten)]
    target: Target,
    #[arg(long = "match", value_name = "ID")]
    match_id: u64,
    /// The file to write; Scoresheet_{home}_{away}_{date}.pdf in this folder by default.
    #[arg(long, value_name = "FILE.pdf")]
    out: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct StandingsArgs {
    #[command(flatten)]
    target: Target,
    #[arg(long, value_name = "ID")]
    competition: u64,
    /// The file to write; Standings_{competition}.pdf in this folder by default.
    #[arg(long, value_name = "FILE.pdf")]
    out: Option<PathBuf>,
}

/// The part of a competition the standings print.
#[derive(Deserialize)]
struct CompetitionName {
    name: String,
}

pub async fn run(command: PdfCommand) -> Result<(), CliError> {
    let (out, bytes) = match command {
        PdfCommand::Scoresheet(args) => {
            let sheet = args
                .target
                .with_session(async |session| Ok(session.client.scoresheet(args.match_id).await?))
                .await?;
            let out = args.out.unwrap_or_else(|| PathBuf::from(&sheet.file_name));
            (out, polodesk_pdf::scoresheet(&sheet))
        }
        PdfCommand::Standings(args) => {
            let id = args.competition;
            let (competition, groups) = args
                .target
                .with_session(async |session| {
                    let competition: CompetitionName = session
                        .client
                        .get(&format!("/api/Competitions/{id}"))
                        .await?;
                    Ok((competition, session.client.standings(id).await?))
                })
                .await?;
            let out = args.out.unwrap_or_else(|| {
                PathBuf::from(format!(
                    "Standings_{}.pdf",
                    competition.name.replace(['/', '\\', ':'], "-")
                ))
            });
            (
                out,
                polodesk_pdf::standings(&competition.name, &today(), &groups),
            )
        }
    };
    write_file(&out, &bytes)?;
    eprintln!("Wrote {} ({} bytes).", out.display(), bytes.len());
    Ok(())
}

/// Today as DD.MM.YYYY. (UTC), for "standings as of".
fn today() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Instant(i64::try_from(now).unwrap_or(0))
        .date()
        .map(Date::dotted)
        .unwrap_or_default()
}
