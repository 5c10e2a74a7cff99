//! The rules of PoloDesk as plain data and functions: entities, the spec's code lists with their
//! numbers, and validation with the spec's exact messages.
//!
//! This crate does no I/O, has no async and knows nothing of HTTP, redb or React. With the
//! `openapi` feature its API-facing types also describe themselves for the OpenAPI document.

pub mod clock;
pub mod clubs;
pub mod coaches;
pub mod codes;
pub mod competitions;
pub mod dates;
pub mod devices;
pub mod events;
pub mod federations;
pub mod images;
pub mod live;
pub mod matches;
pub mod memberships;
pub mod officials;
pub mod organisations;
pub mod permissions;
pub mod persons;
pub mod pin_guard;
pub mod players;
pub mod query;
pub mod reference;
pub mod scoresheet;
pub mod standings;
pub mod stats;
pub mod teams;
#[cfg(test)]
mod test_events;
pub mod users;
pub mod validation;
pub mod views;
