//! The service's concepts: ids, users, channels, a game's status and players, and the stored
//! state of a game. Storage (`db`) maps rows to these and back; the service decides with them.
//! Nothing here knows SQL or any chat platform.

mod game;
mod notice;
mod people;
mod puzzle_record;
mod settings;
mod time_control;
mod tournament_record;

pub use game::{
    Ending, GameEnded, GameId, GameRecord, Offers, Phase, Play, Players, RatingRange, Status,
};
pub use notice::{Destination, NoticeId};
pub use people::{
    escape_markdown, ChannelId, Platform, ServerId, ServerRole, User, UserId, AI_PLATFORM,
};
pub use puzzle_record::{PuzzleId, PuzzleRecord};
pub use settings::{ReminderPlace, WebAccess};
pub use time_control::TimeControl;
pub use tournament_record::{
    KnockoutSettings, Seeding, TournamentEntrant, TournamentFormat, TournamentId, TournamentRecord,
    TournamentStatus,
};
