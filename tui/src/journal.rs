//! PLACEHOLDER until the journal lands: its types.
#![allow(dead_code)]

use polodesk_domain::events::EventInput;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum EventRef {
    Id(u64),
    ClientId(String),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Write {
    Create {
        client_id: String,
        event: EventInput,
    },
    Update {
        target: EventRef,
        event: EventInput,
    },
    Delete {
        target: EventRef,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub seq: u64,
    pub write: Write,
    pub refused: Option<String>,
}
