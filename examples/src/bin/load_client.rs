//! A loopback load client for `conformance_server`, speaking 2026-07-28 over streamable HTTP:
//! the measurements of `docs/robustness.md` ("The HTTP server") come from it, through
//! `scripts/hostile/measure.sh`.
//!
//! ```text
//! load_client dialogs URL CLIENTS SECONDS   # three-call dialogs, each client on one kept-open connection
//! load_client flood URL REQUESTS BYTES      # REQUESTS bodies at once, each just under BYTES
//! ```
//!
//! `dialogs`: each client runs `test_input_required_result_multi_round` again and again — the
//! call, the retry with the name and the `requestState`, the retry with the color — for one
//! second of warm-up, then SECONDS measured. It prints one line: dialogs a second, the 50th
//! and 99th percentile of a call's latency, the dialogs that went wrong (any answer other
//! than the expected one), and every dialog completed, warm-up included (what the server's
//! CPU time is divided by).
//!
//! `flood`: sends REQUESTS `tools/call`s at once, each on its own connection, whose
//! `inputResponses` holds as many tiny answers (`"00000001":{"action":"cancel"}`) as fit just
//! under BYTES, and prints each HTTP status and the start of each answer.
//!
//! Each client is one HTTP/1.1 connection of hyper's (`client::conn`), on which the next
//! request waits for the previous answer to be read: a client with a pool may open a second
//! connection while the first is being handed back, which is not what a kept-open connection
//! measures. Like most HTTP clients (reqwest, Node's), it sets `TCP_NODELAY` on its side.

use std::error::Error;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::{self, SendRequest};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};

const TOOL: &str = "test_input_required_result_multi_round";

type Failure = Box<dyn Error + Send + Sync>;

#[tokio::main]
async fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: load_client dialogs URL CLIENTS SECONDS | load_client flood URL REQUESTS BYTES";
    let [mode, url, count, amount] = args.as_slice() else {
        return Err(usage.into());
    };
    let count: usize = count
        .parse()
        .map_err(|_| format!("not a count: {count:?}"))?;
    let amount: u64 = amount
        .parse()
        .map_err(|_| format!("not a number: {amount:?}"))?;
    match mode.as_str() {
        "dialogs" => dialogs(url, count, Duration::from_secs(amount)).await,
        "flood" => flood(url, count, usize::try_from(amount)?).await,
        _ => Err(usage.into()),
    }
}

// ---------------------------------------------------------------- dialogs

/// What one client measured.
#[derive(Default)]
struct Tally {
    dialogs: u32,
    failed: u32,
    /// Every dialog answered as expected, warm-up and the edges of the window included.
    completed: u32,
    /// The latency of each call of each measured dialog.
    calls: Vec<Duration>,
    first_failure: Option<String>,
}

async fn dialogs(url: &str, clients: usize, measured: Duration) -> Result<(), Failure> {
    let start = Instant::now() + Duration::from_millis(200);
    let window = (
        start + Duration::from_secs(1),
        start + Duration::from_secs(1) + measured,
    );
    let tasks: Vec<_> = (0..clients)
        .map(|client| tokio::spawn(run_client(url.to_owned(), client, start, window)))
        .collect();
    let mut total = Tally::default();
    for task in tasks {
        let tally = task.await??;
        total.dialogs += tally.dialogs;
        total.failed += tally.failed;
        total.completed += tally.completed;
        total.calls.extend(tally.calls);
        total.first_failure = total.first_failure.or(tally.first_failure);
    }
    total.calls.sort_unstable();
    let percentile = |p: usize| {
        let at = (total.calls.len() * p / 100).min(total.calls.len().saturating_sub(1));
        let latency = total.calls.get(at).copied().unwrap_or_default();
        latency.as_secs_f64() * 1000.0
    };
    println!(
        "clients={clients} seconds={} dialogs={} dialogs_per_s={:.0} calls={} p50_ms={:.2} p99_ms={:.2} failed={} all_dialogs={}",
        measured.as_secs(),
        total.dialogs,
        f64::from(total.dialogs) / measured.as_secs_f64(),
        total.calls.len(),
        percentile(50),
        percentile(99),
        total.failed,
        total.completed,
    );
    if let Some(failure) = total.first_failure {
        println!("first failure: {failure}");
    }
    Ok(())
}

/// One client: one connection, kept open, dialogs one after the other; those run wholly
/// inside `window` are counted.
async fn run_client(
    url: String,
    client: usize,
    start: Instant,
    window: (Instant, Instant),
) -> Result<Tally, Failure> {
    let mut http = Connection::open(&url).await?;
    let name = format!("client {client}");
    let mut tally = Tally::default();
    tokio::time::sleep_until(start.into()).await;
    let mut calls = Vec::with_capacity(3);
    while Instant::now() < window.1 {
        let began = Instant::now();
        calls.clear();
        let outcome = dialog(&mut http, &name, &mut calls).await;
        if outcome.is_err() && http.sender.is_closed() {
            // The server closed the connection, or it broke: a client opens another.
            http = Connection::open(&url).await?;
        }
        tally.completed += u32::from(outcome.is_ok());
        if began < window.0 || Instant::now() > window.1 {
            continue;
        }
        match outcome {
            Ok(()) => {
                tally.dialogs += 1;
                tally.calls.extend(&calls);
            }
            Err(failure) => {
                tally.failed += 1;
                tally
                    .first_failure
                    .get_or_insert_with(|| failure.to_string());
            }
        }
    }
    Ok(tally)
}

/// The three calls of the two-round tool, checking each answer; pushes each call's latency.
async fn dialog(
    http: &mut Connection,
    name: &str,
    calls: &mut Vec<Duration>,
) -> Result<(), Failure> {
    let first = timed(calls, call(http, 1, json!({}), None)).await?;
    let state = input_required(&first, "step1")?;
    let answer = json!({"step1": {"action": "accept", "content": {"name": name}}});
    let second = timed(calls, call(http, 2, answer, Some(state))).await?;
    let state = input_required(&second, "step2")?;
    let answer = json!({"step2": {"action": "accept", "content": {"color": "green"}}});
    let third = timed(calls, call(http, 3, answer, Some(state))).await?;
    let text = third
        .pointer("/result/content/0/text")
        .and_then(Value::as_str);
    let expected = format!("{name}'s favorite color is green");
    if text == Some(expected.as_str()) {
        Ok(())
    } else {
        Err(format!("the last call answered {third}").into())
    }
}

async fn timed<T>(calls: &mut Vec<Duration>, call: impl Future<Output = T>) -> T {
    let began = Instant::now();
    let value = call.await;
    calls.push(began.elapsed());
    value
}

/// The `requestState` of an `InputRequiredResult` that asks under `key`.
fn input_required(answer: &Value, key: &str) -> Result<String, Failure> {
    let result = &answer["result"];
    match (
        result["inputRequests"].get(key),
        result["requestState"].as_str(),
    ) {
        (Some(_), Some(state)) => Ok(state.to_owned()),
        _ => Err(format!("expected an InputRequiredResult asking {key:?}, got {answer}").into()),
    }
}

/// One `tools/call` of the tool, as a 2026-07-28 client sends it; the JSON-RPC answer, read
/// from a JSON body or from the last event of an SSE stream.
async fn call(
    http: &mut Connection,
    id: u64,
    input_responses: Value,
    request_state: Option<String>,
) -> Result<Value, Failure> {
    let mut params = json!({
        "name": TOOL,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "load_client", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    if let Some(state) = request_state {
        params["inputResponses"] = input_responses;
        params["requestState"] = Value::String(state);
    }
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params});
    let (_, text) = http.post(body.to_string()).await?;
    let message = match text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("data:"))
    {
        Some(event) => event.trim(),
        None => text.as_str(),
    };
    Ok(serde_json::from_str(message)?)
}

/// One HTTP/1.1 connection to the server's MCP endpoint.
struct Connection {
    sender: SendRequest<Full<Bytes>>,
    authority: String,
    path: String,
}

impl Connection {
    /// Connects to `url` (`http://HOST:PORT/PATH`).
    async fn open(url: &str) -> Result<Self, Failure> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| format!("not a plain http:// URL: {url}"))?;
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let stream = tokio::net::TcpStream::connect(authority).await?;
        stream.set_nodelay(true)?;
        let (sender, connection) = http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection);
        let path = if path.is_empty() { "/" } else { path };
        Ok(Self {
            sender,
            authority: authority.to_owned(),
            path: path.to_owned(),
        })
    }

    /// POSTs `body` with the headers a 2026-07-28 `tools/call` of the tool carries, once the
    /// answer to the previous request has been read; the status and the body of the answer.
    async fn post(&mut self, body: String) -> Result<(u16, String), Failure> {
        self.sender.ready().await?;
        let request = hyper::Request::post(&self.path)
            .header("host", &self.authority)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2026-07-28")
            .header("mcp-method", "tools/call")
            .header("mcp-name", TOOL)
            .body(Full::new(Bytes::from(body)))?;
        let response = self.sender.send_request(request).await?;
        let status = response.status().as_u16();
        let body = response.into_body().collect().await?.to_bytes();
        Ok((status, String::from_utf8_lossy(&body).into_owned()))
    }
}

// ---------------------------------------------------------------- flood

async fn flood(url: &str, requests: usize, bytes: usize) -> Result<(), Failure> {
    let (body, entries) = hostile_body(bytes);
    println!(
        "{requests} request(s) of {} bytes, {entries} inputResponses entries each",
        body.len()
    );
    let began = Instant::now();
    let tasks: Vec<_> = (0..requests)
        .map(|_| {
            let (url, body) = (url.to_owned(), body.clone());
            tokio::spawn(async move { Connection::open(&url).await?.post(body).await })
        })
        .collect();
    for task in tasks {
        match task.await? {
            Ok((status, text)) => {
                let start: String = text.chars().take(160).collect();
                println!("{status} {}", start.trim());
            }
            Err(failure) => println!("failed: {failure}"),
        }
    }
    println!("all answered in {:.2} s", began.elapsed().as_secs_f64());
    Ok(())
}

/// A `tools/call` whose `inputResponses` holds as many tiny answers as fit in under `bytes`,
/// and how many.
fn hostile_body(bytes: usize) -> (String, usize) {
    let head = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"{TOOL}","arguments":{{}},"_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{{"name":"load_client","version":"0"}},"io.modelcontextprotocol/clientCapabilities":{{"elicitation":{{"form":{{}}}}}}}},"inputResponses":{{"#
    );
    let tail = "}}}";
    let mut body = head;
    let mut entries = 0;
    loop {
        let entry = format!(
            r#"{}"{entries:08}":{{"action":"cancel"}}"#,
            if entries == 0 { "" } else { "," }
        );
        if body.len() + entry.len() + tail.len() >= bytes {
            break;
        }
        body.push_str(&entry);
        entries += 1;
    }
    body.push_str(tail);
    (body, entries)
}
