//! The built web bundle stored gzipped: the server embeds `webapp/dist` and answers a `FILE.gz`
//! for `FILE` (`crates/server/src/web.rs`), so compressing the scripts, styles and fonts once
//! here keeps about 4 MB out of the binary. Pages stay as they are (the release build checks
//! for `index.html` and watches `sw.js`), and so does a file gzip would not shrink by a tenth.
//!
//! The bundle is built and compressed in a staging folder, then `sync`ed into `webapp/dist`:
//! Vite's build is byte for byte the same for the same sources, so an unchanged bundle leaves
//! every file in `dist` untouched and cargo does not rebuild and relink the release binary (fat
//! LTO: minutes on two cores) because the files it embeds were written again.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context;
use flate2::Compression;
use flate2::write::GzEncoder;

const COMPRESSED: &[&str] = &[
    "js",
    "css",
    "svg",
    "ttf",
    "json",
    "webmanifest",
    "map",
    "txt",
];
const KEPT_AS_IS: &[&str] = &["sw.js"];

/// Compresses the bundle under `dist` in place; answers the bytes before and after.
pub fn compress(dist: &Path) -> anyhow::Result<(u64, u64)> {
    let (mut before, mut after) = (0, 0);
    for entry in std::fs::read_dir(dist).with_context(|| format!("reading {}", dist.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            let (b, a) = compress(&path)?;
            (before, after) = (before + b, after + a);
            continue;
        }
        let data = std::fs::read(&path)?;
        before += data.len() as u64;
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        if !COMPRESSED.contains(&extension) || KEPT_AS_IS.contains(&name) {
            after += data.len() as u64;
            continue;
        }
        let mut gz = GzEncoder::new(Vec::new(), Compression::best());
        gz.write_all(&data)?;
        let gz = gz.finish()?;
        if gz.len() * 10 > data.len() * 9 {
            after += data.len() as u64;
            continue;
        }
        std::fs::write(path.with_file_name(format!("{name}.gz")), &gz)?;
        std::fs::remove_file(&path)?;
        after += gz.len() as u64;
    }
    Ok((before, after))
}

/// Makes `dist` hold exactly what `staged` holds, writing only the files that are new or whose
/// bytes differ and removing those no longer built; answers how many files it wrote or removed.
pub fn sync(staged: &Path, dist: &Path) -> anyhow::Result<usize> {
    let wanted = files_under(staged)?;
    let mut changed = 0;
    for relative in &wanted {
        let bytes = std::fs::read(staged.join(relative))?;
        let target = dist.join(relative);
        if std::fs::read(&target).is_ok_and(|old| old == bytes) {
            continue;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&target, bytes).with_context(|| format!("writing {}", target.display()))?;
        changed += 1;
    }
    if dist.exists() {
        for stale in files_under(dist)?.difference(&wanted) {
            std::fs::remove_file(dist.join(stale))?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// The files under `dir`, by their path relative to it.
fn files_under(dir: &Path) -> anyhow::Result<BTreeSet<PathBuf>> {
    let mut files = BTreeSet::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in
            std::fs::read_dir(&folder).with_context(|| format!("reading {}", folder.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.insert(path.strip_prefix(dir)?.to_path_buf());
            }
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use super::*;

    #[test]
    fn scripts_are_replaced_by_their_gzip_and_pages_kept() -> anyhow::Result<()> {
        let dist = std::env::temp_dir().join(format!("polodesk-bundle-{}", std::process::id()));
        let assets = dist.join("assets");
        std::fs::create_dir_all(&assets)?;
        let script = "export const greeting = 'Dobro došli';\n".repeat(200);
        std::fs::write(assets.join("main-abc.js"), &script)?;
        std::fs::write(assets.join("logo.png"), [0x89, b'P', b'N', b'G'])?;
        std::fs::write(assets.join("tiny.css"), "a{}")?;
        std::fs::write(dist.join("index.html"), "<html>".repeat(500))?;
        std::fs::write(dist.join("sw.js"), "self.skipWaiting();\n".repeat(100))?;

        let (before, after) = compress(&dist)?;

        assert!(!assets.join("main-abc.js").exists());
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(std::fs::read(assets.join("main-abc.js.gz"))?.as_slice())
            .read_to_string(&mut unpacked)?;
        assert_eq!(unpacked, script);
        for kept in ["assets/logo.png", "assets/tiny.css", "index.html", "sw.js"] {
            assert!(dist.join(kept).exists(), "{kept} is kept as is");
            assert!(
                !dist.join(format!("{kept}.gz")).exists(),
                "{kept} has no gzip"
            );
        }
        assert!(after < before / 2, "{before} bytes became {after}");
        std::fs::remove_dir_all(&dist)?;
        Ok(())
    }

    #[test]
    fn a_sync_writes_only_what_changed_and_removes_what_is_gone() -> anyhow::Result<()> {
        let root = std::env::temp_dir().join(format!("polodesk-sync-{}", std::process::id()));
        let (staged, dist) = (root.join("staged"), root.join("dist"));
        std::fs::create_dir_all(staged.join("assets"))?;
        std::fs::write(staged.join("index.html"), "<html>one</html>")?;
        std::fs::write(staged.join("assets/main-1.js.gz"), [1, 2, 3])?;
        assert_eq!(sync(&staged, &dist)?, 2, "a first sync writes everything");
        let written = |path: &str| std::fs::metadata(dist.join(path))?.modified();
        let index_time = written("index.html")?;

        assert_eq!(sync(&staged, &dist)?, 0, "the same bundle writes nothing");
        assert_eq!(written("index.html")?, index_time);

        std::fs::write(staged.join("index.html"), "<html>two</html>")?;
        std::fs::remove_file(staged.join("assets/main-1.js.gz"))?;
        std::fs::write(staged.join("assets/main-2.js.gz"), [4, 5])?;
        assert_eq!(sync(&staged, &dist)?, 3);
        assert_eq!(
            std::fs::read_to_string(dist.join("index.html"))?,
            "<html>two</html>"
        );
        assert!(
            !dist.join("assets/main-1.js.gz").exists(),
            "stale file left"
        );
        assert_eq!(std::fs::read(dist.join("assets/main-2.js.gz"))?, [4, 5]);
        std::fs::remove_dir_all(&root)?;
        Ok(())
    }
}
