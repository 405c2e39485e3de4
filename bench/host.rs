//! What the host took from this machine: on a virtual machine the hypervisor may run other guests
//! on our cores ("steal" in `/proc/stat`), and a round measured then is slower on every side.
//! Printed beside each round, so a reader can tell a slow round from a slow host.

/// The machine's CPU time so far, in clock ticks: (all, stolen).
#[derive(Clone, Copy)]
pub struct CpuTimes {
    all: u64,
    stolen: u64,
}

impl CpuTimes {
    /// Now, or zeros where `/proc/stat` cannot be read (then every share reads 0).
    pub fn now() -> Self {
        let line = std::fs::read_to_string("/proc/stat")
            .ok()
            .and_then(|s| s.lines().next().map(str::to_owned))
            .unwrap_or_default();
        // cpu user nice system idle iowait irq softirq steal guest guest_nice; guest time is
        // already counted in user.
        let ticks: Vec<u64> = line
            .split_whitespace()
            .skip(1)
            .take(8)
            .filter_map(|t| t.parse().ok())
            .collect();
        Self {
            all: ticks.iter().sum(),
            stolen: ticks.get(7).copied().unwrap_or(0),
        }
    }

    /// The share of the CPU time since `self` that the host took, in percent.
    pub fn stolen_since(self) -> f64 {
        let now = Self::now();
        let all = now.all.saturating_sub(self.all);
        if all == 0 {
            return 0.0;
        }
        100.0 * now.stolen.saturating_sub(self.stolen) as f64 / all as f64
    }
}
