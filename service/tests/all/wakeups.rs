//! Wake-ups across processes (issue 29). On PostgreSQL a deadline or a notice written by one
//! process wakes the sleeping loops of another at once (`NOTIFY akron_wake`, heard by a
//! listener the first `Service::wakeups` starts); a listener that lost its connection, and
//! with it the notifications sent meanwhile, wakes its loops when it is back. Correctness
//! never rests on it: every loop also wakes on its own schedule, and every other test runs
//! its loops without a listener. On SQLite one process owns the file, and another service
//! on it is not woken.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_service::db::LISTENER_NAME;
use akron_service::params;
use akron_service::service::{Challenge, Command, CHALLENGE_TTL};
use akron_service::testing::Backend;
use common::Harness;
use std::time::{Duration, Instant};
use tokio::sync::watch::Receiver;

/// The longest a wake-up may take to arrive through the server here (a loaded machine).
const PATIENCE: Duration = Duration::from_secs(20);

/// Whether `wakeups` changes within `PATIENCE` (waiting for the other thread, not for time
/// to pass: no clock is involved); marks it seen.
fn woken(wakeups: &mut Receiver<u64>) -> bool {
    let started = Instant::now();
    while started.elapsed() < PATIENCE {
        if wakeups.has_changed().unwrap() {
            wakeups.borrow_and_update();
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

fn challenge(h: &Harness, channel: &str, from: &str, to: &str) {
    let reply = h.send_in(
        channel,
        from,
        Command::Challenge(Challenge::new(common::user(to))),
    );
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// The listener's connections to the test database, ended by the server as a restart or a
/// network failure would.
fn end_listeners(h: &Harness) -> usize {
    let db = h.open_db().unwrap();
    let pids: Vec<i64> = db
        .read(|c| {
            c.query(
                "SELECT pid FROM pg_stat_activity WHERE application_name = ?1 \
                 AND datname = current_database()",
                params![LISTENER_NAME],
                |r| r.get(0),
            )
        })
        .unwrap();
    for &pid in &pids {
        let ended: bool = db
            .read(|c| {
                c.query_one("SELECT pg_terminate_backend(?1)", params![pid], |r| {
                    r.get(0)
                })
            })
            .unwrap();
        assert!(ended);
    }
    pids.len()
}

fn listeners(h: &Harness) -> usize {
    let db = h.open_db().unwrap();
    db.read(|c| {
        c.query_one(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = ?1 \
             AND datname = current_database()",
            params![LISTENER_NAME],
            |r| r.get(0),
        )
    })
    .unwrap()
}

#[test]
fn a_deadline_or_a_notice_written_by_one_process_wakes_the_loops_of_another() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let other = h.open_service();
    let mut wakeups = other.wakeups();
    if h.backend() == Backend::Sqlite {
        challenge(&h, "lobby", "ann", "bob");
        assert!(
            !wakeups.has_changed().unwrap(),
            "on SQLite another service keeps its own schedule"
        );
        return;
    }
    assert!(
        woken(&mut wakeups),
        "the listener wakes the loops once it listens"
    );
    // A deadline: a new challenge expires in a day.
    challenge(&h, "lobby", "ann", "bob");
    assert!(woken(&mut wakeups), "a deadline written elsewhere wakes");
    // A notice: the challenge expires, and the tick that settles it writes the notice.
    h.clock.advance(CHALLENGE_TTL + 1);
    assert!(
        !wakeups.has_changed().unwrap(),
        "moving the clock says nothing"
    );
    let tick = h.service.tick(h.service.now()).unwrap();
    assert_eq!(tick.settled, 1);
    assert_eq!(h.service.pending_notices().unwrap(), 1);
    assert!(woken(&mut wakeups), "a notice written elsewhere wakes");
}

#[test]
fn a_listener_that_lost_its_connection_wakes_its_loops_when_it_is_back() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    if h.backend() == Backend::Sqlite {
        return;
    }
    let other = h.open_service();
    let mut wakeups = other.wakeups();
    assert!(woken(&mut wakeups), "listening");
    assert_eq!(end_listeners(&h), 1, "one listener, ended");
    let started = Instant::now();
    while listeners(&h) > 0 && started.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(10));
    }
    // Written while nobody listens (unless the listener is already back): its notification
    // is lost, and the listener wakes the loops when it is back.
    challenge(&h, "lobby", "ann", "bob");
    assert!(
        woken(&mut wakeups),
        "the loops wake once the listener is back"
    );
    let started = Instant::now();
    while listeners(&h) == 0 && started.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(listeners(&h), 1, "listening again");
    challenge(&h, "hall", "cy", "dee");
    assert!(woken(&mut wakeups), "and hears what is written next");
}
