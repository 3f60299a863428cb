//! The AI worker: plays the AI's moves in games against it, whatever the front end.
//!
//! It finds the games where the AI is to move ([`Service::ai_jobs`], longest waiting first),
//! runs each search on a blocking thread, at most one per core at a time, and hands the move
//! back ([`Service::ai_move`]); the service applies it and posts the board as a notice, which
//! the front end's delivery loop delivers like any other. Nothing is kept in memory that a
//! restart would lose: at start the worker finds every pending move in the database.
//!
//! Front ends start [`run`] as a task (Discord) or call [`play_pending`] after each command
//! (the console, tests: one step now, no waiting).

use crate::service::{AiJob, AiMoved, AnalysisJob, Service, ServiceError};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Moves played by [`play_pending`] at most in one call, so that a fault cannot loop forever.
const MAX_STEPS: usize = 10_000;

/// The longest sleep of [`run`] between two looks at the queue: a safety net, since every
/// move that leaves the AI to move wakes it.
const LONGEST_SLEEP: Duration = Duration::from_secs(60);

/// Thinks about one job and hands the move back, on this thread, holding a search slot.
fn think_and_play(service: &Service, job: &AiJob) -> Result<AiMoved, ServiceError> {
    let started = std::time::Instant::now();
    let played = think_and_play_untimed(service, job);
    if matches!(played, Ok(AiMoved::Played)) {
        service
            .metrics()
            .ai_move_seconds
            .observe(started.elapsed().as_secs_f64());
    }
    played
}

/// [`think_and_play`] without the timing.
fn think_and_play_untimed(service: &Service, job: &AiJob) -> Result<AiMoved, ServiceError> {
    let analysis = {
        let _slot = service.search_slot();
        job.think(&service.config().ai)
    };
    match analysis {
        Ok(analysis) => service.ai_move(job.game, job.version, analysis.best),
        Err(error) => {
            service.ai_failed(job.game, &error)?;
            Ok(AiMoved::Stale)
        }
    }
}

/// Plays every move the AI owes now, one after another on this thread, oldest first; also
/// the moves those lead to (none: a person answers each). Returns how many were played.
///
/// # Errors
///
/// Storage failures; the moves played before stay played.
pub fn play_pending(service: &Service) -> Result<usize, ServiceError> {
    let mut played = 0;
    for _ in 0..MAX_STEPS {
        let Some(job) = service.ai_jobs(1)?.into_iter().next() else {
            break;
        };
        if think_and_play(service, &job)? == AiMoved::Played {
            played += 1;
        }
    }
    Ok(played)
}

/// Runs the worker until the service is dropped: waits for games where the AI is to move
/// and plays them, at most [`AiConfig::searches`](crate::service::AiConfig::searches) at
/// once, each on a blocking thread, the longest waiting first. One worker runs per service:
/// a second call returns at once.
pub async fn run(service: Arc<Service>) {
    if !service.claim_ai_worker() {
        // Another front end in this process already runs the worker.
        return;
    }
    let searches = service.config().ai.searches.max(1);
    let permits = Arc::new(tokio::sync::Semaphore::new(searches));
    let busy: Arc<Mutex<HashSet<crate::service::GameId>>> = Arc::default();
    let done = Arc::new(tokio::sync::Notify::new());
    let mut wakeups = service.wakeups();
    loop {
        wakeups.borrow_and_update();
        if service.stopping() {
            return;
        }
        let worker = Arc::clone(&service);
        let claiming = service.work();
        let jobs = tokio::task::spawn_blocking(move || worker.ai_jobs(searches * 4)).await;
        drop(claiming);
        let jobs = match jobs {
            Ok(Ok(jobs)) => jobs,
            Ok(Err(error)) => {
                tracing::error!(%error, "the AI worker cannot read its queue");
                Vec::new()
            }
            Err(error) => {
                tracing::error!(%error, "the AI worker's reader died");
                Vec::new()
            }
        };
        for job in jobs {
            // A stopping process starts no new search; the moves it claimed are given back
            // ([`Service::release_everything`]).
            if service.stopping() {
                return;
            }
            let taken = busy
                .lock()
                .map(|mut busy| busy.insert(job.game))
                .unwrap_or(false);
            if !taken {
                continue;
            }
            // Waiting here, in queue order, keeps the queue fair.
            let Ok(permit) = Arc::clone(&permits).acquire_owned().await else {
                return;
            };
            let working = service.work();
            if service.stopping() {
                return;
            }
            let worker = Arc::clone(&service);
            let busy = Arc::clone(&busy);
            let done = Arc::clone(&done);
            tokio::spawn(async move {
                let game = job.game;
                let result =
                    tokio::task::spawn_blocking(move || think_and_play(&worker, &job)).await;
                match result {
                    Ok(Ok(_)) => {}
                    Ok(Err(error)) => tracing::error!(game = game.0, %error, "an AI move failed"),
                    Err(error) => tracing::error!(game = game.0, %error, "an AI search died"),
                }
                if let Ok(mut busy) = busy.lock() {
                    busy.remove(&game);
                }
                drop(permit);
                drop(working);
                done.notify_one();
            });
        }
        tokio::select! {
            changed = wakeups.changed() => {
                if changed.is_err() {
                    return;
                }
            }
            () = done.notified() => {}
            // Other processes on a shared database leave AI moves waiting unheard of here.
            () = tokio::time::sleep(service.shared_poll().unwrap_or(LONGEST_SLEEP)) => {}
        }
    }
}

/// Runs one claimed analysis on this thread, holding a search slot, reporting progress every
/// [`PROGRESS_EVERY`](crate::service::analysis::PROGRESS_EVERY) positions, and hands the
/// result back. Returns whether the result was stored.
///
/// # Errors
///
/// Storage failures.
pub fn run_analysis(service: &Service, job: &AnalysisJob) -> Result<bool, ServiceError> {
    let every = crate::service::analysis::PROGRESS_EVERY;
    let evals = {
        let _slot = service.search_slot();
        job.run(|done, total| {
            if done % every == 0 && done < total {
                if let Err(error) = service.analysis_progress(job.game, done, total) {
                    tracing::warn!(game = job.game.0, %error, "an analysis's progress was not recorded");
                }
            }
        })
    };
    match evals {
        Ok(evals) => service.analysis_done(job.game, &evals),
        Err((ply, error)) => {
            service.analysis_failed(job.game, &format!("move {ply}: {error}"))?;
            Ok(false)
        }
    }
}

/// Runs every queued analysis now, one at a time on this thread, oldest first (the console,
/// tests). Returns how many were stored.
///
/// # Errors
///
/// Storage failures; the analyses stored before stay stored.
pub fn analyse_pending(service: &Service) -> Result<usize, ServiceError> {
    let mut stored = 0;
    for _ in 0..MAX_STEPS {
        let Some(job) = service.analysis_jobs(1)?.into_iter().next() else {
            break;
        };
        if run_analysis(service, &job)? {
            stored += 1;
        }
    }
    Ok(stored)
}

/// Runs the analysis worker until the service stops: one analysis at a time per process, on
/// a blocking thread holding one of the AI's search slots, so that analyses never take more
/// than one core of a process and never starve the AI's moves of all their slots.
pub async fn run_analyses(service: Arc<Service>) {
    let mut wakeups = service.wakeups();
    loop {
        wakeups.borrow_and_update();
        if service.stopping() {
            return;
        }
        let worker = Arc::clone(&service);
        let working = service.work();
        let ran = tokio::task::spawn_blocking(move || {
            let Some(job) = worker.analysis_jobs(1)?.into_iter().next() else {
                return Ok(false);
            };
            run_analysis(&worker, &job).map(|_| true)
        })
        .await;
        drop(working);
        let more = match ran {
            Ok(Ok(more)) => more,
            Ok(Err(error)) => {
                tracing::error!(%error, "the analysis worker failed");
                false
            }
            Err(error) => {
                tracing::error!(%error, "an analysis died");
                false
            }
        };
        if more {
            continue;
        }
        tokio::select! {
            changed = wakeups.changed() => {
                if changed.is_err() {
                    return;
                }
            }
            () = tokio::time::sleep(service.shared_poll().unwrap_or(LONGEST_SLEEP)) => {}
        }
    }
}
