//! A client of a fleet of `connect_service` instances, for the fleet's test
//! (`tests/fleet.rs`) and its load run (`fleet_load`, `scripts/fleet.sh`): the 2026-07-28
//! calls of `connect_weather` as a stateless client sends them, and the person's browser, as
//! plain HTTP/1.1 on loopback.
//!
//! [`connect`] runs one whole flow and says how it ended ([`Ended`]): the call on one
//! instance, the page opened and posted on another (the same path on its own origin), the
//! retry on either; then the retry sent again, to both, which a fleet must refuse.

use std::error::Error;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};

/// The tool the fleet serves.
pub const TOOL: &str = "connect_weather";

/// Any failure of the client itself (not the server's answer).
pub type Failure = Box<dyn Error + Send + Sync>;

/// An HTTP response, read whole.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The `Set-Cookie` headers.
    pub cookies: Vec<String>,
    /// The body, as text.
    pub body: String,
}

/// Sends one request on a connection of its own (`origin` is `http://host:port`).
///
/// # Errors
/// The server cannot be reached, or the response is not read whole within `timeout`.
pub async fn request(
    origin: &str,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: String,
    timeout: Duration,
) -> Result<Reply, Failure> {
    let address = origin.trim_start_matches("http://");
    let exchange = async {
        let stream = tokio::net::TcpStream::connect(address).await?;
        stream.set_nodelay(true)?;
        let (mut sender, connection) = http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection);
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(path)
            .header("host", address);
        for (name, value) in headers {
            request = request.header(*name, value.as_str());
        }
        let response = sender
            .send_request(request.body(Full::new(Bytes::from(body)))?)
            .await?;
        let status = response.status().as_u16();
        let cookies = response
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|value| value.to_str().ok().map(str::to_owned))
            .collect();
        let bytes = response.into_body().collect().await?.to_bytes();
        Ok::<_, Failure>(Reply {
            status,
            cookies,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        })
    };
    tokio::time::timeout(timeout, exchange)
        .await
        .map_err(|_| format!("no answer from {origin}{path} within {timeout:?}"))?
}

/// A 2026-07-28 `tools/call` of [`TOOL`] by `user` at `origin`, with `extra` params (a
/// retry's `inputResponses` and `requestState`): the JSON-RPC message of the answer.
///
/// # Errors
/// As [`request`]; an answer that is not JSON.
pub async fn call(origin: &str, user: &str, extra: Value) -> Result<Value, Failure> {
    let mut params = json!({
        "name": TOOL,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "fleet", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"url": {}}},
        },
    });
    if let (Value::Object(params), Value::Object(extra)) = (&mut params, extra) {
        params.extend(extra);
    }
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let headers = [
        ("content-type", "application/json".to_owned()),
        ("accept", "application/json, text/event-stream".to_owned()),
        ("mcp-protocol-version", "2026-07-28".to_owned()),
        ("mcp-method", "tools/call".to_owned()),
        ("mcp-name", TOOL.to_owned()),
        ("authorization", format!("Bearer {user}")),
    ];
    let reply = request(
        origin,
        "POST",
        "/mcp",
        &headers,
        body.to_string(),
        Duration::from_secs(30),
    )
    .await?;
    let message = reply
        .body
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("data:"))
        .unwrap_or(&reply.body);
    serde_json::from_str(message.trim())
        .map_err(|error| format!("not JSON ({error}): {:?}", reply.body).into())
}

/// `user`'s browser at `origin` (signed in by the demo cookie) opens `path` and posts the
/// form with `key`: the post's status (200 when the answer was taken in; 410, 403, 503…
/// otherwise), or the page's when it could not be opened.
///
/// # Errors
/// As [`request`].
pub async fn answer_page(origin: &str, path: &str, user: &str, key: &str) -> Result<u16, Failure> {
    let cookie = ("cookie", format!("session={user}"));
    let timeout = Duration::from_secs(30);
    let page = request(
        origin,
        "GET",
        path,
        std::slice::from_ref(&cookie),
        String::new(),
        timeout,
    )
    .await?;
    if page.status != 200 {
        return Ok(page.status);
    }
    let token = page
        .body
        .split(r#"name="_csrf" value=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .ok_or("the page has no token")?
        .to_owned();
    let body = format!("_csrf={token}&api_key={key}&region=eu");
    let headers = [
        cookie,
        (
            "content-type",
            "application/x-www-form-urlencoded".to_owned(),
        ),
        ("origin", origin.to_owned()),
        ("sec-fetch-site", "same-origin".to_owned()),
    ];
    let posted = request(origin, "POST", path, &headers, body, timeout).await?;
    Ok(posted.status)
}

/// The path of a URL (`http://host:port/path` → `/path`).
pub fn path_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.find('/').map_or("/", |at| &rest[at..])
}

/// How one flow ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The call answered what the page was sent.
    Completed,
    /// A step was refused, saying so (an error, a page to try again, an answer to ask again):
    /// the person is told to ask again. The step and what was said.
    Refused(String),
    /// The page took the answer, and the call neither completed with it nor said it could
    /// not: an answer silently lost.
    Lost(String),
    /// A retry the fleet had answered was answered again, not refused: a state used twice.
    AcceptedTwice(String),
}

/// One flow by `user` (who has no connection yet): the call on `first`, the page answered on
/// `second`, the retry on `second`; then that retry sent again to both, each of which must
/// refuse it. The key typed is `key` (16 characters at least).
pub async fn connect(first: &str, second: &str, user: &str, key: &str) -> Ended {
    match connect_inner(first, second, user, key).await {
        Ok(ended) => ended,
        Err(error) => Ended::Refused(format!("the client: {error}")),
    }
}

async fn connect_inner(first: &str, second: &str, user: &str, key: &str) -> Result<Ended, Failure> {
    let asked = call(first, user, json!({})).await?;
    let result = &asked["result"];
    if result["resultType"] != "input_required" {
        return Ok(Ended::Refused(format!("the call: {asked}")));
    }
    let Some(url) = result["inputRequests"]["weather_account"]["params"]["url"].as_str() else {
        return Ok(Ended::Refused(format!("the call sent no link: {asked}")));
    };
    let Some(state) = result["requestState"].as_str() else {
        return Ok(Ended::Refused(format!("the call sent no state: {asked}")));
    };
    let status = answer_page(second, path_of(url), user, key).await?;
    if status != 200 {
        return Ok(Ended::Refused(format!("the page answered {status}")));
    }
    let retry = json!({
        "inputResponses": {"weather_account": {"action": "accept"}},
        "requestState": state,
    });
    let done = call(second, user, retry.clone()).await?;
    let expected = format!(
        "Connected {user} to the weather service in Europe (key ending in {})",
        &key[key.len() - 4..]
    );
    if done["result"]["content"][0]["text"] != expected.as_str() {
        // The answer was taken in: the call must say so, or say to ask again.
        return Ok(match &done["error"] {
            Value::Object(error) if error.get("message").is_some() => {
                Ended::Refused(format!("the retry: {done}"))
            }
            _ if said_to_ask_again(&done) => Ended::Refused(format!("the retry: {done}")),
            _ => Ended::Lost(format!("the retry: {done}")),
        });
    }
    for origin in [first, second] {
        let again = call(origin, user, retry.clone()).await?;
        if again.get("error").is_none() {
            return Ok(Ended::AcceptedTwice(format!("{origin}: {again}")));
        }
    }
    Ok(Ended::Completed)
}

/// Whether a tool result tells the person to ask again.
fn said_to_ask_again(response: &Value) -> bool {
    response["result"]["isError"] == true
        && response["result"]["content"][0]["text"]
            .as_str()
            .is_some_and(|text| text.contains("ask again"))
}

/// The counts of a run of flows.
#[derive(Debug, Default, Clone)]
pub struct Counts {
    /// Flows completed.
    pub completed: u64,
    /// Flows refused, the person told to ask again.
    pub refused: u64,
    /// Answers lost without a word.
    pub lost: u64,
    /// States used twice.
    pub accepted_twice: u64,
    /// A few of the refusals, lost answers and double uses, as said.
    pub samples: Vec<String>,
    /// Each completed flow's time.
    pub times: Vec<Duration>,
}

impl Counts {
    /// Adds one flow's end, which took `took`.
    pub fn add(&mut self, ended: Ended, took: Duration) {
        let sample = match ended {
            Ended::Completed => {
                self.completed += 1;
                self.times.push(took);
                None
            }
            Ended::Refused(said) => {
                self.refused += 1;
                Some(format!("refused: {said}"))
            }
            Ended::Lost(said) => {
                self.lost += 1;
                Some(format!("LOST: {said}"))
            }
            Ended::AcceptedTwice(said) => {
                self.accepted_twice += 1;
                Some(format!("ACCEPTED TWICE: {said}"))
            }
        };
        if let Some(sample) = sample
            && self.samples.len() < 5
        {
            self.samples.push(sample);
        }
    }

    /// Adds another's counts.
    pub fn merge(&mut self, other: Self) {
        self.completed += other.completed;
        self.refused += other.refused;
        self.lost += other.lost;
        self.accepted_twice += other.accepted_twice;
        self.times.extend(other.times);
        for sample in other.samples {
            if self.samples.len() < 5 {
                self.samples.push(sample);
            }
        }
    }

    /// The `p`th percentile of the completed flows' times, in milliseconds.
    pub fn percentile(&mut self, p: usize) -> f64 {
        self.times.sort_unstable();
        let at = (self.times.len() * p / 100).min(self.times.len().saturating_sub(1));
        self.times
            .get(at)
            .map_or(0.0, |time| time.as_secs_f64() * 1000.0)
    }
}

/// Runs `workers` at once, each flow after flow with a new user, until `until`, the first
/// instance of each flow alternating: every flow's end.
pub async fn run(origins: [String; 2], workers: usize, until: Instant) -> Counts {
    // Users of this run only: a fleet keeps the connections of earlier runs.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() % 1_000_000_000);
    let tasks: Vec<_> = (0..workers)
        .map(|worker| {
            let origins = origins.clone();
            tokio::spawn(async move {
                let mut counts = Counts::default();
                let mut n = 0_u64;
                while Instant::now() < until {
                    let (first, second) = if (worker as u64 + n).is_multiple_of(2) {
                        (&origins[0], &origins[1])
                    } else {
                        (&origins[1], &origins[0])
                    };
                    let user = format!("r{run}-w{worker}-{n}");
                    let key = format!("wk-live-{worker:04}-{n:08}");
                    let began = Instant::now();
                    let ended = connect(first, second, &user, &key).await;
                    counts.add(ended, began.elapsed());
                    n += 1;
                }
                counts
            })
        })
        .collect();
    let mut total = Counts::default();
    for task in tasks {
        if let Ok(counts) = task.await {
            total.merge(counts);
        }
    }
    total
}
