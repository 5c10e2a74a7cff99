//! The server's integration tests: the real router over an in-memory store (and, for the hub,
//! a real socket), one module a part of the API. One test binary for all of them, so the kit in
//! `support` is compiled and linked once rather than once a file.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

mod support;

mod account_activity;
mod accounts;
mod admin;
mod api;
mod breached_passwords;
mod clubs;
mod coaches;
mod competitions;
mod event_replay;
mod faults;
mod federations;
mod hub;
mod identity;
mod import;
mod import_properties;
mod match_rules;
mod matches;
mod membership_cascades;
mod memberships;
mod officials;
mod permissions;
mod persons;
mod players;
mod public;
mod sign_ins;
mod teams;
mod token_properties;
mod two_step;
mod updates;
mod write_rate;
