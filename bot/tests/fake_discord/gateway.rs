//! The fake's gateway: Hello, Identify or Resume, heartbeats and dispatches over a loopback
//! WebSocket, speaking v10 JSON in text frames.

use super::state::ShardSession;
use super::{payloads, Outgoing, Session, Shared};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::mpsc;

pub(super) async fn gateway_upgrade(
    State(shared): State<Arc<Shared>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade.on_upgrade(move |socket| gateway_connection(socket, shared))
}

async fn send_frame(socket: &mut WebSocket, frame: &Value) -> bool {
    socket
        .send(Message::Text(frame.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection: Hello, then Identify or Resume, heartbeats and dispatches.
async fn gateway_connection(mut socket: WebSocket, shared: Arc<Shared>) {
    let (sender, mut outgoing) = mpsc::unbounded_channel();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 5_000}, "s": null, "t": null});
    if !send_frame(&mut socket, &hello).await {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let payload: Value = match message {
                    Message::Text(text) => match serde_json::from_str(text.as_str()) {
                        Ok(value) => value,
                        Err(_) => continue,
                    },
                    Message::Close(_) => break,
                    _ => continue,
                };
                let replies = on_gateway_payload(&shared, &payload, &sender);
                for reply in replies {
                    if !send_frame(&mut socket, &reply).await {
                        return;
                    }
                }
                shared.touch();
            }
            next = outgoing.recv() => match next {
                Some(Outgoing::Frame(frame)) => {
                    if !send_frame(&mut socket, &frame).await {
                        break;
                    }
                }
                Some(Outgoing::Close(code)) => {
                    let close = CloseFrame { code, reason: "fake discord closed it".into() };
                    let _ = socket.send(Message::Close(Some(close))).await;
                    break;
                }
                None => break,
            }
        }
    }
    let mut state = shared.lock();
    for shard in state.shards.values_mut() {
        if shard
            .gateway
            .as_ref()
            .is_some_and(|current| current.same_channel(&sender))
        {
            shard.gateway = None;
        }
    }
    drop(state);
    shared.touch();
}

/// Handles one client payload and returns the frames to send back, in order.
fn on_gateway_payload(
    shared: &Shared,
    payload: &Value,
    sender: &mpsc::UnboundedSender<Outgoing>,
) -> Vec<Value> {
    let mut state = shared.lock();
    let state = &mut *state;
    match payload["op"].as_u64() {
        Some(1) => {
            state.heartbeats += 1;
            vec![json!({"op": 11, "d": null, "s": null, "t": null})]
        }
        Some(2) => {
            state.identifies += 1;
            let shard = &payload["d"]["shard"];
            let named = shard[0].as_u64().zip(shard[1].as_u64());
            state.identified_shards.push(named);
            // Without `shard`, the bot is shard 0 of 1.
            let (shard, total) = named.unwrap_or((0, 1));
            state.sessions_started += 1;
            let id = format!("fake-session-{}", state.sessions_started);
            let resume_url = format!("{}/gateway-ws", shared.base_url.replace("http", "ws"));
            // The guilds on this shard, each announced by its GUILD_CREATE after READY.
            let mut guilds = vec![(super::GUILD_ID, payloads::guild_create())];
            guilds.extend(state.guilds.iter().map(|(id, guild)| (*id, guild.clone())));
            guilds.retain(|(guild, _)| payloads::shard_of(Some(*guild), total) == shard);
            let ids: Vec<u64> = guilds.iter().map(|(id, _)| *id).collect();
            let ready = payloads::ready(&id, &resume_url, shard, total, &ids);
            let mut frames = vec![json!({"op": 0, "t": "READY", "s": 1, "d": ready})];
            for (guild, data) in guilds {
                let seq = frames.len() as u64 + 1;
                frames.push(json!({"op": 0, "t": "GUILD_CREATE", "s": seq, "d": data}));
                state
                    .dispatched
                    .push(("GUILD_CREATE".to_owned(), Some(guild), shard));
            }
            let identifies = state.shards.get(&shard).map_or(0, |old| old.identifies) + 1;
            state.shards.insert(
                shard,
                ShardSession {
                    total,
                    session: Session {
                        id,
                        seq: frames.len() as u64,
                        sent: frames
                            .iter()
                            .cloned()
                            .enumerate()
                            .map(|(i, f)| (i as u64 + 1, f))
                            .collect(),
                    },
                    gateway: Some(sender.clone()),
                    identifies,
                },
            );
            state.ready_sent += 1;
            frames
        }
        Some(6) => {
            state.resumes += 1;
            let wanted = payload["d"]["session_id"].as_str().unwrap_or_default();
            let after = payload["d"]["seq"].as_u64().unwrap_or(0);
            let resumed = state
                .shards
                .values_mut()
                .find(|shard| shard.session.id == wanted);
            match resumed {
                Some(shard) => {
                    let session = &mut shard.session;
                    let mut frames: Vec<Value> = session
                        .sent
                        .iter()
                        .filter(|(seq, _)| *seq > after)
                        .map(|(_, frame)| frame.clone())
                        .collect();
                    session.seq += 1;
                    let resumed = json!({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}});
                    session.sent.push((session.seq, resumed.clone()));
                    frames.push(resumed);
                    shard.gateway = Some(sender.clone());
                    state.ready_sent += 1;
                    frames
                }
                None => vec![json!({"op": 9, "d": false, "s": null, "t": null})],
            }
        }
        _ => Vec::new(),
    }
}
