//! Benchmarks for issue 8. The library is empty on purpose: the measured code is in
//! `benches/forms/`, the table printer in `src/bin/bench-report.rs`, and the driver in
//! `scripts/bench.sh`.
