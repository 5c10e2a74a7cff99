//! The console on a real terminal: it loads the match, opens its journal, and runs the state
//! machine on what arrives (keys, the timer, the hub, the journal's deliveries), drawing after
//! each, and runs the effects the state asks for. The only place with I/O besides the journal.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use polodesk_client::HubSender;
use polodesk_client::{Client, ClientError};
use polodesk_domain::live::{ClientMessage, Clock, GroupMessage};
use tokio::sync::{Notify, mpsc};

use crate::grammar::Key;
use crate::journal::Journal;
use crate::keymap::Keymap;
use crate::sign_in::{Identity, renew};
use crate::state::{Action, Console, Effect, Link, Notice};

mod delivery;
mod hub;
mod pick;
mod snapshot;
mod terminal;

pub use pick::pick;
pub use terminal::Screen;

/// Why the console could not run.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    #[error("{0}")]
    Server(#[from] ClientError),
    #[error("the journal in {path}: {message}")]
    Journal { path: PathBuf, message: String },
    #[error("the terminal: {0}")]
    Terminal(#[from] std::io::Error),
    #[error(
        "match {0} cannot be loaded: the server cannot be reached and this computer has no copy of it"
    )]
    NoCopy(u64),
}

/// Where the console keeps what must survive it: the journal of each match's writes and the
/// last copy of each match it logged.
#[derive(Debug, Clone)]
pub struct Folders {
    pub journal: PathBuf,
}

/// The state's effects and the tasks' news all come back to the loop as actions.
pub(crate) type Actions = mpsc::UnboundedSender<Action>;

/// What the running console shares with its tasks.
pub(crate) struct Shared {
    client: Mutex<Client>,
    pub match_id: u64,
    pub journal: Mutex<Journal>,
    /// Wakes the delivery task: a write was journaled or the server may be back.
    pub wake: Notify,
    pub hub: Mutex<Option<HubSender>>,
    pub folders: Folders,
}

/// Logs match `match_id` on `screen` until the secretary quits.
pub async fn run(
    identity: Identity,
    match_id: u64,
    folders: Folders,
    keymap: Keymap,
    screen: &mut Screen,
) -> Result<(), ConsoleError> {
    let Identity { client, renewal } = identity;
    let journal = Journal::open(&folders.journal, match_id).map_err(|e| ConsoleError::Journal {
        path: folders.journal.clone(),
        message: e.to_string(),
    })?;
    let pending = journal.pending().to_vec();
    let (loaded, link) = match snapshot::load(&client, match_id).await {
        Ok(loaded) => {
            snapshot::keep(&folders.journal, match_id, &loaded);
            (loaded, Link::Connecting)
        }
        Err(ClientError::Unreachable(reason)) => (
            snapshot::copy(&folders.journal, match_id).ok_or(ConsoleError::NoCopy(match_id))?,
            Link::Offline(reason),
        ),
        Err(other) => return Err(other.into()),
    };
    let mut console = Console::new(loaded.game.clone(), loaded.events.clone(), pending);
    let quit = keymap.key_for(Key::Char('q'));
    console.keymap = keymap;
    let now = now();
    console.step(Action::Loaded {
        game: Box::new(loaded.game),
        events: loaded.events,
        published: None,
        at: now,
    });
    console.step(Action::Link(link));
    let server = client.base().to_owned();
    let shared = Arc::new(Shared {
        client: Mutex::new(client),
        match_id,
        journal: Mutex::new(journal),
        wake: Notify::new(),
        hub: Mutex::new(None),
        folders,
    });
    let (actions, mut incoming) = mpsc::unbounded_channel();
    let mut tasks = vec![
        tokio::spawn(delivery::deliver(Arc::clone(&shared), actions.clone())),
        tokio::spawn(hub::follow(Arc::clone(&shared), actions.clone())),
        tokio::spawn(ticks(actions.clone())),
        tokio::spawn(terminal::keys(actions.clone(), quit)),
    ];
    if let Some(renewal) = renewal {
        tasks.push(tokio::spawn(renew(Arc::clone(&shared), renewal, server)));
    }
    screen.draw(&console)?;
    let result = loop {
        let Some(action) = incoming.recv().await else {
            break Ok(());
        };
        let mut from_server = event_news(&action);
        let mut effects = console.step(action).effects;
        // Draw once for everything that arrived together (a burst of keys, a resync).
        while let Ok(action) = incoming.try_recv() {
            from_server |= event_news(&action);
            effects.extend(console.step(action).effects);
        }
        // The match's copy follows the server's events, so the console reopens without a server
        // on the match as it last was (the journal adds what was not sent; a changed match is
        // reloaded, which keeps the copy itself).
        if from_server {
            let copy = snapshot::Loaded {
                game: console.game.clone(),
                events: console.server_events.clone(),
            };
            snapshot::keep(&shared.folders.journal, match_id, &copy);
        }
        let mut quit = false;
        for effect in effects {
            quit |= effect == Effect::Quit;
            run_effect(&shared, &console, effect, &actions);
        }
        if quit {
            break Ok(());
        }
        if let Err(error) = screen.draw(&console) {
            break Err(error.into());
        }
    };
    for task in tasks {
        task.abort();
    }
    result
}

fn run_effect(shared: &Arc<Shared>, console: &Console, effect: Effect, actions: &Actions) {
    match effect {
        Effect::Write(write) => {
            let journaled = shared.journal_mut(|journal| journal.append(*write).map(|_| ()));
            journal_changed(shared, journaled, actions);
        }
        Effect::Drop(seq) => {
            let dropped = shared.journal_mut(|journal| journal.dropped(seq));
            journal_changed(shared, dropped, actions);
        }
        Effect::PublishClock(clock) => publish(shared, clock),
        Effect::Reload => {
            tokio::spawn(reload(Arc::clone(shared), actions.clone()));
        }
        Effect::FinishMatch => {
            let game = console.game.clone();
            let shared = Arc::clone(shared);
            let actions = actions.clone();
            tokio::spawn(async move {
                let told = match shared.client().finish_match(&game).await {
                    Ok(_) => told("Match successfully saved.", false),
                    Err(error) => told(&error.to_string(), true),
                };
                let _ = actions.send(told);
                reload(shared, actions).await;
            });
        }
        Effect::ConfirmLog {
            match_official_id,
            pin,
        } => {
            let shared = Arc::clone(shared);
            let actions = actions.clone();
            tokio::spawn(async move {
                let answer = shared
                    .client()
                    .confirm_log(match_official_id, Some(&pin))
                    .await
                    .map(|_| ())
                    .map_err(|error| error.to_string());
                let _ = actions.send(Action::Confirmed(answer));
                reload(shared, actions).await;
            });
        }
        Effect::Quit => {}
    }
}

/// An event the hub says was written: the server's log changed.
fn event_news(action: &Action) -> bool {
    matches!(
        action,
        Action::Hub {
            message: GroupMessage::Event(_),
            ..
        }
    )
}

fn told(text: &str, refusal: bool) -> Action {
    Action::Told(Notice {
        text: text.to_owned(),
        refusal,
    })
}

/// Shows the journal's waiting writes at once (the delivery task may be busy with a slow
/// server) and wakes the delivery; a journal that cannot be written is said at once: the write
/// is not safe.
fn journal_changed(shared: &Shared, result: Result<(), String>, actions: &Actions) {
    if let Err(message) = result {
        let _ = actions.send(told(
            &format!("The journal cannot be written: {message}"),
            true,
        ));
    }
    let _ = actions.send(Action::Journal(shared.pending()));
    shared.wake.notify_one();
}

impl Shared {
    /// Runs `change` on the journal.
    pub(crate) fn journal_mut<E: std::fmt::Display>(
        &self,
        change: impl FnOnce(&mut Journal) -> Result<(), E>,
    ) -> Result<(), String> {
        let mut journal = self
            .journal
            .lock()
            .map_err(|_| "the journal's lock is poisoned".to_owned())?;
        change(&mut journal).map_err(|e| e.to_string())
    }

    /// The client with the current token (a renewal swaps it).
    pub(crate) fn client(&self) -> Client {
        match self.client.lock() {
            Ok(client) => client.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    pub(crate) fn set_client(&self, client: Client) {
        if let Ok(mut current) = self.client.lock() {
            *current = client;
        }
    }

    pub(crate) fn pending(&self) -> Vec<crate::journal::Pending> {
        self.journal
            .lock()
            .map(|journal| journal.pending().to_vec())
            .unwrap_or_default()
    }
}

fn publish(shared: &Shared, clock: Clock) {
    let message = ClientMessage::Clock {
        match_id: shared.match_id,
        clock,
    };
    if let Ok(hub) = shared.hub.lock()
        && let Some(sender) = hub.as_ref()
    {
        // A clock lost while offline is not resent: the next change publishes the whole clock.
        let _ = sender.send(&message);
    }
}

/// The match and its events from the server again (after a resync, a reconnect, a change of
/// lineups), with the hub's last clock when a connection has it.
pub(crate) async fn reload(shared: Arc<Shared>, actions: Actions) {
    if let Ok(loaded) = snapshot::load(&shared.client(), shared.match_id).await {
        snapshot::keep(&shared.folders.journal, shared.match_id, &loaded);
        let _ = actions.send(Action::Loaded {
            game: Box::new(loaded.game),
            events: loaded.events,
            published: None,
            at: now(),
        });
    }
}

/// One tick a second for the running clock.
async fn ticks(actions: Actions) {
    let mut interval = tokio::time::interval(Duration::from_secs(1));
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        interval.tick().await;
        if actions.send(Action::Tick { at: now() }).is_err() {
            return;
        }
    }
}

/// Now, as RFC 3339 UTC with milliseconds (what `Date.toISOString()` gives on the web).
pub fn now() -> String {
    let now = time::OffsetDateTime::now_utc();
    let format = time::macros::format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z"
    );
    now.format(&format).unwrap_or_default()
}
