//! Typed HTTP and WebSocket client for the PoloDesk API, shared by the CLI and the console.
//! Nothing here yet: the first commands that talk to a server bring it to life.
