//! Issue 40: a public server's player pages, as the web companion resolves them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::db;
use akron_service::model::{ChannelId, ServerId, UserId, WebAccess};
use akron_service::ratings::Rating;
use akron_service::service::{Command, Request, Setting, WebPage};
use akron_service::testing::{user, Harness};

/// A player linked from a game page has a page however low they are rated: the page used to
/// look for the player among the server's 10,000 best rated only, so the 10,001st got a 404.
#[test]
fn a_player_below_the_ten_thousand_best_rated_has_a_page() {
    let Some(h) = Harness::on(super::BACKEND) else {
        return;
    };
    let server = ServerId::new("test", "guild");
    let mut request = Request::new(
        user("mod"),
        ChannelId::new("test", "lobby"),
        Command::Settings(Some(Setting::Web(WebAccess::Public))),
    );
    request.server = Some(server.clone());
    request.is_moderator = true;
    let reply = h.service.handle(&request);
    assert!(reply.text.starts_with("Saved."), "{}", reply.text);

    let players: Vec<UserId> = (0..10_001)
        .map(|i| UserId::new("test", &format!("p{i}")))
        .collect();
    h.open_db()
        .unwrap()
        .write(|tx| {
            for (i, player) in players.iter().enumerate() {
                let rating = Rating {
                    rating: 2_500.0 - f64::from(u32::try_from(i).unwrap()) * 0.1,
                    deviation: 60.0,
                    volatility: 0.06,
                };
                db::set_rating(tx, player, "p", &server.0, &rating, 0, None)?;
            }
            Ok::<_, db::DbError>(())
        })
        .unwrap();

    let site = h.service.web_site(&server).unwrap().unwrap();
    let lowest = players.last().unwrap();
    let token = site.token(WebPage::Player(lowest));
    assert_eq!(
        h.service.web_player(&site, &token).unwrap().as_ref(),
        Some(lowest)
    );
    let best = &players[0];
    let token = site.token(WebPage::Player(best));
    assert_eq!(
        h.service.web_player(&site, &token).unwrap().as_ref(),
        Some(best)
    );
    // Nobody's token: no player, and no token of another page either.
    assert_eq!(h.service.web_player(&site, &"0".repeat(32)).unwrap(), None);
    let server_token = site.token(WebPage::Server);
    assert_eq!(h.service.web_player(&site, &server_token).unwrap(), None);
}
