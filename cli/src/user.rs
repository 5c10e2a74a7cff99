//! `polodesk user ...`: accounts, through the Users API (admins only). With `--data` on a
//! stopped store this is how the first administrator is made and a lost password recovered.

use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Instant;
use polodesk_domain::users::UserInput;
use polodesk_domain::views::users::{AccountActivityKind, AccountActivityView, ChangedByView};

use crate::connect::Target;
use crate::failure::CliError;
use crate::table;

#[derive(Debug, clap::Subcommand)]
pub enum UserCommand {
    /// Create an account. With --password it can sign in at once; without, the command prints
    /// the one-time link where the user chooses a password.
    Add {
        #[command(flatten)]
        target: Target,
        #[arg(long)]
        email: String,
        /// At least 8 characters.
        #[arg(long, env = "POLODESK_PASSWORD", hide_env_values = true)]
        password: Option<String>,
        #[arg(long, value_enum)]
        r#type: AccountType,
        /// The federation of a federation account.
        #[arg(long, value_name = "ID")]
        federation: Option<u64>,
        /// The club of a club account.
        #[arg(long, value_name = "ID")]
        club: Option<u64>,
        /// The person of a person account.
        #[arg(long, value_name = "ID")]
        person: Option<u64>,
    },
    /// Set a new password for an account; every sign-in of the account ends.
    ResetPassword {
        #[command(flatten)]
        target: Target,
        #[arg(long)]
        email: String,
        /// At least 8 characters.
        #[arg(long, env = "POLODESK_PASSWORD", hide_env_values = true)]
        password: String,
    },
    /// Print a new one-time link where the user of an account chooses a password (a forgotten
    /// one); the account's earlier links stop working, its password works until the link is
    /// used.
    ResetLink {
        #[command(flatten)]
        target: Target,
        #[arg(long)]
        email: String,
    },
    /// End every sign-in of an account (a lost device, a departed secretary): its browser
    /// sessions, refresh tokens and access tokens stop working. Its API token stays.
    EndSignIns {
        #[command(flatten)]
        target: Target,
        #[arg(long)]
        email: String,
    },
    /// Turn off the two-step sign-in of an account whose user lost both the phone and the
    /// recovery codes: the password alone signs them in again. With --data on the stopped
    /// server's folder, this also lets the only administrator back in.
    ResetTwoStep {
        #[command(flatten)]
        target: Target,
        #[arg(long)]
        email: String,
    },
    /// Show what happened to an account's sign-in, the latest first (the latest 50): sign-ins,
    /// wrong passwords and codes, changes to the password, to two-step sign-in and to the API
    /// token, as the user sees them on their Account page.
    Activity {
        #[command(flatten)]
        target: Target,
        #[arg(long)]
        email: String,
        /// Print the API's JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// List the accounts.
    List {
        #[command(flatten)]
        target: Target,
        /// Print the API's JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum AccountType {
    Admin,
    Federation,
    Club,
    Person,
}

impl From<AccountType> for UserType {
    fn from(t: AccountType) -> Self {
        match t {
            AccountType::Admin => UserType::Admin,
            AccountType::Federation => UserType::Federation,
            AccountType::Club => UserType::Club,
            AccountType::Person => UserType::Person,
        }
    }
}

pub async fn run(command: UserCommand) -> Result<(), CliError> {
    let target = match &command {
        UserCommand::Add { target, .. }
        | UserCommand::ResetPassword { target, .. }
        | UserCommand::ResetLink { target, .. }
        | UserCommand::EndSignIns { target, .. }
        | UserCommand::ResetTwoStep { target, .. }
        | UserCommand::Activity { target, .. }
        | UserCommand::List { target, .. } => target.clone(),
    };
    let session = target.connect().await?;
    let result = act(&session.client, session.in_process(), command).await;
    session.close().await;
    result
}

async fn act(
    client: &polodesk_client::Client,
    in_process: bool,
    command: UserCommand,
) -> Result<(), CliError> {
    match command {
        UserCommand::Add {
            email,
            password,
            r#type,
            federation,
            club,
            person,
            ..
        } => {
            let input = UserInput {
                email: Some(email),
                type_id: Some(UserType::from(r#type)),
                federation_id: federation,
                club_id: club,
                person_id: person,
                phone_number: None,
            };
            let created = client.create_user(&input).await?;
            let account = created.user;
            match password {
                Some(password) => {
                    client.set_password(account.id, &password).await?;
                    println!(
                        "created user {} ({}) with id {}",
                        account.email, account.type_name, account.id
                    );
                }
                None => {
                    let link = shown_link(created.set_password_url, in_process);
                    println!(
                        "created user {} ({}) with id {}; the user chooses a password here \
                         (once, within 7 days):\n  {link}",
                        account.email, account.type_name, account.id,
                    );
                }
            }
        }
        UserCommand::ResetPassword {
            email, password, ..
        } => {
            let account = account_by_email(client, &email).await?;
            client.set_password(account.id, &password).await?;
            println!(
                "password of {} changed; its sign-ins have ended",
                account.email
            );
        }
        UserCommand::ResetLink { email, .. } => {
            let account = account_by_email(client, &email).await?;
            let issued = client.set_password_link(account.id).await?;
            let link = shown_link(issued.set_password_url, in_process);
            println!(
                "{} chooses a new password here (once, within 7 days; earlier links no longer \
                 work):\n  {link}",
                account.email
            );
        }
        UserCommand::EndSignIns { email, .. } => {
            let account = account_by_email(client, &email).await?;
            client.end_sign_ins(account.id).await?;
            println!("every sign-in of {} has ended", account.email);
        }
        UserCommand::ResetTwoStep { email, .. } => {
            let account = account_by_email(client, &email).await?;
            client.reset_two_step(account.id).await?;
            println!(
                "two-step sign-in of {} is off: the password alone signs in",
                account.email
            );
        }
        UserCommand::Activity { email, json, .. } => {
            let account = account_by_email(client, &email).await?;
            let entries = client.user_activity(account.id).await?;
            if json {
                return print_json(&entries);
            }
            if entries.is_empty() {
                println!(
                    "nothing has happened to the sign-in of {} yet",
                    account.email
                );
                return Ok(());
            }
            let rows: Vec<Vec<String>> = entries
                .iter()
                .map(|entry| {
                    vec![
                        Instant(i64::try_from(entry.at).unwrap_or(i64::MAX)).utc_minute(),
                        activity_text(entry),
                        entry.address.clone().unwrap_or_default(),
                    ]
                })
                .collect();
            table::print(&["WHEN (UTC)", "WHAT HAPPENED", "ADDRESS"], &rows);
        }
        UserCommand::List { json, .. } => {
            let accounts = client.users().await?;
            if json {
                return print_json(&accounts);
            }
            let rows: Vec<Vec<String>> = accounts
                .into_iter()
                .map(|a| {
                    let link = match (a.federation_id, a.club_id, a.person_id) {
                        (Some(id), _, _) => format!("federation {id}"),
                        (_, Some(id), _) => format!("club {id}"),
                        (_, _, Some(id)) => format!("person {id}"),
                        _ => String::new(),
                    };
                    vec![a.id.to_string(), a.type_name, a.email, link]
                })
                .collect();
            table::print(&["ID", "TYPE", "EMAIL", "OF"], &rows);
        }
    }
    Ok(())
}

/// The API's JSON, through a JSON value so the members print sorted by name, as they always have.
fn print_json<T: serde::Serialize>(answer: &T) -> Result<(), CliError> {
    let value = serde_json::to_value(answer).map_err(|e| CliError::Unreachable(e.to_string()))?;
    table::print_json(&value);
    Ok(())
}

/// What an activity entry says happened, in the Account page's words (its `activityText`),
/// with a `!` before what may be someone else at the door.
fn activity_text(entry: &AccountActivityView) -> String {
    use AccountActivityKind as Kind;
    let by_admin = entry.by == Some(ChangedByView::Administrator);
    let text = match entry.kind {
        Kind::SignedIn => format!(
            "Signed in: {} on {}",
            entry.app.as_deref().unwrap_or("an app"),
            entry.device.as_deref().unwrap_or("an unknown device")
        ),
        Kind::WrongPasswords => match entry.count.unwrap_or(1) {
            1 => "A wrong password".to_owned(),
            count => format!("{count} wrong passwords in a row"),
        },
        Kind::WrongSecondStep => "The right password, then a wrong code".to_owned(),
        Kind::PasswordChanged => match entry.by {
            Some(ChangedByView::Administrator) => "Password set by an administrator",
            Some(ChangedByView::Link) => "Password chosen with a set-password link",
            _ => "Password changed",
        }
        .to_owned(),
        Kind::TwoStepOn => "Two-step sign-in turned on".to_owned(),
        Kind::TwoStepOff if by_admin => {
            "Two-step sign-in turned off by an administrator".to_owned()
        }
        Kind::TwoStepOff => "Two-step sign-in turned off".to_owned(),
        Kind::RecoveryCodesRenewed => "New recovery codes".to_owned(),
        Kind::RecoveryCodeUsed => "A recovery code used to sign in".to_owned(),
        Kind::ApiTokenIssued => "API token issued".to_owned(),
        Kind::ApiTokenRevoked => "API token revoked".to_owned(),
        Kind::SignedOutEverywhere if by_admin => {
            "Signed out everywhere by an administrator".to_owned()
        }
        Kind::SignedOutEverywhere => "Signed out everywhere".to_owned(),
    };
    let warns = matches!(entry.kind, Kind::WrongPasswords | Kind::WrongSecondStep) || by_admin;
    if warns { format!("! {text}") } else { text }
}

/// A set-password link as the operator can pass it on: the in-process server's origin dies
/// with this command, so it names the server's address instead.
fn shown_link(link: String, in_process: bool) -> String {
    match link.find("/account/") {
        Some(at) if in_process => format!("<your server's address>{}", &link[at..]),
        _ => link,
    }
}

async fn account_by_email(
    client: &polodesk_client::Client,
    email: &str,
) -> Result<polodesk_domain::views::users::UserView, CliError> {
    let accounts = client.users().await?;
    accounts
        .into_iter()
        .find(|a| a.email.eq_ignore_ascii_case(email.trim()))
        .ok_or_else(|| CliError::Rejected(format!("no account has the email {email}")))
}
