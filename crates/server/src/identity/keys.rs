//! The issuer's signing key: ES256 (P-256), created in the data folder on first start and
//! published as a JWK set.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{DecodingKey, EncodingKey};
use p256::ecdsa::SigningKey;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use sha2::{Digest, Sha256};

/// The key file inside the data folder.
pub const KEY_FILE: &str = "signing-key.pem";

#[derive(Clone)]
pub struct Keys {
    pub encoding: EncodingKey,
    pub decoding: DecodingKey,
    pub kid: String,
    /// The public key as a JWK, for `/.well-known/jwks.json`.
    pub jwk: serde_json::Value,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keys")
            .field("kid", &self.kid)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("cannot read or write the signing key {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("the signing key {path} is not a P-256 PKCS#8 key: {detail}")]
    Invalid { path: String, detail: String },
}

impl Keys {
    /// Loads `<data>/signing-key.pem`, creating it (readable by the owner only) when missing.
    pub fn load_or_create(data_dir: &Path) -> Result<Keys, KeyError> {
        let path = data_dir.join(KEY_FILE);
        let shown = path.display().to_string();
        let io = |source| KeyError::Io {
            path: shown.clone(),
            source,
        };
        let key = match std::fs::read_to_string(&path) {
            Ok(pem) => SigningKey::from_pkcs8_pem(&pem).map_err(|e| KeyError::Invalid {
                path: shown.clone(),
                detail: e.to_string(),
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = SigningKey::random(&mut rand::rngs::OsRng);
                let pem = key
                    .to_pkcs8_pem(LineEnding::LF)
                    .map_err(|e| KeyError::Invalid {
                        path: shown.clone(),
                        detail: e.to_string(),
                    })?;
                write_private(&path, pem.as_bytes()).map_err(io)?;
                key
            }
            Err(e) => return Err(io(e)),
        };
        Self::from_key(&key).map_err(|detail| KeyError::Invalid {
            path: shown,
            detail,
        })
    }

    /// A key that lives as long as the process, for tests and in-memory stores.
    pub fn ephemeral() -> Keys {
        Self::from_key(&SigningKey::random(&mut rand::rngs::OsRng))
            .expect("a freshly generated P-256 key encodes")
    }

    fn from_key(key: &SigningKey) -> Result<Keys, String> {
        let der = key.to_pkcs8_der().map_err(|e| e.to_string())?;
        let encoding = EncodingKey::from_ec_der(der.as_bytes());
        let point = key.verifying_key().to_encoded_point(false);
        let (Some(x), Some(y)) = (point.x(), point.y()) else {
            return Err("the public key has no affine coordinates".into());
        };
        let (x, y) = (URL_SAFE_NO_PAD.encode(x), URL_SAFE_NO_PAD.encode(y));
        let decoding = DecodingKey::from_ec_components(&x, &y).map_err(|e| e.to_string())?;
        let kid = URL_SAFE_NO_PAD.encode(&Sha256::digest(format!("{x}.{y}"))[..12]);
        let jwk = serde_json::json!({
            "kty": "EC", "crv": "P-256", "x": x, "y": y, "use": "sig", "alg": "ES256", "kid": kid,
        });
        Ok(Keys {
            encoding,
            decoding,
            kid,
            jwk,
        })
    }
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_created_once_and_reloaded() {
        let dir = tempfile::tempdir().unwrap();
        let first = Keys::load_or_create(dir.path()).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let meta = std::fs::metadata(dir.path().join(KEY_FILE)).unwrap();
            assert_eq!(
                meta.permissions().mode() & 0o777,
                0o600,
                "readable by the owner only"
            );
        }
        let again = Keys::load_or_create(dir.path()).unwrap();
        assert_eq!(first.kid, again.kid);
        assert_eq!(first.jwk, again.jwk);
        assert_eq!(first.jwk["crv"], "P-256");
        std::fs::write(dir.path().join(KEY_FILE), "not a key").unwrap();
        assert!(matches!(
            Keys::load_or_create(dir.path()),
            Err(KeyError::Invalid { .. })
        ));
    }
}
