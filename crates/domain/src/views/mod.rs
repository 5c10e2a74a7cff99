//! Read shapes that more than the server needs: the client, the CLI, the console and the PDF
//! renderers read them as the API writes them.

pub mod entity;
pub mod matches;
pub mod score;
pub mod standings;

pub use entity::EntityRef;
