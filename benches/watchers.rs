//! What watchers cost a host: a console host process referees Patolli between two guest
//! processes (their own AIs play, Easy), with no watcher and then with 20 watcher processes
//! following from the start; the host's peak memory (VmHWM) and the CPU time it used (user +
//! system), read from `/proc` while it runs. Linux only. `cargo bench --bench watchers
//! --profile dev`; the numbers are in `docs/network.md`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The same seed each time: the same match, so the runs differ only by their watchers.
const SEED: &str = "11";

/// What one hosted match cost its host.
struct Cost {
    /// Peak resident memory, kB.
    peak_kb: u64,
    /// User + system CPU time, in clock ticks (1/100 s).
    cpu_ticks: u64,
    /// The match's decisions (record entries).
    entries: usize,
    /// Wall time of the match.
    wall: Duration,
}

/// The host's peak memory (kB) and CPU ticks so far, or `None` once it has gone.
fn sample(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let peak = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name (which may hold spaces) in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some((peak, ticks))
}

fn tablero() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tablero"));
    command.stdin(Stdio::null()).stderr(Stdio::null());
    command
}

/// A console process joining with `invitation`, its AI playing if it is given a seat.
fn join(invitation: &str, name: &str) -> Child {
    tablero()
        .args(["console", "--join", invitation, "--ai", "--name", name])
        .stdout(Stdio::null())
        .spawn()
        .expect("a guest starts")
}

fn hosted_match(watchers: usize, dir: &Path) -> Cost {
    let record = dir.join(format!("host-{watchers}.ron"));
    let mut host = tablero()
        .args(["console", "patolli", "--players", "guest,guest"])
        .args(["--level", "easy", "--budget", "0.01", "--seed", SEED])
        .args(["--host", "--port", "0", "--bind", "127.0.0.1", "--record"])
        .arg(&record)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the host starts");
    let pid = host.id();
    let mut lines = BufReader::new(host.stdout.take().expect("piped")).lines();
    let (mut play, mut watch) = (None, None);
    while play.is_none() || watch.is_none() {
        let line = lines
            .next()
            .and_then(Result::ok)
            .expect("the host prints its invitations");
        if let Some(invitation) = line.strip_prefix("Invitation to play: ") {
            play = Some(invitation.to_string());
        }
        if let Some(invitation) = line.strip_prefix("Invitation to watch: ") {
            watch = Some(invitation.to_string());
        }
    }
    std::thread::spawn(move || lines.for_each(drop));
    let (play, watch) = (play.unwrap_or_default(), watch.unwrap_or_default());
    let mut guests: Vec<Child> = (0..watchers)
        .map(|i| join(&watch, &format!("Watcher {i}")))
        .collect();
    // Every watcher in before the match starts.
    std::thread::sleep(Duration::from_secs(2));
    let started = Instant::now();
    guests.push(join(&play, "Ana"));
    guests.push(join(&play, "Bob"));
    let mut last = (0, 0);
    while host.try_wait().expect("wait").is_none() {
        if let Some(now) = sample(pid) {
            last = now;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let wall = started.elapsed();
    for mut guest in guests {
        let _ = guest.wait();
    }
    let text = std::fs::read_to_string(&record).expect("the host's record");
    let entries = ron::from_str::<tablero::record::Record>(&text)
        .expect("the record parses")
        .moves
        .len();
    Cost {
        peak_kb: last.0,
        cpu_ticks: last.1,
        entries,
        wall,
    }
}

fn main() {
    let dir = std::env::temp_dir().join(format!("tablero-bench-watchers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    for watchers in [0, 20] {
        let cost = hosted_match(watchers, &dir);
        println!(
            "{watchers:>2} watchers: host peak memory {:.1} MB, CPU {:.2} s ({:.2} ms a decision) over {} decisions in {:.1} s",
            cost.peak_kb as f64 / 1024.0,
            cost.cpu_ticks as f64 / 100.0,
            cost.cpu_ticks as f64 * 10.0 / cost.entries.max(1) as f64,
            cost.entries,
            cost.wall.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
