//! The Discord front end: serenity + poise over the game service.
//!
//! Handlers only translate. A slash command or a button press becomes a service
//! [`Request`](crate::service::Request); the synchronous [`Service`] runs on a blocking thread;
//! its [`Reply`](crate::service::Reply) becomes a Discord message. Four slash commands carry
//! a subcommand per service command (`/akron move`, `/akron-review replay`,
//! `/akron-tournament join`; see `commands` for why), one file per command family under
//! `commands/`.

mod autocomplete;
mod boards;
mod buttons;
mod commands;
pub mod doctor;
mod mentions;
mod outbox;
mod reply;
mod threads;

use crate::service::{ChannelId, Service, ServiceError, User, UserId};
use akron_service::model::Platform;
use autocomplete::MoveCache;
use poise::serenity_prelude as serenity;
use std::fmt;
use std::sync::Arc;

/// Discord as the service sees it: the prefix of its ids (`discord:123`) and of the outbox rows
/// this front end delivers; its servers have roles a `tournament-role` can name.
pub const PLATFORM: Platform = Platform {
    id: "discord",
    roles: true,
    anyone_organises: false,
};

/// Shared state, built once when the bot starts.
pub struct Data {
    /// The game service.
    pub service: Arc<Service>,
    /// Legal moves per channel, refreshed after every command, for autocompletion.
    moves: MoveCache,
    /// The latest board message of each running game.
    boards: boards::Boards,
}

impl Data {
    /// The shared state around a service.
    #[must_use]
    pub fn new(service: Arc<Service>) -> Data {
        Data {
            service,
            moves: MoveCache::default(),
            boards: boards::Boards::default(),
        }
    }
}

/// The poise context of every handler.
pub type Context<'a> = poise::Context<'a, Data, DiscordError>;

/// What can go wrong in the Discord layer.
#[derive(Debug)]
pub enum DiscordError {
    /// Talking to Discord failed.
    Discord(Box<serenity::Error>),
    /// The service failed (storage).
    Service(ServiceError),
    /// The blocking thread running the service died.
    Worker(tokio::task::JoinError),
}

impl fmt::Display for DiscordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiscordError::Discord(e) => write!(f, "discord: {e}"),
            DiscordError::Service(e) => write!(f, "service: {e}"),
            DiscordError::Worker(e) => write!(f, "service worker: {e}"),
        }
    }
}

impl std::error::Error for DiscordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DiscordError::Discord(e) => Some(e),
            DiscordError::Service(e) => Some(e),
            DiscordError::Worker(e) => Some(e),
        }
    }
}

impl From<serenity::Error> for DiscordError {
    fn from(error: serenity::Error) -> Self {
        DiscordError::Discord(Box::new(error))
    }
}

impl From<ServiceError> for DiscordError {
    fn from(error: ServiceError) -> Self {
        DiscordError::Service(error)
    }
}

impl From<tokio::task::JoinError> for DiscordError {
    fn from(error: tokio::task::JoinError) -> Self {
        DiscordError::Worker(error)
    }
}

/// How to connect.
#[derive(Clone)]
pub struct Settings {
    /// The bot token. Never logged.
    pub token: String,
    /// A guild to register the commands in at once (development); `None` registers them
    /// globally, which Discord may take a while to show.
    pub dev_guild: Option<u64>,
    /// A REST proxy to send every request to instead of `https://discord.com`; the proxy
    /// then does the rate limiting, so serenity's own limiter is off.
    pub api_url: Option<String>,
    /// The HTTP client for Discord's REST API instead of serenity's default (the tests' one
    /// reaches a fake Discord); serenity's rate limiter uses it too.
    pub http_client: Option<reqwest::Client>,
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("token", &"<redacted>")
            .field("dev_guild", &self.dev_guild)
            .field("api_url", &self.api_url)
            .field("http_client", &self.http_client.is_some())
            .finish()
    }
}

/// The slash commands as the bot registers them (the body of Discord's bulk overwrite,
/// `PUT /applications/{id}/commands`), for checking them against Discord's limits.
#[must_use]
pub fn registration() -> Vec<serenity::CreateCommand> {
    poise::builtins::create_application_commands(&commands::commands())
}

pub use commands::slash_of;

/// The permissions the bot uses in a server's channels, which its invite asks for
/// (`permissions=309237697536` in the invite URL; the README and `docs/operating.md` list
/// them):
///
/// - View Channels: to see the channels where it is used at all;
/// - Send Messages: notices it posts by itself (the AI's moves, reminders in the channel,
///   tournament rounds, a note when a thread could not be opened);
/// - Send Messages in Threads: boards and notices in game threads (Send Messages does not
///   count in threads);
/// - Create Public Threads: the thread of a thread game, of each tournament game and of each
///   puzzle, opened off the bot's message;
/// - Embed Links: boards, replays and tables are shown in an embed, and long texts go in one;
/// - Attach Files: the board PNG, the replay GIF, table images and exported records.
///
/// Replies to slash commands and buttons need none of them (they go through the
/// interaction), and neither do direct messages. Without one of them the bot falls back (a
/// text board, the game left in the channel) and says which permission it lacks.
pub const PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS)
    .union(serenity::Permissions::CREATE_PUBLIC_THREADS)
    .union(serenity::Permissions::EMBED_LINKS)
    .union(serenity::Permissions::ATTACH_FILES);

/// The gateway intents the bot needs: only guilds (slash commands and buttons arrive as
/// interactions, which need no privileged intent).
#[must_use]
pub fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::GUILDS
}

/// A range of gateway shards for one process (`--shards A-B --shard-total N`): shards `first`
/// to `last`, both included, of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (included).
    pub last: u32,
    /// How many shards the bot runs in all, across processes.
    pub total: u32,
}

impl Shards {
    /// Reads `A-B` (or a single `A`) out of `total` shards.
    ///
    /// # Errors
    ///
    /// When the range is not `A-B` with `A <= B < total`.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        let usage = "write the shards as FIRST-LAST, such as 0-3, each below --shard-total";
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let (Ok(first), Ok(last)) = (first.trim().parse::<u32>(), last.trim().parse::<u32>())
        else {
            return Err(format!("shards '{range}': {usage}"));
        };
        if first > last || last >= total {
            return Err(format!("shards '{range}' of {total}: {usage}"));
        }
        Ok(Shards { first, last, total })
    }

    /// The range as serenity's `start_shard_range` takes it: its end is the last shard
    /// started, not one past it (`4..7` starts shards 4, 5, 6 and 7), so a single shard `3`
    /// is `3..3`.
    #[must_use]
    pub fn serenity_range(&self) -> std::ops::Range<u32> {
        self.first..self.last
    }
}

/// Builds the client: the poise framework with the slash commands, the button handler and
/// command registration on READY, and the delivery of notices. Start it with
/// `client.start().await`.
///
/// # Errors
///
/// When serenity cannot build the client.
pub async fn client(
    settings: &Settings,
    service: Arc<Service>,
) -> Result<serenity::Client, DiscordError> {
    build_client(settings, service, true).await
}

/// Like [`client`], without the delivery of notices: for chat processes when an
/// `akron worker` delivers them (several processes on one PostgreSQL database).
///
/// # Errors
///
/// When serenity cannot build the client.
pub async fn chat_client(
    settings: &Settings,
    service: Arc<Service>,
) -> Result<serenity::Client, DiscordError> {
    build_client(settings, service, false).await
}

/// The REST client the settings describe (the fake Discord's in tests, a proxy, or
/// discord.com).
fn http(settings: &Settings) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(&settings.token);
    if let Some(client) = &settings.http_client {
        http = http.client(client.clone());
    }
    if let Some(url) = &settings.api_url {
        // Serenity's rate limiter would send its requests straight to discord.com, ignoring
        // the proxy; the proxy limits the rate instead.
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    http.build()
}

/// Delivers the service's Discord notices over the REST API alone, with no gateway
/// connection, until the task is dropped: the delivery part of `akron worker`.
pub async fn deliver(settings: &Settings, service: Arc<Service>) {
    let http = http(settings);
    // The commands' ids, for the mentions in notices: a worker registers nothing, so it
    // lists what the bot registered (without them a notice names a command as typed).
    if http.application_id().is_none() {
        match http.get_current_application_info().await {
            Ok(application) => http.set_application_id(application.id),
            Err(error) => tracing::warn!(%error, "could not read the application's id"),
        }
    }
    // The bot stored them when it registered; an older database has none: then ask.
    if !mentions::load(&service).await {
        let listed = match settings.dev_guild {
            Some(guild) => serenity::GuildId::new(guild).get_commands(&http).await,
            None => serenity::Command::get_global_commands(&http).await,
        };
        match listed {
            Ok(registered) => mentions::store(&service, &registered).await,
            Err(error) => tracing::warn!(%error, "could not list the slash commands' ids"),
        }
    }
    let sender = outbox::DiscordSender {
        http: Arc::new(http),
        service: Arc::clone(&service),
    };
    akron_service::delivery::deliver_forever(service, sender).await;
}

async fn build_client(
    settings: &Settings,
    service: Arc<Service>,
    deliver: bool,
) -> Result<serenity::Client, DiscordError> {
    let dev_guild = settings.dev_guild;
    let options = poise::FrameworkOptions {
        commands: commands::commands(),
        on_error: |error| Box::pin(on_error(error)),
        pre_command: |ctx| Box::pin(received(ctx)),
        post_command: |ctx| Box::pin(answered(ctx, true)),
        event_handler: |framework, event| {
            Box::pin(on_event(
                framework.serenity_context,
                event,
                framework.user_data,
            ))
        },
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
                let commands = &framework.options().commands;
                match dev_guild {
                    // The ids Discord gives back are kept: the bot's texts name commands
                    // by mentions, which need them.
                    Some(guild) => {
                        let guild = serenity::GuildId::new(guild);
                        let created = poise::builtins::create_application_commands(commands);
                        let registered = guild.set_commands(ctx, created).await?;
                        mentions::store(&service, &registered).await;
                        tracing::info!(%guild, "registered the slash commands in the development guild");
                    }
                    None => {
                        let created = poise::builtins::create_application_commands(commands);
                        let registered = serenity::Command::set_global_commands(ctx, created).await?;
                        mentions::store(&service, &registered).await;
                        tracing::info!("registered the slash commands globally");
                    }
                }
                if deliver {
                    tokio::spawn(akron_service::delivery::deliver_forever(
                        Arc::clone(&service),
                        outbox::DiscordSender {
                            http: Arc::clone(&ctx.http),
                            service: Arc::clone(&service),
                        },
                    ));
                }
                Ok(Data::new(service))
            })
        })
        .build();
    let client = serenity::ClientBuilder::new_with_http(http(settings), intents())
        .framework(framework)
        .await?;
    Ok(client)
}

/// Runs the bot until the gateway gives up or Ctrl-C.
///
/// # Errors
///
/// When the client cannot be built or the connection fails for good (such as a bad token).
pub async fn run(settings: &Settings, service: Arc<Service>) -> Result<(), DiscordError> {
    run_shards(settings, service, None, true).await
}

/// Runs the bot on a range of gateway shards (`None`: one shard, shard 0 of 1), delivering
/// notices or not, until the gateway gives up or Ctrl-C.
///
/// # Errors
///
/// When the client cannot be built or the connection fails for good (such as a bad token).
pub async fn run_shards(
    settings: &Settings,
    service: Arc<Service>,
    shards: Option<Shards>,
    deliver: bool,
) -> Result<(), DiscordError> {
    let health = Arc::clone(&service);
    let mut client = build_client(settings, service, deliver).await?;
    let expected = shards.map_or(1, |shards| shards.last - shards.first + 1);
    let watched = Arc::clone(&client.shard_manager);
    let _watcher = AbortOnDrop(tokio::spawn(watch_shards(watched, health, expected)));
    let manager = client.shard_manager.clone();
    // SIGTERM or Ctrl-C: the shards disconnect, so no new interaction arrives; those in
    // flight are finished by their tasks (the caller waits for them: `stop::finish`).
    tokio::spawn(async move {
        if crate::stop::signal().await.is_ok() {
            tracing::info!("disconnecting from the gateway");
            manager.shutdown_all().await;
        }
    });
    match shards {
        Some(shards) => {
            client
                .start_shard_range(shards.serenity_range(), shards.total)
                .await?;
        }
        None => client.start().await?,
    }
    Ok(())
}

/// Aborts a task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A shard's connection stage as a metric's label.
fn stage_name(stage: serenity::ConnectionStage) -> &'static str {
    match stage {
        serenity::ConnectionStage::Connected => "connected",
        serenity::ConnectionStage::Connecting => "connecting",
        serenity::ConnectionStage::Disconnected => "disconnected",
        serenity::ConnectionStage::Handshake => "handshake",
        serenity::ConnectionStage::Identifying => "identifying",
        serenity::ConnectionStage::Resuming => "resuming",
        _ => "other",
    }
}

/// Reads the shards' stages every second: the shards' gauge of `/metrics`, and the
/// `discord` component of `/readyz`, up while all `expected` shards are connected.
async fn watch_shards(manager: Arc<serenity::ShardManager>, service: Arc<Service>, expected: u32) {
    loop {
        let stages: Vec<(u32, serenity::ConnectionStage)> = manager
            .runners
            .lock()
            .await
            .iter()
            .map(|(id, runner)| (id.0, runner.stage))
            .collect();
        let metrics = crate::metrics::front_ends();
        for (shard, stage) in &stages {
            metrics.shard_state(*shard, stage_name(*stage));
        }
        let connected = stages
            .iter()
            .filter(|(_, stage)| *stage == serenity::ConnectionStage::Connected)
            .count();
        let connected = u32::try_from(connected).unwrap_or(u32::MAX);
        service.health().report(
            "discord",
            connected >= expected,
            format!("{connected} of {expected} shards connected"),
        );
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), DiscordError> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(press),
        } => {
            let _working = data.service.work();
            let metrics = crate::metrics::front_ends();
            let since = metrics.receive(PLATFORM.id, "button");
            let pressed = buttons::pressed(ctx, press, data).await;
            metrics.answer(PLATFORM.id, "button", pressed.is_ok(), since);
            pressed
        }
        serenity::FullEvent::ShardStageUpdate { event } => {
            if event.old == serenity::ConnectionStage::Connected
                && event.new != serenity::ConnectionStage::Connected
            {
                crate::metrics::front_ends().shard_reconnects.inc();
            }
            Ok(())
        }
        serenity::FullEvent::Resume { .. } => {
            tracing::info!("gateway session resumed");
            Ok(())
        }
        _ => Ok(()),
    }
}

/// When the interaction being handled was received, for its latency; and the work it is,
/// which a stopping process waits for.
struct ReceivedAt(
    std::time::Instant,
    #[allow(dead_code)] akron_service::service::operations::Working,
);

/// Counts a slash command received (`/metrics`) and notes when.
async fn received(ctx: Context<'_>) {
    let working = ctx.data().service.work();
    let at = crate::metrics::front_ends().receive(PLATFORM.id, &ctx.command().qualified_name);
    ctx.set_invocation_data(ReceivedAt(at, working)).await;
}

/// Counts a slash command answered, or failed, with the time since it was received.
async fn answered(ctx: Context<'_>, ok: bool) {
    let since = ctx
        .invocation_data::<ReceivedAt>()
        .await
        .map_or_else(std::time::Instant::now, |at| at.0);
    crate::metrics::front_ends().answer(PLATFORM.id, &ctx.command().qualified_name, ok, since);
}

async fn on_error(error: poise::FrameworkError<'_, Data, DiscordError>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            answered(ctx, false).await;
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            tell_privately(ctx, "service-failed").await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            tell_privately(ctx, "discord-guild-only").await;
        }
        // An option Discord sent that the command cannot read: most often a client still
        // showing a command's form from before an update (Discord refreshes it within a
        // minute or on a reload). Poise's own answer would be English, or none at all.
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, %error, "an option could not be read");
            tell_privately(ctx, "discord-options-unreadable").await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            tracing::warn!(
                command = %ctx.command().qualified_name,
                description,
                "the options sent do not match the command's"
            );
            tell_privately(
                poise::Context::Application(ctx),
                "discord-options-unreadable",
            )
            .await;
        }
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                tracing::warn!(%error, "could not handle a framework error");
            }
        }
    }
}

/// Answers privately with the catalogue's message `id`, in the caller's client language
/// (the database is not asked: this may be the answer to its failure).
async fn tell_privately(ctx: poise::Context<'_, Data, DiscordError>, id: &str) {
    let language = ctx
        .locale()
        .and_then(akron_service::catalogue::Language::from_locale)
        .unwrap_or_default();
    let reply = poise::CreateReply::default()
        .content(akron_service::catalogue::say(language, id, &[]))
        .ephemeral(true);
    if let Err(error) = ctx.send(reply).await {
        tracing::warn!(%error, id, "could not answer privately");
    }
}

/// The service's user for a Discord user.
fn user_of(user: &serenity::User) -> User {
    let name = user.global_name.as_deref().unwrap_or(&user.name);
    User::new(UserId::new("discord", &user.id.to_string()), name)
}

/// A member's roles as the service reads them: their role ids and the guild's own id (its
/// `@everyone` role, which every member has).
fn roles_of(member: Option<&serenity::Member>, guild: Option<serenity::GuildId>) -> Vec<String> {
    member
        .into_iter()
        .flat_map(|m| m.roles.iter().map(|r| r.get().to_string()))
        .chain(guild.map(|g| g.get().to_string()))
        .collect()
}

/// The service's channel for a Discord channel (a thread is a channel too).
fn channel_of(channel: serenity::ChannelId) -> ChannelId {
    ChannelId::new("discord", &channel.to_string())
}
