//! The two font programs go into the binary deflated, as a PDF's FlateDecode stream holds them:
//! 170 kB instead of 290 kB, and a scoresheet embeds them without deflating them again.

use std::io::Write as _;
use std::path::Path;

use flate2::Compression;
use flate2::write::ZlibEncoder;

fn main() {
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    for name in ["RobotoCondensed-Regular.ttf", "RobotoCondensed-Bold.ttf"] {
        let source = format!("../../assets/fonts/{name}");
        println!("cargo::rerun-if-changed={source}");
        let font = std::fs::read(&source).unwrap_or_else(|e| panic!("reading {source}: {e}"));
        let mut zlib = ZlibEncoder::new(Vec::new(), Compression::best());
        zlib.write_all(&font)
            .and_then(|()| zlib.finish())
            .and_then(|packed| std::fs::write(Path::new(&out).join(name), packed))
            .unwrap_or_else(|e| panic!("deflating {source}: {e}"));
    }
}
