//! Network play on loopback: the time from a guest's decision to another guest (a host's own
//! window is one) receiving its entry, through the host's referee, over 1,000 moves; and the
//! bytes each move costs on the wire. `cargo bench --bench network`; the numbers are in
//! `docs/network.md`.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tablero::net::guest::{GuestEvent, Joined, join};
use tablero::net::host::{Chair, HostMatch, ListenOptions, listen, serve};
use tablero::net::wire::{ToGuest, ToHost};
use tablero::record::Entry;
use tablero::rules::Game;
use tablero::rules::magnetic_cave::State;
use tablero::setup::{CaveMatch, Match};

/// The next entry `guest` receives.
fn next_entry(guest: &Joined) -> Entry {
    loop {
        match guest.next_event(Duration::from_secs(10)) {
            Some(GuestEvent::Message(ToGuest::Entry(entry))) => return entry,
            Some(GuestEvent::Message(_)) => {}
            other => panic!("no entry: {other:?}"),
        }
    }
}

fn main() {
    let moves_wanted = 1000;
    let mut latencies = Vec::new();
    let mut bytes = Vec::new();
    while latencies.len() < moves_wanted {
        let listener = listen(&ListenOptions {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            advertise: None,
        })
        .expect("listens");
        let play = listener.play.clone();
        let host = HostMatch::<State>::new(
            CaveMatch::default(),
            vec![Chair::Guest, Chair::Guest],
            Duration::from_secs(300),
        )
        .expect("a host");
        std::thread::spawn(move || drop(serve(host, &listener, None, |_| {})));
        let guests = [
            join(&play, "Ana").expect("Ana"),
            join(&play, "Bob").expect("Bob"),
        ];
        let mut state = State::initial(&CaveMatch::default());
        while let Some(player) = Game::to_move(&state) {
            let action = state.legal_actions()[0];
            let (me, other) = if player.index() == 0 { (0, 1) } else { (1, 0) };
            let sent = Instant::now();
            guests[me]
                .send(&ToHost::Decide(action.to_string()))
                .expect("sent");
            let entry = next_entry(&guests[other]);
            latencies.push(sent.elapsed());
            let _ = next_entry(&guests[me]);
            // On the wire: the decision and one entry for each of the two guests, each JSON,
            // its 16-byte tag and its 2-byte length.
            let decision = serde_json::to_vec(&ToHost::Decide(action.to_string()))
                .unwrap()
                .len();
            let entry_len = serde_json::to_vec(&ToGuest::Entry(entry)).unwrap().len();
            bytes.push(decision + 18 + 2 * (entry_len + 18));
            Game::apply(&mut state, action).expect("legal");
        }
    }
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let mean_bytes = bytes.iter().sum::<usize>() as f64 / bytes.len() as f64;
    println!(
        "{} moves: decision to the other guest's entry: median {:?}, 99th percentile {:?}, max {:?}; {mean_bytes:.0} bytes on the wire a move (one decision, two entries)",
        latencies.len(),
        at(0.5),
        at(0.99),
        latencies[latencies.len() - 1]
    );
}
