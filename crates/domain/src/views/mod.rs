//! Read shapes that more than the server needs: the client, the CLI, the console and the PDF
//! renderers read them as the API writes them. Beside them, the few bodies the client sends
//! that no entity's module owns (a password, an import's rows).

pub mod admin;
pub mod entity;
pub mod import;
pub mod matches;
pub mod people;
pub mod public;
pub mod score;
pub mod standings;
pub mod users;

pub use entity::EntityRef;
