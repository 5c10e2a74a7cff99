//! `polodesk user ...`: accounts on a stopped store, for bootstrapping and recovery (DESIGN §3).

use std::path::PathBuf;

use anyhow::{Context, bail};
use polodesk_domain::codes::UserType;
use polodesk_domain::users::{User, UserInput};
use polodesk_server::identity::secrets::{PASSWORD_MIN_CHARS, hash_password};
use polodesk_store::Store;

#[derive(Debug, clap::Subcommand)]
pub enum UserCommand {
    /// Create an account with a password.
    Add {
        #[command(flatten)]
        data: DataArg,
        #[arg(long)]
        email: String,
        /// At least 8 characters.
        #[arg(long, env = "POLODESK_PASSWORD")]
        password: String,
        #[arg(long, value_enum)]
        r#type: AccountType,
        /// The federation of a federation account.
        #[arg(long)]
        federation: Option<u64>,
        /// The club of a club account.
        #[arg(long)]
        club: Option<u64>,
        /// The person of a person account.
        #[arg(long)]
        person: Option<u64>,
    },
    /// Set a new password for an account.
    ResetPassword {
        #[command(flatten)]
        data: DataArg,
        #[arg(long)]
        email: String,
        /// At least 8 characters.
        #[arg(long, env = "POLODESK_PASSWORD")]
        password: String,
    },
    /// List the accounts.
    List {
        #[command(flatten)]
        data: DataArg,
    },
}

#[derive(Debug, clap::Args)]
pub struct DataArg {
    /// The folder that holds the store; no server may be running on it.
    #[arg(long, env = "POLODESK_DATA", default_value = "./data")]
    data: PathBuf,
}

impl DataArg {
    fn open(&self) -> anyhow::Result<Store> {
        Store::open(&self.data)
            .with_context(|| format!("cannot open the store in {}", self.data.display()))
    }
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

/// The links a type needs: `(federation, club, person)`.
pub type Links = Option<(Option<u64>, Option<u64>, Option<u64>)>;

async fn hashed(password: &str) -> anyhow::Result<String> {
    if password.chars().count() < PASSWORD_MIN_CHARS {
        bail!("the password must be at least {PASSWORD_MIN_CHARS} characters");
    }
    hash_password(password.to_owned())
        .await
        .context("cannot hash the password")
}

pub async fn add_user(
    store: &Store,
    email: &str,
    password: &str,
    type_id: UserType,
    links: Links,
) -> anyhow::Result<User> {
    let (federation_id, club_id, person_id) = links.unwrap_or_default();
    let input = UserInput {
        email: Some(email.to_owned()),
        type_id: Some(type_id),
        federation_id,
        club_id,
        person_id,
        phone_number: None,
    };
    let fields = input
        .validate()
        .map_err(|errors| anyhow::anyhow!("{errors}"))?;
    let hash = hashed(password).await?;
    Ok(store.create_user(fields, Some(hash), None).await?)
}

pub fn run(command: UserCommand) -> anyhow::Result<()> {
    tokio::runtime::Runtime::new()?.block_on(async {
        match command {
            UserCommand::Add {
                data,
                email,
                password,
                r#type,
                federation,
                club,
                person,
            } => {
                let store = data.open()?;
                let links = Some((federation, club, person));
                let user = add_user(&store, &email, &password, r#type.into(), links).await?;
                println!(
                    "created user {} ({}) with id {}",
                    user.email, user.type_id, user.id
                );
            }
            UserCommand::ResetPassword {
                data,
                email,
                password,
            } => {
                let store = data.open()?;
                let Some(user) = store.user_by_email(&email)? else {
                    bail!("no account has the email {email}");
                };
                store
                    .set_password_hash(user.id, hashed(&password).await?, None)
                    .await?;
                println!("password of {} changed", user.email);
            }
            UserCommand::List { data } => {
                let store = data.open()?;
                for user in store.list::<User>()? {
                    println!("{:>5}  {:<11} {}", user.id, user.type_id.name(), user.email);
                }
            }
        }
        Ok(())
    })
}
