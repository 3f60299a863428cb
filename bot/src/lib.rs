//! The Akron bot's library: the platform-neutral game service, its storage, game records,
//! board pictures and the console front end. The `akron` binary is a thin layer on top.

pub mod ai_player;
pub mod chart;
pub mod console;
pub mod db;
pub mod discord;
pub mod images;
pub mod matrix;
pub mod model;
pub mod ratings;
pub mod record;
pub mod service;
pub mod tournament;
