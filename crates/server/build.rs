//! A release binary embeds the web bundle, so a release build fails without one, and is rebuilt
//! whenever the bundle changes (its `index.html` names every hashed asset, the service worker's
//! `sw.js` the revision of every file it keeps for offline use). Debug builds read
//! the bundle from disk at run time and need neither.

use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("PROFILE").as_deref() != Ok("release") {
        return;
    }
    let index = Path::new("../../webapp/dist/index.html");
    println!("cargo::rerun-if-changed={}", index.display());
    println!("cargo::rerun-if-changed=../../webapp/dist/sw.js");
    if !index.exists() {
        panic!(
            "the web bundle is missing (webapp/dist/index.html): build it first with \
             `npm --prefix webapp ci && npm --prefix webapp run build`, or use `cargo xtask run`"
        );
    }
}
