//! The PDFs PoloDesk prints from the command line, drawn with printpdf and the embedded Roboto
//! Condensed: the official scoresheet (from the domain's model, as the web app's jsPDF renderer
//! draws it) and a competition's standings.

mod canvas;
mod scoresheet;
mod standings;

pub use scoresheet::render as scoresheet;
pub use standings::render as standings;
