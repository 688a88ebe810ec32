//! A loopback load run against a fleet of two `connect_service` instances sharing one Redis:
//! the figures of `docs/robustness.md` ("A fleet under load and faults") come from it, through
//! `scripts/fleet.sh`.
//!
//! ```text
//! fleet_load ORIGIN_A ORIGIN_B WORKERS SECONDS
//! ```
//!
//! WORKERS flows at once for SECONDS, each a new user's `connect_weather` on 2026-07-28: the
//! call on one instance, the page opened and posted on the other (the same path, its own
//! origin), the retry there; then that retry sent again to both, which must refuse it. It
//! prints one line of counts (completed; refused, the person told to ask again; lost; accepted
//! twice) and the completed flows' times, then a few of the refusals. It exits with an error
//! when an answer was lost or a state used twice.

use std::time::{Duration, Instant};

use examples::fleet;

#[tokio::main]
async fn main() -> Result<(), fleet::Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a, b, workers, seconds] = args.as_slice() else {
        return Err("usage: fleet_load ORIGIN_A ORIGIN_B WORKERS SECONDS".into());
    };
    let workers: usize = workers
        .parse()
        .map_err(|_| format!("not a count: {workers:?}"))?;
    let seconds: u64 = seconds
        .parse()
        .map_err(|_| format!("not seconds: {seconds:?}"))?;
    let started = Instant::now();
    let mut counts = fleet::run(
        [a.clone(), b.clone()],
        workers,
        started + Duration::from_secs(seconds),
    )
    .await;
    let elapsed = started.elapsed().as_secs_f64();
    let flows = counts.completed + counts.refused + counts.lost + counts.accepted_twice;
    let (p50, p99) = (counts.percentile(50), counts.percentile(99));
    println!(
        "workers={workers} seconds={elapsed:.1} flows={flows} completed={} refused={} lost={} accepted_twice={} completed_per_s={:.1} p50_ms={:.0} p99_ms={:.0}",
        counts.completed,
        counts.refused,
        counts.lost,
        counts.accepted_twice,
        counts.completed as f64 / elapsed,
        p50,
        p99,
    );
    for sample in &counts.samples {
        println!("  {sample}");
    }
    if counts.lost > 0 || counts.accepted_twice > 0 {
        return Err("an answer was lost, or a state used twice".into());
    }
    if counts.completed == 0 {
        return Err("no flow completed".into());
    }
    Ok(())
}
