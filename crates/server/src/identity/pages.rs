//! The issuer's own pages (sign-in, set password, first-admin setup), server-rendered in
//! PoloDesk's look so they work before and without the web app.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
 font:14px/1.4 -apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;
 background:#f6f7f9;color:#1c2127}
main{width:360px;background:#fff;border-radius:4px;
 box-shadow:0 0 0 1px rgba(17,20,24,.1),0 2px 8px rgba(17,20,24,.15);overflow:hidden}
header{background:#1c2127;color:#f6f7f9;padding:18px 24px;font-size:20px;font-weight:600}
form,.body{padding:20px 24px 24px}
h1{font-size:16px;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;height:32px;padding:0 8px;border:0;border-radius:2px;font:inherit;
 box-shadow:inset 0 0 0 1px rgba(17,20,24,.2),inset 0 1px 1px rgba(17,20,24,.3)}
input:focus{outline:2px solid #4c90f0;outline-offset:1px}
button,.button{display:inline-block;margin-top:20px;width:100%;height:32px;border:0;border-radius:2px;
 background:#2d72d2;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-align:center;
 line-height:32px;text-decoration:none}
button:hover,.button:hover{background:#215db0}
.button.secondary{margin-top:8px;background:#fff;color:#1c2127;box-shadow:inset 0 0 0 1px rgba(17,20,24,.2)}
.button.secondary:hover{background:#f6f7f9}
.error{margin:0 0 12px;padding:8px 10px;border-radius:2px;background:rgba(205,66,70,.1);color:#ac2f33}
.note{color:#5f6b7c}
";

pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\
         <title>{title} · PoloDesk</title><style>{STYLE}</style></head>\
         <body><main><header>PoloDesk</header>{body}</main></body></html>",
        title = escape(title),
    );
    (status, [("cache-control", "no-store")], Html(html)).into_response()
}

fn error_line(error: Option<&str>) -> String {
    error
        .map(|e| format!("<p class=\"error\" role=\"alert\">{}</p>", escape(e)))
        .unwrap_or_default()
}

/// A form's hidden fields, carrying a request through its POST.
fn hidden_fields(hidden: &[(&str, &str)]) -> String {
    hidden
        .iter()
        .map(|(name, value)| {
            format!(
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                escape(name),
                escape(value)
            )
        })
        .collect()
}

/// The sign-in form; `hidden` carries the authorization request through the POST.
pub fn sign_in(
    status: StatusCode,
    hidden: &[(&str, &str)],
    email: &str,
    error: Option<&str>,
) -> Response {
    let fields = hidden_fields(hidden);
    let body = format!(
        "<form method=\"post\" action=\"/connect/authorize\"><h1>Sign in</h1>{error}{fields}\
         <label for=\"email\">Email</label>\
         <input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"username\" required \
         autofocus value=\"{email}\">\
         <label for=\"password\">Password</label>\
         <input id=\"password\" name=\"password\" type=\"password\" \
         autocomplete=\"current-password\" required>\
         <button type=\"submit\">Sign in</button></form>",
        error = error_line(error),
        email = escape(email),
    );
    page(status, "Sign in", &body)
}

/// The second step of a sign-in: the code of an authenticator app, or a recovery code. `ticket`
/// holds the sign-in whose password was right; `hidden` the authorization request, which
/// `restart` (a link) starts again from the password.
pub fn second_step(
    status: StatusCode,
    hidden: &[(&str, &str)],
    ticket: &str,
    restart: &str,
    error: Option<&str>,
) -> Response {
    let body = format!(
        "<form method=\"post\" action=\"/connect/authorize\"><h1>Two-step sign-in</h1>{error}\
         {fields}<input type=\"hidden\" name=\"ticket\" value=\"{ticket}\">\
         <p class=\"note\">Type the 6-digit code your authenticator app shows for PoloDesk. \
         Without your phone, type one of your recovery codes.</p>\
         <label for=\"code\">Code</label>\
         <input id=\"code\" name=\"code\" type=\"text\" autocomplete=\"one-time-code\" \
         required autofocus maxlength=\"20\" spellcheck=\"false\" autocapitalize=\"off\">\
         <button type=\"submit\">Verify</button>\
         <a class=\"button secondary\" href=\"{restart}\">Start again</a></form>",
        error = error_line(error),
        fields = hidden_fields(hidden),
        ticket = escape(ticket),
        restart = escape(restart),
    );
    page(status, "Two-step sign-in", &body)
}

/// A form that chooses a new password: the one-time token, optional leading fields, the
/// password twice.
fn password_form(
    action: &str,
    heading: &str,
    token: &str,
    lead: &str,
    error: Option<&str>,
    submit: &str,
) -> String {
    format!(
        "<form method=\"post\" action=\"{action}\"><h1>{heading}</h1>{error}\
         <input type=\"hidden\" name=\"token\" value=\"{token}\">{lead}\
         <label for=\"password\">Password</label>\
         <input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"new-password\" \
         required minlength=\"8\">\
         <label for=\"confirm\">Confirm password</label>\
         <input id=\"confirm\" name=\"confirm\" type=\"password\" autocomplete=\"new-password\" \
         required minlength=\"8\">\
         <button type=\"submit\">{submit}</button></form>",
        heading = escape(heading),
        error = error_line(error),
        token = escape(token),
    )
}

pub fn set_password(status: StatusCode, token: &str, email: &str, error: Option<&str>) -> Response {
    let lead = format!("<p class=\"note\">For {}</p>", escape(email));
    let body = password_form(
        "/account/set-password",
        "Choose a password",
        token,
        &lead,
        error,
        "Set password",
    );
    page(status, "Choose a password", &body)
}

pub fn setup(status: StatusCode, token: &str, email: &str, error: Option<&str>) -> Response {
    let lead = format!(
        "<label for=\"email\">Email</label>\
         <input id=\"email\" name=\"email\" type=\"email\" required autofocus value=\"{}\">",
        escape(email)
    );
    let heading = "Create the first administrator";
    let body = password_form(
        "/account/setup",
        heading,
        token,
        &lead,
        error,
        "Create administrator",
    );
    page(status, "Set up PoloDesk", &body)
}

/// Asks before signing `email` out on this browser, for a sign-out that did not show it came from
/// the signed-in app; `hidden` carries the request through the POST.
pub fn confirm_sign_out(hidden: &[(&str, &str)], email: &str) -> Response {
    let body = format!(
        "<form method=\"post\" action=\"/connect/endsession\"><h1>Sign out?</h1>{fields}\
         <p>You are signed in to PoloDesk as {email} in this browser. Sign out?</p>\
         <button type=\"submit\">Sign out</button>\
         <a class=\"button secondary\" href=\"/\">Stay signed in</a></form>",
        fields = hidden_fields(hidden),
        email = escape(email),
    );
    page(StatusCode::OK, "Sign out", &body)
}

pub fn message(
    status: StatusCode,
    title: &str,
    text: &str,
    link: Option<(&str, &str)>,
) -> Response {
    let link = link
        .map(|(href, label)| {
            format!(
                "<a class=\"button\" href=\"{}\">{}</a>",
                escape(href),
                escape(label)
            )
        })
        .unwrap_or_default();
    let body = format!(
        "<div class=\"body\"><h1>{}</h1><p>{}</p>{link}</div>",
        escape(title),
        escape(text)
    );
    page(status, title, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_values_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
