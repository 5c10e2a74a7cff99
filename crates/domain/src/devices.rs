//! Naming the device of a sign-in from what its client says it is (its User-Agent), so a user
//! can tell their sign-ins apart: "Firefox on Windows", "PoloDesk 0.1.0 on Linux".

/// Shown when the client named itself in no way we know.
pub const UNKNOWN_DEVICE: &str = "Unknown device";

/// Browsers by a mark of their User-Agent, the most specific first: Edge and Opera also say
/// Chrome, and Chrome also says Safari.
const BROWSERS: &[(&str, &str)] = &[
    ("Edg/", "Edge"),
    ("EdgiOS/", "Edge"),
    ("EdgA/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
];

/// Systems by a mark of their User-Agent; iPhones and Android also say Mac OS X and Linux.
const SYSTEMS: &[(&str, &str)] = &[
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Macintosh", "macOS"),
    ("Mac OS X", "macOS"),
    ("linux", "Linux"),
    ("Linux", "Linux"),
    ("macos", "macOS"),
    ("windows", "Windows"),
];

/// What PoloDesk's own clients send: `polodesk/<version> (<os>)`.
const OWN_CLIENT: &str = "polodesk/";

/// A short name for the device a User-Agent describes.
pub fn device_name(user_agent: &str) -> String {
    let system = SYSTEMS
        .iter()
        .find(|(mark, _)| user_agent.contains(mark))
        .map(|(_, name)| *name);
    let program = match user_agent.strip_prefix(OWN_CLIENT) {
        Some(rest) => {
            let version = rest.split([' ', '(']).next().unwrap_or_default();
            Some(format!("PoloDesk {version}").trim_end().to_owned())
        }
        None => BROWSERS
            .iter()
            .find(|(mark, _)| user_agent.contains(mark))
            .map(|(_, name)| (*name).to_owned()),
    };
    match (program, system) {
        (Some(program), Some(system)) => format!("{program} on {system}"),
        (Some(program), None) => program,
        (None, Some(system)) => format!("A browser on {system}"),
        (None, None) => UNKNOWN_DEVICE.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browsers_and_systems_are_named() {
        let cases = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Firefox on Windows",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                "Chrome on Linux",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                "Safari on iPhone",
            ),
            (
                "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
                "Chrome on iPad",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
                "Samsung Internet on Android",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
                "Safari on macOS",
            ),
            (
                "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                "Chrome on ChromeOS",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
                "Opera on Windows",
            ),
            ("polodesk/0.1.0 (linux)", "PoloDesk 0.1.0 on Linux"),
            ("polodesk/0.1.0", "PoloDesk 0.1.0"),
            ("Mozilla/5.0 (X11; Linux x86_64)", "A browser on Linux"),
            ("curl/8.11.0", UNKNOWN_DEVICE),
            ("", UNKNOWN_DEVICE),
        ];
        for (user_agent, expected) in cases {
            assert_eq!(device_name(user_agent), expected, "{user_agent}");
        }
    }
}
