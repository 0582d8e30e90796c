//! Play over the network, on loopback: real console processes hosting and joining whole
//! matches; and in this process, a host's referee against peers that do not follow the rules
//! (no secret, a wrong one, garbage, frames past the limit, decisions for another seat, a
//! handshake that never ends, a man in the middle, a host that chooses a roll).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tablero::net::channel::{self, ChannelError};
use tablero::net::guest::{self, GuestError, GuestEvent, Joined, MirrorError};
use tablero::net::host::{Chair, Happened, HostEvent, HostMatch, ListenOptions, Listener, listen};
use tablero::net::invitation::{Invitation, Secret};
use tablero::net::wire::{Refused, SeatHolder, Stopped, ToGuest, ToHost, UndoDeclined};
use tablero::record::Entry;
use tablero::rules::{Seat, magnetic_cave, patolli};
use tablero::runner::FollowError;
use tablero::setup::{CaveMatch, Match, Rolls};

use crate::support::{repo, tablero, temp_dir};

/// A `tablero console … --host` process and what it printed so far.
struct HostProcess {
    child: Child,
    printed: Arc<Mutex<String>>,
    play: String,
    watch: String,
}

impl HostProcess {
    /// Starts `tablero console ARGS --host` on a free loopback port, recording to `record`,
    /// and waits for its invitations.
    fn start(args: &[&str], record: &Path) -> HostProcess {
        let mut child = tablero()
            .arg("console")
            .args(args)
            .args(["--host", "--port", "0", "--bind", "127.0.0.1"])
            .arg("--record")
            .arg(record)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the host starts");
        let printed = Arc::new(Mutex::new(String::new()));
        let stdout = child.stdout.take().expect("piped");
        let into = Arc::clone(&printed);
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let mut printed = into.lock().expect("not poisoned");
                printed.push_str(&line);
                printed.push('\n');
            }
        });
        let mut host = HostProcess {
            child,
            printed,
            play: String::new(),
            watch: String::new(),
        };
        host.wait_for("Invitation to watch: ", Duration::from_secs(20));
        let printed = host.printed();
        let invitation = |label: &str| {
            printed
                .lines()
                .find_map(|line| line.strip_prefix(label))
                .expect("an invitation")
                .to_string()
        };
        host.play = invitation("Invitation to play: ");
        host.watch = invitation("Invitation to watch: ");
        host
    }

    /// What it printed so far.
    fn printed(&self) -> String {
        self.printed.lock().expect("not poisoned").clone()
    }

    /// Waits until it printed `text`.
    fn wait_for(&mut self, text: &str, within: Duration) {
        let start = Instant::now();
        while !self.printed().contains(text) {
            assert!(
                start.elapsed() < within,
                "the host never printed {text:?}:\n{}",
                self.printed()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for it to end, successfully.
    fn finish(mut self, within: Duration) -> String {
        wait_ok(&mut self.child, within, "the host");
        thread::sleep(Duration::from_millis(100));
        self.printed()
    }
}

/// Starts `tablero console --join INVITATION --ai`, recording to `record`.
fn guest_process(invitation: &str, name: &str, record: &Path) -> Child {
    tablero()
        .args([
            "console", "--join", invitation, "--ai", "--name", name, "--record",
        ])
        .arg(record)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the guest starts")
}

/// Waits for `child` to exit with success within `within` (killed and failed otherwise).
fn wait_ok(child: &mut Child, within: Duration, who: &str) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut errors = String::new();
            if let Some(stderr) = child.stderr.as_mut() {
                let _ = stderr.read_to_string(&mut errors);
            }
            assert!(status.success(), "{who} failed: {status}: {errors}");
            return;
        }
        if start.elapsed() > within {
            let _ = child.kill();
            panic!("{who} did not finish within {within:?}");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// Hosts `args` with guests and watchers playing by their AI, and checks that every copy of
/// the record is the host's, byte for byte, and loads.
fn play_over_loopback(name: &str, args: &[&str], guests: usize, watchers: usize) -> String {
    let dir = temp_dir(name);
    let host_record = dir.as_ref().join("host.ron");
    let host = HostProcess::start(args, &host_record);
    let mut children = Vec::new();
    for i in 0..watchers {
        let record = dir.as_ref().join(format!("watcher{i}.ron"));
        children.push((
            guest_process(&host.watch, &format!("Watcher {i}"), &record),
            record,
        ));
    }
    for i in 0..guests {
        let record = dir.as_ref().join(format!("guest{i}.ron"));
        children.push((
            guest_process(&host.play, &format!("Guest {i}"), &record),
            record,
        ));
    }
    let printed = host.finish(Duration::from_secs(120));
    let hosted = std::fs::read_to_string(&host_record).expect("the host's record");
    for (mut child, record) in children {
        wait_ok(&mut child, Duration::from_secs(30), "a guest");
        let copy = std::fs::read_to_string(&record).expect("a guest's record");
        assert_eq!(
            copy,
            hosted,
            "{} differs from the host's record",
            record.display()
        );
    }
    tablero::replay::load(&host_record).expect("the record loads");
    assert!(printed.contains("joined and plays seat"), "{printed}");
    hosted
}

#[test]
fn console_hosts_and_guests_play_every_game_to_the_same_record() {
    let cave = play_over_loopback(
        "net-cave",
        &[
            "magnetic-cave",
            "--black",
            "ai",
            "--white",
            "guest",
            "--budget",
            "0.02",
        ],
        1,
        1,
    );
    assert!(cave.contains("result: Some("), "{cave}");
    let penguins = play_over_loopback(
        "net-penguins",
        &[
            "penguins",
            "--players",
            "guest,ai,guest",
            "--budget",
            "0.02",
            "--seed",
            "7",
        ],
        2,
        0,
    );
    assert!(penguins.contains("result: Some("), "{penguins}");
}

#[test]
fn four_play_patolli_over_loopback_with_fair_dice_that_check_layout_checks() {
    let layout = repo().join("levels/patolli_4.ron");
    let layout = layout.to_str().expect("utf-8");
    let record = play_over_loopback(
        "net-patolli",
        &[
            "patolli",
            "--layout",
            layout,
            "--players",
            "ai,guest,guest,guest",
            "--budget",
            "0.01",
        ],
        3,
        1,
    );
    assert!(record.contains("dice: Some("), "the seeds are kept");
    // A record whose roll does not follow from the seeds is refused where the roll is.
    let at = record.find("Roll(").expect("a roll") + "Roll(".len();
    let shown: u8 = record[at..at + 1].parse().expect("a digit");
    let mut forged = record.clone();
    forged.replace_range(at..at + 1, &((shown + 1) % 6).to_string());
    let dir = temp_dir("net-patolli-forged");
    let path = dir.as_ref().join("forged.ron");
    std::fs::write(&path, forged).expect("written");
    let out = tablero()
        .arg("check-layout")
        .arg(&path)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        said.contains("does not follow from the players' seeds"),
        "{said}"
    );
}

#[test]
fn a_guest_killed_mid_match_is_away_and_a_new_one_finishes_the_match() {
    let dir = temp_dir("net-rejoin");
    let host_record = dir.as_ref().join("host.ron");
    let mut host = HostProcess::start(
        &["patolli", "--players", "ai,guest", "--budget", "0.01"],
        &host_record,
    );
    let mut first = guest_process(&host.play, "Ana", &dir.as_ref().join("first.ron"));
    host.wait_for("Player N: ", Duration::from_secs(30));
    first.kill().expect("killed");
    let _ = first.wait();
    host.wait_for("is away; the match waits", Duration::from_secs(10));
    let second_record = dir.as_ref().join("second.ron");
    let mut second = guest_process(&host.play, "Ana again", &second_record);
    host.wait_for("takes seat 2 again", Duration::from_secs(10));
    let printed = host.finish(Duration::from_secs(120));
    wait_ok(&mut second, Duration::from_secs(30), "the second guest");
    let hosted = std::fs::read_to_string(&host_record).expect("the host's record");
    assert_eq!(
        std::fs::read_to_string(&second_record).expect("its record"),
        hosted,
        "the guest that came back has the whole record"
    );
    tablero::replay::load(&host_record).expect("the record loads: no entry lost or doubled");
    assert!(printed.contains("wins"), "{printed}");
}

#[test]
fn a_host_that_stopped_hosts_its_match_again_from_the_record() {
    let dir = temp_dir("net-host-again");
    let first_record = dir.as_ref().join("first.ron");
    let mut host = HostProcess::start(
        &["patolli", "--players", "ai,guest", "--budget", "0.01"],
        &first_record,
    );
    let mut guest = guest_process(&host.play, "Ana", &dir.as_ref().join("guest1.ron"));
    host.wait_for("Player N: ", Duration::from_secs(30));
    host.child.kill().expect("the host is killed");
    let _ = host.child.wait();
    let status = guest.wait().expect("the guest ends");
    assert!(!status.success(), "the guest says the host is lost");
    let played = tablero::replay::load(&first_record).expect("the record so far loads");
    let entries = played.record().moves.len();

    let again_record = dir.as_ref().join("again.ron");
    let from = first_record.to_str().expect("utf-8");
    let host = HostProcess::start(
        &[
            "patolli",
            "--players",
            "ai,guest",
            "--budget",
            "0.01",
            "--from",
            from,
        ],
        &again_record,
    );
    assert!(
        host.printed()
            .contains(&format!("goes on after {entries} entries"))
    );
    let guest_record = dir.as_ref().join("guest2.ron");
    let mut guest = guest_process(&host.play, "Ana", &guest_record);
    let printed = host.finish(Duration::from_secs(120));
    wait_ok(&mut guest, Duration::from_secs(30), "the guest");
    assert!(printed.contains("wins"), "{printed}");
    let again = tablero::replay::load(&again_record).expect("the whole match loads, dice checked");
    assert_eq!(again.record().moves[..entries], played.record().moves[..]);
    assert_eq!(
        std::fs::read_to_string(&guest_record).expect("the guest's copy"),
        std::fs::read_to_string(&again_record).expect("the host's")
    );
}

/// A proxy on loopback that forwards each connection to `target` with `delay` each way, and
/// holds back one chunk in ten for a further `stall` (what a lost packet costs TCP: its
/// resend), keeping the bytes in order. This kernel has no `netem` queueing discipline
/// (`tc qdisc add dev lo root netem …`: "Specified qdisc kind is unknown"), so the delay and
/// the losses are made here. Returns its address.
fn slow_proxy(target: SocketAddr, delay: Duration, stall: Duration) -> SocketAddr {
    let proxy = TcpListener::bind("127.0.0.1:0").expect("binds");
    let address = proxy.local_addr().expect("bound");
    thread::spawn(move || {
        for (seed, guest) in proxy.incoming().enumerate() {
            let Ok(guest) = guest else { continue };
            let Ok(host) = TcpStream::connect(target) else {
                continue;
            };
            for (from, to, salt) in [
                (
                    guest.try_clone().expect("clone"),
                    host.try_clone().expect("clone"),
                    1,
                ),
                (host, guest, 2),
            ] {
                let (chunks, delivered) = std::sync::mpsc::channel::<(Instant, Vec<u8>)>();
                let mut from = from;
                let mut state = (seed as u64 + 1) * 7919 + salt;
                thread::spawn(move || {
                    let mut buffer = [0; 4096];
                    let mut last = Instant::now();
                    while let Ok(read) = from.read(&mut buffer) {
                        if read == 0 {
                            break;
                        }
                        state = state
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let lost = (state >> 33).is_multiple_of(10);
                        let due =
                            Instant::now() + delay + if lost { stall } else { Duration::ZERO };
                        last = last.max(due);
                        if chunks.send((last, buffer[..read].to_vec())).is_err() {
                            break;
                        }
                    }
                });
                let mut to = to;
                thread::spawn(move || {
                    for (due, bytes) in delivered {
                        thread::sleep(due.saturating_duration_since(Instant::now()));
                        if to.write_all(&bytes).is_err() {
                            break;
                        }
                    }
                    let _ = to.shutdown(std::net::Shutdown::Both);
                });
            }
        }
    });
    address
}

#[test]
fn three_play_penguins_through_200_ms_of_delay_and_lost_packets_to_the_same_record() {
    let dir = temp_dir("net-slow");
    let host_record = dir.as_ref().join("host.ron");
    let host = HostProcess::start(
        &[
            "penguins",
            "--players",
            "guest,ai,guest",
            "--rows",
            "6",
            "--cols",
            "6",
            "--penguins",
            "1",
            "--budget",
            "0.02",
            "--seed",
            "3",
        ],
        &host_record,
    );
    let mut invitation: Invitation = host.play.parse().expect("an invitation");
    let target: SocketAddr = invitation.address.parse().expect("an address");
    invitation.address = slow_proxy(
        target,
        Duration::from_millis(200),
        Duration::from_millis(400),
    )
    .to_string();
    let mut guests = Vec::new();
    for i in 0..2 {
        let record = dir.as_ref().join(format!("guest{i}.ron"));
        let child = guest_process(&invitation.to_string(), &format!("Far {i}"), &record);
        guests.push((child, record));
    }
    host.finish(Duration::from_secs(150));
    let hosted = std::fs::read_to_string(&host_record).expect("the host's record");
    for (mut child, record) in guests {
        wait_ok(&mut child, Duration::from_secs(30), "a far guest");
        assert_eq!(std::fs::read_to_string(&record).expect("its copy"), hosted);
    }
    assert!(hosted.contains("result: Some("), "{hosted}");
}

/// A host of `setup` with `chairs` listening on loopback, driven by the test.
struct TestHost<G: Match> {
    listener: Listener,
    host: HostMatch<G>,
    notes: Vec<String>,
    senders: Vec<channel::Sender>,
}

impl<G: Match> TestHost<G> {
    fn new(setup: G::Setup, chairs: Vec<Chair>) -> TestHost<G> {
        let listener = listen(&ListenOptions {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            advertise: None,
        })
        .expect("listens");
        TestHost {
            listener,
            host: HostMatch::new(setup, chairs, Duration::from_secs(300)).expect("a host"),
            notes: Vec::new(),
            senders: Vec::new(),
        }
    }

    /// Handles events until `done` says so (at most 15 s).
    fn pump_until(&mut self, what: &str, done: impl Fn(&TestHost<G>) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "never: {what}; notes: {:?}",
                self.notes
            );
            if let Some(event) = self.listener.next_event(Duration::from_millis(10)) {
                if let HostEvent::Joined { sender, .. } = &event {
                    self.senders.push(sender.clone());
                }
                for happened in self.host.handle(event) {
                    if let Happened::Note(note) = happened {
                        self.notes.push(note);
                    }
                }
            }
        }
    }

    /// How many notes so far contain `text`.
    fn count(&self, text: &str) -> usize {
        self.notes.iter().filter(|n| n.contains(text)).count()
    }

    /// Handles events until one more note contains `text`.
    fn note(&mut self, text: &str) {
        let before = self.count(text);
        self.pump_until(text, |host| host.count(text) > before);
    }
}

/// Joins in a thread (the host must pump to let it in).
fn join_later(
    invitation: &Invitation,
    name: &str,
) -> thread::JoinHandle<Result<Joined, GuestError>> {
    let invitation = invitation.clone();
    let name = name.to_string();
    thread::spawn(move || guest::join(&invitation, &name))
}

/// The next message the guest gets within 5 s that `wanted` picks.
fn next_message(joined: &Joined, wanted: impl Fn(&ToGuest) -> bool) -> ToGuest {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        if let Some(GuestEvent::Message(message)) = joined.next_event(Duration::from_millis(20))
            && wanted(&message)
        {
            return message;
        }
    }
    panic!("no such message came");
}

#[test]
fn a_host_refuses_decisions_for_another_seat_out_of_turn_illegal_or_from_a_watcher() {
    let mut test = TestHost::<magnetic_cave::State>::new(
        CaveMatch::default(),
        vec![Chair::Guest, Chair::Guest],
    );
    let play = test.listener.play.clone();
    let watch = test.listener.watch.clone();
    let ana = join_later(&play, "Ana");
    test.note("Ana joined and plays seat 1");
    let ana = ana.join().expect("joined").expect("welcomed");
    let watcher = join_later(&watch, "Wat");
    test.note("Wat watches");
    let watcher = watcher.join().expect("joined").expect("welcomed");
    let bob = join_later(&play, "Bob");
    test.pump_until("the match starts", |t| t.host.started());
    let bob = bob.join().expect("joined").expect("welcomed");
    assert_eq!((ana.seats.clone(), bob.seats.clone()), (vec![0], vec![1]));
    assert!(watcher.seats.is_empty());
    // A third player finds every seat taken.
    let late = join_later(&play, "Late");
    test.note("Late was turned away");
    assert!(matches!(
        late.join().expect("joined"),
        Err(GuestError::TurnedAway(Stopped::SeatsTaken))
    ));

    bob.send(&ToHost::Decide("A1".into())).expect("sent");
    test.note("Refused Bob: it is not your turn");
    watcher.send(&ToHost::Decide("A1".into())).expect("sent");
    test.note("Refused Wat: you have no seat");
    ana.send(&ToHost::Decide("D4".into())).expect("sent");
    test.note("Refused Ana: D4: D4 is not stacked");
    ana.send(&ToHost::Decide("Z99".into())).expect("sent");
    test.note("Refused Ana: Z99: Z99 is outside");
    ana.send(&ToHost::Hello {
        name: "again".into(),
        commit: None,
        seats: Vec::new(),
    })
    .expect("sent");
    test.note("is not expected now");
    assert!(
        test.host.runner().record().moves.is_empty(),
        "nothing refused was played"
    );
    assert!(matches!(
        next_message(&bob, |m| matches!(m, ToGuest::Refused(_))),
        ToGuest::Refused(Refused::NotYourTurn)
    ));

    ana.send(&ToHost::Decide("A1".into())).expect("sent");
    test.pump_until("A1 is played", |t| {
        t.host.runner().record().moves.len() == 1
    });
    for who in [&bob, &watcher] {
        assert!(matches!(
            next_message(who, |m| matches!(m, ToGuest::Entry(_))),
            ToGuest::Entry(Entry::Act(text, _)) if text == "A1"
        ));
    }
    // Bob's turn now; a decision of his is played.
    bob.send(&ToHost::Decide("H1".into())).expect("sent");
    test.pump_until("H1 is played", |t| {
        t.host.runner().record().moves.len() == 2
    });
}

#[test]
fn wrong_secrets_garbage_and_frames_past_the_limit_are_refused_and_change_nothing() {
    let mut test = TestHost::<magnetic_cave::State>::new(
        CaveMatch::default(),
        vec![Chair::Here(Seat::Ai), Chair::Guest],
    );
    let play = test.listener.play.clone();
    let address = test.listener.address;

    // A wrong secret.
    let mut wrong = play.clone();
    wrong.secret = Secret([7; 10]);
    let attempt = thread::spawn(move || channel::connect(&wrong).map(drop));
    test.note("the guest does not hold an invitation's secret");
    assert!(attempt.join().expect("ran").is_err());

    // Garbage bytes instead of a handshake.
    let mut stream = TcpStream::connect(address).expect("connects");
    stream.write_all(&[0, 40]).expect("written");
    stream.write_all(&[0x5a; 40]).expect("written");
    test.pump_until("the garbage is refused", |t| {
        t.notes
            .iter()
            .filter(|n| n.contains("Refused 127.0.0.1"))
            .count()
            >= 2
    });
    let mut rest = Vec::new();
    let _ = stream.read_to_end(&mut rest);
    assert!(rest.is_empty(), "nothing is answered to garbage");

    // A frame longer than the limit, before the handshake: refused unread.
    let mut stream = TcpStream::connect(address).expect("connects");
    stream.write_all(&[0xff, 0xff]).expect("written");
    test.pump_until("the long frame is refused", |t| {
        t.notes.iter().any(|n| n.contains("past the limit"))
    });

    // After the handshake: a frame past the limit, bytes that do not decrypt, a message that
    // is no message. Each closes that connection only.
    for (what, expected) in [
        ("long", "past the limit"),
        ("tampered", "does not decrypt"),
        ("malformed", "cannot be understood"),
    ] {
        let mut stream = handshake_by_hand(&play);
        match what {
            "long" => stream.write_all(&[0xff, 0xf0]).expect("written"),
            "tampered" => {
                stream.write_all(&[0, 40]).expect("written");
                stream.write_all(&[1; 40]).expect("written");
            }
            _ => {}
        }
        if what == "malformed" {
            // Encrypted properly by the real channel, but not a message of ours.
            let (sender, _receiver) = channel::connect(&play).expect("handshake");
            sender
                .send_bytes(b"{\"Launch\":\"missiles\"}")
                .expect("sent");
        }
        test.note(expected);
    }
    assert!(test.host.runner().record().moves.is_empty());
    assert!(!test.host.started(), "nobody was seated by any of them");

    // Too many wrong secrets from one address: its next connections are closed unheard, even
    // with the right secret.
    for _ in 0..5 {
        let mut wrong = play.clone();
        wrong.secret = Secret([9; 10]);
        let _ = channel::connect(&wrong);
    }
    let right = join_later(&play, "Ana");
    test.note("wrong handshakes from this address");
    assert!(right.join().expect("ran").is_err());
}

/// Completes a guest's handshake with `invitation` by hand (snow directly), returning the raw
/// stream for sending what no real guest would.
fn handshake_by_hand(invitation: &Invitation) -> TcpStream {
    let mut stream = TcpStream::connect(&invitation.address).expect("connects");
    let psk = invitation.secret.psk();
    let mut noise = snow::Builder::new(channel::NOISE.parse().expect("params"))
        .psk(0, &psk)
        .expect("psk")
        .remote_public_key(&invitation.key)
        .expect("key")
        .build_initiator()
        .expect("initiator");
    let mut buffer = [0; 256];
    let written = noise.write_message(&[], &mut buffer).expect("message 1");
    stream
        .write_all(&u16::try_from(written).expect("small").to_be_bytes())
        .expect("written");
    stream.write_all(&buffer[..written]).expect("written");
    let mut length = [0; 2];
    stream.read_exact(&mut length).expect("reply");
    let mut reply = vec![0; usize::from(u16::from_be_bytes(length))];
    stream.read_exact(&mut reply).expect("reply");
    noise
        .read_message(&reply, &mut buffer)
        .expect("the host's reply");
    stream
}

#[test]
fn a_handshake_that_never_finishes_is_dropped_after_ten_seconds() {
    let mut test = TestHost::<magnetic_cave::State>::new(
        CaveMatch::default(),
        vec![Chair::Here(Seat::Ai), Chair::Guest],
    );
    let start = Instant::now();
    let mut stream = TcpStream::connect(test.listener.address).expect("connects");
    stream.write_all(&[0]).expect("half a length");
    test.pump_until("the silent peer is dropped", |t| {
        t.notes
            .iter()
            .any(|n| n.contains("did not finish within 10 s"))
    });
    let waited = start.elapsed();
    assert!(waited >= Duration::from_secs(9), "dropped after {waited:?}");
    let mut rest = Vec::new();
    assert_eq!(
        stream
            .read_to_end(&mut rest)
            .map(|_| rest.len())
            .unwrap_or(0),
        0
    );
}

/// A proxy between a guest and `host` that changes byte `at` of what flows from the host to
/// the guest (`from_host`) or the other way. Returns its address.
fn tampering_proxy(host: String, at: usize, from_host: bool) -> String {
    let proxy = TcpListener::bind("127.0.0.1:0").expect("binds");
    let address = proxy.local_addr().expect("bound").to_string();
    thread::spawn(move || {
        let Ok((guest, _)) = proxy.accept() else {
            return;
        };
        let Ok(upstream) = TcpStream::connect(&host) else {
            return;
        };
        let pipe = |mut from: TcpStream, mut to: TcpStream, change: bool| {
            thread::spawn(move || {
                let mut seen = 0;
                let mut buffer = [0; 4096];
                while let Ok(read) = from.read(&mut buffer) {
                    if read == 0 {
                        break;
                    }
                    if change && (seen..seen + read).contains(&at) {
                        buffer[at - seen] ^= 0x01;
                    }
                    seen += read;
                    if to.write_all(&buffer[..read]).is_err() {
                        break;
                    }
                }
                let _ = to.shutdown(std::net::Shutdown::Both);
            })
        };
        let (guest2, upstream2) = (
            guest.try_clone().expect("clone"),
            upstream.try_clone().expect("clone"),
        );
        pipe(guest, upstream, !from_host);
        pipe(upstream2, guest2, from_host);
    });
    address
}

#[test]
fn a_man_in_the_middle_is_detected_and_the_connection_closed() {
    let mut test = TestHost::<magnetic_cave::State>::new(
        CaveMatch::default(),
        vec![Chair::Here(Seat::Ai), Chair::Guest],
    );
    let play = test.listener.play.clone();
    // One byte changed in the host's welcome (after its 50-byte handshake reply).
    let mut through = play.clone();
    through.address = tampering_proxy(play.address.clone(), 60, true);
    let joining = join_later(&through, "Ana");
    test.pump_until("the guest joined", |t| {
        t.notes.iter().any(|n| n.contains("joined and plays seat"))
    });
    assert!(matches!(
        joining.join().expect("ran"),
        Err(GuestError::Channel(ChannelError::Tampered))
    ));
    // One byte changed in the guest's first handshake message: the host refuses it.
    let mut through = play.clone();
    through.address = tampering_proxy(play.address.clone(), 10, false);
    let joining = join_later(&through, "Bob");
    test.note("does not hold an invitation's secret");
    assert!(joining.join().expect("ran").is_err());
    // Another host's key at this host's address: the guest never completes a handshake with it.
    let impostor = listen(&ListenOptions {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        advertise: None,
    })
    .expect("listens");
    let mut redirected = play.clone();
    redirected.address = impostor.address.to_string();
    assert!(
        guest::join(&redirected, "Cy").is_err(),
        "the impostor is not the invited host"
    );
    assert!(matches!(
        impostor.next_event(Duration::from_secs(5)),
        Some(HostEvent::Refused { .. })
    ));
    assert!(test.host.runner().record().moves.is_empty());
}

/// A Patolli match of two human seats on the standard cross.
fn two_player_patolli() -> tablero::setup::PatolliMatch {
    let board =
        tablero::setup::load_patolli_layout(&repo().join("levels/patolli.ron")).expect("the board");
    tablero::setup::PatolliMatch::new(
        board,
        vec![Seat::Human, Seat::Human],
        Duration::from_millis(10),
        tablero::ai::AiLevel::Easy,
        1,
        Vec::new(),
    )
    .expect("a setup")
}

#[test]
fn a_guest_catches_a_host_that_chooses_a_roll() {
    let setup = two_player_patolli();
    let mut test =
        TestHost::<patolli::State>::new(setup, vec![Chair::Here(Seat::Human), Chair::Guest]);
    let play = test.listener.play.clone();
    let (done, guest) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let mut said = Vec::new();
        let options = tablero::net::console::JoinConsole {
            name: "Ana".into(),
            ai: true,
            record_to: None,
        };
        let result = tablero::net::console::join(&play, &options, std::io::empty(), &mut said);
        let _ = done.send((result, String::from_utf8_lossy(&said).into_owned()));
    });
    test.pump_until("the match starts", |t| t.host.started());
    // The dice would roll this; the host sends another value.
    let record = test.host.runner().record().clone();
    let mut rolls = Rolls::new(record.seed.expect("a seed"), Vec::new());
    let fair = rolls
        .next(test.host.runner().state())
        .expect("a roll is due");
    let chosen = (fair + 1) % 6;
    thread::sleep(Duration::from_millis(200));
    for sender in &test.senders {
        let _ = sender.send(&ToGuest::Entry(Entry::Roll(chosen)));
    }
    let (result, said) = guest
        .recv_timeout(Duration::from_secs(30))
        .expect("the guest stops the match at once");
    assert!(
        matches!(
            result,
            Err(tablero::net::console::NetConsoleError::Mirror(ref error))
                if matches!(
                    error.downcast_ref::<MirrorError<patolli::State>>(),
                    Some(MirrorError::Follow(FollowError::ChosenRoll { expected, found }))
                        if *expected == fair && *found == chosen
                )
        ),
        "{said}"
    );
    assert!(
        said.contains("The match stops: the host sent an entry that cannot be followed: the roll"),
        "{said}"
    );
}

mod random_messages {
    use super::*;
    use proptest::prelude::*;

    /// A message a guest might send, meant or not.
    fn message() -> impl Strategy<Value = ToHost> {
        prop_oneof![
            "[A-Ha-h][1-8]".prop_map(ToHost::Decide),
            ".{0,12}".prop_map(ToHost::Decide),
            (".{0,50}", proptest::option::of("[0-9a-f]{0,70}")).prop_map(|(name, commit)| {
                ToHost::Hello {
                    name,
                    commit,
                    seats: Vec::new(),
                }
            }),
            ".{0,70}".prop_map(ToHost::Reveal),
            Just(ToHost::Bye),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
        /// Whatever a guest sends, the host does not panic, and its record is always a match
        /// the rules accept (only legal decisions changed it).
        #[test]
        fn random_guest_messages_change_the_match_only_through_legal_decisions(
            messages in proptest::collection::vec(message(), 1..40)
        ) {
            let mut test = TestHost::<magnetic_cave::State>::new(
                CaveMatch::default(),
                vec![Chair::Guest, Chair::Here(Seat::Human)],
            );
            let play = test.listener.play.clone();
            let joining = join_later(&play, "Eve");
            test.pump_until("Eve is seated", |t| t.host.started());
            let _eve = joining.join().expect("ran").expect("welcomed");
            let peer = 1;
            for message in messages {
                let _ = test.host.handle(HostEvent::Message { peer, message });
                let record = test.host.runner().record();
                prop_assert!(tablero::replay::replay::<magnetic_cave::State>(record).is_ok());
            }
        }
    }
}

/// Joins `invitation` as `name` and reveals its seed when the host sends the commitments.
fn join_patolli_player(
    test: &mut TestHost<patolli::State>,
    invitation: &Invitation,
    name: &str,
) -> Joined {
    let joining = join_later(invitation, name);
    test.note(&format!("{name} joined"));
    joining.join().expect("ran").expect("welcomed")
}

#[test]
fn moves_are_taken_back_only_when_the_others_agree_and_the_dice_go_back_too() {
    let setup = two_player_patolli();
    let mut test = TestHost::<patolli::State>::new(setup, vec![Chair::Guest, Chair::Guest]);
    let play = test.listener.play.clone();
    let ana = join_patolli_player(&mut test, &play, "Ana");
    let bob = join_patolli_player(&mut test, &play, "Bob");
    for player in [&ana, &bob] {
        next_message(player, |m| matches!(m, ToGuest::Commits(_)));
        let seed = player.seed.expect("a player's seed");
        player
            .send(&ToHost::Reveal(tablero::fair_dice::hex(&seed)))
            .expect("sent");
    }
    test.pump_until("the match starts", |t| t.host.started());
    // Six decisions, each by the guest whose seat is to move (the first legal action).
    let mut decided = 0;
    while decided < 6 {
        while test.host.advance().is_some() {}
        let state = test.host.runner().state().clone();
        let player = patolli::State::to_move(&state);
        let action = tablero::rules::Game::legal_actions(&state)[0];
        let who = if player.index() == 0 { &ana } else { &bob };
        who.send(&ToHost::Decide(action.to_string())).expect("sent");
        let before = test.host.runner().record().moves.len();
        test.pump_until("the decision is played", |t| {
            t.host.runner().record().moves.len() > before
        });
        decided += 1;
    }
    while test.host.advance().is_some() {}
    let played = test.host.runner().record().clone();
    let ana_last = played
        .moves
        .iter()
        .enumerate()
        .filter(|(_, entry)| matches!(entry, Entry::Act(..)))
        .map(|(i, _)| i)
        .zip(test.host.runner().deciders())
        .filter(|(_, player)| player.index() == 0)
        .map(|(i, _)| i)
        .last()
        .expect("Ana decided");

    // Bob says no: nothing changes.
    ana.send(&ToHost::AskUndo).expect("sent");
    test.note("Ana asks to take back moves");
    assert!(matches!(
        next_message(&bob, |m| matches!(m, ToGuest::UndoAsked(_))),
        ToGuest::UndoAsked(SeatHolder::Guest(by)) if by == "Ana"
    ));
    bob.send(&ToHost::AnswerUndo(false)).expect("sent");
    test.note("No moves are taken back: Bob says no");
    assert_eq!(test.host.runner().record(), &played);
    assert!(matches!(
        next_message(&ana, |m| matches!(m, ToGuest::UndoDeclined(_))),
        ToGuest::UndoDeclined(UndoDeclined::SaysNo(SeatHolder::Guest(ref name))) if name == "Bob"
    ));

    // Bob agrees: Ana's last decision and everything after it go back.
    ana.send(&ToHost::AskUndo).expect("sent");
    test.note("Ana asks to take back moves");
    next_message(&bob, |m| matches!(m, ToGuest::UndoAsked(_)));
    bob.send(&ToHost::AnswerUndo(true)).expect("sent");
    test.pump_until("the moves go back", |t| {
        t.host.runner().record().moves.len() == ana_last
    });
    for who in [&ana, &bob] {
        assert!(matches!(
            next_message(who, |m| matches!(m, ToGuest::Undone(_))),
            ToGuest::Undone(entries) if entries == ana_last
        ));
    }
    // Ana decides as before: the dice roll what they rolled the first time.
    let Entry::Act(again, _) = &played.moves[ana_last] else {
        panic!("an action")
    };
    ana.send(&ToHost::Decide(again.clone())).expect("sent");
    test.pump_until("the decision is played", |t| {
        t.host.runner().record().moves.len() > ana_last
    });
    while test.host.advance().is_some() {}
    let record = test.host.runner().record();
    let next = ana_last + 1;
    if let (Some(Entry::Roll(now)), Some(Entry::Roll(then))) =
        (record.moves.get(next), played.moves.get(next))
    {
        assert_eq!(now, then, "the same roll comes again");
    }
    tablero::replay::replay::<patolli::State>(record).expect("every roll follows from the seeds");
    // An answer when nobody asks is refused.
    let _ = bob.send(&ToHost::AnswerUndo(true));
    test.note("Refused Bob: nobody asks to take back moves");
}

/// The window's way to play over the network, headless: a menu hosts, another app joins
/// through its *Join a match* form, and both play through their referees.
mod from_the_menu {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use bevy::prelude::*;
    use tablero::app::Screen;
    use tablero::app::join::JoinForm;
    use tablero::app::match_view::reason_words;
    use tablero::app::menu::{MenuChoices, MenuHosting};
    use tablero::app::network::NetWindow;
    use tablero::app::penguins::referee::{ActionRequested, PenguinsReferee};
    use tablero::app::referee::{MatchNotStarted, RemoteBroken, ToRemoteReferee};
    use tablero::app::start::AppStart;
    use tablero::i18n::Language;
    use tablero::net::host::ListenOptions;
    use tablero::rules::penguins::{self, Action, Pos};
    use tablero::rules::{GameKind, Seat};

    use super::english;
    use crate::referee::{headless_app_with, pump_until};
    use crate::support::{ScratchDir, repo, temp_dir};

    /// An app on the menu with everything the network screens need, its layouts in `levels`.
    fn menu_app(levels: &ScratchDir) -> App {
        headless_app_with(levels, AppStart::menu(levels.to_path_buf()), false, |app| {
            app.init_resource::<ButtonInput<KeyCode>>();
            app.add_message::<KeyboardInput>();
            app.add_plugins((
                tablero::app::menu::plugin,
                tablero::app::network::plugin,
                tablero::app::waiting_room::plugin,
                tablero::app::join::plugin,
                tablero::app::clipboard::plugin,
            ));
            // Only loopback: a test never listens on every network.
            app.insert_resource(MenuHosting(ListenOptions {
                bind: "127.0.0.1:0".parse().expect("an address"),
                advertise: None,
            }));
        })
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    /// Presses `key` for one frame.
    fn press(app: &mut App, key: KeyCode) {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
    }

    /// Types `keys` as a keyboard does: a message a key, with its text when it has one.
    fn type_keys(app: &mut App, keys: impl IntoIterator<Item = (KeyCode, Key)>) {
        for (key_code, logical_key) in keys {
            let text = match &logical_key {
                Key::Character(text) => Some(text.clone()),
                _ => None,
            };
            app.world_mut().write_message(KeyboardInput {
                key_code,
                logical_key,
                state: ButtonState::Pressed,
                text,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
        app.update();
    }

    fn characters(text: &str) -> Vec<(KeyCode, Key)> {
        text.chars()
            .map(|c| (KeyCode::KeyA, Key::Character(c.to_string().into())))
            .collect()
    }

    /// What Esc does in a match (the match view's keys, not part of a headless app).
    fn leave_for_the_menu(app: &mut App) {
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
    }

    fn referee(app: &App) -> Option<&PenguinsReferee> {
        app.world().get_resource::<PenguinsReferee>()
    }

    fn net(app: &App) -> &NetWindow {
        app.world().resource::<NetWindow>()
    }

    /// A menu that cannot listen where it is told (another program has the port) says why in
    /// the window's words, from the typed error, and stays on the menu.
    #[test]
    fn a_menu_that_cannot_listen_says_why_in_each_language() {
        let levels = temp_dir("menu-cannot-host");
        let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = taken.local_addr().expect("its address");
        let mut host = menu_app(&levels);
        host.insert_resource(MenuHosting(ListenOptions {
            bind: address,
            advertise: None,
        }));
        {
            let mut choices = host.world_mut().resource_mut::<MenuChoices>();
            choices.game = GameKind::MagneticCave;
            choices.seats = [Seat::Human, Seat::Human];
            choices.guests = [false, true, false, false];
        }
        press(&mut host, KeyCode::Enter);
        let reason = |app: &App, language| {
            app.world()
                .resource::<MatchNotStarted>()
                .0
                .as_ref()
                .map(|reason| reason_words(reason).in_language(language))
        };
        assert!(pump_until(&mut host, |app| reason(app, Language::English).is_some()));
        assert_eq!(
            reason(&host, Language::English),
            Some(format!(
                "cannot host: cannot listen on {address}: another program uses that port"
            ))
        );
        assert_eq!(
            reason(&host, Language::Spanish),
            Some(format!(
                "no se puede abrir la partida: no se puede escuchar en {address}: otro programa usa ese puerto"
            ))
        );
        assert_eq!(screen(&host), Screen::Menu);
        drop(taken);
    }

    /// Penguins of three from the menu, A and B played at the host's window and C a guest's:
    /// the host waits with its invitations, a second app pastes nothing but types the
    /// invitation into *Join a match*, both start, each plays its own seats through its
    /// referee and the records agree; the guest going back to the menu shows it away at
    /// the host, and the host going back ends the hosting.
    #[test]
    fn a_menu_hosts_a_guest_that_joins_by_the_form_and_both_play_to_one_record() {
        let levels = temp_dir("menu-hosts");
        std::fs::copy(
            repo().join("levels/penguins.ron"),
            levels.join("penguins.ron"),
        )
        .expect("the layout copied");
        let mut host = menu_app(&levels);
        {
            let mut choices = host.world_mut().resource_mut::<MenuChoices>();
            choices.game = GameKind::Penguins;
            choices.seats = [Seat::Human, Seat::Human];
            choices.more_seats = [Some(Seat::Human), None];
            choices.guests = [false, false, true, false];
            choices.penguins = 1;
        }
        press(&mut host, KeyCode::Enter);
        assert!(pump_until(&mut host, |app| screen(app) == Screen::Waiting
            && app
                .world()
                .get_resource::<NetWindow>()
                .is_some_and(|net| net.seat_views().len() == 3)));
        assert_eq!(net(&host).seats, [0, 1], "the host's window plays A and B");
        assert!(net(&host).hosting());
        let (play, watch) = net(&host)
            .invitations()
            .expect("the host's invitations")
            .clone();
        assert!(play.starts_with("tablero://play@127.0.0.1:"), "{play}");
        assert!(watch.starts_with("tablero://watch@"), "{watch}");

        let mut guest = menu_app(&levels);
        guest
            .world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Join);
        guest.update();
        assert_eq!(screen(&guest), Screen::Join);
        // A typo first: the form says so and stays.
        type_keys(&mut guest, characters("tablero:/nowhere"));
        type_keys(&mut guest, [(KeyCode::Enter, Key::Enter)]);
        let said = guest
            .world()
            .resource::<JoinForm>()
            .message
            .as_ref()
            .map(english);
        assert!(
            said.as_deref()
                .is_some_and(|m| m.starts_with("That is not an invitation")),
            "{said:?}"
        );
        assert_eq!(screen(&guest), Screen::Join);
        let mut fix = vec![(KeyCode::Backspace, Key::Backspace); 20];
        fix.extend(characters(&play));
        fix.push((KeyCode::Tab, Key::Tab));
        fix.extend(vec![(KeyCode::Backspace, Key::Backspace); 40]);
        fix.extend(characters("Bea"));
        type_keys(&mut guest, fix);
        assert_eq!(guest.world().resource::<JoinForm>().invitation, play);
        assert_eq!(guest.world().resource::<JoinForm>().name, "Bea");
        type_keys(&mut guest, [(KeyCode::Enter, Key::Enter)]);

        // The guest arrives; with every seat taken, both windows start the match.
        let both_started = |host: &mut App, guest: &mut App| {
            pump_until(host, |app| screen(app) == Screen::Penguins)
                && pump_until(guest, |app| screen(app) == Screen::Penguins)
        };
        let mut started = false;
        for _ in 0..100 {
            guest.update();
            host.update();
            if screen(&host) == Screen::Penguins && screen(&guest) == Screen::Penguins {
                started = true;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(started || both_started(&mut host, &mut guest), "both start");
        assert_eq!(net(&guest).seats, [2]);
        assert_eq!(
            net(&host).seat_word(2).map(|w| english(&w)).as_deref(),
            Some("Bea")
        );
        assert_eq!(
            net(&guest).seat_word(2).map(|w| english(&w)).as_deref(),
            Some("you")
        );

        // The host refuses with a typed reason, and each window words it in its language: a
        // decision out of turn, and a placement the rules refuse (worded from the window's own
        // copy of the match, since the host only says that the rules refuse it).
        let off_board = Action::Place(Pos { row: 90, col: 90 });
        guest
            .world_mut()
            .resource_mut::<ToRemoteReferee<penguins::State>>()
            .decisions
            .push(off_board);
        host.world_mut()
            .resource_mut::<ToRemoteReferee<penguins::State>>()
            .decisions
            .push(off_board);
        let notice = |app: &App, language| net(app).notice(None).map(|w| w.in_language(language));
        assert!(pump_until(&mut guest, |app| notice(app, Language::English)
            .is_some_and(|n| n == "Refused: it is not your turn.")));
        assert_eq!(
            notice(&guest, Language::Spanish).as_deref(),
            Some("Rechazado: no es tu turno.")
        );
        assert!(pump_until(&mut host, |app| notice(app, Language::English)
            .is_some_and(|n| n.contains("is off the board"))));
        let spanish = notice(&host, Language::Spanish).unwrap_or_default();
        assert!(spanish.contains("está fuera del tablero"), "{spanish}");
        assert!(referee(&host).is_some_and(|r| r.record().moves.is_empty()));

        // Each plays its own seats (placements, then slides) through its own referee.
        let mut decisions = 0;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while decisions < 9 && std::time::Instant::now() < deadline {
            for app in [&mut host, &mut guest] {
                let Some(playing) = referee(app) else {
                    continue;
                };
                let mine = net(app).seats.clone();
                let to_move = playing.seat_index_to_move();
                if playing.waits_for_another_machine()
                    || to_move.is_none_or(|seat| !mine.contains(&seat))
                {
                    continue;
                }
                let before = playing.record().moves.len();
                let Some(action) = playing.state().legal_actions().first().cloned() else {
                    continue;
                };
                app.world_mut().write_message(ActionRequested {
                    action,
                    seat: Seat::Human,
                });
                assert!(
                    pump_until(app, |app| referee(app).is_some_and(|r| r
                        .record()
                        .moves
                        .len()
                        > before)),
                    "the host takes the decision"
                );
                decisions += 1;
            }
            host.update();
            guest.update();
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(decisions, 9, "three placements and six slides in 30 s");
        let played = referee(&host).expect("a match").record().moves.clone();
        assert!(pump_until(&mut guest, |app| referee(app)
            .is_some_and(|r| r.record().moves == played)));

        // Bea leaves: the host's window shows her away, and the match waits.
        leave_for_the_menu(&mut guest);
        assert!(pump_until(&mut guest, |app| screen(app) == Screen::Menu
            && app.world().get_resource::<NetWindow>().is_none()));
        assert!(pump_until(&mut host, |app| net(app)
            .seat_word(2)
            .is_some_and(|word| english(&word).contains("away"))));
        // The host leaves too: it stops hosting, and its port no longer answers.
        let port: u16 = play
            .trim_start_matches("tablero://play@127.0.0.1:")
            .split('/')
            .next()
            .and_then(|port| port.parse().ok())
            .expect("a port in the invitation");
        leave_for_the_menu(&mut host);
        assert!(pump_until(&mut host, |app| screen(app) == Screen::Menu
            && app.world().get_resource::<NetWindow>().is_none()
            && app
                .world()
                .get_resource::<RemoteBroken>()
                .is_none_or(|b| b.0.is_none())));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            assert!(
                std::time::Instant::now() < deadline,
                "the host still listens after leaving"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

/// `words` in English, as a test reads them.
fn english(words: &tablero::i18n::Tr) -> String {
    words.in_language(tablero::i18n::Language::English)
}
