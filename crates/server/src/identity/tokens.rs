//! Signed JWTs: 15-minute access tokens for the API and ID tokens for the web client.

use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};

use super::keys::Keys;

/// The audience of every access token.
pub const API_AUDIENCE: &str = "polodesk-api";
pub use polodesk_store::ACCESS_TOKEN_SECONDS;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: u64,
    pub iat: u64,
    pub client_id: String,
    pub scope: String,
    pub email: String,
    /// The user's sign-in generation when issued; ending the user's sign-ins raises it.
    #[serde(default)]
    pub generation: u64,
    /// The refresh-token family the token was issued with: revoking the family (a sign-out)
    /// ends the token too, and no other sign-in of the account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<u64>,
}

impl AccessClaims {
    /// Whether the token was granted the API's scope: one asked for with `scope=openid` alone
    /// signs in to the issuer but opens no API call (ASVS V10.3.2).
    pub fn grants_api(&self) -> bool {
        self.scope.split(' ').any(|scope| scope == API_AUDIENCE)
    }
}

#[derive(Debug, Serialize)]
pub struct IdClaims<'a> {
    pub iss: &'a str,
    pub sub: String,
    pub aud: &'a str,
    pub exp: u64,
    pub iat: u64,
    pub auth_time: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nonce: Option<&'a str>,
    pub email: &'a str,
    pub name: &'a str,
}

pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

pub fn sign<T: Serialize>(keys: &Keys, claims: &T) -> String {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(keys.kid.clone());
    jsonwebtoken::encode(&header, claims, &keys.encoding)
        .expect("claims of plain strings and numbers always encode")
}

/// The user an ID token of this issuer names, checked as a sign-out's `id_token_hint`:
/// signature (ES256 only), issuer and a registered client as audience. An expired one is
/// taken (OpenID Connect RP-Initiated Logout §2): it shows which sign-in the app had.
pub fn id_token_subject(keys: &Keys, token: &str, issuer: &str, clients: &[&str]) -> Option<u64> {
    #[derive(Deserialize)]
    struct Subject {
        sub: String,
    }
    let mut validation = Validation::new(Algorithm::ES256);
    validation.set_issuer(&[issuer]);
    validation.set_audience(clients);
    validation.set_required_spec_claims(&["iss", "aud", "sub"]);
    validation.validate_exp = false;
    jsonwebtoken::decode::<Subject>(token, &keys.decoding, &validation)
        .ok()?
        .claims
        .sub
        .parse()
        .ok()
}

/// Checks signature (ES256 only), issuer, audience, expiry and not-before.
pub fn verify_access(keys: &Keys, token: &str, issuer: &str) -> Option<AccessClaims> {
    let mut validation = Validation::new(Algorithm::ES256);
    validation.set_issuer(&[issuer]);
    validation.set_audience(&[API_AUDIENCE]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    validation.leeway = 5;
    // Not set by this issuer, but a token that says it is not valid yet is not.
    validation.validate_nbf = true;
    jsonwebtoken::decode::<AccessClaims>(token, &keys.decoding, &validation)
        .ok()
        .map(|data| data.claims)
}
