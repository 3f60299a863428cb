//! A real Synapse for the Matrix tests, and human test users driven by a plain matrix-sdk
//! client. Synapse is started by `bot/tests/matrix/synapse.sh`, which prints the variables
//! these helpers read: `AKRON_SYNAPSE_URL` and `AKRON_SYNAPSE_SECRET`.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use akron_bot::matrix::{self, KeyOutput, Recovery, RecoveryKey, Secret, Settings};
use akron_bot::service::{Config, Service};
use hmac::{Hmac, Mac};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::deserialized_responses::EncryptionInfo;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::events::reaction::{OriginalSyncReactionEvent, ReactionEventContent};
use matrix_sdk::ruma::events::relation::{Annotation, Thread};
use matrix_sdk::ruma::events::room::encrypted::OriginalSyncRoomEncryptedEvent;
use matrix_sdk::ruma::events::room::member::{
    MembershipState, OriginalSyncRoomMemberEvent, StrippedRoomMemberEvent,
};
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::{
    DeviceId, OwnedDeviceId, OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UserId,
};
use matrix_sdk::{Client, Room};
pub use matrix_sdk_crypto::CollectStrategy;
use sha1::Sha1;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// How long a test waits for one expected event before failing.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Where the test Synapse listens, and its registration secret.
#[derive(Clone, Debug)]
pub struct Synapse {
    pub url: String,
    pub secret: String,
}

/// The running Synapse; `None` (after saying why) when there is none and `CI` is not set.
/// Under CI a missing Synapse fails the test.
pub fn synapse() -> Option<Synapse> {
    let url = std::env::var("AKRON_SYNAPSE_URL")
        .ok()
        .filter(|v| !v.is_empty());
    let secret = std::env::var("AKRON_SYNAPSE_SECRET")
        .ok()
        .filter(|v| !v.is_empty());
    match (url, secret) {
        (Some(url), Some(secret)) => Some(Synapse { url, secret }),
        _ => {
            let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
            assert!(
                !ci,
                "CI is set but AKRON_SYNAPSE_URL and AKRON_SYNAPSE_SECRET are not: .ci/run \
                 starts Synapse with bot/tests/matrix/synapse.sh and exports them"
            );
            eprintln!(
                "SKIPPED: no Synapse. Start one with `eval \"$(bot/tests/matrix/synapse.sh \
                 /tmp/akron-synapse)\"` and export AKRON_SYNAPSE_URL and AKRON_SYNAPSE_SECRET \
                 to run the Matrix tests."
            );
            None
        }
    }
}

/// A user name not used by any earlier run against the same Synapse.
pub fn unique(name: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!("{name}{}x{nanos}", std::process::id())
}

/// Registers a user with Synapse's shared-secret admin API; returns its id and password.
pub async fn register(synapse: &Synapse, name: &str) -> (OwnedUserId, String) {
    let http = matrix_sdk::reqwest::Client::new();
    let url = format!("{}/_synapse/admin/v1/register", synapse.url);
    let nonce: serde_json::Value =
        serde_json::from_str(&http.get(&url).send().await.unwrap().text().await.unwrap()).unwrap();
    let nonce = nonce["nonce"].as_str().unwrap().to_string();
    let password = format!("password-of-{name}");
    let mut mac = Hmac::<Sha1>::new_from_slice(synapse.secret.as_bytes()).unwrap();
    for (i, part) in [nonce.as_str(), name, password.as_str(), "notadmin"]
        .iter()
        .enumerate()
    {
        if i > 0 {
            mac.update(b"\0");
        }
        mac.update(part.as_bytes());
    }
    let mac: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let body = serde_json::json!({
        "nonce": nonce, "username": name, "password": password, "admin": false, "mac": mac,
    });
    let response = http
        .post(&url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    assert!(status.is_success(), "registering {name}: {status} {text}");
    let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
    let id = OwnedUserId::try_from(answer["user_id"].as_str().unwrap()).unwrap();
    (id, password)
}

/// An access token of a new session of `user` (a device without keys), as an admin gets
/// one with `curl -d '{"type":"m.login.password",...}' .../login`.
pub async fn access_token(synapse: &Synapse, user: &OwnedUserId, password: &str) -> String {
    let body = serde_json::json!({
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": user.as_str()},
        "password": password,
        "initial_device_display_name": "Akron bot",
    });
    let response = matrix_sdk::reqwest::Client::new()
        .post(format!("{}/_matrix/client/v3/login", synapse.url))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let answer: serde_json::Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
    answer["access_token"].as_str().unwrap().to_string()
}

/// Something a human's client saw.
#[derive(Clone, Debug)]
pub enum Seen {
    /// A room message (decrypted when the room is encrypted).
    Message {
        room: OwnedRoomId,
        event_id: OwnedEventId,
        sender: OwnedUserId,
        content: Box<RoomMessageEventContent>,
        /// When the homeserver received it, in milliseconds since the epoch (its clock).
        sent_at: u64,
        /// When this client saw it, in milliseconds since the epoch.
        seen_at: u64,
        /// Whether it came encrypted (and this client could decrypt it).
        encrypted: bool,
    },
    /// An encrypted event this client could not decrypt.
    Undecryptable {
        room: OwnedRoomId,
        event_id: OwnedEventId,
        sender: OwnedUserId,
    },
    /// A reaction.
    Reaction {
        room: OwnedRoomId,
        target: OwnedEventId,
        key: String,
        sender: OwnedUserId,
    },
    /// An invitation of this client's user to a room (a direct message room, say).
    Invite { room: OwnedRoomId },
    /// A membership change.
    Member {
        room: OwnedRoomId,
        user: String,
        membership: MembershipState,
    },
}

impl Seen {
    /// A message's plain text (an image's caption).
    pub fn text(&self) -> String {
        match self {
            Seen::Message { content, .. } => content.body().to_string(),
            _ => String::new(),
        }
    }

    /// The users a message pings.
    pub fn pinged(&self) -> Vec<String> {
        match self {
            Seen::Message { content, .. } => content
                .mentions
                .as_ref()
                .map(|m| m.user_ids.iter().map(ToString::to_string).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// A message's event id.
    pub fn id(&self) -> OwnedEventId {
        match self {
            Seen::Message { event_id, .. } => event_id.clone(),
            other => panic!("not a message: {other:?}"),
        }
    }

    /// Whether it is a message by `user`.
    pub fn is_message_by(&self, user: &OwnedUserId) -> bool {
        matches!(self, Seen::Message { sender, .. } if sender == user)
    }

    /// The thread a message is in.
    pub fn thread(&self) -> Option<OwnedEventId> {
        match self {
            Seen::Message { content, .. } => match &content.relates_to {
                Some(Relation::Thread(t)) => Some(t.event_id.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The message an edit (`m.replace`) replaces, and the new text.
    pub fn replaces(&self) -> Option<(OwnedEventId, String)> {
        match self {
            Seen::Message { content, .. } => match &content.relates_to {
                Some(Relation::Replacement(r)) => {
                    Some((r.event_id.clone(), r.new_content.msgtype.body().to_string()))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The message a message answers (a reply, or a reply inside a thread).
    pub fn answers(&self) -> Option<OwnedEventId> {
        match self {
            Seen::Message { content, .. } => match &content.relates_to {
                Some(Relation::Reply(r)) => Some(r.in_reply_to.event_id.clone()),
                Some(Relation::Thread(t)) if !t.is_falling_back => {
                    t.in_reply_to.as_ref().map(|r| r.event_id.clone())
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// A test user with a plain Matrix client that records what it sees.
pub struct Human {
    pub id: OwnedUserId,
    pub client: Client,
    seen: mpsc::UnboundedReceiver<Seen>,
    sync: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Drop for Human {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl Human {
    /// Registers and logs in a new user, and starts syncing. Its client shares room keys
    /// with every device (matrix-sdk's default, and older clients').
    pub async fn new(synapse: &Synapse, name: &str) -> Human {
        Human::sharing_keys(synapse, name, CollectStrategy::AllDevices).await
    }

    /// A new user whose client shares room keys only with devices their owners have
    /// cross-signed, as today's clients do (MSC4153; Element's "exclude insecure devices").
    pub async fn sharing_with_cross_signed_devices_only(synapse: &Synapse, name: &str) -> Human {
        Human::sharing_keys(synapse, name, CollectStrategy::IdentityBasedStrategy).await
    }

    /// A new user whose client shares room keys as `strategy` says.
    pub async fn sharing_keys(synapse: &Synapse, name: &str, strategy: CollectStrategy) -> Human {
        let (id, password) = register(synapse, &unique(name)).await;
        Human::log_in(synapse, &id, &password, strategy).await
    }

    /// A new device of an existing account (a plain one: never cross-signed), syncing.
    pub async fn log_in(
        synapse: &Synapse,
        id: &OwnedUserId,
        password: &str,
        strategy: CollectStrategy,
    ) -> Human {
        let id = id.clone();
        let has_identity = strategy == CollectStrategy::IdentityBasedStrategy;
        let dir = tempfile::tempdir().unwrap();
        let client = Client::builder()
            .homeserver_url(&synapse.url)
            .sqlite_store(dir.path(), None)
            .with_room_key_recipient_strategy(strategy)
            .build()
            .await
            .unwrap();
        client
            .matrix_auth()
            .login_username(&id, password)
            .send()
            .await
            .unwrap();
        if has_identity {
            // Such a client has a cross-signing identity of its own (it refuses to send
            // without one), as today's clients make on first login.
            client
                .encryption()
                .bootstrap_cross_signing_if_needed(None)
                .await
                .unwrap();
        }
        client.sync_once(SyncSettings::default()).await.unwrap();
        let (tx, seen) = mpsc::unbounded_channel();
        let messages = tx.clone();
        client.add_event_handler(
            move |event: OriginalSyncRoomMessageEvent,
                  room: Room,
                  encryption: Option<EncryptionInfo>| {
                let tx = messages.clone();
                async move {
                    let _ = tx.send(Seen::Message {
                        room: room.room_id().to_owned(),
                        event_id: event.event_id,
                        sender: event.sender,
                        content: Box::new(event.content),
                        sent_at: event.origin_server_ts.get().into(),
                        seen_at: now_millis(),
                        encrypted: encryption.is_some(),
                    });
                }
            },
        );
        let undecryptable = tx.clone();
        client.add_event_handler(move |event: OriginalSyncRoomEncryptedEvent, room: Room| {
            let tx = undecryptable.clone();
            async move {
                let _ = tx.send(Seen::Undecryptable {
                    room: room.room_id().to_owned(),
                    event_id: event.event_id,
                    sender: event.sender,
                });
            }
        });
        let reactions = tx.clone();
        client.add_event_handler(move |event: OriginalSyncReactionEvent, room: Room| {
            let tx = reactions.clone();
            async move {
                let _ = tx.send(Seen::Reaction {
                    room: room.room_id().to_owned(),
                    target: event.content.relates_to.event_id,
                    key: event.content.relates_to.key,
                    sender: event.sender,
                });
            }
        });
        let invites = tx.clone();
        let me = id.clone();
        client.add_event_handler(move |event: StrippedRoomMemberEvent, room: Room| {
            let tx = invites.clone();
            let me = me.clone();
            async move {
                if event.state_key == me && event.content.membership == MembershipState::Invite {
                    let _ = tx.send(Seen::Invite {
                        room: room.room_id().to_owned(),
                    });
                }
            }
        });
        client.add_event_handler(move |event: OriginalSyncRoomMemberEvent, room: Room| {
            let tx = tx.clone();
            async move {
                let _ = tx.send(Seen::Member {
                    room: room.room_id().to_owned(),
                    user: event.state_key.to_string(),
                    membership: event.content.membership,
                });
            }
        });
        let syncing = client.clone();
        let sync = tokio::spawn(async move {
            let settings = SyncSettings::default().timeout(Duration::from_secs(10));
            loop {
                if syncing.sync_once(settings.clone()).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        });
        Human {
            id,
            client,
            seen,
            sync,
            _dir: dir,
        }
    }

    /// Waits for the first thing seen that `want` accepts, skipping the rest.
    pub async fn expect(&mut self, what: &str, mut want: impl FnMut(&Seen) -> bool) -> Seen {
        let found = tokio::time::timeout(PATIENCE, async {
            while let Some(seen) = self.seen.recv().await {
                if want(&seen) {
                    return Some(seen);
                }
            }
            None
        })
        .await;
        match found {
            Ok(Some(seen)) => seen,
            _ => panic!("{} never saw {what}", self.id),
        }
    }

    /// Waits until every one of `users` joined `room`, in any order.
    pub async fn joined(&mut self, room: &RoomId, users: &[OwnedUserId]) {
        let mut waiting: Vec<String> = users.iter().map(ToString::to_string).collect();
        while !waiting.is_empty() {
            let seen = self
                .expect(&format!("{waiting:?} joining"), |s| {
                    matches!(s, Seen::Member { room: r, user, membership: MembershipState::Join }
                        if r == room && waiting.contains(user))
                })
                .await;
            if let Seen::Member { user, .. } = seen {
                waiting.retain(|w| *w != user);
            }
        }
    }

    /// Everything seen until (and with) the first thing `want` accepts.
    pub async fn collect_until(
        &mut self,
        what: &str,
        mut want: impl FnMut(&Seen) -> bool,
    ) -> Vec<Seen> {
        let mut all = Vec::new();
        let found = tokio::time::timeout(PATIENCE, async {
            while let Some(seen) = self.seen.recv().await {
                let done = want(&seen);
                all.push(seen);
                if done {
                    return true;
                }
            }
            false
        })
        .await;
        assert!(found == Ok(true), "{} never saw {what}", self.id);
        all
    }

    /// Waits for the next message by `sender` in `room`.
    pub async fn message_from(&mut self, sender: &OwnedUserId, room: &RoomId) -> Seen {
        self.expect(
            &format!("a message from {sender}"),
            |s| matches!(s, Seen::Message { sender: by, room: r, .. } if by == sender && r == room),
        )
        .await
    }

    /// Catches up with another client: waits for the message `id` (skipping what came
    /// before), so that both have seen the same.
    pub async fn sync_to(&mut self, id: &OwnedEventId) {
        self.expect(
            &format!("the message {id}"),
            |s| matches!(s, Seen::Message { event_id, .. } if event_id == id),
        )
        .await;
    }

    /// The room, once this client knows it.
    pub fn room(&self, room: &RoomId) -> Room {
        self.client.get_room(room).expect("a known room")
    }

    /// The reactions on `event` that the homeserver still holds, as `(key, sender)`: a
    /// redacted reaction has lost its key and is left out.
    pub async fn reactions_on(&self, room: &RoomId, event: &OwnedEventId) -> Vec<(String, String)> {
        let options = matrix_sdk::room::RelationsOptions {
            limit: Some(100u32.into()),
            ..Default::default()
        };
        let relations = self
            .room(room)
            .relations(event.clone(), options)
            .await
            .unwrap();
        relations
            .chunk
            .iter()
            .filter_map(|event| {
                let json: serde_json::Value = event.raw().deserialize_as().ok()?;
                if json["type"] != "m.reaction" {
                    return None;
                }
                let key = json["content"]["m.relates_to"]["key"].as_str()?;
                Some((key.to_string(), json["sender"].as_str()?.to_string()))
            })
            .collect()
    }

    /// Waits until the reactions `by` holds on `event` (their keys, sorted) are `want`: the
    /// homeserver is asked again until they are, for at most [`PATIENCE`].
    pub async fn await_reactions(
        &self,
        room: &RoomId,
        event: &OwnedEventId,
        by: &OwnedUserId,
        want: &[&str],
    ) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let mut keys: Vec<String> = self
                .reactions_on(room, event)
                .await
                .into_iter()
                .filter(|(_, sender)| sender == by.as_str())
                .map(|(key, _)| key)
                .collect();
            keys.sort();
            let mut wanted: Vec<&str> = want.to_vec();
            wanted.sort_unstable();
            if keys == wanted {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{by}'s reactions on {event} stayed {keys:?}, never {wanted:?}"
            );
            // The homeserver is asked again: redactions go out in the background.
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Sends a plain text message; returns its event id.
    pub async fn say(&self, room: &RoomId, text: &str) -> OwnedEventId {
        let content = RoomMessageEventContent::text_plain(text);
        self.room(room)
            .send(content)
            .await
            .unwrap()
            .response
            .event_id
    }

    /// Sends a plain text message in a thread.
    pub async fn say_in_thread(
        &self,
        room: &RoomId,
        root: &OwnedEventId,
        text: &str,
    ) -> OwnedEventId {
        let mut content = RoomMessageEventContent::text_plain(text);
        content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
        self.room(room)
            .send(content)
            .await
            .unwrap()
            .response
            .event_id
    }

    /// Reacts to a message.
    pub async fn react(&self, room: &RoomId, target: &OwnedEventId, key: &str) {
        let reaction = ReactionEventContent::new(Annotation::new(target.clone(), key.to_string()));
        self.room(room).send(reaction).await.unwrap();
    }

    /// Waits until the homeserver shows `user`'s `device` to this client as cross-signed by
    /// its owner (so that a client sharing keys with cross-signed devices only includes it).
    pub async fn sees_cross_signed(&self, user: &UserId, device: &DeviceId) {
        let encryption = self.client.encryption();
        let found = tokio::time::timeout(PATIENCE, async {
            loop {
                // A fresh /keys/query each time: the device and its signatures as they are now.
                let identity = encryption.request_user_identity(user).await.unwrap();
                let device = encryption.get_device(user, device).await.unwrap();
                if identity.is_some() && device.is_some_and(|d| d.is_cross_signed_by_owner()) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
        .await;
        assert!(
            found.is_ok(),
            "{} never saw {device} of {user} cross-signed",
            self.id
        );
    }

    /// Waits until the homeserver shows this client a device of `user`'s, other than
    /// `known`, cross-signed by its owner; returns it.
    pub async fn new_cross_signed_device(
        &self,
        user: &UserId,
        known: &[OwnedDeviceId],
    ) -> OwnedDeviceId {
        let encryption = self.client.encryption();
        let found = tokio::time::timeout(PATIENCE, async {
            loop {
                encryption.request_user_identity(user).await.unwrap();
                let devices = encryption.get_user_devices(user).await.unwrap();
                if let Some(device) = devices.devices().find(|d| {
                    !known.contains(&d.device_id().to_owned()) && d.is_cross_signed_by_owner()
                }) {
                    return device.device_id().to_owned();
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
        .await;
        found
            .unwrap_or_else(|_| panic!("{} never saw a new cross-signed device of {user}", self.id))
    }

    /// Waits until the homeserver shows this client `user`'s `device` (signed or not).
    pub async fn sees_device(&self, user: &UserId, device: &DeviceId) {
        let encryption = self.client.encryption();
        let found = tokio::time::timeout(PATIENCE, async {
            loop {
                encryption.request_user_identity(user).await.unwrap();
                if encryption.get_device(user, device).await.unwrap().is_some() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
        .await;
        assert!(found.is_ok(), "{} never saw {device} of {user}", self.id);
    }

    /// The master key of `user`'s cross-signing identity, as this client knows it.
    pub async fn master_key_of(&self, user: &UserId) -> String {
        let identity = self
            .client
            .encryption()
            .request_user_identity(user)
            .await
            .unwrap()
            .expect("a cross-signing identity");
        format!("{:?}", identity.master_key().get_first_key())
    }

    /// Downloads a message's image: the bytes, and the width, height, size and mimetype it
    /// states.
    pub async fn image(&self, seen: &Seen) -> (Vec<u8>, (u64, u64, u64, String)) {
        let Seen::Message { content, .. } = seen else {
            panic!("not a message: {seen:?}");
        };
        let MessageType::Image(image) = &content.msgtype else {
            panic!("not an image: {content:?}");
        };
        let info = image.info.as_ref().expect("image info");
        let stated = (
            u64::from(info.width.expect("width")),
            u64::from(info.height.expect("height")),
            u64::from(info.size.expect("size")),
            info.mimetype.clone().expect("mimetype"),
        );
        let request = MediaRequestParameters {
            source: image.source.clone(),
            format: MediaFormat::File,
        };
        let bytes = self
            .client
            .media()
            .get_media_content(&request, false)
            .await
            .unwrap();
        (bytes, stated)
    }
}

/// The bot, running in this process on a database and a store folder.
pub struct BotProcess {
    task: tokio::task::JoinHandle<()>,
}

/// The bot's recovery key file in a test's folder: written by the bot when it makes its
/// identity, read back on later starts (as `--recovery-key-file` does).
pub fn recovery_key_file(dir: &Path) -> PathBuf {
    dir.join("recovery-key")
}

/// The bot's Matrix store folder in a test's folder.
pub fn store_of(dir: &Path) -> PathBuf {
    dir.join("akron.db.matrix")
}

/// The bot's settings for `@user` with `password` in a test's folder, with the recovery key
/// from the folder's key file when there is one.
pub fn settings(synapse: &Synapse, user: &OwnedUserId, password: &str, dir: &Path) -> Settings {
    let file = recovery_key_file(dir);
    let key = std::fs::read_to_string(&file)
        .ok()
        .map(|text| RecoveryKey::new(&text));
    Settings {
        homeserver: synapse.url.clone(),
        user: user.to_string(),
        secret: Secret::Password(password.to_string()),
        store: store_of(dir),
        recovery: Recovery {
            key,
            new_key: KeyOutput::File(file),
        },
    }
}

/// The device the bot's saved session is.
pub fn bot_device(dir: &Path) -> OwnedDeviceId {
    let text = std::fs::read_to_string(store_of(dir).join("session.json")).unwrap();
    let session: serde_json::Value = serde_json::from_str(&text).unwrap();
    OwnedDeviceId::from(session["device_id"].as_str().unwrap())
}

impl BotProcess {
    /// Starts the bot as `@user` with `password`.
    pub fn start(synapse: &Synapse, user: &OwnedUserId, password: &str, dir: &Path) -> BotProcess {
        let db: PathBuf = dir.join("akron.db");
        let service = Arc::new(Service::open(Config::with_db(&db)).unwrap());
        BotProcess::start_on(synapse, user, password, dir, service)
    }

    /// Starts the bot on a service of the test's own (one with a clock it moves, say).
    pub fn start_on(
        synapse: &Synapse,
        user: &OwnedUserId,
        password: &str,
        dir: &Path,
        service: Arc<Service>,
    ) -> BotProcess {
        BotProcess::start_with(settings(synapse, user, password, dir), service)
    }

    /// Starts the bot with settings of the test's own (an access token, say).
    pub fn start_with(settings: Settings, service: Arc<Service>) -> BotProcess {
        let task = tokio::spawn(async move {
            // The binary runs the scheduler and the AI worker beside the front ends.
            let _background = akron_service::scheduler::Background::start(&service);
            if let Err(error) = matrix::run(&settings, service).await {
                panic!("the bot stopped: {error}");
            }
        });
        BotProcess { task }
    }

    /// Stops the bot, as a crash or a restart would.
    pub async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
    }
}

/// Milliseconds since the epoch, now.
pub fn now_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The width and height in a PNG's header.
pub fn png_size(png: &[u8]) -> (u64, u64) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    (u64::from(width), u64::from(height))
}
