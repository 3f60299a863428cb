//! Issue 39: a chat front end takes back the reactions it offered once their choice is gone
//! (Matrix's equivalent of Discord's buttons coming off a message): a new board of a game
//! supersedes every choice offered about the game before it; an answered challenge, offer or
//! question loses its choices whether it was answered by a reaction or by a typed command; a
//! board keeps its other choices when one of them is pressed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::db::GoneChoice;
use akron_service::model::{ChannelId, GameId};
use akron_service::service::{Command, Offer};
use akron_service::testing::Harness;

fn gone(choices: &[GoneChoice]) -> Vec<(&str, Option<&str>)> {
    choices
        .iter()
        .map(|c| (c.message.as_str(), c.reaction_event.as_deref()))
        .collect()
}

#[test]
fn offered_reactions_are_taken_back_once_their_choice_is_gone() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let s = &h.service;
    let room = ChannelId::new("matrix", "!room:localhost");
    let other = ChannelId::new("matrix", "!other:localhost");
    // A challenge (game 7), its first board, a draw offer, and a board of another game.
    s.offer_reactions(
        "$challenge",
        &[("✅", "akron:accept:7"), ("❌", "akron:decline:7")],
        &room,
        false,
    )
    .unwrap();
    s.reaction_sent("$challenge", "✅", "$r-accept").unwrap();
    s.reaction_sent("$challenge", "❌", "$r-decline").unwrap();
    s.offer_reactions(
        "$board1",
        &[("🤝", "akron:draw-offer:7"), ("🏳️", "akron:resign:7")],
        &room,
        true,
    )
    .unwrap();
    s.reaction_sent("$board1", "🤝", "$r-draw").unwrap();
    s.offer_reactions("$elsewhere", &[("🏳️", "akron:resign:8")], &other, true)
        .unwrap();
    s.reaction_sent("$elsewhere", "🏳️", "$r-other").unwrap();

    // Pressing 🤝 on a board leaves the board's choices alone.
    assert!(s.choices_answered_on("$board1").unwrap().is_empty());
    // The offer's ✅ ❌, answered by a typed `draw decline`, go; nothing else does.
    s.offer_reactions(
        "$offer",
        &[
            ("✅", "akron:draw-accept:7"),
            ("❌", "akron:draw-decline:7"),
        ],
        &room,
        false,
    )
    .unwrap();
    s.reaction_sent("$offer", "✅", "$r-yes").unwrap();
    s.reaction_sent("$offer", "❌", "$r-no").unwrap();
    assert_eq!(
        gone(
            &s.choices_answered_by(&room, &Command::Draw(Offer::Decline))
                .unwrap()
        ),
        [("$offer", Some("$r-yes")), ("$offer", Some("$r-no"))]
    );
    assert!(s
        .choices_answered_by(&room, &Command::Move("C3".into()))
        .unwrap()
        .is_empty());
    // The next board of game 7 takes back everything before it about game 7: the
    // challenge's two reactions and the first board's, one never sent included.
    let before = s.choices_before_board(GameId(7), "$board2").unwrap();
    assert_eq!(
        gone(&before),
        [
            ("$board1", None),
            ("$board1", Some("$r-draw")),
            ("$challenge", Some("$r-accept")),
            ("$challenge", Some("$r-decline")),
        ]
    );
    // Forgotten: a late reaction on them does nothing, and they are not taken back twice.
    assert_eq!(
        s.take_reaction("$challenge", "✅", "$late", 1).unwrap(),
        None
    );
    assert!(s
        .choices_before_board(GameId(7), "$board3")
        .unwrap()
        .is_empty());
    // The other game's board keeps its choice.
    assert!(s
        .take_reaction("$elsewhere", "🏳️", "$press", 2)
        .unwrap()
        .is_some());
    // A challenge answered by its ✅ loses its ❌ too.
    s.offer_reactions(
        "$challenge2",
        &[("✅", "akron:accept:9"), ("❌", "akron:decline:9")],
        &other,
        false,
    )
    .unwrap();
    s.reaction_sent("$challenge2", "❌", "$r9").unwrap();
    assert_eq!(
        gone(&s.choices_answered_on("$challenge2").unwrap()),
        [("$challenge2", None), ("$challenge2", Some("$r9"))]
    );
}

/// The ids a platform gave the bot's commands: a registration replaces the whole set.
#[test]
fn a_registration_replaces_the_stored_command_ids() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let s = &h.service;
    assert!(s.platform_commands("discord").unwrap().is_empty());
    let first = [
        ("akron".to_string(), "11".to_string()),
        ("akron-review".to_string(), "12".to_string()),
    ];
    s.set_platform_commands("discord", &first).unwrap();
    s.set_platform_commands("other", &[("akron".into(), "99".into())])
        .unwrap();
    assert_eq!(s.platform_commands("discord").unwrap(), first);
    s.set_platform_commands("discord", &[("akron".into(), "21".into())])
        .unwrap();
    assert_eq!(
        s.platform_commands("discord").unwrap(),
        [("akron".to_string(), "21".to_string())]
    );
    assert_eq!(
        s.platform_commands("other").unwrap(),
        [("akron".to_string(), "99".to_string())]
    );
}
