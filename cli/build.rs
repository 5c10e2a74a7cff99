//! The demo season's JSON files go into the binary deflated (`src/demo/formats.rs` inflates
//! them at a demo start): 60 kB instead of 480 kB.

use std::io::Write as _;
use std::path::Path;

use flate2::Compression;
use flate2::write::ZlibEncoder;

fn main() {
    let out = Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("fixtures");
    for folder in ["reference", "demo"] {
        let source = Path::new("../fixtures").join(folder);
        println!("cargo::rerun-if-changed={}", source.display());
        std::fs::create_dir_all(out.join(folder)).expect("OUT_DIR is writable");
        for entry in std::fs::read_dir(&source).expect("the fixtures are in the repository") {
            let entry = entry.expect("listing the fixtures");
            let path = entry.path();
            if path.extension().is_none_or(|extension| extension != "json") {
                continue;
            }
            let json = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut zlib = ZlibEncoder::new(Vec::new(), Compression::best());
            zlib.write_all(&json)
                .and_then(|()| zlib.finish())
                .and_then(|packed| std::fs::write(out.join(folder).join(entry.file_name()), packed))
                .unwrap_or_else(|e| panic!("deflating {}: {e}", path.display()));
        }
    }
}
