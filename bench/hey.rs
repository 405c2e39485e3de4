//! `hey`, the load tool every bench drives the servers with: one request again and again, flat
//! out for the peak rate, then at half that rate for the latency. No compression is asked for.

use std::process::Command;

/// One request as `hey` sends it, again and again, and the status every answer must have.
pub struct Op {
    pub method: &'static str,
    pub path: String,
    pub headers: Vec<String>,
    pub content_type: Option<&'static str>,
    pub body: Option<std::path::PathBuf>,
    pub status: u16,
}

impl Op {
    pub fn get(path: &str, status: u16) -> Self {
        Self {
            method: "GET",
            path: path.to_owned(),
            headers: Vec::new(),
            content_type: None,
            body: None,
            status,
        }
    }
}

pub struct Measured {
    pub peak: f64,
    pub p50: f64,
    pub p99: f64,
}

impl Measured {
    /// A figure not measured (a peer that has no such mode).
    pub fn none() -> Self {
        Self {
            peak: f64::NAN,
            p50: f64::NAN,
            p99: f64::NAN,
        }
    }
}

/// Flat out with `clients` connections, then at half the rate that gave.
pub fn measure(base: &str, op: &Op, seconds: u64, clients: usize) -> anyhow::Result<Measured> {
    let peak = hey(base, op, seconds, clients, None)?.rate;
    at_half(base, op, peak, seconds, clients)
}

/// Two requests whose ratio is the figure, each at its server: their peaks taken in turns, `a`
/// for half its time, `b` for all of its own, `a` again, so a machine whose speed drifts during
/// the run weighs on both alike (the two runs' times have the same middle); then each at half its
/// peak. The drift is real: one build's orders ran at 4,801 and 6,118/s within four minutes here.
pub fn measure_pair(
    (a_base, a): (&str, &Op),
    (b_base, b): (&str, &Op),
    seconds: u64,
    clients: usize,
) -> anyhow::Result<(Measured, Measured)> {
    let half_time = (seconds / 2).max(1);
    let a_first = hey(a_base, a, half_time, clients, None)?.rate;
    let b_peak = hey(b_base, b, 2 * half_time, clients, None)?.rate;
    let a_peak = (a_first + hey(a_base, a, half_time, clients, None)?.rate) / 2.0;
    Ok((
        at_half(a_base, a, a_peak, seconds, clients)?,
        at_half(b_base, b, b_peak, seconds, clients)?,
    ))
}

/// The latency at half the peak, from half the clients at an even share of that rate.
fn at_half(
    base: &str,
    op: &Op,
    peak: f64,
    seconds: u64,
    clients: usize,
) -> anyhow::Result<Measured> {
    let half_clients = clients.div_ceil(2);
    let per_client = peak / 2.0 / half_clients as f64;
    let half = hey(base, op, seconds, half_clients, Some(per_client))?;
    Ok(Measured {
        peak,
        p50: half.p50,
        p99: half.p99,
    })
}

struct Hey {
    rate: f64,
    p50: f64,
    p99: f64,
}

fn hey(base: &str, op: &Op, seconds: u64, clients: usize, qps: Option<f64>) -> anyhow::Result<Hey> {
    let mut cmd = Command::new("hey");
    cmd.args(["-z", &format!("{seconds}s"), "-c", &clients.to_string()]);
    // As wrk: no compression asked for. hey otherwise asks for gzip and inflates every answer on
    // the two cores the server shares with it (a cached list: 29k/s compressed, 51k/s plain).
    cmd.arg("-disable-compression");
    cmd.args(["-m", op.method]);
    if let Some(q) = qps {
        cmd.args(["-q", &format!("{q:.2}")]);
    }
    for h in &op.headers {
        cmd.args(["-H", h]);
    }
    if let Some(t) = op.content_type {
        cmd.args(["-T", t]);
    }
    if let Some(b) = &op.body {
        cmd.arg("-D").arg(b);
    }
    cmd.arg(format!("{base}{}", op.path));
    let out = cmd.output()?;
    anyhow::ensure!(
        out.status.success(),
        "hey: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let number_after = |label: &str| -> Option<f64> {
        let line = text.lines().find(|l| l.trim_start().starts_with(label))?;
        line.trim_start()[label.len()..]
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    };
    // Every answer must carry the expected status: a fast error is not throughput.
    let statuses: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('['))
        .collect();
    let expected = format!("[{}]", op.status);
    anyhow::ensure!(
        !statuses.is_empty()
            && statuses
                .iter()
                .all(|l| l.trim_start().starts_with(&expected)),
        "{} {}: answers other than {}: {statuses:?}",
        op.method,
        op.path,
        op.status
    );
    anyhow::ensure!(
        !text.contains("Error distribution"),
        "{} {}: errors:\n{text}",
        op.method,
        op.path
    );
    // A figure hey did not print is an error, not a zero in the table.
    let figure = |label: &str| {
        number_after(label).ok_or_else(|| anyhow::anyhow!("hey printed no '{label}':\n{text}"))
    };
    Ok(Hey {
        rate: figure("Requests/sec:")?,
        p50: figure("50% in")?,
        p99: figure("99% in")?,
    })
}
