use super::*;

#[test]
fn button_ids_round_trip() {
    let commands = [
        Command::Accept,
        Command::Decline,
        Command::Cancel,
        Command::Swap,
        Command::AskResign,
        Command::Draw(Offer::Offer),
        Command::Draw(Offer::Accept),
        Command::Draw(Offer::Decline),
        Command::Takeback(Offer::Accept),
        Command::Takeback(Offer::Decline),
        Command::Board(None),
        Command::Resign,
        Command::Tournament(TournamentAction::Join),
        Command::Tournament(TournamentAction::Leave),
    ];
    for command in commands {
        let Some(button) = Button::of(command.clone(), GameId(42)) else {
            panic!("{command:?} has a button");
        };
        assert!(button.id.len() <= 100);
        assert_eq!(parse_button_id(&button.id), Some((command, GameId(42))));
    }
    assert_eq!(parse_button_id("akron:move:3"), None);
    assert_eq!(
        parse_button_id("akron:resign:3"),
        Some((Command::AskResign, GameId(3))),
        "the board's Resign button asks first"
    );
    assert_eq!(
        parse_button_id("akron:resign-confirm:3"),
        Some((Command::Resign, GameId(3)))
    );
    assert_eq!(parse_button_id("akron:accept:0"), None);
    assert_eq!(parse_button_id("akron:accept:-4"), None);
    assert_eq!(parse_button_id("akron:accept:x"), None);
    assert_eq!(parse_button_id("other:accept:3"), None);
    assert_eq!(parse_button_id("akron:accept:3:4"), None);
}

#[test]
fn mentions_render_per_platform() {
    let bob = User::new(UserId::new("discord", "99"), "bob");
    let lobby = ChannelId::new("discord", "77");
    let mut reply = Reply::default();
    let token = reply.mention_user(&bob).say(Language::English);
    let channel = reply.name_channel(&lobby);
    reply.text = format!("{token} to move in {channel}");
    assert_eq!(
        reply.text_with(
            |u| format!("<@{}>", u.id.local()),
            |c| format!("<#{}>", c.local())
        ),
        "<@99> to move in <#77>"
    );
    assert_eq!(
        reply.text_with(|u| format!("@{}", u.name), |c| format!("#{}", c.local())),
        "@bob to move in #77"
    );
}
