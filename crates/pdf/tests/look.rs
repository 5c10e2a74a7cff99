#![allow(clippy::unwrap_used)]
#[test]
fn look() {
    let v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/vectors/scoresheet/demo-shootout.json"
        ))
        .unwrap(),
    )
    .unwrap();
    for lang in ["en", "rs"] {
        let sheet = serde_json::from_value(v["sheets"][lang].clone()).unwrap();
        std::fs::write(
            format!("/tmp/sheet-{lang}.pdf"),
            polodesk_pdf::scoresheet(&sheet),
        )
        .unwrap();
    }
}
