//! The clock the benchmarks read: this thread's CPU time by default, so that time the thread
//! spends preempted by other processes (on a shared machine) does not count.
//! `ELICIT_BENCH_CLOCK=wall` measures wall time instead.

use std::time::{Duration, Instant};

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// Which clock.
pub enum Clock {
    ThreadCpu,
    Wall,
}

impl Clock {
    /// From `ELICIT_BENCH_CLOCK` (`cpu`, the default, or `wall`).
    pub fn from_env() -> Self {
        match std::env::var("ELICIT_BENCH_CLOCK").as_deref() {
            Ok("wall") => Self::Wall,
            Ok("cpu" | "") | Err(_) => Self::ThreadCpu,
            Ok(other) => panic!("ELICIT_BENCH_CLOCK={other}: expected `cpu` or `wall`"),
        }
    }
}

/// A reading taken at the start of a batch of iterations.
pub enum Start {
    ThreadCpu(cpu_time::ThreadTime),
    Wall(Instant),
}

impl Measurement for Clock {
    type Intermediate = Start;
    type Value = Duration;

    fn start(&self) -> Start {
        match self {
            Self::ThreadCpu => Start::ThreadCpu(cpu_time::ThreadTime::now()),
            Self::Wall => Start::Wall(Instant::now()),
        }
    }

    fn end(&self, start: Start) -> Duration {
        match start {
            Start::ThreadCpu(start) => start.elapsed(),
            Start::Wall(start) => start.elapsed(),
        }
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    #[allow(clippy::cast_precision_loss)]
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        // Both clocks count nanoseconds, which is what wall time's formatter shows.
        static NANOSECONDS: WallTime = WallTime;
        NANOSECONDS.formatter()
    }
}
