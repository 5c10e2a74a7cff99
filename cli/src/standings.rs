//! `polodesk standings ...`: a competition's tables; `recalc` recomputes every score from
//! its events first (the Update Standings action of spec 02).

use serde::Deserialize;
use serde_json::Value;

use crate::connect::Target;
use crate::failure::CliError;
use crate::table;

#[derive(Debug, clap::Subcommand)]
pub enum StandingsCommand {
    /// Recompute a competition's scores from the match logs and print its standings.
    Recalc(StandingsArgs),
    /// Print a competition's standings as they stand.
    Show(StandingsArgs),
}

#[derive(Debug, clap::Args)]
pub struct StandingsArgs {
    #[command(flatten)]
    target: Target,
    #[arg(long, value_name = "ID")]
    competition: u64,
    /// Print the API's JSON instead of tables.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Group {
    standing_type: String,
    rankings: Vec<Ranking>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Ranking {
    rank: u32,
    team: Option<Named>,
    played: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    shootout_won: u32,
    shootout_lost: u32,
    goals_scored: u32,
    goals_conceded: u32,
    goals_diff: i64,
    points: u32,
    tie_break: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Named {
    name: String,
}

pub async fn run(command: StandingsCommand) -> Result<(), CliError> {
    let (args, recalc) = match command {
        StandingsCommand::Recalc(args) => (args, true),
        StandingsCommand::Show(args) => (args, false),
    };
    let StandingsArgs {
        target,
        competition,
        json,
    } = args;
    let session = target.connect().await?;
    let path = format!("/api/Competitions/{competition}/standings");
    let answer: Result<Value, _> = if recalc {
        session.client.post(&path, &Value::Null).await
    } else {
        session.client.get(&path).await
    };
    session.close().await;
    let answer = answer?;
    if json {
        table::print_json(&answer);
        return Ok(());
    }
    let groups: Vec<Group> = serde_json::from_value(answer)
        .map_err(|e| CliError::Unreachable(format!("unexpected standings from the server: {e}")))?;
    for (i, group) in groups.into_iter().enumerate() {
        if i > 0 {
            println!();
        }
        println!("{}", group.standing_type);
        let rows: Vec<Vec<String>> = group
            .rankings
            .into_iter()
            .map(|r| {
                vec![
                    r.rank.to_string(),
                    r.team.map(|t| t.name).unwrap_or_default(),
                    r.played.to_string(),
                    r.won.to_string(),
                    r.drawn.to_string(),
                    r.lost.to_string(),
                    format!("{}/{}", r.shootout_won, r.shootout_lost),
                    format!("{}:{}", r.goals_scored, r.goals_conceded),
                    format!("{:+}", r.goals_diff),
                    r.points.to_string(),
                    r.tie_break.unwrap_or_default(),
                ]
            })
            .collect();
        table::print(
            &[
                "#",
                "TEAM",
                "P",
                "W",
                "D",
                "L",
                "SO W/L",
                "GOALS",
                "DIFF",
                "PTS",
                "TIE-BREAK",
            ],
            &rows,
        );
    }
    Ok(())
}
