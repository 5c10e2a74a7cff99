//! PoloDesk's own OpenID Connect issuer (DESIGN §5): discovery, keys, the authorization code
//! flow with PKCE S256, rotating refresh tokens, the password grant for first-party tools,
//! sign-in sessions (`oidc.rs`), and the account pages (`account.rs`: set password, first-admin
//! setup).

mod account;
pub mod breached;
pub mod keys;
mod oidc;
mod pages;
mod revocation;
pub mod secrets;
mod throttle;
mod token_endpoint;
pub mod tokens;
pub mod two_step;

use std::collections::HashMap;
use std::sync::Mutex;

use axum::Router;
use axum::http::HeaderMap;
use polodesk_domain::codes::UserType;
use polodesk_domain::persons::Person;
use polodesk_domain::users::User;
use polodesk_store::Store;

use crate::AppState;
pub use keys::Keys;
pub(crate) use oidc::confirm_password;
use throttle::Throttle;

pub fn router() -> Router<AppState> {
    oidc::router().merge(account::router())
}

/// A registered client of the issuer. Redirect URIs are paths on the issuer's own origin.
#[derive(Debug)]
pub struct Client {
    pub id: &'static str,
    /// What a user's list of sign-ins calls it.
    pub name: &'static str,
    pub redirect_paths: &'static [&'static str],
    pub post_logout_paths: &'static [&'static str],
    /// First-party command-line tools may trade a password for tokens.
    pub password_grant: bool,
}

pub const WEB_CLIENT: &str = "polodesk-web";

/// How long a set-password link works.
pub const SET_PASSWORD_SECONDS: u64 = 7 * 24 * 3600;

pub const CLIENTS: &[Client] = &[
    Client {
        id: WEB_CLIENT,
        name: "Web app",
        redirect_paths: &[
            "/authentication/login-callback",
            "/authentication/silent-callback.html",
        ],
        post_logout_paths: &["/authentication/logout-callback"],
        password_grant: false,
    },
    Client {
        id: "polodesk-cli",
        name: "Command line",
        redirect_paths: &[],
        post_logout_paths: &[],
        password_grant: true,
    },
    Client {
        id: "polodesk-tui",
        name: "Console",
        redirect_paths: &[],
        post_logout_paths: &[],
        password_grant: true,
    },
];

pub fn client(id: &str) -> Option<&'static Client> {
    CLIENTS.iter().find(|c| c.id == id)
}

/// What a user calls the app of a client: its name, or its id when it is not ours.
pub fn app_name(client_id: &str) -> String {
    client(client_id).map_or(client_id, |c| c.name).to_owned()
}

/// An authorization code, kept in memory until it expires (a minute): waiting to be exchanged,
/// then exchanged, so that presenting it again revokes what it gave.
#[derive(Debug)]
struct Code {
    pending: PendingCode,
    exchange: Option<Exchange>,
}

/// What became of a code's exchange.
#[derive(Debug, Default)]
struct Exchange {
    /// The refresh-token family its tokens belong to, once issued.
    family: Option<u64>,
    /// Presented again before its family was known.
    replayed: bool,
}

/// A code's first exchange gets what was pending; a later one the sign-in to end, once known.
pub(super) enum Taken {
    First(PendingCode),
    Again(Replayed),
    Unknown,
}

/// The sign-in a replayed code had started.
pub(super) struct Replayed {
    pub user_id: u64,
    pub family: u64,
}

/// An authorization code waiting to be exchanged.
#[derive(Debug, Clone)]
pub(super) struct PendingCode {
    client_id: String,
    redirect_uri: String,
    code_challenge: String,
    user_id: u64,
    scope: String,
    nonce: Option<String>,
    auth_time: u64,
    /// The user's sign-in generation when the code was issued.
    generation: u64,
    /// The digest of the issuer session the code was issued in, if any.
    session: Option<String>,
    expires_at: u64,
}

/// The issuer's state, shared by all requests.
#[derive(Debug)]
pub struct Identity {
    pub keys: Keys,
    throttle: Throttle,
    codes: Mutex<HashMap<String, Code>>,
    /// The public base URL when set; otherwise the request's own origin is the issuer.
    public_url: Option<String>,
    /// The secret of the one-time first-admin setup link, while no user exists.
    setup: Mutex<Option<String>>,
    /// Access tokens already verified, so each is checked once rather than on every request
    /// (an ES256 verification costs about 0.25 ms).
    verified: Mutex<HashMap<String, tokens::AccessClaims>>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`serve --trusted-proxy`).
    trusted_proxies: Vec<std::net::IpAddr>,
    /// The breached-password service new passwords are checked against, when the operator
    /// names one (`serve --breached-passwords`).
    breached: Option<breached::BreachedPasswords>,
    /// Whose accounts must use two-step sign-in.
    two_step_rule: polodesk_domain::users::TwoStepRule,
    /// Browser sign-ins whose password was right, waiting for their second step.
    second_steps: two_step::PendingSecondSteps,
}

/// At most this many verified tokens are remembered; the cache is emptied when it is full.
const VERIFIED_CACHE: usize = 10_000;

impl Identity {
    /// Keeps a new code under its digest, forgetting the expired ones.
    fn keep_code(&self, key: String, pending: PendingCode) {
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        let time = tokens::now();
        codes.retain(|_, c| c.pending.expires_at > time);
        let exchange = None;
        codes.insert(key, Code { pending, exchange });
    }

    /// Presents the code of digest `key` for exchange.
    fn take_code(&self, key: &str) -> Taken {
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        let Some(code) = codes.get_mut(key) else {
            return Taken::Unknown;
        };
        let user_id = code.pending.user_id;
        match &mut code.exchange {
            None => {
                code.exchange = Some(Exchange::default());
                Taken::First(code.pending.clone())
            }
            Some(Exchange {
                family: Some(family),
                ..
            }) => Taken::Again(Replayed {
                user_id,
                family: *family,
            }),
            Some(exchange) => {
                exchange.replayed = true;
                Taken::Unknown
            }
        }
    }

    /// Notes the family a code's exchange started; answers it to end when the code was
    /// presented again meanwhile.
    fn exchanged(&self, key: &str, family: u64) -> Option<Replayed> {
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        let code = codes.get_mut(key)?;
        let exchange = code.exchange.as_mut()?;
        exchange.family = Some(family);
        exchange.replayed.then_some(Replayed {
            user_id: code.pending.user_id,
            family,
        })
    }

    pub fn new(keys: Keys, public_url: Option<String>) -> Self {
        Self {
            keys,
            throttle: Throttle::default(),
            codes: Mutex::default(),
            public_url: public_url.map(|u| u.trim_end_matches('/').to_owned()),
            setup: Mutex::default(),
            verified: Mutex::default(),
            trusted_proxies: Vec::new(),
            breached: None,
            two_step_rule: polodesk_domain::users::TwoStepRule::default(),
            second_steps: two_step::PendingSecondSteps::default(),
        }
    }

    /// This issuer, checking new passwords against the breached-password service at `url`.
    #[must_use]
    pub fn with_breached_passwords(mut self, url: &str) -> Self {
        self.breached = Some(breached::BreachedPasswords::new(url));
        self
    }

    /// What is wrong with a new password for the account of `email`, if anything: the local
    /// rules (`secrets::password_problem`), then the breached passwords when a service is set.
    pub async fn new_password_problem(&self, password: &str, email: &str) -> Option<&'static str> {
        match secrets::password_problem(password, email) {
            Some(problem) => Some(problem),
            None => self.breached_problem(password).await,
        }
    }

    /// `PASSWORD_BREACHED` when the breached-password service lists `password`; for a password
    /// the local rules already passed, as the service may be asked over the network.
    pub async fn breached_problem(&self, password: &str) -> Option<&'static str> {
        let breached = self.breached.as_ref()?;
        (breached.contains(password).await == Some(true)).then_some(breached::PASSWORD_BREACHED)
    }

    /// This issuer, requiring two-step sign-in of the accounts `rule` names.
    #[must_use]
    pub fn with_two_step_rule(mut self, rule: polodesk_domain::users::TwoStepRule) -> Self {
        self.two_step_rule = rule;
        self
    }

    /// Whether accounts of `user_type` must use two-step sign-in here.
    pub fn requires_two_step(&self, user_type: polodesk_domain::codes::UserType) -> bool {
        self.two_step_rule.applies_to(user_type)
    }

    /// This issuer, believing `proxies` about the client's address.
    #[must_use]
    pub fn with_trusted_proxies(mut self, proxies: Vec<std::net::IpAddr>) -> Self {
        self.trusted_proxies = proxies;
        self
    }

    pub fn trusted_proxies(&self) -> &[std::net::IpAddr] {
        &self.trusted_proxies
    }

    /// Verifies an access token for `issuer`, remembering it until it expires.
    pub fn verify_access(&self, token: &str, issuer: &str) -> Option<tokens::AccessClaims> {
        let cached = {
            let verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
            verified.get(token).cloned()
        };
        if let Some(claims) = cached {
            // The cache skips only the signature; issuer and expiry are checked every time.
            return (claims.iss == issuer && claims.exp > tokens::now()).then_some(claims);
        }
        let claims = tokens::verify_access(&self.keys, token, issuer)?;
        let mut verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
        if verified.len() >= VERIFIED_CACHE {
            let now = tokens::now();
            verified.retain(|_, c| c.exp > now);
            if verified.len() >= VERIFIED_CACHE {
                verified.clear();
            }
        }
        verified.insert(token.to_owned(), claims.clone());
        Some(claims)
    }

    /// The issuer URL a request sees: the configured public URL, or its own origin. Forwarded
    /// headers are not trusted (anyone can send them): behind a proxy, set `--public-url`.
    pub fn issuer(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        let host = headers
            .get("host")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("localhost");
        format!("http://{host}")
    }

    /// Arms the one-time first-admin setup link and returns its secret.
    pub fn arm_setup(&self) -> String {
        let secret = secrets::random_secret();
        *self.setup.lock().unwrap_or_else(|e| e.into_inner()) = Some(secrets::digest(&secret));
        secret
    }
}

/// The name shown for a user: the person's name for Person accounts, else the email.
pub fn display_name(store: &Store, user: &User) -> String {
    match (user.type_id, user.person_id) {
        (UserType::Person, Some(id)) => store
            .get::<Person>(id)
            .map(|p| p.full_name())
            .unwrap_or_else(|_| user.email.clone()),
        _ => user.email.clone(),
    }
}

#[cfg(test)]
mod code_tests {
    use super::*;

    fn pending() -> PendingCode {
        PendingCode {
            client_id: WEB_CLIENT.to_owned(),
            redirect_uri: String::new(),
            code_challenge: String::new(),
            user_id: 4,
            scope: String::new(),
            nonce: None,
            auth_time: 0,
            generation: 0,
            session: None,
            expires_at: tokens::now() + oidc::CODE_SECONDS,
        }
    }

    /// Of two exchanges at once, the second gets nothing and the first learns, with its
    /// family, that the code was replayed; after the first, a replay names the family at once.
    #[test]
    fn a_code_is_exchanged_once_and_a_replay_names_what_it_gave() {
        let identity = Identity::new(Keys::ephemeral(), None);
        identity.keep_code("a".into(), pending());
        assert!(matches!(identity.take_code("a"), Taken::First(p) if p.user_id == 4));
        assert!(matches!(identity.take_code("a"), Taken::Unknown));
        let replayed = identity.exchanged("a", 9).unwrap();
        assert_eq!((replayed.user_id, replayed.family), (4, 9));

        identity.keep_code("b".into(), pending());
        assert!(matches!(identity.take_code("b"), Taken::First(_)));
        assert!(identity.exchanged("b", 11).is_none(), "not replayed");
        let Taken::Again(replayed) = identity.take_code("b") else {
            panic!("a replay after the exchange names its family")
        };
        assert_eq!((replayed.user_id, replayed.family), (4, 11));
        assert!(matches!(identity.take_code("c"), Taken::Unknown));
    }

    /// A code is refused at the token endpoint once its minute is over; the same code still
    /// within it is exchanged (V10.4.3).
    #[tokio::test]
    async fn an_expired_code_gets_no_tokens() {
        use tower::ServiceExt;
        let store = Store::in_memory().unwrap();
        let fields = polodesk_domain::users::UserInput {
            email: Some("admin@polodesk.test".into()),
            type_id: Some(UserType::Admin),
            ..Default::default()
        }
        .validate()
        .unwrap();
        let user = store.create_user(fields, None, None).await.unwrap();
        let state = AppState::new(store, Identity::new(Keys::ephemeral(), None));
        let verifier = "a-verifier-of-sufficient-length-00000000000000000";
        let code = |expires_at| PendingCode {
            user_id: user.id,
            redirect_uri: "http://localhost/cb".into(),
            code_challenge: secrets::pkce_s256(verifier),
            expires_at,
            ..pending()
        };
        state
            .identity
            .keep_code(secrets::digest("old"), code(tokens::now()));
        state.identity.keep_code(
            secrets::digest("new"),
            code(tokens::now() + oidc::CODE_SECONDS),
        );
        let router = crate::router(state);
        for (name, status) in [("old", 400), ("new", 200)] {
            let body = format!(
                "grant_type=authorization_code&client_id={WEB_CLIENT}&code={name}\
                 &redirect_uri=http%3A%2F%2Flocalhost%2Fcb&code_verifier={verifier}"
            );
            let request = axum::http::Request::post("/connect/token")
                .header("content-type", "application/x-www-form-urlencoded")
                .body(axum::body::Body::from(body))
                .unwrap();
            let answer = router.clone().oneshot(request).await.unwrap();
            assert_eq!(answer.status().as_u16(), status, "the {name} code");
        }
    }
}
