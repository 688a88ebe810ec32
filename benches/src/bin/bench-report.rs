//! Prints issue 8's table from what `scripts/bench.sh` measured:
//!
//! ```text
//! bench-report RESULTS_DIR
//! ```
//!
//! `RESULTS_DIR` holds `machine.txt` (`key: value` lines), criterion's estimates under
//! `criterion/<group>/<bench>/round<N>/estimates.json` (one baseline per round) and
//! `build.tsv` (written by `scripts/bench/build-cost.sh`). The table goes to stdout and to
//! `RESULTS_DIR/table.md`. Every figure is read from those files; none is typed in.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: bench-report RESULTS_DIR");
        return ExitCode::FAILURE;
    };
    match report(&dir) {
        Ok(table) => {
            print!("{table}");
            if let Err(error) = std::fs::write(dir.join("table.md"), &table) {
                eprintln!("cannot write {}: {error}", dir.join("table.md").display());
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("bench-report: {error}");
            ExitCode::FAILURE
        }
    }
}

/// One benchmark's median time (ns) in each round, in round order.
struct Rounds(Vec<f64>);

impl Rounds {
    fn read(criterion: &Path, group: &str, bench: &str) -> Result<Self, String> {
        let dir = criterion.join(group).join(bench);
        let mut rounds: Vec<(u32, f64)> = Vec::new();
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(round) = name.strip_prefix("round").and_then(|n| n.parse().ok()) else {
                continue;
            };
            let path = entry.path().join("estimates.json");
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let json: Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let median = json["median"]["point_estimate"]
                .as_f64()
                .ok_or_else(|| format!("{}: no median", path.display()))?;
            rounds.push((round, median));
        }
        if rounds.is_empty() {
            return Err(format!("{}: no round<N> baselines", dir.display()));
        }
        rounds.sort_by_key(|&(round, _)| round);
        Ok(Self(rounds.into_iter().map(|(_, ns)| ns).collect()))
    }

    fn median(&self) -> f64 {
        median(&self.0)
    }
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        sorted[n / 2]
    } else {
        f64::midpoint(sorted[n / 2 - 1], sorted[n / 2])
    }
}

/// The per-round ratios `f(ours, theirs)`: their median, lowest and highest.
fn ratios(ours: &Rounds, theirs: &Rounds, f: impl Fn(f64, f64) -> f64) -> (f64, f64, f64) {
    let all: Vec<f64> = ours
        .0
        .iter()
        .zip(&theirs.0)
        .map(|(&o, &t)| f(o, t))
        .collect();
    let lowest = all.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (median(&all), lowest, highest)
}

fn duration(ns: f64) -> String {
    if ns < 1.0 {
        format!("{:.0} ps", ns * 1000.0)
    } else if ns < 1_000.0 {
        format!("{ns:.0} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.2} µs", ns / 1_000.0)
    } else if ns < 1_000_000_000.0 {
        format!("{:.2} ms", ns / 1_000_000.0)
    } else {
        format!("{:.1} s", ns / 1_000_000_000.0)
    }
}

fn met(ok: bool) -> &'static str {
    if ok { "**yes**" } else { "**no**" }
}

/// `build.tsv`: `(kind, side) -> [(wall s, cpu s)]`, and `side -> dependency count`.
#[derive(Default)]
struct Builds {
    runs: BTreeMap<(String, String), Vec<(f64, f64)>>,
    deps: BTreeMap<String, u64>,
}

impl Builds {
    fn read(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Self::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn parse(text: &str) -> Result<Self, String> {
        let mut builds = Self::default();
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let cells: Vec<&str> = line.split('\t').collect();
            let bad = || format!("bad line {line:?}");
            match cells.as_slice() {
                ["deps", side, count] => {
                    builds
                        .deps
                        .insert((*side).to_owned(), count.parse().map_err(|_| bad())?);
                }
                [kind, side, _run, wall, cpu] => {
                    let wall: f64 = wall.parse().map_err(|_| bad())?;
                    let cpu: f64 = cpu.parse().map_err(|_| bad())?;
                    builds
                        .runs
                        .entry(((*kind).to_owned(), (*side).to_owned()))
                        .or_default()
                        .push((wall, cpu));
                }
                _ => return Err(bad()),
            }
        }
        Ok(builds)
    }

    /// Median wall and CPU seconds, and the number of runs.
    fn medians(&self, kind: &str, side: &str) -> Option<(f64, f64, usize)> {
        let runs = self.runs.get(&(kind.to_owned(), side.to_owned()))?;
        let wall: Vec<f64> = runs.iter().map(|&(wall, _)| wall).collect();
        let cpu: Vec<f64> = runs.iter().map(|&(_, cpu)| cpu).collect();
        Some((median(&wall), median(&cpu), runs.len()))
    }
}

fn report(dir: &Path) -> Result<String, String> {
    let mut out = String::new();
    let machine = std::fs::read_to_string(dir.join("machine.txt")).unwrap_or_default();
    writeln!(out, "| machine | |\n|---|---|").ok();
    for line in machine.lines() {
        if let Some((key, value)) = line.split_once(": ") {
            writeln!(out, "| {key} | {value} |").ok();
        }
    }
    writeln!(out).ok();
    writeln!(
        out,
        "| # | figure | elicit | rmcp / serde | ratio (elicit ÷ theirs) | goal | met |"
    )
    .ok();
    writeln!(out, "|---|---|---|---|---|---|---|").ok();
    let rounds = run_time_rows(&dir.join("criterion"), &mut out)?;
    let build = dir.join("build.tsv");
    // Absent when `scripts/bench.sh` ran with BENCH_RUNTIME_ONLY=1: the rows say so.
    let builds = if build.exists() {
        Builds::read(&build)?
    } else {
        Builds::default()
    };
    build_rows(&builds, &mut out);
    writeln!(
        out,
        "\nRun-time figures: the median of {rounds} criterion rounds (each the median of its samples), ratios per round, their lowest–highest in brackets."
    )
    .ok();
    Ok(out)
}

/// Figures 1 and 2; returns the number of rounds.
fn run_time_rows(criterion: &Path, out: &mut String) -> Result<usize, String> {
    let bench = |group: &str, name: &str| Rounds::read(criterion, group, name);
    let access = (
        bench("schema", "ours_access")?,
        bench("schema", "rmcp_from_type")?,
    );
    let serialize = (
        bench("schema", "ours_serialize")?,
        bench("schema", "rmcp_serialize")?,
    );
    let both = (
        bench("schema", "ours_access_serialize")?,
        bench("schema", "rmcp_from_type_serialize")?,
    );
    let parse = (
        bench("parse", "ours_from_content")?,
        bench("parse", "serde_from_value")?,
    );

    let (speedup, low, high) = ratios(&access.0, &access.1, |o, t| t / o);
    writeln!(
        out,
        "| 1a | schema, per call: `Everything::requested_schema()` (cached) vs `ElicitationSchema::from_type::<Everything>()` | {} | {} | {:.0}× faster ({:.0}–{:.0}) | ≥ 1000× faster | {} |",
        duration(access.0.median()),
        duration(access.1.median()),
        speedup,
        low,
        high,
        met(speedup >= 1000.0),
    )
    .ok();
    let (ratio, low, high) = ratios(&serialize.0, &serialize.1, |o, t| o / t);
    writeln!(
        out,
        "| 1b | schema, `serde_json::to_string` of the built schema | {} | {} | {ratio:.2}× ({low:.2}–{high:.2}) | ≤ 1× | {} |",
        duration(serialize.0.median()),
        duration(serialize.1.median()),
        met(ratio <= 1.0),
    )
    .ok();
    let (speedup, low, high) = ratios(&both.0, &both.1, |o, t| t / o);
    writeln!(
        out,
        "| 1c | schema, both: the JSON text from nothing, per call | {} | {} | {speedup:.0}× faster ({low:.0}–{high:.0}) | — | |",
        duration(both.0.median()),
        duration(both.1.median()),
    )
    .ok();
    let (ratio, low, high) = ratios(&parse.0, &parse.1, |o, t| o / t);
    writeln!(
        out,
        "| 2 | parse a full answer: `from_content(&map)` (validating) vs `serde_json::from_value(Value::Object(map.clone()))` (not validating) | {} | {} | {ratio:.2}× ({low:.2}–{high:.2}) | ≤ 0.8× | {} |",
        duration(parse.0.median()),
        duration(parse.1.median()),
        met(ratio <= 0.8),
    )
    .ok();
    parse_rows(criterion, out)?;
    shaped_row(criterion, out)?;
    shaped_read_rows(criterion, out)?;
    Ok(access.0.0.len())
}

/// Issue 15's figures: validating, typed parses against serde's unvalidated ones, on both
/// bench forms.
fn parse_rows(criterion: &Path, out: &mut String) -> Result<(), String> {
    let forms = [
        ("parse", "`Everything` (13 fields)"),
        (
            "parse_signup",
            "`Signup` (10 fields: formats, lengths, bounds, an optional field)",
        ),
    ];
    let rows = [
        (
            "2a",
            "ours_from_content",
            "serde_value_ref",
            "`T::from_content(&map)` vs `<T as Deserialize>::deserialize(&Value)` (borrowed, no clone)",
        ),
        (
            "2b",
            "ours_bytes",
            "serde_bytes",
            "bytes of the answer → typed `T`: `ElicitOutcome::<T>::from_slice_limited` vs `serde_json::from_slice::<{action, content: T}>`",
        ),
        (
            "2c",
            "ours_from_content",
            "serde_from_value",
            "`T::from_content(&map)` vs `serde_json::from_value(Value::Object(map.clone()))`",
        ),
    ];
    for (id, ours, theirs, what) in rows {
        for (group, form) in forms {
            let ours = Rounds::read(criterion, group, ours)?;
            let theirs = Rounds::read(criterion, group, theirs)?;
            let (ratio, low, high) = ratios(&ours, &theirs, |o, t| o / t);
            // Issue 29's goal for 2a and 2b (issue 15 had asked for 1×).
            let goal = if id == "2c" { "—" } else { "≤ 1.2×" };
            let met_text = if id == "2c" { "" } else { met(ratio <= 1.2) };
            writeln!(
                out,
                "| {id} | {what}, {form}; validating vs not | {} | {} | {ratio:.2}× ({low:.2}–{high:.2}) | {goal} | {met_text} |",
                duration(ours.median()),
                duration(theirs.median()),
            )
            .ok();
        }
    }
    // 2d: what bounds 2a and 2b. Checking costs what it costs on top of a conversion, so a
    // validating path can match serde's unvalidated one only if its conversion is cheaper
    // than serde's by at least the checks.
    for (group, form) in forms {
        let checks = Rounds::read(criterion, group, "checks_alone")?;
        let theirs = Rounds::read(criterion, group, "serde_value_ref")?;
        let (ratio, low, high) = ratios(&checks, &theirs, |c, t| c / t);
        writeln!(
            out,
            "| 2d | the floor of 2a: the schema's checks alone (`PropertySchema::check` on each field's value, no conversion, no lookup) vs serde's whole unvalidated `deserialize(&Value)`, {form}; 2a can reach 1× only if a conversion beats serde's by this much | {} | {} | {ratio:.2}× ({low:.2}–{high:.2}) | — | |",
            duration(checks.median()),
            duration(theirs.median()),
        )
        .ok();
    }
    Ok(())
}

/// Issue 23's figure: a form shaped at run time, from the data to the request, against its
/// goal; a static form's request for scale.
fn shaped_row(criterion: &Path, out: &mut String) -> Result<(), String> {
    let shaped = Rounds::read(criterion, "shaped", "shape_build_request")?;
    let fixed = Rounds::read(criterion, "shaped", "static_request")?;
    let median = shaped.median();
    writeln!(
        out,
        "| 4 | a form shaped at run time, from the data to the request: `T::form()`, 10 fields, 20 options with run-time titles, a default, narrowed bounds, a check, `.build()?.request()` (benches/benches/forms/shaped.rs); for scale, a static form's `Form::<T>::new().request()` | {} | static: {} | | ≤ 5 µs | {} |",
        duration(median),
        duration(fixed.median()),
        met(median <= 5_000.0),
    )
    .ok();
    Ok(())
}

/// Issue 29's figure: an answer read by a form shaped at run time against the same answer
/// read by the static form, on the two bench forms and on a form with options given at run
/// time (against its static twin, its options written as enums).
fn shaped_read_rows(criterion: &Path, out: &mut String) -> Result<(), String> {
    let forms = [
        (
            "parse",
            "`Everything` (13 fields): its twin with a builder, `EverythingShaped::form()`, with narrowed bounds and lengths, a run-time default, three selects and two multi-selects offered in part, fewer items, `.build()?.read(&map)` vs `Everything::from_content(&map)`",
        ),
        (
            "parse_signup",
            "`Signup` (10 fields): narrowed lengths and bounds, a run-time default, `.build()?.read(&map)` vs `Signup::from_content(&map)`",
        ),
        (
            "parse_options",
            "a form with options given at run time (benches/benches/forms/shaped.rs, 10 fields, 20 options, its check across fields left out) vs its static twin (the options as enums), `form.read(&map)` vs `RebookFixed::from_content(&map)`",
        ),
    ];
    for (group, what) in forms {
        let shaped = Rounds::read(criterion, group, "shaped_read")?;
        let fixed = Rounds::read(criterion, group, "ours_from_content")?;
        let (ratio, low, high) = ratios(&shaped, &fixed, |s, f| s / f);
        writeln!(
            out,
            "| 5 | a full answer read by a form shaped at run time vs by the static form: {what} | {} | static: {} | {ratio:.2}× ({low:.2}–{high:.2}) | ≤ 1.3× | {} |",
            duration(shaped.median()),
            duration(fixed.median()),
            met(ratio <= 1.3),
        )
        .ok();
    }
    Ok(())
}

/// Figure 3.
fn build_rows(builds: &Builds, out: &mut String) {
    // `ours`: which elicit build is compared with serde's ("elicit", or "elicit-path" for 3d's
    // path-dependency variant).
    let row = |out: &mut String,
               id: &str,
               kind: &str,
               ours: &str,
               what: &str,
               goal: Option<f64>| {
        let (Some(ours), Some(theirs)) =
            (builds.medians(kind, ours), builds.medians(kind, "serde"))
        else {
            writeln!(out, "| {id} | {what} | not measured | | | | |").ok();
            return;
        };
        let wall = ours.0 / theirs.0;
        let cpu = ours.1 / theirs.1;
        let (goal_text, met_text) = match goal {
            // On both clocks: with both cores busy, wall time alone can hide extra CPU work.
            Some(goal) => (
                format!("≤ {goal}× wall and CPU"),
                met(wall <= goal && cpu <= goal),
            ),
            None => ("—".to_owned(), ""),
        };
        writeln!(
            out,
            "| {id} | {what}, median of {} runs | {:.1} s wall, {:.1} s CPU | {:.1} s wall, {:.1} s CPU | {wall:.2}× wall, {cpu:.2}× CPU | {goal_text} | {met_text} |",
            ours.2.min(theirs.2),
            ours.0,
            ours.1,
            theirs.0,
            theirs.1,
        )
        .ok();
    };
    row(
        out,
        "3a",
        "forms",
        "elicit",
        "build: a crate of 100 forms, debug `cargo build` of the crate (dependencies built)",
        // Issue 31: a static form pays for its builder; 3a must stay within 0.4× of serde + schemars.
        Some(0.4),
    );
    row(
        out,
        "3b",
        "used",
        "elicit",
        "build: the same 100 forms, each also used (schema JSON + parse, as in 1c and 2)",
        None,
    );
    match (builds.deps.get("elicit"), builds.deps.get("serde")) {
        (Some(ours), Some(theirs)) => writeln!(
            out,
            "| 3c | dependencies: `elicit-core` (default features) vs `serde` (derive) + `schemars` | {ours} packages | {theirs} packages | | — | |"
        ),
        _ => writeln!(out, "| 3c | dependencies | not measured | | | | |"),
    }
    .ok();
    row(
        out,
        "3d",
        "clean",
        "elicit",
        "clean debug build of those dependencies, as from crates.io (the packaged tarballs in a directory source: built like any registry package, not incrementally)",
        Some(1.0),
    );
    row(
        out,
        "3d-path",
        "clean",
        "elicit-path",
        "the same with elicit-core as a path dependency, built incrementally as the workspace builds it (what this row measured before 2026-11-23)",
        None,
    );
}

#[cfg(test)]
mod tests {
    use super::{Builds, build_rows};

    /// The build rows for the `build.tsv` text `tsv`.
    fn table(tsv: &str) -> String {
        let builds = Builds::parse(tsv).expect("well-formed");
        let mut table = String::new();
        build_rows(&builds, &mut table);
        table
    }

    /// The row of `table` whose first cell is `id`.
    fn row<'t>(table: &'t str, id: &str) -> &'t str {
        let start = format!("| {id} |");
        table
            .lines()
            .find(|line| line.starts_with(&start))
            .unwrap_or_else(|| panic!("no row {id} in:\n{table}"))
    }

    #[test]
    fn clean_rows_compare_each_elicit_build_with_serde() {
        let table = table(
            "clean\telicit\t1\t8.0\t15.0\n\
             clean\telicit-path\t1\t10.0\t18.0\n\
             clean\tserde\t1\t10.0\t20.0\n\
             clean\telicit\t2\t7.0\t14.0\n\
             clean\telicit-path\t2\t11.0\t22.0\n\
             clean\tserde\t2\t9.0\t16.0\n",
        );
        // Medians: elicit 7.5 s wall / 14.5 s CPU, path 10.5 / 20.0, serde 9.5 / 18.0.
        let packaged = row(&table, "3d");
        assert!(packaged.contains("0.79× wall, 0.81× CPU"), "{packaged}");
        assert!(packaged.contains("**yes**"), "{packaged}");
        let path = row(&table, "3d-path");
        assert!(path.contains("1.11× wall, 1.11× CPU"), "{path}");
        // The forms rows had no runs.
        assert!(row(&table, "3a").contains("not measured"));
    }

    #[test]
    fn more_cpu_misses_the_goal_even_at_less_wall_time() {
        let table = table("clean\telicit\t1\t9.0\t21.0\nclean\tserde\t1\t10.0\t20.0\n");
        assert!(row(&table, "3d").contains("**no**"));
    }

    #[test]
    fn a_slower_clean_build_misses_the_goal() {
        let table = table("clean\telicit\t1\t11.0\t15.0\nclean\tserde\t1\t10.0\t20.0\n");
        assert!(row(&table, "3d").contains("**no**"));
        assert!(row(&table, "3d-path").contains("not measured"));
    }

    #[test]
    fn a_malformed_line_is_refused() {
        let error = Builds::parse("clean\telicit\t1\tfast\t15.0\n").err();
        assert_eq!(
            error.as_deref(),
            Some("bad line \"clean\\telicit\\t1\\tfast\\t15.0\"")
        );
    }
}
