//! `polodesk export`, `restore` and `backup`: the whole store as one versioned JSON document,
//! that document loaded into an empty store, and a consistent copy of the live redb file. Each
//! goes through the administrators' calls of the API (`/api/Admin/...`), against a running
//! server or the stopped store in `--data`.

use std::path::PathBuf;

use polodesk_store::{Export, StoreError};

use crate::connect::Target;
use crate::failure::CliError;
use crate::files::write_file;

#[derive(Debug, clap::Args)]
#[command(
    long_about = "Write the whole store as one versioned JSON document (format \
        \"polodesk-export\"), read in one transaction. It holds every record with its id, \
        password and PIN hashes included, and each account's two-step sign-in that is on (keep \
        it as safe as the store); sessions, refresh tokens, API tokens, set-password links and \
        wrong-PIN counts are left out. Exporting \
        the same data twice gives the same bytes. Needs an administrator's token with --server."
)]
pub struct ExportArgs {
    #[command(flatten)]
    target: Target,
    /// The file to write, for example season.json.
    #[arg(long, value_name = "FILE.json")]
    out: PathBuf,
}

#[derive(Debug, clap::Args)]
#[command(
    long_about = "Load an export document into a store that holds no records at all (a new \
        data folder), in one transaction: everything lands, with its ids, or nothing does. \
        Every reference is checked as the API checks a create. Usually run with --data on a \
        new folder; a running server already holds its administrator, so it refuses."
)]
pub struct RestoreArgs {
    #[command(flatten)]
    target: Target,
    /// The export document to load.
    #[arg(value_name = "FILE.json")]
    file: PathBuf,
}

#[derive(Debug, clap::Args)]
#[command(
    long_about = "Write a consistent copy of the store as a redb file while the server runs, \
        sign-in secrets included. To use it, place it as DIR/polodesk.redb and run \
        `polodesk serve --data DIR`. Needs an administrator's token with --server."
)]
pub struct BackupArgs {
    #[command(flatten)]
    target: Target,
    /// The file to write, for example polodesk-2026-11-24.redb.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub async fn export(args: ExportArgs) -> Result<(), CliError> {
    let bytes = args
        .target
        .with_session(async |session| Ok(session.client.export().await?))
        .await?;
    write_file(&args.out, &bytes)?;
    eprintln!(
        "Exported the store to {} ({} bytes).",
        args.out.display(),
        bytes.len()
    );
    Ok(())
}

pub async fn restore(args: RestoreArgs) -> Result<(), CliError> {
    let file = &args.file;
    let bytes = std::fs::read(file)
        .map_err(|e| CliError::Rejected(format!("cannot read {}: {e}", file.display())))?;
    // Checked here first, so a malformed file is named with its line and column without
    // opening a store or sending it anywhere.
    Export::from_json(&bytes).map_err(|error| match error {
        StoreError::BadDocument(message) => {
            CliError::Rejected(format!("{}: {message}", file.display()))
        }
        other => CliError::Rejected(format!("{}: {other}", file.display())),
    })?;
    let restored = args
        .target
        .with_session(async |session| {
            session
                .client
                .restore(bytes)
                .await
                .map_err(|e| match CliError::from(e) {
                    CliError::Rejected(message) => {
                        CliError::Rejected(format!("{}: {message}", file.display()))
                    }
                    other => other,
                })
        })
        .await?;
    eprintln!(
        "Restored {} records from {}.",
        restored.records,
        file.display()
    );
    Ok(())
}

pub async fn backup(args: BackupArgs) -> Result<(), CliError> {
    let bytes = args
        .target
        .with_session(async |session| Ok(session.client.backup().await?))
        .await?;
    write_file(&args.out, &bytes)?;
    eprintln!(
        "Backed up the store to {} ({} bytes); serve it as DIR/{}.",
        args.out.display(),
        bytes.len(),
        polodesk_store::FILE_NAME
    );
    Ok(())
}
