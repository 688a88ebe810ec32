//! The in-memory transport, with a tap on the server-to-client direction: every message the
//! server sends is kept as the exact line of bytes it wrote, before the client reads it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};

/// The lines the server wrote so far.
#[derive(Default)]
pub(super) struct Wire {
    partial: Vec<u8>,
    lines: Vec<String>,
    /// Lines before this one were already searched for an `InputRequiredResult`.
    searched: usize,
}

/// A request as it crossed the wire: the whole message and its `params`, both verbatim.
pub(super) struct RawRequest {
    pub(super) message: String,
    pub(super) method: String,
    pub(super) params: String,
}

#[derive(Deserialize)]
struct Message<'a> {
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    method: Option<String>,
    #[serde(default, borrow)]
    params: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct Response<'a> {
    #[serde(borrow)]
    result: ResultBody<'a>,
}

#[derive(Deserialize)]
struct ResultBody<'a> {
    #[serde(rename = "inputRequests", borrow)]
    input_requests: HashMap<String, Entry<'a>>,
}

#[derive(Deserialize)]
struct Entry<'a> {
    method: String,
    #[serde(borrow)]
    params: &'a RawValue,
}

impl Wire {
    fn push(&mut self, bytes: &[u8]) {
        self.partial.extend_from_slice(bytes);
        while let Some(end) = self.partial.iter().position(|&byte| byte == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line[..end]);
            let line = line.trim_end_matches('\r');
            if !line.is_empty() {
                self.lines.push(line.to_owned());
            }
        }
    }

    /// Every message the server sent so far, each exactly as written.
    pub(super) fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The request the server sent with this JSON-RPC `id`.
    pub(super) fn request(&self, id: &Value) -> Option<RawRequest> {
        self.lines.iter().rev().find_map(|line| {
            let message: Message<'_> = serde_json::from_str(line).ok()?;
            if message.id.as_ref() != Some(id) {
                return None;
            }
            Some(RawRequest {
                message: line.clone(),
                method: message.method?,
                params: message.params.map_or("{}", RawValue::get).to_owned(),
            })
        })
    }

    /// The `inputRequests` of the latest `InputRequiredResult` the server sent since the
    /// last search, by key.
    pub(super) fn input_requests(&mut self) -> HashMap<String, RawRequest> {
        let fresh = &self.lines[self.searched.min(self.lines.len())..];
        let found = fresh.iter().rev().find_map(|line| {
            let response: Response<'_> = serde_json::from_str(line).ok()?;
            Some(
                response
                    .result
                    .input_requests
                    .into_iter()
                    .map(|(key, entry)| {
                        let raw = RawRequest {
                            message: line.clone(),
                            method: entry.method,
                            params: entry.params.get().to_owned(),
                        };
                        (key, raw)
                    })
                    .collect(),
            )
        });
        self.searched = self.lines.len();
        found.unwrap_or_default()
    }
}

pub(super) fn lock(wire: &Mutex<Wire>) -> std::sync::MutexGuard<'_, Wire> {
    wire.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A transport pair (server end, client end) whose server-to-client bytes go through `wire`.
pub(super) fn tapped_pair(wire: Arc<Mutex<Wire>>) -> (DuplexStream, DuplexStream) {
    const BUFFER: usize = 1 << 16;
    let (server_io, server_far) = tokio::io::duplex(BUFFER);
    let (client_far, client_io) = tokio::io::duplex(BUFFER);
    let (mut from_server, mut to_server) = tokio::io::split(server_far);
    let (mut from_client, mut to_client) = tokio::io::split(client_far);
    tokio::spawn(async move {
        let mut buffer = vec![0; 1 << 14];
        while let Ok(n) = from_server.read(&mut buffer).await {
            if n == 0 {
                break;
            }
            // Recorded before the client can read it.
            lock(&wire).push(&buffer[..n]);
            if to_client.write_all(&buffer[..n]).await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(async move {
        let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
    });
    (server_io, client_io)
}
