//! `polodesk matches list`: the match search of spec 02, as a table or the API's JSON.

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::views::matches::MatchView;

use crate::connect::Target;
use crate::failure::CliError;
use crate::table;

#[derive(Debug, clap::Subcommand)]
pub enum MatchesCommand {
    /// List matches, latest start first (all pages).
    List {
        #[command(flatten)]
        target: Target,
        /// Only this competition's matches.
        #[arg(long, value_name = "ID")]
        competition: Option<u64>,
        /// Only matches with this status: its number (206) or name (finished, not-started,
        /// first-period, ..., cancelled).
        #[arg(long, value_name = "STATUS", value_parser = parse_status)]
        status: Option<MatchStatus>,
        /// Print the API's JSON (every match of every page) instead of a table.
        #[arg(long)]
        json: bool,
    },
}

/// A status by number or by name, ignoring case, `_`, `-` and spaces.
fn parse_status(text: &str) -> Result<MatchStatus, String> {
    if let Ok(number) = text.parse::<u16>() {
        return MatchStatus::try_from(number).map_err(|e| e.to_string());
    }
    let folded = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    MatchStatus::ALL
        .iter()
        .copied()
        .find(|status| folded(status.name()) == folded(text))
        .ok_or_else(|| {
            let names: Vec<&str> = MatchStatus::ALL.iter().map(|s| s.name()).collect();
            format!("expected one of {}", names.join(", "))
        })
}

pub async fn run(command: MatchesCommand) -> Result<(), CliError> {
    let MatchesCommand::List {
        target,
        competition,
        status,
        json,
    } = command;
    let session = target.connect().await?;
    let found = all_pages(&session.client, competition, status).await;
    session.close().await;
    let items = found?;
    if json {
        table::print_json(&items);
        return Ok(());
    }
    let mut rows = Vec::new();
    for item in items {
        let score = if item.score.status_id == MatchStatus::NotStarted {
            "-".to_owned()
        } else {
            item.score.result_text()
        };
        rows.push(vec![
            item.score.id.to_string(),
            item.start_date.to_string(),
            item.home_team_display_name,
            score,
            item.away_team_display_name,
            item.competition_display_name,
            item.round.unwrap_or_default(),
            item.score.status.replace('_', " "),
        ]);
    }
    table::print(
        &[
            "ID",
            "START",
            "HOME",
            "SCORE",
            "AWAY",
            "COMPETITION",
            "ROUND",
            "STATUS",
        ],
        &rows,
    );
    Ok(())
}

async fn all_pages(
    client: &polodesk_client::Client,
    competition: Option<u64>,
    status: Option<MatchStatus>,
) -> Result<Vec<MatchView>, CliError> {
    let mut items = Vec::new();
    let mut page_index = 1;
    loop {
        let page = client
            .search_matches(competition, status, page_index, 100)
            .await?;
        items.extend(page.page_items);
        if page_index >= page.total_pages {
            return Ok(items);
        }
        page_index += 1;
    }
}
