//! `book_trip` on rust-mcp-sdk 2.0 over stdio: the same tool as `book_trip` (rmcp), with the
//! same calendar around Christmas 2026 in which 2026-12-25 is always full
//! (`examples::trip_rust_mcp_sdk`, sharing `examples::trip`'s calendar and form).
//!
//! A date with seats is booked at once; a full date asks one form shaped at run time from the
//! calendar (one of the nearest dates with seats, how many travel, which extras), asks again
//! while the answer does not fit, and books the date chosen. rust-mcp-sdk speaks 2026-07-28
//! only: each question is an `InputRequiredResult`, and the client calls again with the
//! answer and the sealed `requestState`. An answer the SDK's models cannot read (a `null`, a
//! number with a fraction) reaches the server as a custom request, which the router recovers
//! and serves with the same tool.
//!
//! ```text
//! cargo run -p examples --bin book_trip_rust_mcp_sdk    # speaks MCP 2026-07-28 on stdin/stdout
//! ```
//!
//! Call `book_trip` with `{"date": "2026-12-28"}` (booked at once), with `{}` (the date asked
//! for), then with `{"date": "2026-12-25"}` (the form).

use examples::trip_rust_mcp_sdk::router;
use rust_mcp_sdk::mcp_server::{McpServerOptions, server_runtime};
use rust_mcp_sdk::schema::Implementation;
use rust_mcp_sdk::{
    McpServer, ServerDetails, StdioTransport, ToMcpServerHandler, TransportOptions,
};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // stdout carries the protocol; anything for people goes to stderr.
    eprintln!("book_trip_rust_mcp_sdk: MCP 2026-07-28 on stdin/stdout, tool `book_trip`");
    let router = router();
    let server_details = ServerDetails {
        server_info: Implementation {
            name: "elicit-trips".into(),
            version: "0.1.0".into(),
            title: None,
            description: None,
            icons: Vec::new(),
            website_url: None,
        },
        capabilities: router.capabilities(),
        instructions: None,
        meta: None,
    };
    let server = server_runtime::create_server(McpServerOptions {
        transport: StdioTransport::new(TransportOptions::default())?,
        handler: router.to_mcp_server_handler(),
        server_details,
        message_observer: None,
    });
    server.start().await?;
    Ok(())
}
