//! Claims with leases (issue 29): several services on one database, as several processes
//! would be, claim due work at the same moment. Every due game is settled once, every notice
//! is handed to one delivery loop and marked only by it, every waiting AI move goes to one
//! worker, and what a dead process held is taken over when its lease runs out.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_ai::Level;
use akron_service::params;
use akron_service::service::{Challenge, ColourChoice, Command, Service, User};
use common::Harness;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Barrier;

const DAY: i64 = 86_400;
const CHANNELS: usize = 60;
const SERVICES: usize = 3;

/// Open challenges in `CHANNELS` channels, each from its own player.
fn challenges(h: &Harness) {
    for channel in 0..CHANNELS {
        let mut challenge = Challenge::new(common::user(&format!("b{channel}")));
        challenge.size = Some(5);
        let reply = h.send_in(
            &format!("c{channel}"),
            &format!("a{channel}"),
            Command::Challenge(challenge),
        );
        assert!(!reply.ephemeral, "{}", reply.text);
    }
}

/// Runs `work` on every service at once, one thread each, and returns what each returned.
fn at_once<T: Send>(services: &[Service], work: impl Fn(&Service) -> T + Sync) -> Vec<T> {
    let barrier = Barrier::new(services.len());
    std::thread::scope(|scope| {
        let threads: Vec<_> = services
            .iter()
            .map(|service| {
                let (barrier, work) = (&barrier, &work);
                scope.spawn(move || {
                    barrier.wait();
                    work(service)
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    })
}

#[test]
fn due_deadlines_ticked_by_several_processes_at_once_are_settled_once() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenges(&h);
    let services: Vec<Service> = (0..SERVICES).map(|_| h.open_service()).collect();
    h.clock.advance(DAY + 1);
    let now = h.service.now();
    let ticks = at_once(&services, |service| service.tick(now).unwrap().settled);
    assert_eq!(ticks.iter().sum::<usize>(), CHANNELS, "{ticks:?}");
    let db = h.open_db().unwrap();
    let per_game: Vec<(i64, String, i64)> = db
        .read(|tx| {
            tx.query(
                "SELECT g.id, g.status, (SELECT COUNT(*) FROM outbox o WHERE o.game_id = g.id) \
                 FROM games g ORDER BY g.id",
                params![],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
        })
        .unwrap();
    assert_eq!(per_game.len(), CHANNELS);
    for (game, status, notices) in per_game {
        assert_eq!(
            (status.as_str(), notices),
            ("expired", 1),
            "game {game}: expired once, told once"
        );
    }
    let claims: i64 = db
        .read(|tx| tx.query_one("SELECT COUNT(*) FROM claims", params![], |r| r.get(0)))
        .unwrap();
    assert_eq!(claims, 0, "every claim was released");
}

#[test]
fn notices_claimed_by_several_loops_at_once_go_to_one_each_and_only_its_owner_marks_them() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    challenges(&h);
    h.clock.advance(DAY + 1);
    h.service.tick(h.service.now()).unwrap();
    let services: Vec<Service> = (0..SERVICES).map(|_| h.open_service()).collect();
    // Each loop claims small batches until nothing is left.
    let claimed = at_once(&services, |service| {
        let mut mine = Vec::new();
        loop {
            let batch = service.claim_notices("test", 7, 60).unwrap();
            if batch.is_empty() {
                return mine;
            }
            mine.extend(batch.into_iter().map(|n| n.id));
        }
    });
    let mut owner_of = BTreeMap::new();
    for (loop_index, ids) in claimed.iter().enumerate() {
        for id in ids {
            assert!(
                owner_of.insert(id.0, loop_index).is_none(),
                "notice {} was handed to two loops",
                id.0
            );
        }
    }
    assert_eq!(owner_of.len(), CHANNELS, "every notice was handed out");
    // Only the owner marks a notice delivered.
    let (&first, &owner) = owner_of.iter().next().unwrap();
    let id = claimed[owner][0];
    assert_eq!(id.0, first);
    let stranger = &services[(owner + 1) % SERVICES];
    assert!(!stranger.notice_delivered(id).unwrap(), "not its claim");
    // The owner dies; after the lease another loop takes it over, and the dead owner's late
    // mark is refused.
    h.clock.advance(61);
    let taken = stranger.claim_notices("test", CHANNELS, 60).unwrap();
    assert_eq!(taken.len(), CHANNELS, "every unmarked notice is due again");
    assert!(!services[owner].notice_delivered(id).unwrap(), "taken over");
    for notice in &taken {
        assert!(stranger.notice_delivered(notice.id).unwrap());
    }
    assert_eq!(h.service.pending_notices().unwrap(), 0);
}

#[test]
fn waiting_ai_moves_go_to_one_worker_each_and_a_dead_workers_are_taken_over() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    for channel in 0..CHANNELS / 3 {
        let mut challenge = Challenge::new(User::ai(Level::new(1).unwrap()));
        challenge.size = Some(4);
        challenge.colour = Some(ColourChoice::White);
        let reply = h.send_in(
            &format!("c{channel}"),
            &format!("a{channel}"),
            Command::Challenge(challenge),
        );
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    let services: Vec<Service> = (0..SERVICES).map(|_| h.open_service()).collect();
    let jobs = at_once(&services, |service| {
        service
            .ai_jobs(CHANNELS)
            .unwrap()
            .into_iter()
            .map(|job| job.game.0)
            .collect::<BTreeSet<_>>()
    });
    let mut all = BTreeSet::new();
    for mine in &jobs {
        for game in mine {
            assert!(all.insert(*game), "game {game} went to two workers");
        }
    }
    assert_eq!(
        all.len(),
        CHANNELS / 3,
        "every waiting move went to a worker"
    );
    // A worker asking again keeps its own games and gets nobody else's.
    let (busiest, _) = jobs
        .iter()
        .enumerate()
        .max_by_key(|(_, mine)| mine.len())
        .unwrap();
    let again: BTreeSet<i64> = services[busiest]
        .ai_jobs(CHANNELS)
        .unwrap()
        .into_iter()
        .map(|job| job.game.0)
        .collect();
    assert_eq!(again, jobs[busiest]);
    // Every worker died: after the lease, a new one takes every waiting move.
    h.clock.advance(akron_service::service::ai::AI_LEASE + 1);
    let taken = h.open_service().ai_jobs(CHANNELS).unwrap();
    assert_eq!(taken.len(), CHANNELS / 3);
}

#[test]
fn a_lease_is_held_by_one_process_until_it_runs_out_or_is_given_up() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let (first, second) = (h.open_service(), h.open_service());
    assert!(first.hold_lease("matrix:@akron:test", 60).unwrap());
    assert!(!second.hold_lease("matrix:@akron:test", 60).unwrap());
    assert!(
        second.hold_lease("matrix:@other:test", 60).unwrap(),
        "another name"
    );
    h.clock.advance(30);
    assert!(
        first.hold_lease("matrix:@akron:test", 60).unwrap(),
        "renewed"
    );
    h.clock.advance(59);
    assert!(
        !second.hold_lease("matrix:@akron:test", 60).unwrap(),
        "still renewed"
    );
    // The holder stalls past its lease: another process takes it over.
    h.clock.advance(2);
    assert!(second.hold_lease("matrix:@akron:test", 60).unwrap());
    assert!(!first.hold_lease("matrix:@akron:test", 60).unwrap(), "lost");
    second.release_lease("matrix:@akron:test").unwrap();
    assert!(
        first.hold_lease("matrix:@akron:test", 60).unwrap(),
        "given up"
    );
}
