//! What signing in costs: issuing and verifying an access token (paid on every API request),
//! and hashing a password (paid on every sign-in).

use criterion::{Criterion, criterion_group, criterion_main};
use polodesk_server::identity::secrets::{hash_password, verify_password};
use polodesk_server::identity::tokens::{AccessClaims, now, sign, verify_access};
use polodesk_server::{Identity, Keys};

fn claims() -> AccessClaims {
    AccessClaims {
        iss: "http://127.0.0.1:8080".into(),
        sub: "1".into(),
        aud: "polodesk-api".into(),
        exp: now() + 900,
        iat: now(),
        client_id: "polodesk-web".into(),
        scope: "openid polodesk-api".into(),
        email: "admin@polodesk.test".into(),
        generation: 0,
        family: None,
    }
}

fn tokens(c: &mut Criterion) {
    let keys = Keys::ephemeral();
    let claims = claims();
    c.bench_function("access token: issue (ES256 sign)", |b| {
        b.iter(|| sign(&keys, &claims))
    });
    let token = sign(&keys, &claims);
    c.bench_function("access token: verify (ES256)", |b| {
        b.iter(|| verify_access(&keys, &token, "http://127.0.0.1:8080").expect("valid"))
    });
    let identity = Identity::new(keys.clone(), None);
    identity
        .verify_access(&token, "http://127.0.0.1:8080")
        .expect("valid");
    c.bench_function("access token: verify, seen before (per request)", |b| {
        b.iter(|| {
            identity
                .verify_access(&token, "http://127.0.0.1:8080")
                .expect("valid")
        })
    });
}

fn passwords(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let hash = runtime
        .block_on(hash_password("polodesk-admin".into()))
        .expect("hash");
    let mut group = c.benchmark_group("password");
    group.sample_size(10);
    group.bench_function("argon2id verify", |b| {
        b.iter(|| runtime.block_on(verify_password("polodesk-admin".into(), hash.clone())))
    });
    group.finish();
}

criterion_group!(benches, tokens, passwords);
criterion_main!(benches);
