//! `polodesk standings ...`: a competition's tables; `recalc` recomputes every score from
//! its events first (the Update Standings action of spec 02).

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
    let answer = if recalc {
        session.client.recalculate_standings(competition).await
    } else {
        session.client.standings(competition).await
    };
    let points = if json {
        None
    } else {
        Some(session.client.competition_points(competition).await)
    };
    session.close().await;
    let groups = answer?;
    let Some(points) = points else {
        table::print_json(&groups);
        return Ok(());
    };
    println!("{}\n", points?.describe());
    for (i, group) in groups.into_iter().enumerate() {
        if i > 0 {
            println!();
        }
        // The variant's name is the API's: Overall, Home, Away.
        println!("{:?}", group.standing_type);
        let rows: Vec<Vec<String>> = group
            .rankings
            .into_iter()
            .map(|r| {
                vec![
                    r.ranking.rank.to_string(),
                    r.team.map(|t| t.name).unwrap_or_default(),
                    r.ranking.played.to_string(),
                    r.ranking.won.to_string(),
                    r.ranking.drawn.to_string(),
                    r.ranking.lost.to_string(),
                    format!("{}/{}", r.ranking.shootout_won, r.ranking.shootout_lost),
                    format!("{}:{}", r.ranking.goals_scored, r.ranking.goals_conceded),
                    format!("{:+}", r.ranking.goals_diff),
                    r.ranking.points.to_string(),
                    r.ranking.tie_break.unwrap_or_default(),
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
