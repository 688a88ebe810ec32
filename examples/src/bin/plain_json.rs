//! Pairing with any MCP SDK, or none: the request is JSON text you send, the answer is JSON
//! text you receive, and the crate turns one into the other's typed outcome.
//!
//! ```text
//! cargo run -p examples --bin plain_json
//! ```

use elicit_core::protocol::{
    DEFAULT_MESSAGE_LIMIT, ElicitRequest, ElicitationSupport, InputRequiredResult, InputResponses,
    ProtocolVersion,
};
use elicit_core::{Elicit, ElicitOutcome};

/// Where should we ship your order?
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Shipping {
    /// Full name of the recipient
    #[elicit(min_length = 1)]
    recipient: String,
    /// Street and number
    street: String,
    /// Five-digit ZIP code
    #[elicit(pattern = "^[0-9]{5}$")]
    zip: String,
    /// Ship by express courier
    #[elicit(default = false)]
    express: bool,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. What the client declared in `initialize` (your SDK hands you this JSON).
    let capabilities = serde_json::json!({"elicitation": {"form": {}}});
    let support = ElicitationSupport::from_client_capabilities(&capabilities)?;
    let request = ElicitRequest::form::<Shipping>();
    support.check(&request)?;

    // 2. The request, as JSON text for the negotiated revision; your SDK sends it (or you
    //    write it to the transport yourself). Text keeps the fields in declaration order.
    let text = request.to_jsonrpc_string(7, ProtocolVersion::V2025_11_25)?;
    println!("server -> client\n{text}\n");

    // 3. The client's response, as the bytes that came back: read with a size limit,
    //    checked, and parsed into the type.
    let answers: [&[u8]; 4] = [
        br#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"recipient":"Ada Lovelace","street":"12 St James's Square","zip":"10001"}}}"#,
        br#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"recipient":"","street":"12 St James's Square","zip":"1000"}}}"#,
        br#"{"jsonrpc":"2.0","id":7,"result":{"action":"decline"}}"#,
        br#"{"jsonrpc":"2.0","id":7,"result":{"action":"cancel"}}"#,
    ];
    for bytes in answers {
        println!("client -> server\n{}", String::from_utf8_lossy(bytes));
        match ElicitOutcome::<Shipping>::from_slice_limited(bytes, DEFAULT_MESSAGE_LIMIT) {
            Ok(ElicitOutcome::Accepted(shipping)) => println!("=> ship to {shipping:?}\n"),
            Ok(ElicitOutcome::Declined) => println!("=> the user declined\n"),
            Ok(ElicitOutcome::Cancelled) => println!("=> the user dismissed the form\n"),
            Err(error) => println!("=> not a valid answer:\n{error}\n"),
        }
    }

    // 4. Protocol 2026-07-28: no server-to-client request. The tool's result asks for the
    //    form under a key, and the client calls the tool again with the answer under it.
    let required = InputRequiredResult::new("shipping", request).with_state("order-42");
    println!("tools/call result (2026-07-28)\n{}\n", required.to_value());
    let retry = serde_json::json!({
        "name": "checkout",
        "inputResponses": {"shipping": {"action": "accept", "content": {
            "recipient": "Ada Lovelace", "street": "12 St James's Square", "zip": "10001", "express": true
        }}},
        "requestState": "order-42"
    });
    println!("retried tools/call params\n{retry}");
    let outcome = InputResponses::from_value(&retry)?.outcome::<Shipping>("shipping")?;
    println!("=> {outcome:?}");
    Ok(())
}
