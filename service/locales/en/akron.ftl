# The Akron bot's words in English: the reference catalogue. Every message here exists in
# es/akron.ftl and de/akron.ftl with the same arguments (a test checks it).
# Arguments: $colour is black or white; $reason is a rules Reason name (connection, no-moves,
# repetition, resignation, agreement, abort, timeout, adjudication); names come already shown.

## Marbles, sides and counts

empty = {""}

marbles = { $count ->
    [one] { $count } marble
   *[other] { $count } marbles
}
colour = { $colour ->
    [black] Black
   *[white] White
}
moves-count = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}

## How a game stands

challenge-declined = the challenge was declined
challenge-cancelled = the challenge was cancelled
challenge-expired = the challenge expired
challenge-waiting = waiting for an answer to the challenge
game-in-progress = in progress
game-aborted = aborted
game-lost-by-both = lost by both
result-won = { $colour ->
    [black] Black
   *[white] White
} ({ $player }) won { $reason ->
    [connection] by connection
    [no-moves] because the opponent had no legal move
    [repetition] by threefold repetition
    [resignation] by resignation
    [agreement] by agreement
    [adjudication] by adjudication
   *[timeout] on time
}
result-drawn = drawn { $reason ->
    [repetition] by threefold repetition
    [adjudication] by adjudication
   *[agreement] by agreement
}
status-line = Game { $game } · { moves-count } · **{ $black }** (Black, { $black_left } left) against **{ $white }** (White, { $white_left } left)
status-to-move = { $player } to move ({ colour })
status-connects = **{ colour } connects**: { $other -> 
    [black] Black
   *[white] White
} must cut it now.
clock-side = { colour }: { $time }{ $live ->
    [yes] {""}
   *[no] {" "}left
}
clock-line = ⏱ { $black } · { $white } ({ $control })
clock-standing = {" "}⏸ (stands still: on vacation)
clock-span-days = { $days } d{ $hours ->
    [0] {""}
   *[other] {" "}{ $hours } h
}
# The span after a word that takes the dative in German ("in 2 Tagen", "eine Frist von 2 Tagen"):
# in English the same as clock-span-days.
clock-span-days-dative = { clock-span-days }
clock-span-hours = { $hours } h{ $minutes ->
    [0] {""}
   *[other] {" "}{ $minutes } min
}
clock-span-minutes = { $minutes } min
clock-span-seconds = { $seconds } s

## How a game ended

result-wins = **{ colour } wins** ({ $reason ->
    [connection] { colour } connects its edges
    [no-moves] { $other ->
        [black] Black
       *[white] White
    } has no legal move
    [resignation] { $loser } resigned
    [adjudication] decided by adjudication, not played out
   *[timeout] { $loser } ran out of time
}): { $winner } beats { $loser }. { $mentions }
result-repetition = The position occurred for the third time: **draw by repetition**. { $mentions }
result-agreement = **Draw by agreement.** { $mentions }
result-adjudicated-draw = **Draw by adjudication**: the game was decided, not played out. { $mentions }
game-aborted-why = Game { $game } is aborted: { $why }. { $mentions }
game-aborted-plain = Game { $game } is aborted. { $mentions }
abort-by-player = **{ $player }** called it off
abort-by-moderator = a moderator (**{ $player }**) called it off
abort-tournament-cancelled = its tournament, **{ $tournament }**, was cancelled
game-forfeited-by-both = By the tournament organiser's decision, game { $game } is lost by both; nobody scores. { $mentions }
abort-no-first-move = **{ $player }** did not make a first move in time (a game whose first move never came is called off, not lost)
challenge-expired-notice = The challenge from { $challenger } to **{ $challenged }** (game { $game }) expired: nobody answered within { $hours } hours.
draw-offer-lapsed = (The draw offer from { $offerer } lapsed: { $mover } moved instead of answering.)

## Reminders

reminder = ⏰ { $player }, it is your move in game { $game } against **{ $opponent }** in { $channel }{ $board }: **{ $time }** left ({ $control }), until { $deadline }.
reminder-board-link = {" "}([latest board](<{ $link }>))

## Refusals shared by many commands

not-a-player = You are not playing in game { $game }: it is { $black } (Black) against { $white } (White).
no-game-numbered = There is no game { $game }. { CMD("games") } lists yours.
no-game-here = There is no game in this channel. Start one with { CMD("challenge @player") }; { CMD("games") } lists your games elsewhere.
bare-command = { $player }, the bot reads a command only when it is written like this: { CMD($typed) }
more-lines = … { $count ->
    [one] { $count } more line
   *[other] { $count } more lines
}; { $rest }.
service-busy = The game database is busy right now, so nothing was changed. Try again in a moment.
service-damaged = That game is damaged in storage, so the bot cannot use it; nothing was changed. The bot's operator has been told (it is in the log).
service-failed = Something went wrong inside the bot, so nothing was changed; the bot's operator can read why in its log. Try again in a moment.

## Settings

settings-saved = Saved.
settings-summary = Your reminders: **{ $reminders ->
    [dm] direct message
    [channel] in the game's channel
   *[off] off
}** ({ CMD("settings reminders:dm|channel|off") }). Your boards: **{ $view ->
    [perspective] perspective, with a map of each level
   *[plan] plan, from above
}** ({ CMD("settings view:perspective|plan") }). New games here open a thread of their own: **{ $threads ->
    [on] on
   *[off] off
}** (moderators: { CMD("settings thread-games:on|off") }). Tournaments are created and run by moderators{ $organisers }{ $roles ->
    [yes] {" "}(moderators: { CMD("settings tournament-role:ROLE|off") })
   *[no] {""}
}.
settings-organisers = {" "}and members of **@{ $role }**
settings-language = Your language: **{ $mine }** ({ CMD("settings language:en|es|de") }, for your direct messages and what only you see). This server's language: **{ $server }** (moderators: { CMD("settings language:en|es|de") }). Your time zone: **{ $zone }** ({ CMD("settings timezone:Europe/Madrid") }).
settings-language-unset = not set
settings-unknown-language = The bot does not speak '{ $given }'. The languages are: { $valid }.
settings-unknown-timezone = '{ $given }' is not a time zone. Write an IANA name such as Europe/Madrid, America/Mexico_City, Europe/Berlin or UTC.
settings-server-only = Server settings can only be changed in a server.
settings-moderators-role = Only moderators can name the role that runs tournaments.
settings-no-roles = Only Discord servers have roles. Here, moderators (Matrix: power level 50 or more) create and run tournaments.
settings-moderators-threads = Only moderators can change whether new games open a thread of their own.
settings-moderators-language = Only moderators can change the server's language. Your own language ({ CMD("settings language:") }) goes to your direct messages and to what only you see.
settings-moderators-web = Only moderators can change who sees this server's web pages.
settings-web = Web pages of this server: **{ $web ->
    [link] only for those with a link
    [public] public
   *[off] none
}** (moderators: { CMD("settings web:off|link|public") }).
game-already-over = The game is already over.
service-conflict = The game kept changing while your command ran, so nothing was done. Look at the board and try again.
service-conflict-tournament = The tournament kept changing while your command ran (other commands on it at the same moment), so nothing was done. Look at the tournament and try again.

## A move's announcement

move-swapped = **{ $player }** swapped: the opening marble is theirs and they play **Black** from now on; { $other } plays White.
move-placed = **{ $player }** ({ colour }) placed **{ $point }**.
move-stepped = **{ $player }** ({ colour }) stepped **{ $move }**.
move-covered = Covered: { $points }.
move-cuts = It cuts { $count ->
    [one] { $count } link
   *[other] { $count } links
}.
move-connects = **{ colour } connects**: { $other ->
    [black] Black
   *[white] White
} must cut it now ({ $mention }), or { colour } wins.
move-to-move = { $player } to move ({ colour }).

## Text alternatives for pictures (read aloud by screen readers: no Markdown)

alt-board = Akron board, { $size } by { $size }, game { $game }: { $black } (Black) against { $white } (White).
alt-in-hand = In hand: Black { $black ->
    [one] { $black } marble
   *[other] { $black } marbles
}, White { $white ->
    [one] { $white } marble
   *[other] { $white } marbles
}.
alt-to-move = { colour } to move.
alt-result = Result: { $result }.
alt-last-move = Last move: { colour } { $move }.
alt-dropped = Dropped: { $points }.
alt-chain = Winning chain: { $points }.
alt-pending = { colour } connects through { $points }.
alt-level = Level { $level }: Black { $blacks } ({ $black }); White { $whites } ({ $white }).
alt-none = none
alt-empty-board = The board is empty.
alt-drop = the { $colour ->
    [black] black
   *[white] white
} marble on { $from } to { $to }
move-drop = { colour } { $from } dropped to { $to }

## Challenges

challenge-yourself = You cannot challenge yourself. Name another player.
challenge-bad-size = Board size { $size } is not possible: choose { $min } to { $max } (8 is the official size).
challenge-bad-pile = { $pile } pieces each is not possible on { $size } × { $size }: choose { $size } to { $max } (the default is { $default }).
challenge-channel-taken = A game was just started in this channel. Play in a thread instead: make one and challenge there.
challenge-made = **{ $challenger }** challenges { $challenged } to a game of Akron (game { $game }): { $size } × { $size }, { $pile } pieces each, { $rule ->
    [immediate] immediate
   *[delayed] delayed
} rule. { $black } would play **Black** and move first, { $white } **White**. Clock: { $clock }. { $rated ->
    [yes] Rated
   *[no] Casual (not rated)
}. { $challenged }, { $platform ->
    [matrix] accept with ✅ or { CMD("accept") }, or decline with ❌ or { CMD("decline") }
   *[other] accept or decline
}; the challenge expires { $expires }.
challenge-in-thread-busy = This channel already has game { $other } ({ $black } against { $white }), so this one will be played in a thread of its own once accepted.
challenge-in-thread = Once accepted, the game moves to a thread of its own.
challenge-accepted = **{ $player }** accepted. Game { $game } begins: **{ $black }** plays Black (top to bottom), **{ $white }** plays White (left to right).
challenge-swap-note = After Black's first placement, White may answer { CMD("swap") } to take it over and play Black.
challenge-first-to-move = { $player } to move (Black).
challenge-yours-accept = You made this challenge; only { $player } can accept it. You can cancel it.
challenge-yours-decline = You made this challenge; to withdraw it, cancel it.
challenge-not-yours = This challenge is for { $player }, not for you.
challenge-declined-by = **{ $player }** declined the challenge from { $challenger } (game { $game }).
challenge-withdrawn = **{ $player }** withdrew the challenge (game { $game }).
challenge-only-challenger = Only the player who made the challenge can cancel it; you can decline it.
challenge-gone = That challenge is no longer open: it was accepted, declined, cancelled or it expired.
challenge-none-here = There is no open challenge in this channel. Make one with { CMD("challenge @player") }.
time-control = { $kind ->
    [none] no clock
    [days] { $amount } d per move
    [hours] { $amount } h per move
   *[live] { $amount }+{ $increment } (live)
}

## Resigning and draws

resign-confirm = Resign game { $game } against { $opponent }? { colour } wins, and this cannot be undone.
draw-ai-declines = { $opponent } declines the draw: it rates its own winning chances at about { $percent } %, so it plays on.
draw-ai-accepts = { $opponent } accepts the draw: it rates its own winning chances at about { $percent } %.
draw-already-offered = You have already offered a draw; { $opponent } has not answered yet.
draw-yours = You offered this draw; { $opponent } must accept it.
draw-too-soon = You offered a draw { $when ->
    [already] already
   *[recently] recently
}; you can offer again once { $opponent } has moved twice.
draw-offered = **{ $player }** offers a draw. { $opponent }, accept or decline ({ CMD("draw accept") }, { CMD("draw decline") }).
draw-none = There is no draw offer to answer. Offer one with { CMD("draw") }.
draw-withdrawn = **{ $player }** withdrew their draw offer.
draw-declined = **{ $player }** declined the draw offer. Play on.
rating-note = Ratings: { $ratings }
rating-note-never-moved = Not rated: one player made no move in this game.

## The commands: their names and one-line descriptions (Discord: at most 100 characters)

command-challenge-name = challenge
command-challenge-about = Challenge someone here, anyone (no opponent), or the AI (`ai`, or the bot: level 1-8).
command-accept-name = accept
command-accept-about = Accept the challenge addressed to you.
command-decline-name = decline
command-decline-about = Decline the challenge addressed to you.
command-cancel-name = cancel
command-cancel-about = Withdraw your open challenge.
command-move-name = move
command-move-about = Play a move: a placement like F6 or a step like A2-D3' (each ' is a level up).
command-swap-name = swap
command-swap-about = Swap: as White, take over Black's opening placement (second turn only).
command-premove-name = premove
command-premove-about = Queue answers to your opponent's next move: if they play B4, you play C5 at once.
command-hint-name = hint
command-hint-about = In a game against the AI: the engine's suggested move, shown only to you.
command-board-name = board
command-board-about = Show the current board again, in perspective (default) or as a plan.
command-moves-name = moves
command-moves-about = Show where one piece can go (and what it drops), or list every legal move.
command-resign-name = resign
command-resign-about = Resign the game in this channel.
command-claim-name = claim
command-claim-about = Win on time when your opponent's clock has run out (the bot normally ends it itself).
command-draw-name = draw
command-draw-about = Offer a draw, or accept or decline your opponent's offer.
command-takeback-name = takeback
command-takeback-about = Ask to take back your last move, or answer your opponent's request.
command-abort-name = abort
command-abort-about = Call the game off: before both sides have moved, or any time as a moderator.
command-history-name = history
command-history-about = The move list of the game in this channel.
command-export-name = export
command-export-about = The game record as a text file, which `show` reads back.
command-show-name = show
command-show-about = Draw any position from a position code or a game record (for puzzles).
command-replay-name = replay
command-replay-about = The game as an animated picture (GIF), drops falling level by level.
command-games-name = games
command-games-about = Your challenges and games in every channel, and your last finished games.
command-rules-name = rules
command-rules-about = A short summary of the rules and the players' guide.
command-vacation-name = vacation
command-vacation-about = Stop your correspondence clocks while you are away (up to 14 days a year).
command-settings-name = settings
command-settings-about = Reminders, board view, language, time zone; moderators: threads, organisers, language, web pages.
command-analyze-name = analyze
command-analyze-about = A finished game move by move (marks, accuracy, chart), or the best move in one position.
command-puzzle-name = puzzle
command-akron-about = Akron, Cameron Browne's 3D connection game: challenge, play, and look things up.
command-akron-review-about = Review games and positions: records, pictures, replays and the engine's analysis.
command-puzzle-about = Puzzles proven by the solver: post one, solve it privately, see the answer, one a day.
command-help-name = help
command-help-about = The command list.
command-stats-name = stats
command-stats-about = Rating, results by colour, longest streak and a rating chart (yours or a player's).
command-leaderboard-name = leaderboard
command-leaderboard-about = This server's top 20 by rating (provisional ratings, marked ?, come last).
command-tournament-name = tournament
command-tournament-about = Tournaments: create one, join, start, standings, pairings; organisers run it.
time-relative = { $when ->
    [past] { $span } ago
   *[future] in { $span }
}

## Moves refused

not-your-turn = It is not your turn: { $player } is to move ({ colour }). You play { $mine ->
    [black] Black
   *[white] White
}.
not-a-move = '{ $text }' is not a move: { $why }.
move-not-legal = { $move } is not legal here: { $why }. { CMD("moves") } lists the legal moves, { CMD("moves D3") } where one piece can go.
illegal-off-board = { $point } is not on the board
illegal-pile-empty = { colour } has no marbles left to place; step a piece instead
illegal-place-above = marbles from the pile go into level-0 holes; { $point } is on level { $level }
illegal-occupied = { $point } is occupied
illegal-no-piece = there is no piece on { $point }
illegal-not-yours = the piece on { $point } is { colour }'s
illegal-holds-up = the piece on { $point } holds up { $count } marbles; it may hold up at most one
illegal-covered = the piece on { $point } is covered by an enemy piece, so it cannot move
illegal-alone = the piece on { $point } is not connected to any piece of its colour, so it cannot move
illegal-unsupported = { $point } is not supported: { $missing } below it is empty
illegal-support-moves = { $point } would lose its support { $support }, which moves during the move
illegal-not-touching = { $point } does not touch a piece connected to { $from }
illegal-swap = swap is only possible as White's answer to the first move
illegal-game-over = the game is over

## Takebacks

takeback-already-asked = You have already asked to take back; { $opponent } has not answered yet.
takeback-answer-first = { $opponent } has asked to take back a move; answer with { CMD("takeback accept") } or { CMD("takeback decline") } first.
takeback-nothing = You have not moved yet, so there is nothing to take back.
takeback-asked = **{ $player }** asks to take back their last move{ $reply ->
    [yes] {" "}(and your reply)
   *[no] {""}
}. { $opponent }, accept or decline ({ CMD("takeback accept") }, { CMD("takeback decline") }).
takeback-none = There is no takeback request to answer. Ask for one with { CMD("takeback") }.
takeback-yours = You asked for this takeback; { $opponent } must accept it.
takeback-withdrawn = **{ $player }** withdrew their takeback request.
takeback-declined = **{ $player }** declined the takeback. Play on.
takeback-no-move = There is no move to take back.
takeback-done = Took back { $count ->
    [one] { $count } move
   *[other] { $count } moves
}. { $player } to move ({ colour }).

## Words drawn on pictures ({ $name }, { $other }, { $n }, { $move } are filled in by the renderer)

label-black = Black
label-white = White
label-to-move = { $name } to move
label-must-cut = { $other } connects: { $name } must cut it now
label-wins-by-connection = { $name } wins by connection
label-wins-no-move = { $name } wins: { $other } cannot move
label-wins-resignation = { $other } resigned: { $name } wins
label-wins-timeout = { $other } ran out of time: { $name } wins
label-wins = { $name } wins
label-wins-adjudication = { $name } wins by adjudication
label-aborted = Game aborted
label-forfeited-by-both = Lost by both
label-draw-agreement = Draw by agreement
label-draw-repetition = Draw by repetition
label-draw = Draw
label-draw-adjudication = Draw by adjudication
label-game = Game { $n }
label-move-number = Move { $n }: { $move }
label-last-move = Last: { $move }
label-start = Start
label-pile = { $name } · pile { $n }
label-dropped-one = dropped
label-dropped = { $n } dropped
label-level = Level { $n }
label-more-rows = … and { $n } more

## Button labels

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-swap = Swap
button-board = Board
button-draw-offer = Offer draw
button-draw-accept = Accept draw
button-draw-decline = Decline draw
button-takeback-accept = Accept takeback
button-takeback-decline = Decline takeback
button-resign = Resign
button-resign-confirm = Yes, resign
button-tournament-join = Join
button-tournament-leave = Leave

## Help

placeholder-player = @player
placeholder-point = POINT
placeholder-title = TITLE
placeholder-ply = PLY
placeholder-code = CODE
placeholder-code-or-record = CODE-or-RECORD
placeholder-move = MOVE...
placeholder-name = NAME
placeholder-role = ROLE
# The time zone in the help's example: one a reader of the language would live in.
placeholder-zone = Europe/Madrid
placeholder-game = #game
help-intro = Commands (on Discord `/akron NAME`, or the slash command a group names: `replay` is `/akron-review replay`, `tournament join` is `/akron-tournament join`):
help-outro = One game per channel: a challenge where a game runs is played in a thread of its own.
help-intro-console = Commands, typed as written here (`move F6`):
help-outro-console = One game per channel (`in CHANNEL` changes it): a challenge where a game runs is played in a thread of its own. `help tournament` (or the name of any other command) shows every form of that command, with the options this list leaves out.
help-intro-matrix = Commands: write each one after `!akron` in a message, in the room of the game or in its thread (`!akron move F6`). Reactions on the bot's messages stand for its buttons: ✅ accept, ❌ decline, 🚫 cancel your challenge, 🔄 swap, 🤝 offer a draw, 🏳️ resign (asked once more), 🔁 rematch, 🙋 join and 👋 leave a tournament.
help-outro-matrix = One game per room: a challenge where a game runs is played in a thread of its own. Players are pinged when it is their move. { CMD("help tournament") } (or the name of any other command) shows every form of that command, with the options this list leaves out.
help-page-heading = **{ $command }**: { $about }
group-start = Start
group-play = Play
group-end = End
group-look-up = Look up
group-compete = Compete
group-review = Review
group-puzzles = Puzzles
group-tournaments = Tournaments
board-text-rest = { CMD("board") } shows the picture

## Tournament rounds, pairings and standings

tournament-no-pairings-yet = The tournament has not started, so there are no pairings yet.
tournament-no-such-round = Round { $round } does not exist; this is round { $current }.
tournament-game-announced = **{ $tournament }**, round { $round }, board { $board }: { $black } (Black, moves first) against { $white } (White), game { $game }. It opens in a thread of its own; its clock ({ $control }) is running.
tournament-game-ended-unannounced = **{ $tournament }**, round { $round }, { $unit ->
    [match] match
   *[board] board
} { $board }: { $black } (Black) against { $white } (White), game { $game }, ended before it could be announced:{" "}
tournament-round-over = Round { $round } of **{ $tournament }** is over.
    { $standings }
tournament-over = 🏆 **{ $tournament }** is over. Congratulations, { $winners }!
    Final standings:
    { $standings }
tournament-tiebreak = { $tiebreak ->
    [buchholz] Buchholz
   *[sonneborn-berger] Sonneborn-Berger
}
# The tiebreak's column heading in a standings table: its abbreviation.
tournament-column-tiebreak = { $tiebreak ->
    [buchholz] BH
   *[sonneborn-berger] SB
}
tournament-not-started-entrants = **{ $tournament }** has not started; { $count ->
    [one] { $count } entrant
   *[other] { $count } entrants
} so far.
tournament-standings = **{ $tournament }**, standings after { $done ->
    [one] { $done } round
   *[other] { $done } rounds
} of { $rounds }{ $playing } (points, { $tiebreak } then head-to-head):
    { $table }
tournament-round-being-played = {" "}and round { $round }'s finished games
tournament-standings-subtitle = Standings after { $done } of { $rounds } rounds{ $playing } · points, { $tiebreak }, head-to-head
tournament-table-more = … { $count } more
tournament-column-player = Player
tournament-column-points = Pts
tournament-column-record = W-D-L
tournament-column-board = Board
tournament-column-black = Black (first)
tournament-column-white = White
tournament-column-result = Result
tournament-column-game = Game
tournament-withdrawn-mark = wd
tournament-withdrawn-name = { $name } (withdrawn)
tournament-unknown-player = player { $player }
tournament-result-playing = playing
tournament-result-forfeit = { $score } ff
tournament-result-adjudicated = { $score } adjudicated
tournament-bye = bye
tournament-bye-score = 1 (bye)
tournament-pairings-title = { $tournament }, round { $round } of { $rounds }
tournament-pairings-heading = **{ $tournament }**, round { $round } of { $rounds }:
tournament-pairing-bye = - bye: **{ $player }** (scores a win)
tournament-pairing = - board { $board }: **{ $black }** (Black) – **{ $white }** (White): { $result }{ $game }
tournament-pairing-game = , game { $game }
tournament-pairing-game-in = , game { $game } in { $channel }
thread-opened = Game { $game }: { $black } (Black) against { $white } (White). Play here.
    { $status }

## Tournament sign-up, start and withdrawal

tournament-signup = 🏁 **{ $tournament }** ({ $number }): { $what }. Organiser: **{ $organiser }**.
    Press **Join** to enter (or { CMD("tournament join") }).
tournament-entrants = Entrants ({ $count }{ $max ->
    [0] {""}
   *[other] {" "}of { $max }
}): { $names }
tournament-entrants-nobody = nobody yet
tournament-signup-check-in = Check-in: when the organiser opens it, entrants have { $window } to confirm, and whoever has not is dropped at the start.
tournament-signup-deadline = Each round has a deadline of { $deadline }: then an undecided match goes to the player ahead, or when level to the higher seed{ $double ->
    [yes] ; in the grand final and the bracket reset, to the winners' bracket's winner.
   *[no] .
}
tournament-signup-analysis = Each finished game is analysed in its thread.
tournament-format-swiss = Swiss, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-format-swiss-default = Swiss, its rounds set by the number of players: { $four } for 3 or 4, { $eight } for 5 to 8, { $sixteen } for 9 to 16
tournament-format-round-robin = { $double ->
    [yes] double round robin
   *[no] round robin
}
tournament-description = { $format }, { $size } × { $size }, { $pile } pieces, { $rule ->
    [immediate] immediate
   *[delayed] delayed
} rule, { $clock }, { $rated ->
    [yes] rated
   *[no] casual
}, { $vacation ->
    [yes] vacations allowed
   *[no] no vacations
}
tournament-started = **{ $tournament }** starts: { $players } players{ $format ->
    [swiss] {""}
    [double] , up to { $rounds } rounds
   *[other] , { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
} ({ $what }). Round 1's pairings follow; each game opens in a thread of its own with its clock running.
tournament-withdrew = **{ $player }** { $by ->
    [organiser] was withdrawn from **{ $tournament }** by the organiser{ $resigned ->
        [yes] {" "}and their running game is lost
       *[no] {""}
    }
   *[self] withdrew from **{ $tournament }**{ $resigned ->
        [yes] {" "}and resigned their running game
       *[no] {""}
    }
}. { $format ->
    [swiss] They are not paired again.
   *[round-robin] Their remaining games are forfeits.
} Their results so far stand.

## Tournament refusals and the organiser's replies

tournament-none-here = There is no tournament here. A moderator can make one with { CMD("tournament create NAME format:swiss") }.
tournament-organiser-only = Only the organiser ({ $organiser }), a moderator or the server's tournament role can do that.
tournament-create-moderators-only = Only moderators (and the role a moderator names with { CMD("settings tournament-role") }) can create tournaments.
tournament-name-length = A tournament's name has 1 to { $max } characters; this one has { $count }.
tournament-name-control = A tournament's name is one line of text, without control characters.
tournament-rounds-for-max = With at most { $max } players a Swiss can have at most { $most } rounds without pairing anyone twice; rounds:{ $rounds } is too many. Choose rounds:{ $most } or fewer, or allow more players.
tournament-channel-taken = This channel already has a tournament going on. One tournament per channel: use another channel, or cancel that one first.
tournament-signup-closed = **{ $tournament }** has started; sign-up is closed.
tournament-already-in = You are already in. The Leave button takes you out.
tournament-full = The tournament is full.
tournament-leave-started = The tournament has started: to stop playing, { CMD("tournament withdraw") } (a Swiss then pairs you no more; in a round robin your remaining games are forfeits).
tournament-not-in = You are not in this tournament.
tournament-already-started = The tournament has already started.
tournament-too-few = A tournament needs at least two entrants to start.
tournament-withdraw-not-started = The tournament has not started: use Leave ({ CMD("tournament leave") }).
tournament-withdraw-other-not-started = **{ $tournament }** has not started: { $player } can still leave with Leave ({ CMD("tournament leave") }); once it has started, you can withdraw them.
tournament-is-over = The tournament is over.
tournament-player-not-in = { $player } is not in this tournament.
tournament-already-withdrawn = { $player } has already withdrawn.
knockout-withdraw-already-out = { $player } is already out of **{ $tournament }** (knocked out in round { $round }): there is nothing left to withdraw from.
tournament-adjudicate-which = Name the game: { CMD("tournament adjudicate #12 black") }.
tournament-adjudicate-own = You play in game { $game }, so you cannot adjudicate it. { $yours ->
    [yes] { $has_role ->
        [yes] Ask a moderator or a member of { $role } to decide it.
       *[no] Ask a moderator to decide it.
    }
   *[no] { $has_role ->
        [yes] Ask the organiser ({ $organiser }), a moderator or a member of { $role } to decide it.
       *[no] Ask the organiser ({ $organiser }) or a moderator to decide it.
    }
}
tournament-adjudicate-over = Game { $game } is already over ({ $result }), and its result stands: only a game still being played can be adjudicated.
tournament-not-a-tournament-game = Game { $game } is not a tournament game.
tournament-not-running = The tournament is not running.
tournament-adjudicated = Game { $game } of **{ $tournament }** (round { $round }, { $unit ->
    [match] match
   *[board] board
} { $board }) is adjudicated: { $verdict ->
    [named] { $winner } ({ colour }) wins
    [first] the first player (Black) wins
    [second] the second player (White) wins
    [draw] a draw
   *[forfeit] forfeited by both, nobody scores
}.
tournament-pause-not-running = Only a running tournament can be paused.
tournament-not-paused = The tournament is not paused.
tournament-paused = **{ $tournament }** is paused: running games go on, but the next round waits for { CMD("tournament resume") }.
tournament-resumed = **{ $tournament }** goes on.
tournament-analysis-on = Analysis is on for **{ $tournament }**: each game that ends from now on is analysed, and its summary with the evaluation chart is posted in the game's thread.
tournament-analysis-queued = { $count ->
    [one] The game already over is queued too.
   *[other] The { $count } games already over are queued too.
}
tournament-analysis-off = Analysis is off for **{ $tournament }**: games that end from now on are not analysed. Analyses already queued still run.
tournament-analysis-already-on = Analysis is already on for **{ $tournament }**.
tournament-analysis-already-off = Analysis is already off for **{ $tournament }**.
tournament-already-over = The tournament is already over.
tournament-cancelled = **{ $tournament }** is cancelled{ $running ->
    [0] {""}
    [one] ; its running game is aborted
   *[other] ; its { $running } running games are aborted
}.
tournament-damaged = Round { $round } of **{ $tournament }** is over, but the next round cannot be paired: the tournament's stored data is damaged (the bot's operator can read why in the log). It is paused; { CMD("tournament resume") } tries again, { CMD("tournament cancel") } ends it.
tournament-too-many-rounds = **{ $tournament }** has { $players } entrants, so a Swiss can have at most { $most } rounds without pairing anyone twice, and it was made with rounds:{ $asked }. Wait until { $needed } players have joined, or { CMD("tournament cancel") } and create it again with rounds:{ $most } or fewer.

## Discord: the tournament and puzzle subcommands, their options and choices

command-tournament-create-name = create
command-tournament-create-about = Create a tournament in this channel, with a sign-up message (moderators).
command-tournament-join-name = join
command-tournament-join-about = Enter this channel's tournament (the sign-up's Join button does the same).
command-tournament-leave-name = leave
command-tournament-leave-about = Leave this channel's tournament before it starts.
command-tournament-start-name = start
command-tournament-start-about = Close sign-up and pair round 1 (the organiser or a moderator).
command-tournament-standings-name = standings
command-tournament-standings-about = The standings: points, then Buchholz or Sonneborn-Berger, then head-to-head.
command-tournament-pairings-name = pairings
command-tournament-pairings-about = A round's pairings and results (default: the current round).
command-tournament-withdraw-name = withdraw
command-tournament-withdraw-about = Withdraw from the tournament, or (organisers) withdraw a player.
command-tournament-adjudicate-name = adjudicate
command-tournament-adjudicate-about = Decide a tournament game's result (the organiser).
command-tournament-pause-name = pause
command-tournament-pause-about = Hold the next round until `resume` (the organiser).
command-tournament-resume-name = resume
command-tournament-resume-about = Go on after `pause`, pairing the next round if it is due (the organiser).
command-tournament-cancel-name = cancel
command-tournament-cancel-about = Call the tournament off; its running games are aborted (the organiser).
option-tournament-create-name-name = name
option-tournament-create-name-about = Its name
option-tournament-create-format-name = format
option-tournament-create-format-about = Swiss, round robin, single or double elimination
option-tournament-create-rounds-name = rounds
option-tournament-create-rounds-about = Swiss rounds (default: 3 for 3–4 players, 4 for 5–8, 5 for 9–16)
option-tournament-create-time-name = time
option-tournament-create-time-about = Clock: days or hours per move like 3d (default) or 12h, or live like 10+5
option-tournament-create-size-name = size
option-tournament-create-size-about = The most entrants (default: no limit)
option-tournament-create-board-name = board
option-tournament-create-board-about = Board side, 3 to 16 (default 8)
option-tournament-create-pieces-name = pieces
option-tournament-create-pieces-about = Marbles each player starts with (default: half the points)
option-tournament-create-rule-name = rule
option-tournament-create-rule-about = When a connection wins (default delayed)
option-tournament-create-rated-name = rated
option-tournament-create-rated-about = Whether its games are rated (default: yes)
option-tournament-create-double-name = double
option-tournament-create-double-about = Round robin: play every pairing twice, colours reversed
option-tournament-create-vacation-name = vacation
option-tournament-create-vacation-about = Whether vacations stop its clocks (default: no)
option-tournament-pairings-round-name = round
option-tournament-pairings-round-about = The round (default: the current one)
option-tournament-withdraw-player-name = player
option-tournament-withdraw-player-about = Organisers: the player to withdraw (default: yourself)
option-tournament-adjudicate-game-name = game
option-tournament-adjudicate-game-about = The game number
option-tournament-adjudicate-result-name = result
option-tournament-adjudicate-result-about = The result
choice-swiss = swiss
choice-roundrobin = round robin
choice-black = black
choice-white = white
choice-draw = draw
choice-forfeit = forfeit by both
choice-delayed = delayed
choice-immediate = immediate
command-puzzle-create-name = create
command-puzzle-create-about = Post a position where the side to move wins by force in at most 3 moves.
command-puzzle-solve-name = solve
command-puzzle-solve-about = Check your answer to a puzzle, privately.
command-puzzle-answer-name = answer
command-puzzle-answer-about = Show a puzzle's answer (a day after posting, or once its poster revealed it).
command-puzzle-reveal-name = reveal
command-puzzle-reveal-about = Let everyone see the answer to your puzzle now.
command-puzzle-daily-name = daily
command-puzzle-daily-about = Moderators: a puzzle a day in this channel, from the bot's bank.
option-puzzle-create-code-name = code
option-puzzle-create-code-about = The position code, like 5:b:12,12:5/5/5/5/5
option-puzzle-create-rule-name = rule
option-puzzle-create-rule-about = When a connection wins (default delayed)
option-puzzle-create-title-name = title
option-puzzle-create-title-about = A title
option-puzzle-create-several-name = several
option-puzzle-create-several-about = Post it even when several first moves win (marked so)
option-puzzle-solve-puzzle-name = puzzle
option-puzzle-solve-puzzle-about = The puzzle's number
option-puzzle-solve-moves-name = moves
option-puzzle-solve-moves-about = Your move (you may add the reply you expect and your next move)
option-puzzle-answer-puzzle-name = puzzle
option-puzzle-answer-puzzle-about = The puzzle's number
option-puzzle-reveal-puzzle-name = puzzle
option-puzzle-reveal-puzzle-about = The puzzle's number
option-puzzle-daily-on-name = on
option-puzzle-daily-on-about = true to start, false to stop

## Discord: the options and choices of /akron and /akron-review

option-challenge-opponent-name = opponent
option-challenge-opponent-about = Who you challenge (leave it out for anyone here)
option-challenge-size-name = size
option-challenge-size-about = Board side, 3 to 16 (default 8)
option-challenge-pieces-name = pieces
option-challenge-pieces-about = Marbles each player starts with (default: half the points)
option-challenge-rule-name = rule
option-challenge-rule-about = When a connection wins (default delayed)
option-challenge-colour-name = colour
option-challenge-colour-about = Your colour (default random)
option-challenge-time-name = time
option-challenge-time-about = Clock: none (default), days or hours per move like 3d or 12h, or live like 10+5
option-challenge-thread-name = thread
option-challenge-thread-about = Play in a thread of its own once accepted (default: the server's setting)
option-challenge-level-name = level
option-challenge-level-about = Against the bot itself: its level, 1 (beginner) to 8 (strongest); default 3
option-challenge-rated-name = rated
option-challenge-rated-about = Whether the result moves ratings (default: rated)
option-settings-reminders-name = reminders
option-settings-reminders-about = Where your reminders go (default dm)
option-settings-view-name = view
option-settings-view-about = How your boards are drawn (default perspective)
option-settings-thread_games-name = thread_games
option-settings-thread_games-about = Moderators: new games open a thread of their own
option-settings-tournament_role-name = tournament_role
option-settings-tournament_role-about = Moderators: a role whose members may create and run tournaments
option-settings-no_tournament_role-name = no_tournament_role
option-settings-no_tournament_role-about = Moderators: true to forget the tournament role (only moderators then)
option-settings-language-name = language
option-settings-language-about = Moderators: the server's language; others: your own
option-settings-my_language-name = my_language
option-settings-my_language-about = Your own language, for your direct messages
option-settings-timezone-name = timezone
option-settings-timezone-about = Your time zone, an IANA name such as Europe/Madrid
option-settings-web-name = web
option-settings-web-about = Moderators: who may see this server's web pages (default off)
option-vacation-on-name = on
option-vacation-on-about = true to go on vacation, false when you are back
option-move-notation-name = notation
option-move-notation-about = The move, like F6 or A2-D3' (start typing for suggestions)
option-board-view-name = view
option-board-view-about = Perspective (default: your setting), plan, or text for a screen reader
option-moves-point-name = point
option-moves-point-about = A piece's point, like C4 (leave empty for all moves)
option-draw-action-name = action
option-draw-action-about = offer (default), accept or decline
option-takeback-action-name = action
option-takeback-action-about = request (default), accept or decline
option-premove-moves-name = moves
option-premove-moves-about = Pairs of their move and your answer, like B4 C5, D2-E3' F6; or clear
option-stats-player-name = player
option-stats-player-about = Whose statistics (default: yours)
option-show-code-name = code
option-show-code-about = A position code like 5:b:12,12:5/5/5/5/5, or a game record
option-show-record-name = record
option-show-record-about = A game record file, as /akron-review export attaches it
option-show-view-name = view
option-show-view-about = Perspective (default: your setting) or plan
option-replay-game-name = game
option-replay-game-about = A game number (default: this channel's game)
option-replay-from-name = from
option-replay-from-about = The first move shown (default 1)
option-replay-to-name = to
option-replay-to-about = The last move shown (default: the last)
option-replay-speed-name = speed
option-replay-speed-about = How fast it plays (default normal)
option-analyze-game-name = game
option-analyze-game-about = A finished game's number (default: this channel's last game)
option-analyze-move-name = move
option-analyze-move-about = Only the position after this many moves (default: the whole game, move by move)
option-analyze-code-name = code
option-analyze-code-about = A position code to analyse instead of a game
option-analyze-rule-name = rule
option-analyze-rule-about = The win rule for a position code (default delayed)
choice-random = random
choice-dm = dm
choice-channel = channel
choice-off = off
choice-on = on
choice-link = link
choice-public = public
choice-perspective = perspective
choice-plan = plan
choice-text = text
choice-offer = offer
choice-accept = accept
choice-decline = decline
choice-slow = slow
choice-normal = normal
choice-fast = fast
choice-en = English
choice-es = Spanish
choice-de = German
export-record = The record of game { $game } ({ $result }). { CMD("show") } reads it back.
export-record-file = The record of Akron game { $game } as text: { $result }.

## web: the links to the web companion's pages, and the pages' own words
web-link-game = View game
web-link-tournament = Tournament page
web-link-puzzle = Puzzle page
web-site = Akron
web-footer = Akron, Cameron Browne's 3D connection game. Read-only pages of the Akron bot.
web-home = Game, tournament and player pages of the Akron bot. Servers choose whether their pages are shown: they are reached through the links the bot posts.
web-not-found = Not found
web-not-found-text = There is no page here. Links to games and tournaments come from the bot, and a server can switch its pages off.
web-failed = Something went wrong
web-failed-text = This page cannot be shown right now. Try again in a moment.
web-too-many = Too many requests; wait a little and try again.
web-busy = Too many live pages are open; reload later.
web-game-title = Game { $game }: { $black } vs { $white }
web-game-link = Game { $game }
web-board-size = { $size }×{ $size }, { $count ->
    [one] { $count } marble
   *[other] { $count } marbles
} each
web-step = Move { $ply }: { $move } by { colour }
web-step-dropped = { $step }. Dropped: { $drops }
web-start = The start position
web-board-alt = The board:
web-board-text = The board in words
web-status-playing = Being played; { colour } to move
web-status-playing-plain = Being played
web-status-open = Waiting for the challenge to be accepted
web-status-not-played = Not played
web-aborted = Aborted
web-won = { colour } won { $reason ->
    [connection] by connection
    [no-moves] as the opponent had no legal move
    [resignation] by resignation
    [adjudication] by adjudication
   *[timeout] on time
}
web-drawn = Drawn { $reason ->
    [repetition] by repetition
    [adjudication] by adjudication
   *[agreement] by agreement
}
web-rule-delayed = delayed (a connection must survive the reply)
web-rule-immediate = immediate
web-yes = yes
web-no = no
web-live = Live: new moves appear here.
web-live-off = Live updates are off here (too many open): this page looks for new moves every 30 seconds.
web-unrated = unrated
web-move-due = Move due by
# A clock of a day or more on a game's page, short as in a table: days and hours.
web-clock-days = { clock-span-days }
web-clock-standing = not yet: the clock stands still with { $time } left (on vacation)
web-started = Started
web-stepper = Step through the moves
web-first = First
web-previous = Back
web-next = Forward
web-last = Last
web-keys = Keys, on the board or the move list: ← and → step, Home and End jump.
web-moves = Moves
web-no-moves = No moves yet.
web-downloads = Downloads
web-record = Game record (text)
web-replay = Animated replay (GIF)
web-clock = Clock
web-board = Board
web-pairing-board = Board
web-rule = Win rule
web-rated = Rated
web-format = Format
web-format-swiss = Swiss
web-format-round-robin = Round robin
web-format-double-round-robin = Double round robin
web-status = Status
web-tournament-status = { $status ->
    [signup] Taking entrants
    [running] Running
    [paused] Paused
    [finished] Finished
   *[cancelled] Cancelled
}
web-organiser = Organiser
web-standings-csv = Standings (CSV)
web-pairings-csv = Pairings (CSV)
web-standings = Standings
web-crosstable = Crosstable
web-crosstable-too-large = Too many entrants for a crosstable; see the rounds.
web-progress = Score after each round
web-schedule = Schedule
web-round-heading = Round
web-due = Moves due by
web-round-waiting = not yet
web-round-complete = complete
web-schedule-note = "Moves due by" is when the last move awaited in the round's games is due: if nobody moves any more, every game of the round is decided by then. Times are in your time zone.
web-rounds = Rounds
web-no-rounds = No round has been paired yet.
web-round = Round { $round }
web-round-of = Round { $round } of { $rounds }
web-result = Result
web-games = Games
web-bye = Bye: { $player }
web-byes = ({ $count ->
    [one] one of them a bye
   *[other] { $count } of them byes
})
web-adjudicated = adjudicated
web-entrants = Entrants
web-withdrawn = withdrawn
web-rank = #
web-player = Player
web-points = Points
web-record-wdl = W-D-L
web-server-title = Server
web-leaderboard = Leaderboard
web-tournaments = Tournaments
web-tournament = Tournament
web-recent-games = Recent games
web-none-yet = None yet.
web-rating = Rating
web-rating-history = Rating history
web-by-colour = Results by colour
web-won-heading = Won
web-drawn-heading = Drawn
web-lost-heading = Lost
web-streaks = Streaks
web-result-word = { $kind ->
    [win] win
    [draw] draw
   *[loss] loss
}
web-current-streak = Current: { $kind ->
    [win] { $count ->
        [one] { $count } win
       *[other] { $count } wins
    }
    [draw] { $count ->
        [one] { $count } draw
       *[other] { $count } draws
    }
   *[loss] { $count ->
        [one] { $count } loss
       *[other] { $count } losses
    }
}
web-best-streak = Longest winning streak: { $count }
web-chart-alt = Rating over { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}: from { $first } to { $last }, lowest { $low }, highest { $high }
web-puzzle-title = Puzzle { $puzzle }
web-puzzle-title-named = Puzzle { $puzzle }: { $title }
web-puzzle-task = { colour } to move wins in { $count ->
    [one] one move
   *[other] { $count } moves
}.
web-puzzle-alt = The puzzle's position, { colour } to move
web-puzzle-hidden = The solution and who solved it are shown from { $time }.
web-solution = Solution
web-winning-first-moves = Every winning first move
web-solvers = Solved by
## words-a: why a move, a point name or a position code cannot be read

notation-empty = no move given; write a hole like F6, a step like A2-D3', or swap
notation-too-long = that is too long to be a move; write a hole like F6 or a step like A2-D3'
notation-column = '{ $text }' is not a point: a point name starts with a column letter, as in D3
notation-row = '{ $text }' is not a point: a row number must follow the column letter, as in D3
notation-leading-zero = '{ $text }' is not a point: write the row number without a leading zero, as in D3
notation-trailing = '{ $text }' is not a point: only apostrophes may follow the row number, one per level, as in D3''
notation-space = '{ $text }' has a space inside a point name; write it as one word, like D3'
notation-no-such-point = { $point } is on no board: even on { $size } × { $size }, level 0 has columns A to { $last } and rows 1 to { $size }, and a point with k apostrophes has a row number of at least k + 1
notation-half-step = '{ $text }' is half a step: a step names two points, as in A2-D3'
notation-separators = a step has one dash, as in A2-D3'
notation-on-board = { $why } (this { $size } × { $size } board has columns A to { $last } and rows 1 to { $size })
notation-too-high = { $point } is not on this { $size } × { $size } board: its levels are 0 to { $top }, so a point name has at most { $top ->
    [one] { $top } apostrophe
   *[other] { $top } apostrophes
}
notation-on-level = { $level ->
    [0] {""}
   *[other] on level { $level } ({ $level ->
        [one] { $level } apostrophe
       *[other] { $level } apostrophes
    }),{" "}
}
notation-off-column = { $point } is not on this { $size } × { $size } board: { notation-on-level }column { $column } is outside A to { $last }
notation-off-row = { $point } is not on this { $size } × { $size } board: { notation-on-level }row { $row } is outside { $low } to { $high }
notation-off-both = { $point } is not on this { $size } × { $size } board: { notation-on-level }column { $column } is outside A to { $last } and row { $row } is outside { $low } to { $high }
code-fields = a position code has 4 fields separated by ':' (SIZE:TURN:BLACKPILE,WHITEPILE:LEVELS), not { $count }
code-too-long = that position code is too long (more than { $count } characters)
code-size = board size '{ $text }' must be a number from { $min } to { $max }
code-turn = turn '{ $text }' must be b or w
code-piles = piles '{ $text }' must be two numbers from 0 to { $max }, like 32,32
code-levels = { $count } levels given, but a { $size } × { $size } board has only { $size }
code-rows = level { $level } must have { $expected } rows separated by '/', not { $found }
code-row-length = level { $level }, row { $row } must have { $expected } points, not { $found }
code-number = level { $level }, row { $row }: '{ $text }' is not a run length (a whole number from 1, without leading zeros)
code-character = level { $level }, row { $row }: '{ $text }' is not b, w or a number
position-size = board size { $size } is not supported (it must be { $min } to { $max })
position-pile = { colour }'s pile of { $count } is too large (at most { $max })
position-start-pile = a new { $size } × { $size } game starts with { $size } to { $max } marbles per player, not { $count }
position-off-board = { $point } is not on the board
position-duplicate = { $point } holds two pieces
position-unsupported = the piece on { $point } is unsupported: { $missing } below it is empty

## words-a: moves, refusals of a game not being played, premoves and vacations

moves-legal = { $count ->
    [one] { $count } legal move
   *[other] { $count } legal moves
} for { colour } ({ $player }):
moves-place-on = - place on: { $points }
moves-swap = - swap
moves-rest = { CMD("moves POINT") } shows one piece's moves
point-not-read = { $why }.
moves-cannot-move = { $point } cannot move: { $why }.
moves-nowhere = The piece on { $point } has nowhere to go.
moves-from = The piece on { $point } can go to { $count ->
    [one] { $count } point
   *[other] { $count } points
}: { $points }
moves-drop = { colour } { $from } → { $to }
moves-drops = Whichever step it takes, what rests on it drops: { $drops }.
game-not-started = Game { $game } has not started: the challenge is waiting for an answer (the challenger can { CMD("cancel") } it).
game-is-over = Game { $game } is over: { $result }. Start a new one with { CMD("challenge @player") }.
game-never-started = Game { $game } never started: { $result }. Start a new one with { CMD("challenge @player") }.
premove-ai = The AI answers at once, so conditional moves are not needed against it.
premove-none = You have no conditional moves queued in this game.
premove-cleared = Your conditional moves in this game are cleared.
premove-your-move = It is your move: play it first. Conditional moves answer your opponent's next move.
premove-not-a-pair = '{ $text }' is not a pair: write each as the opponent's move and your answer, like { CMD("premove B4 C5, D2-E3' F6") }.
premove-not-legal-theirs = { $theirs } is not legal for your opponent now: { $why }.
premove-game-over = After { $theirs } the game is over; nothing to answer.
premove-not-legal-mine = { $mine } is not legal after { $theirs }: { $why }.
premove-twice = { $theirs } is answered twice; give one answer for each move.
premove-too-many = At most { $count } conditional moves at a time.
premove-queue = { $count ->
    [one] { $count } conditional move
   *[other] { $count } conditional moves
} queued (only you see them):
premove-pair = - if your opponent plays { $theirs }, you answer { $mine }
premove-queue-end = Any other move drops the queue; { CMD("premove clear") } empties it.
vacation-already = You are already on vacation. { CMD("vacation off") } ends it.
vacation-used-up = You have used all { $days } days of vacation this year.
vacation-on = You are on vacation: your clocks in correspondence games outside tournaments (and in tournaments that allow vacation) stand still for up to { $left } (what is left of your { $days } days this year). { CMD("vacation off") } when you are back.
vacation-not-on = You are not on vacation.
vacation-back = Welcome back: your clocks run again, each move's deadline moved on by the time it stood still.
record-header = header line '{ $line }' should look like [Size "8"]
record-move = '{ $word }' in the move list: { $why }
record-start = the Start position is bad: { $why }
record-tag = the { $tag } tag is bad: '{ $value }'
record-illegal = move { $number } ({ $move }) cannot be played: { $why }

## words-a: history, show, replay, games and the rules

history-no-moves = No moves yet.
history-cut = The full list is in { CMD("export") }.
record-unreadable = That record cannot be read: { $why }.
show-too-long = That is { $size } KB of text; a position code or game record is at most { $max } KB.
show-unreadable = That is neither a position code nor a game record: { $why }. A code looks like `5:b:12,12:5/5/5/5/5`; a record is what { CMD("export") } gives.
show-after = After { moves-count }: { $result }.
show-to-move = { colour } to move
show-spans = { colour } spans. { $turn ->
    [black] Black
   *[white] White
} to move.
show-legal-moves = { colour } to move; { $count ->
    [one] { $count } legal move
   *[other] { $count } legal moves
}.
show-board = { $size } × { $size } board, Black { $black } and White { $white } left in the pile. { $note }
    `{ $code }`
show-no-animation = (No animation: { $why }. { CMD("replay") } with `from:` and `to:` shows part of it.)
replay-title-record = The record
replay-title-game = Game { $game }
replay-no-moves = { $title } has no moves yet: nothing to replay.
replay-shown = { $title }, moves { $first } to { $last } of { $moves }.
replay-shown-result = { $title }, moves { $first } to { $last } of { $moves } ({ $result }).
replay-too-large = A replay of moves { $first } to { $last } would be larger than { $size } MB, too big to post. Ask for part of it: { CMD("replay from:", $first, " to:", $half) }.
replay-range = { $title } has { $moves } moves: ask for `from:` and `to:` between 1 and { $moves }.
replay-failed = The replay could not be drawn; nothing was changed.
replay-error-range = moves { $from } to { $to } are not a range of this game's { $moves } moves
replay-error-too-large = a replay of { $moves } moves would be larger than { $size } MB; ask for fewer moves
replay-error-failed = it could not be drawn
games-overdue = (time is up: the bot ends it in a moment)
games-damaged = - game { $game } in { $channel }: **damaged in storage**; the bot's operator can see why in the log
games-none = You have no open challenges, games in progress or finished games. Start one with { CMD("challenge @player") }.
games-none-in-progress = You have no games in progress.
games-yours = Your games ({ $waiting } waiting for you):
games-finished = Finished ({ $count ->
    [one] the last one
   *[other] the last { $count }
}; { CMD("export #N") } gives a record, { CMD("board #N") } the final position):
games-finished-line = - game { $game } in { $channel } against { $opponent }: { $result }
games-finished-damaged = - game { $game } in { $channel }: damaged in storage
games-rest = those waiting for you are listed first
games-challenge-sent = - game { $game } in { $channel }: challenge waiting for { $opponent }
games-challenge-received = - game { $game } in { $channel }: challenge from { $opponent }: **accept or decline**
games-since = {" "}(for { $time })
games-clock = , **{ $time } left**
games-clock-standing = , **{ $time } left, standing still** (on vacation)
games-your-move = **your move**{ $since }{ $clock }
games-their-move = { $opponent } to move{ $since }{ $clock }
games-playing = - game { $game } in { $channel }: you ({ colour }) against { $opponent }, move { $number }: { $turn }
elapsed-seconds = { $count } s
elapsed-minutes = { $count } min
elapsed-hours = { $count } h
elapsed-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
rules-summary = **Akron** (Cameron Browne, 2002) is a connection game in three dimensions.
    - **Black** joins the top and bottom edges, **White** the left and right. Black moves first. Only marbles in the holes touch an edge; a corner hole is on both edges that meet there.
    - On your turn, **place** a marble from your pile into an empty hole ({ CMD("move F6") }), or **step** one of your marbles ({ CMD("move A2-D3'") }). A marble may rest in the dip between four marbles of any colour, one level up (each ' is a level: `D3'` rests on D3, E3, D2 and E2), and stays there only while all four are there.
    - A marble may step only if at most one marble rests on it: that one **drops** into the gap, and whatever rested on it drops in turn, up the stack. The marble must be connected to its group, and its new point must touch a marble of that group that stays put (not one that drops); a raised point needs all four marbles under it, none of them the mover or dropping.
    - Marbles touch side by side on one level (not diagonally) and where one rests on another; touching marbles of one colour are linked. A link **higher up cuts** the enemy link it crosses. In a column of stacked marbles the **top marble's colour** rules: every marble of the other colour lower down is covered and cut off (one of the top's colour is not, even under an enemy).
    - On the second turn White may **swap**: take over Black's first marble and play Black.
    - You win when your edges are joined by a chain that **survives your opponent's reply** (the delayed rule; the immediate rule wins at once). A player with **no legal move loses**; a position's third repetition is a draw.
rules-link = Full rules with pictures: { $url }
rules-picture = The picture: Black steps A1-D1. The white marble resting on A1 drops into A1, and the black marble resting on that one drops into its place (arrows).
rules-guide = The full guide with pictures is `docs/rules.md` in the bot's source; the bot's operator can link it here by setting `AKRON_RULES_URL`.

## words-a: puzzles

rule-named = { $rule ->
    [immediate] immediate rule
   *[delayed] delayed rule
}
puzzle-title-too-long = A puzzle's title has at most { $max } characters; this one has { $count }. Say the rest in its discussion thread.
puzzle-title-control = A puzzle's title is one line of text, without control characters.
puzzle-not-a-code = That is not a position code: { $why }. Write it like { CMD("puzzle create 5:b:12,12:5/5/5/5/5 rule:immediate My title") }.
puzzle-running-game = That is the current position of game { $game }, which is still being played. Post it once the game is over.
puzzle-no-win = { colour } has no forced win in { $count } moves or fewer here ({ rule-named }), so it is no puzzle. A puzzle is a position where the side to move wins by force.
puzzle-unknown = The solver could not settle this position within its budget, so it cannot vouch for it as a puzzle. Try a smaller or more forcing position.
puzzle-several = Several first moves win in { $count } here: { $moves }. Post it anyway, marked "several solutions", by adding `several`; or change the position so that only one wins.
puzzle-thread = Akron puzzle { $id }{ $title }
puzzle-none = There is no puzzle { $id }.
puzzle-exists = This position, with this rule, is already puzzle { $id }{ $title ->
    [some] {" "}(“{ $name }”)
   *[none] {""}
} in { $channel }: answer it there with { CMD("puzzle solve ", $id, " MOVE") }.
puzzle-give-answer = Give your answer, like { CMD("puzzle solve ", $id, " F6") } (your first move; you may add the reply you expect and your next move).
puzzle-line-illegal = { $move } is not a legal move there (move { $number } of your line): { $why }.
puzzle-line-too-long = Your line goes on after the game is over: it ends with { $move }, so leave out what follows.
puzzle-not-quite = Not quite: { $moves } does not win by force in { moves-count } here. Look again (the answer opens with { CMD("puzzle answer ", $id) }).
puzzle-correct = Correct: **{ $move }** wins by force. { $solver ->
    [own] (Your own puzzle: not counted.)
    [new] You are solver number { $number } of puzzle { $id }.
   *[again] You had already solved it.
}
puzzle-answer-yours = The answer to puzzle { $id } opens for everyone in about { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}. You posted it, so { CMD("puzzle reveal ", $id) } opens it now.
puzzle-answer-later = The answer to puzzle { $id } opens in about { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} (or sooner if { $poster } reveals it). Try { CMD("puzzle solve ", $id, " MOVE") } meanwhile.
puzzle-a-moderator = a moderator
puzzle-answer = **Puzzle { $id }, the answer:** { $moves }.
puzzle-answer-several = Several first moves win: { $moves }.
puzzle-solved-by = Solved by { $names }.
puzzle-solved-by-nobody = Solved by nobody yet.
puzzle-reveal-not-yours = Only whoever posted puzzle { $id } (or a moderator) can reveal its answer early; it opens to everyone a day after posting.
puzzle-daily-moderators = Only moderators can turn the daily puzzle on or off in a channel.
puzzle-daily-on = A puzzle a day in this channel from now on; the first comes now.
puzzle-daily-already = This channel already gets a puzzle a day.
puzzle-daily-off = No more daily puzzles in this channel.
puzzle-daily-none = This channel gets no daily puzzle; { CMD("puzzle daily on") } starts one.
puzzle-bank-used-up = Every one of the { $count } puzzles in the bank has been posted here, so the daily puzzle stops.
puzzle-daily-title = : Daily puzzle
puzzle-by = {" "}(by { $poster })
puzzle-post = **Puzzle { $id }**{ $title }{ $poster }
    {"**"}{ colour } to move and win in { moves-count }** ({ rule-named }, { $size } × { $size }){ $several ->
        [yes] , several solutions
       *[no] {""}
    }. Proven by the solver.
    Answer privately with { CMD("puzzle solve ", $id, " MOVE") }; { CMD("puzzle answer ", $id) } shows the solution a day after posting.
    `{ $code }`

## words-a: hints and analysis

hint-not-against-ai = Hints are only for games against the AI; in a game between people the engine stays out. Play the AI with { CMD("challenge ai") }.
hint-ai-to-move = The AI is to move; ask for a hint when it is your turn.
hint-none = There is no hint to give: { $why }.
hint = Hint for game { $game }: **{ $move }** (your chances about { $percent } %).
search-game-over = the game is over
search-no-legal-move = the side to move has no legal move
analysis-not-a-code = That is not a position code: { $why }. A code looks like `5:b:12,12:5/5/5/5/5`; { CMD("analyze #12") } looks at a finished game.
analysis-running-position = That is the current position of game { $game }, which is still being played. Analysis of a running game is closed to everyone until it ends.
analysis-this-position = This position
analysis-running-game = Game { $game } is still being played. Analysis of a running game is closed to everyone until it ends (as on lichess); in a game against the AI, { CMD("hint") } suggests a move.
analysis-never-played = Game { $game } was never played, so there is nothing to analyse.
analysis-no-such-move = Game { $game } has { $count } moves; give a move number from 0 to { $count }.
analysis-game-after = Game { $game } ({ $result }) after { moves-count }
analysis-decided = { $about } is already decided ({ $result }); there is no move to look for. Give an earlier move with `move:N`.
analysis-no-move = { $about } has no move to analyse: { $why }.
analysis = **Analysis.** { $about }, { colour } to move: the best move is **{ $move }**; { $proven ->
    [win] { colour } wins by force
    [loss] { colour } loses by force
   *[estimate] { colour } wins about { $percent } % of games from here
}.
    Line: { $line }
    { $proven ->
        [estimate] ({ $playouts } playouts.)
       *[other] (Proven by the solver.)
    } `{ $code }`

## words-a: stats and the leaderboard

stats-none = **{ $player }** has no rated games here yet: a new rating starts at { $rating } (RD { $deviation }). Challenges are rated unless made with `rated:off`.
stats-head = **{ $player }**: rating **{ $rating }** (RD { $deviation }{ $provisional ->
    [yes] , provisional
   *[no] {""}
}), { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}.
stats-tally = { $wins } won, { $losses } lost, { $draws } drawn
stats-results = All: { $all }. As Black (first): { $black }. As White: { $white }.
stats-streak = Longest winning streak: { $count }.
stats-global = Global rating: { $rating } over { $count ->
    [one] { $count } game
   *[other] { $count } games
}.
stats-chart-alt = Rating chart of { $player } over { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}: from { $first } to { $last }, lowest { $low }, highest { $high }.
leaderboard-empty = Nobody has played a rated game here yet. Challenges are rated by default.
leaderboard-head = **Leaderboard** (top { $count }; provisional ratings, marked `?`, come last)
leaderboard-title = Leaderboard
leaderboard-subtitle = Top { $count } · provisional ratings, marked ?, come last
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-games = Games
leaderboard-row = { $rank }. { $name } { $rating }  { $games } { $count ->
    [one] game
   *[other] games
}

## words-a: a game against the AI, a second challenge

ai-not-against-ai = That is not a game against the AI.
ai-never-rated = Games against the AI are never rated. Leave out `rated`.
ai-no-clock = Games against the AI have no clock: it answers within seconds. Leave out `time`.
ai-channel-taken = This channel already has a game. One game per channel: start a thread here (or use another channel) and play the AI there.
ai-game = { $player } plays the AI at level { $level } (game { $game }): { $size } × { $size }, { $pile } pieces each, { rule-named }. **{ $black }** plays Black (top to bottom), **{ $white }** White (left to right). Games against the AI are never rated; { CMD("hint") } suggests a move.
ai-thinking = **{ $ai }** is thinking…
ai-your-move = { $player } to move ({ colour }).
challenge-twice = You already challenged { $opponent } here (game { $game }). They can accept or decline it; you can cancel it.
game-moves-to-thread = The game moves to a thread of its own.
overdue-challenge = The challenge of game { $game } expired: nobody answered in time. The bot closes it in a moment; then a new challenge can be made.
overdue-game = Time is up in game { $game }: **{ $player }** ran out of time. The bot ends the game in a moment.
## words-b: time spans, claims, threads and the console's own lines

clock-span-live = { $time }
claim-no-game = There is no game to claim here.
claim-no-clock = This game has no clock, so nobody can run out of time.
claim-your-move = It is your move: only your opponent's time can run out now.
claim-time-left = { $player } still has { $time } for this move.
claim-on-vacation = { $player } is on vacation: their clock stands still with { $time } left, so their time cannot run out now.
claim-game-gone = That game is gone.
thread-no-game = There is no game { $game }.
thread-game-not-played = Game { $game } is not being played.
console-pictures-go = Board pictures go to { $folder }.
console-pictures-folder-failed = The folder { $folder } cannot be made ({ $error }), so board pictures will not be saved.
console-welcome = Akron console on { $database }. { $pictures } Type help.
console-not-utf8 = That line is not UTF-8 text, so it was ignored. Type it again.
console-acting-as = Now acting as { $user }.
console-bad-name-long = '{ $shown }…' is not a user name: it has { $length } characters, and a name has at most { $most }, as in: as bob
console-bad-name = '{ $typed }' is not a user name: use letters, digits, _ - or ., as in: as bob
console-bad-game-number = '{ $typed }' is not a game number; write it like #12
console-in-channel = Now in channel { $channel }.
console-as-needs-name = as needs a user name, as in: as bob
console-in-needs-channel = in needs a channel name, as in: in lobby
console-mod-needs-switch = mod needs on or off, as in: mod on (the acting user becomes a moderator) or mod off
console-moderator = { $moderator ->
    [yes] { $user } is a moderator.
   *[no] { $user } is not a moderator.
}
console-wait-how-long = Wait how long? Write it like wait 25h (or 90s, 30m, 3d, 1d 2h): the console's clock moves forward that much.
console-clock-moved = The clock moves forward { $span }.
console-clock-fixed = This console's clock cannot be moved.
console-clock-failed = The clock could not be moved: { $error }
console-duration-bad = '{ $text }' is not a duration; write it like 90s, 30m, 25h or 3d
console-duration-long = '{ $text }' is more than a year; wait less
console-help = Console: `as NAME` switches the acting user, `in CHANNEL` the channel (one game per channel), `mod on|off` makes the user a moderator, `wait 25h` moves the clock forward (`90s`, `30m`, `3d`; reminders and timeouts then happen as they would), `quit` leaves. A trailing `#N` aims a command at game N, as the buttons do. `show FILE` reads a record file. `challenge ai level:3` plays the engine; its moves appear at once. `settings language:es` (or `de`, `en`) changes your language; a moderator's `settings language:` changes the console's.
console-thread-discussion = » thread "{ $name }" opened for the discussion.
console-thread-now-in = » thread "{ $name }" opened: now in channel { $channel }.
console-thread-opened = » thread "{ $name }" opened: channel { $channel } (`in { $channel }` to play there).
console-thread-failed = could not open the thread: { $error }
console-notice-in = » notice in #{ $channel }:
console-notice-to = » notice to { $user } (direct message):
console-file-unreadable = { $file } cannot be read: { $error }
console-file-not-found = file not found: { $name } (looked for { $first } and { $second }). `show` takes a position code, a record, or the name of a file that `export` wrote.
console-private = (private)
console-picture = (picture: { $path })
console-picture-failed = The board picture could not be saved in { $folder } ({ $error }); the command itself was carried out.
console-replay = (replay: { $path })
console-replay-failed = The replay could not be saved in { $folder } ({ $error }).
console-file = (file: { $path })
console-file-failed = { $path } could not be saved ({ $error }).
console-button = [{ $label }] type: { $command } #{ $game }
console-board-holes = level 0 (holes)
console-board-level = level { $level } ({ $marks })
console-board-pieces = x { $black } ({ $black_left } left), o { $white } ({ $white_left } left); { $state }
console-board-over = game over: { $result }
console-board-to-move = { $colour } to move
help-group = - **{ $group }**: { $usages }
help-group-family = - **{ $group }** (`{ $command }`): { $usages }
discord-signup-edited = Done: the sign-up message lists the entrants ({ $link }).
matrix-signup-edited = Done: the [sign-up message]({ $link }) lists the entrants.
discord-no-picture = { $what ->
    [board] *I can't show the board picture here: I need the Attach Files and Embed Links permissions in this channel.*
    [replay] *I can't show the replay here: I need the Attach Files and Embed Links permissions in this channel.*
   *[picture] *I can't show the picture here: I need the Attach Files and Embed Links permissions in this channel.*
}
discord-board-title = Akron game { $game }
discord-channel-told = Done; the channel has been told.
discord-guild-only = Akron games are played in a server channel, not in direct messages.

## lead: the notices of dropped conditional moves and of vacations, worded at delivery
premove-dropped = { $player }, your conditional moves in game { $game } were dropped: your opponent played { $played }, which they did not answer. It is your move.
vacation-notice-on = **{ $player }** is on vacation for up to { $time }: their clock in game { $game } stands still until they come back.
vacation-notice-back = **{ $player }** is back from vacation: the clock of game { $game } runs again.

## parse: errors of a mistyped command line
parse-nothing-after = { $command } takes nothing after it
parse-move-needs-move = { CMD("move") } needs a move, like { CMD("move F6") } or { CMD("move A2-D3'") }
parse-show-needs-position = { CMD("show") } needs a position code or a game record, like { CMD("show 3:b:4,4:3/3/3") }
parse-unknown-user = '{ $who }' is not a user I know
parse-unknown-command = '{ $command }' is not a command; the commands are { $commands }
parse-see-help = { $error }. Write `{ $help }` for the commands.
parse-analyze-move = '{ $word }' must be a number of moves, like move:12
parse-analyze-option = '{ $word }' is not an analyze option; write { CMD("analyze #12 move:30") } or { CMD("analyze 5:b:12,12:5/5/5/5/5 rule:immediate") }
parse-analyze-both = { CMD("analyze") } takes a game (`#12 move:30`) or a position code, not both
parse-puzzle-usage = Write { CMD("puzzle create CODE [rule] [several] [title]") }, { CMD("puzzle solve #3 F6") }, { CMD("puzzle answer #3") }, { CMD("puzzle reveal #3") }, { CMD("puzzle daily on|off") } or { CMD("puzzle mine [#N MOVE]") }
parse-puzzle-number = '{ $value }' is not a puzzle number; write it like #3
parse-puzzle-needs-number = { CMD("puzzle ", $action) } needs the puzzle's number, like { $action ->
    [solve] { CMD("puzzle solve #3 F6") }
   *[other] { CMD("puzzle ", $action, " #3") }
}
parse-puzzle-needs-code = { CMD("puzzle create") } needs a position code. { parse-puzzle-usage }
parse-puzzle-needs-move = { CMD("puzzle solve") } needs your move, like { CMD("puzzle solve ", $puzzle, " F6") }
parse-puzzle-action = '{ $action }' is not a puzzle action. { parse-puzzle-usage }
parse-view = View '{ $value }' must be plan or perspective
parse-replay-number = '{ $word }' must be a move number from 1
parse-replay-option = '{ $word }' is not a replay option; write it like { CMD("replay from:1 to:30 speed:fast") }
parse-speed = Speed '{ $value }' must be slow, normal or fast
parse-switch = '{ $value }' must be on or off
parse-needs-switch = { $command } needs on or off: { CMD($command, " on") } or { CMD($command, " off") }
parse-switch-missing = On or off is missing after the ':'
parse-board-view = View '{ $value }' must be plan, perspective or text
parse-settings-one = One setting at a time: write { CMD("settings ", $first) }, then { CMD("settings ", $second) }
parse-settings-usage = Write { CMD("settings reminders:dm|channel|off") }, { CMD("settings thread-games:on|off") }, { CMD("settings tournament-role:ROLE|off") }, { CMD("settings web:off|link|public") }, { CMD("settings language:en|es|de") } or { CMD("settings timezone:Europe/Madrid") }
parse-setting-unknown = '{ $setting }' is not a setting. { parse-settings-usage }
parse-role-needed = `tournament-role` needs a role or off. { parse-settings-usage }
parse-reminders = Reminders '{ $value }' must be dm, channel or off
parse-web = `web` '{ $value }' must be off, link or public
parse-challenge-usage = Write it like { CMD("challenge bob size:6 pieces:18 rule:immediate colour:white time:3d thread:on") } (everything after the opponent is optional)
parse-challenge-needs-opponent = `opponent:` needs a player (leave it out for an open challenge). { parse-challenge-usage }
parse-challenge-option = '{ $word }' is not a challenge option. { parse-challenge-usage }
parse-size = Board size must be { $min } to { $max }, not '{ $value }'
parse-pieces = Pieces must be a number up to { $max }, not '{ $value }'
parse-rule = Win rule '{ $value }' must be delayed or immediate
parse-colour = Colour '{ $value }' must be black, white or random
parse-time = Time '{ $value }': write `none`, days per move like `3d`, hours per move like `12h`, or a live clock in minutes plus seconds per move like `10+5` (1 to 180 minutes, 0 to 180 seconds)
parse-level = Level '{ $value }' must be a number from 1 to 8
parse-level-not-ai = `level` is for games against the AI: { CMD("challenge ai level:5") }
parse-offer = '{ $value }' must be offer, accept or decline
parse-game-number = '{ $value }' is not a game number; write it like #12
parse-round = Round '{ $value }' must be a number from 1
parse-verdict = Result '{ $value }' must be black (the first player wins), white, draw or forfeit (nobody scores)
parse-adjudicate-needs-result = `adjudicate` needs a result: { CMD("tournament adjudicate #12 black|white|draw|forfeit") }
parse-tournament-usage = Write { CMD("tournament create NAME format:swiss|roundrobin|single|double") }, or { CMD("tournament join|leave|start|standings|pairings|withdraw|adjudicate|pause|resume|cancel|seed|advance|analysis") }
parse-tournament-action = '{ $action }' is not a tournament action. { parse-tournament-usage }
parse-tournament-options-usage = Write it like { CMD("tournament create Spring Open format:swiss rounds:4 time:3d") } (options: format, rounds, time, size, pieces, rule, rated, double, vacation, max; knockout: best-of, tie, seeding, draw; double elimination: reset)
parse-tournament-option = '{ $word }' is not a tournament option. { parse-tournament-options-usage }
parse-number = { $option } must be a number, not '{ $value }'
parse-rounds = `rounds` must be 1 to 50, not '{ $value }'
parse-max-players = `max` must be 2 to 10000 players, not '{ $value }'
parse-tournament-needs-name = The tournament needs a name. { parse-tournament-options-usage }
parse-tournament-name-long = A tournament name has at most { $max } characters
parse-format = Format '{ $value }' must be swiss, roundrobin, single (single elimination) or double (double elimination)
parse-format-missing = Say the format: format:swiss, format:roundrobin, format:single or format:double. { parse-tournament-options-usage }

## Names the bot gives

# The engine as a player, wherever its name is written.
ai-player = Akron AI level { $level }
# Its name where a person would be mentioned (it is never pinged): in bold.
ai-player-mention = **{ ai-player }**
# Two players mentioned, one after the other (either may be the AI's bold name).
mention-both = { $first } { $second }
# A game's own thread. Discord allows 100 characters; each name is cut to 30 before.
thread-name = Akron { $game }: { $black } vs { $white }
# After a move, the conditional move its opponent had queued, played at once, with its reply.
premove-played = ↪ { $player }'s conditional move: { $reply }

## The Discord front end's own refusals and notes (permissions named as Discord's settings name them)

discord-permission = { $permission ->
    [view-channel] View Channel
    [send-messages] Send Messages
    [send-messages-in-threads] Send Messages in Threads
   *[create-public-threads] Create Public Threads
}
# One permission, or several joined with discord-permission-and.
discord-permissions-needed = { $count ->
    [one] the { $names } permission
   *[other] the { $names } permissions
}
discord-permission-and = {" "}and{" "}
discord-cannot-post = I can't post in this channel: I need { $needed } here. Ask a moderator to allow me, or play in another channel.
discord-thread-stays = I could not open a thread for this game (I need { $needed } in this channel), so it stays in this channel.
discord-thread-failed = I could not open a thread for game { $game } (I need { $needed }). Its players can still play it with `{ $game }` after each command.
discord-level-needs-me = `level` is for games against me: choose me as the opponent to play the AI.
discord-opponent-is-bot = { $name } is a bot, and bots cannot play Akron here (yet). Challenge a person.
discord-show-needs-code = Give a position code (`code`), or attach a game record file (`record`) as `/akron-review export` makes it.
discord-record-too-big = { $file } is { $size } KB; a game record is at most { $max } KB. Attach the file `/akron-review export` gave.
discord-record-fetch-failed = I could not fetch { $file } from Discord. Try again in a moment.
discord-record-fetch-slow = Fetching { $file } from Discord took too long. Try again in a moment.
discord-record-not-text = { $file } is not a text file. Attach the record file `/akron-review export` gave.

## The Matrix front end: a message it could not decrypt

matrix-undecryptable = I could not decrypt that message, so I could not read it. { $advice ->
    [unverified] Your client kept its keys from me because it does not trust my session: verify { $me } in your client (or let it send to unverified sessions), then send the command again.
    [blocked] Your client has blocked my session: unblock { $me }'s session in your client, then send the command again.
    [untrusted] Your session is not verified by your own account: verify it from another of your sessions, then send the command again.
   *[other] If it was a command, send it again in a moment (my keys may not have reached your device yet), or verify { $me } in your client.
}
# A room named in a message when the bot does not know its name; it always follows "in"
# (`in { $channel }`), so German says it in the dative.
matrix-a-room = a room
# A game's thread, named in a message.
matrix-thread-in = a thread in { $room }
# Discord sent options the command cannot read (most often a client still showing an older form of the command).
discord-options-unreadable = I could not read that command's options. If I was just updated, Discord may still show the command's old form: reload Discord (or wait a minute) and try again.

## Post-game analysis

analysis-no-moves = Game { $game } has no moves, so there is nothing to analyse.
analysis-queue-full = The analysis queue is full ({ $count ->
    [one] { $count } game waiting
   *[other] { $count } games waiting
}). Ask again in a few minutes.
analysis-share-used = You already have { $count ->
    [one] { $count } analysis
   *[other] { $count } analyses
} waiting; ask for another once it is done.
analysis-queued = Game { $game } is queued for analysis, { $ahead ->
    [0] next in line
    [one] { $ahead } game ahead of it
   *[other] { $ahead } games ahead of it
}. The result will be posted here.
analysis-running-now = Game { $game } is being analysed: { $done } of { $total } positions done. The result will be posted here.
analysis-summary = **Analysis of game { $game }** ({ $black } with Black, { $white } with White):
analysis-side = { colour } ({ $player }): accuracy { $accuracy } %, { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}.
analysis-side-no-moves = { colour } ({ $player }): no moves.
analysis-no-swings = No move lost { $points } points of winning chance or more.
analysis-swing = Move { $number }, { colour } ({ $player }): { $move }{ $symbol } { $mark ->
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}, winning chance { $before } % → { $after } %; better was { $best }.
analysis-chart-alt = Evaluation chart of game { $game }: White's winning chance after each move, with the marked moves as dots.
analysis-record-comment = { colour }: { $before } % → { $after } %{ $mark ->
    [inaccuracy] , inaccuracy ?!, better { $best }
    [mistake] , mistake ?, better { $best }
    [blunder] , blunder ??, better { $best }
   *[none] {""}
}
analysis-mark = { $mark ->
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}
web-analysis = Analysis

## Knockout tournaments

knockout-format = single elimination, { $best_of ->
    [1] one game a match
   *[other] best of { $best_of } games a match
}, a level match decided by { $tie ->
    [higher-seed] the higher seed
   *[extra-game] an extra game (first move by lot; the higher seed if it is drawn too)
}, seeded by { $seeding ->
    [random] a random draw
   *[rating] rating
}
knockout-options-only = best-of, tie, seeding and draw are options of a knockout (format:single or format:double).
knockout-round-name = { $left ->
    [1] final
    [2] semi-finals
    [3] quarter-finals
   *[other] round { $round }
}
knockout-round-title = **{ $tournament }**, { $name } (best of { $best_of }):
knockout-bye-line = { $board }. ({ $seed }) { $player }: a bye, through to the next round
knockout-match-line = { $board }. ({ $high_seed }) { $high } { $high_score }–{ $low_score } ({ $low_seed }) { $low }{ $end ->
    [games] {" "}· { $winner } wins
    [extra-game] {" "}· { $winner } wins the extra game
    [higher-seed] {" "}· level: { $winner } goes through as { $better ->
        [winners] the winners' bracket's winner
       *[seed] the higher seed
    }
    [walkover] {" "}· { $winner } goes through, { $loser } is out of the tournament
    [nobody] {" "}· both are out of the tournament
   *[playing] {""}
}
knockout-round-starts = { $matches }
    Each match opens in a thread of its own with its first game's clock running; the next game follows there when one ends.
knockout-round-over = Results: { $matches }
knockout-game-announced = **{ $tournament }**, round { $round }, match { $board }, { $extra ->
    [yes] extra game (the first move drawn by lot)
   *[no] game { $number } of { $best_of } (score { $high }–{ $low })
}: { $black } (Black, moves first) against { $white } (White), game { $game }. Its clock ({ $control }) is running.
knockout-match-won = **{ $tournament }**, round { $round }, match { $board }: { $by ->
    [withdrew] { $loser } withdrew; { $winner } { $last ->
        [yes] wins the tournament
       *[no] goes through
    } ({ $won }–{ $lost }).
    [disqualified] { $loser } was disqualified and is out of the tournament; { $winner } { $last ->
        [yes] wins the tournament
       *[no] goes through
    } ({ $won }–{ $lost }).
    [adjudicated] { $winner } { $last ->
        [yes] wins the tournament
       *[no] goes through
    } by the organiser's decision (the match stood at { $won }–{ $lost }); { $loser } is out of the tournament.
   *[other] { $winner } beats { $loser } { $won }–{ $lost }{ $by ->
        [walkover] {" "}({ $loser } is out of the tournament)
        [extra-game] {" "}after the extra game
        [higher-seed] : level, { $winner } goes through as the higher seed
        [winners-side] : level, { $winner } goes through as the winners' bracket's winner
       *[games] {""}
    }{ $last ->
        [yes] {" "}and wins the tournament.
       *[no] {" "}and goes through.
    }
}
knockout-places-title = Final places:
knockout-placed = { $player } ({ $seed }){ $withdrawn ->
    [yes] {" "}(out of the tournament)
   *[no] {""}
}
knockout-place-line = { $place }. { $players }
knockout-over = 🏆 **{ $tournament }** is over: { $winner } wins it.
    { $places }
knockout-withdrew = **{ $player }** { $by ->
    [organiser] was disqualified from
   *[self] withdrew from
} **{ $tournament }**{ $resigned ->
    [yes] {" "}and their running game is lost
   *[no] {""}
}. Their opponent goes through; results so far stand.
parse-best-of = `best-of` must be 1, 3, 5 or 7, not '{ $value }'
parse-tie-rule = `tie` must be extra-game or higher-seed, not '{ $value }'
parse-seeding = `seeding` must be rating or random, not '{ $value }'
option-tournament-create-best-of-name = best-of
option-tournament-create-best-of-about = Knockout: games a match, 1, 3, 5 or 7 (default 1)
option-tournament-create-tie-name = tie
option-tournament-create-tie-about = Knockout: what decides a level match (default: an extra game)
option-tournament-create-seeding-name = seeding
option-tournament-create-seeding-about = Knockout: seeds by rating (default) or a random draw
choice-single = single elimination
choice-extra-game = extra game
choice-higher-seed = higher seed
choice-rating = rating
web-format-single-elimination = Single elimination
knockout-seed-not-knockout = Seeds are set in a knockout (format:single or format:double); a Swiss or a round robin seeds by rating.
knockout-seeded = { $seed ->
    [0] **{ $player }** is seeded with the others again in **{ $tournament }**.
   *[other] **{ $player }** will be seed { $seed } of **{ $tournament }** ({ $entrants } entrants so far); the others are seeded around them at the start.
}
parse-seed-usage = Write it like { CMD("tournament seed @player 3") } (or off to take the seed back)
parse-seed = A seed is a number from 1, or off, not '{ $value }'
command-tournament-seed-name = seed
command-tournament-seed-about = Before a knockout starts: give an entrant a seed, or take it back (organisers).
option-tournament-seed-player-name = player
option-tournament-seed-player-about = The entrant
option-tournament-seed-seed-name = seed
option-tournament-seed-seed-about = Their seed, 1 the best (leave it out to seed them with the others again)
knockout-picture-round = { $left ->
    [1] Final
    [2] Semi-finals
    [3] Quarter-finals
   *[other] Round { $round }
}
knockout-picture-subtitle = single elimination, best of { $best_of }
knockout-picture-bye = bye
knockout-picture-cut = { $shown } of { $total } matches drawn; the list has them all
web-bracket = Bracket
knockout-advanced = **{ $player }** goes through in **{ $tournament }** by the organiser's decision.
knockout-no-match = { $player } has no match being played in this round.
knockout-advance-own = You play in that match, so you cannot decide it.
parse-advance-usage = Write it like { CMD("tournament advance @player") }: the player who goes through
command-tournament-advance-name = advance
command-tournament-advance-about = A knockout: decide a player's current match for them (organisers).
option-tournament-advance-player-name = player
option-tournament-advance-player-about = The player who goes through

## Casual play: rematch, open challenges, follow

# The free seat of an open challenge, named where a player's name would be.
rating-range-between = between { $min } and { $max }
rating-range-at-least = { $min } or more
rating-range-at-most = { $max } or less
rating-range-any = any rating
casual-anyone = anyone
open-challenge-made = **{ $challenger }** posts an open challenge (game { $game }): anyone here may accept it{ $ranged ->
    [yes] {" "}who is rated { $range } on this server
   *[no] {""}
}. { $size } × { $size }, { $pile } pieces each, { $rule ->
    [immediate] immediate
   *[delayed] delayed
} rule; { $challenger } would play { $colour ->
    [black] **Black** and move first
   *[white] **White**
}. Clock: { $clock }. { $rated ->
    [yes] Rated
   *[no] Casual (not rated)
}. { $platform ->
    [matrix] Accept with ✅ or { CMD("accept") }
   *[other] Accept it
}; the first to accept plays. It expires { $expires }.
open-challenge-range-named = A rating range is for open challenges only: leave out the opponent (or write `anyone`) to post one.
open-challenge-range-backwards = The rating range { $range } is backwards: write the lower rating first, like `rating:1400-1700`.
open-challenge-taken = Too late: **{ $player }** took that open challenge first (game { $game }).
open-challenge-yours = This is your own open challenge: someone else must accept it. You can cancel it.
open-challenge-outside-range = This open challenge is for players rated { $range } on this server; your rating here is { $rating }.
open-challenge-no-decline = This open challenge is for anyone: there is nothing to decline, just leave it. Only its challenger can cancel it.
rematch-asked = Rematch of game { $game }, colours swapped:
rematch-no-game = There is no finished game here to rematch. Name one: { CMD("rematch #N") }.
rematch-not-finished = Game { $game } is not over yet: a rematch is asked once it has ended.
rematch-not-yours = You did not play in game { $game }: only its players can ask for a rematch.
rematch-playing = The rematch of that game is already being played: game { $game }.
rematch-asked-already = You already asked for this rematch (game { $game }): your opponent can accept it, you can cancel it.
rematch-accepts-theirs = **{ $player }** asked for a rematch of game { $old } too, so their press accepts the rematch already asked (game { $game }).
rematch-tournament = Game { $game } was a tournament game: the tournament pairs its players. Challenge your opponent to a game of your own instead.
follow-yourself = You cannot follow yourself: { CMD("games") } lists your own games.
follow-no-game = There is no game { $game }.
follow-other-server = Game { $game } is not played on this server: follow a game from the server it is played on.
follow-game-over = Game { $game } is over: there is nothing more to follow. { CMD("history") } and { CMD("replay") } show how it went.
follow-own-game = You play in game { $game }: you see its moves already.
follow-cap = You follow { $cap } games and players already, the most there can be. Stop following one with { CMD("unfollow") } first.
follow-already = You already follow { $what }.
follow-game-done = You now follow { $what }: I will send you each of its moves and its result as direct messages. Stop with { CMD("unfollow") }.
follow-player-done = You now follow { $what }: I will send you a direct message when a new game of theirs starts on this server. Stop with { CMD("unfollow") }.
unfollow-which = Say what to stop following: { CMD("unfollow #N") } for a game, { CMD("unfollow @player") } for a player. { CMD("follow") } lists what you follow.
unfollow-done = You no longer follow { $what }.
unfollow-not-following = You do not follow { $what }.
follow-list-empty = You follow no games and no players. { CMD("follow #N") } follows a game, { CMD("follow @player") } a player.
follow-list = You follow { $count } of at most { $cap }:
follow-what-game = game { $game }
follow-what-player = { $player }
follow-list-game = game { $game }
follow-list-player = { $player }
follow-move-notice = Game { $game }: **{ $player }** played { $move }.
follow-ended-notice = Game { $game } is over.
follow-takeback-notice = Game { $game }: { $count ->
    [one] the last move was
   *[other] the last { $count } moves were
} taken back.
follow-started-notice = **{ $player }** started a new game: game { $game }, { $black } (Black) against { $white } (White). Follow it with { CMD($follow) }.
command-rematch-name = rematch
command-rematch-about = Ask the opponent of a finished game for another, colours swapped, same options.
command-follow-name = follow
command-follow-about = Get each move and the result of a game, or each new game of a player, by direct message.
command-unfollow-name = unfollow
command-unfollow-about = Stop following a game or a player.
command-akron-watch-about = Follow games and players by direct message.
group-watch = Watch
button-rematch = Rematch
option-challenge-rating-name = rating
option-challenge-rating-about = An open challenge only for players rated within a range here, like 1400-1700
option-rematch-game-name = game
option-rematch-game-about = The finished game to rematch, by its number (default: this channel's last)
option-follow-game-name = game
option-follow-game-about = The game to follow, by its number
option-follow-player-name = player
option-follow-player-about = The player whose new games to follow
option-unfollow-game-name = game
option-unfollow-game-about = The game to stop following, by its number
option-unfollow-player-name = player
option-unfollow-player-about = The player to stop following
parse-rating-range = The rating range must be like 1400-1700, 1400- or -1700, not '{ $value }'
parse-follow-who = { CMD("follow") } takes a game (#N) or a player (@player), not '{ $word }'

## Learn from your mistakes

mine-offer = **Your puzzle { $id }**, from game { $game }, move { $number }: there you played { $played }, a blunder.{ $solved ->
    [yes] {" "}(Solved.)
   *[no] {""}
}
    {"**"}{ colour } to move: { $kind ->
        [forced] win by force in { moves-count }**. Proven by the solver.
       *[best] find the best move**. No forced win is proven here; a move within 10 points of the analysis's better move counts.
    }
    Answer with { CMD("puzzle mine ", $id, " MOVE") }.
    `{ $code }`
mine-counts = { $solved } of your { $total ->
    [one] { $total } puzzle
   *[other] { $total } puzzles
} solved. { CMD("puzzle mine") } offers the next unsolved one.
mine-all-solved = You have solved { $count ->
    [one] your only puzzle
   *[other] all { $count } of your puzzles
}. New ones come from your blunders in games analysed later ({ CMD("analyze #N") } on a finished game).
mine-no-blunders = None of your moves in your { $games ->
    [one] { $games } analysed game
   *[other] { $games } analysed games
} is a blunder, so there is no puzzle to make. { CMD("analyze #N") } analyses another finished game.
mine-nothing-analysed = None of your finished games is analysed yet. { CMD("analyze #N") } analyses one; your blunders in it then become your own puzzles here.
mine-none = You have no puzzle { $id }. { CMD("puzzle mine") } offers your next one.
mine-give-answer = Give your move, like { CMD("puzzle mine ", $id, " F6") }.
mine-one-move = Puzzle { $id } asks for one move, the best one: give just that, like { CMD("puzzle mine ", $id, " F6") }.
mine-correct = Correct: **{ $move }** { $kind ->
    [forced] wins by force.
   *[best] is as good as the analysis's better move.
} { $again ->
    [yes] (You had already solved puzzle { $id }.)
   *[no] Puzzle { $id } is solved.
} { CMD("puzzle mine") } offers the next one.
mine-played = { $move } is the move you played in the game, the blunder. Look for another (puzzle { $id }).
mine-no-win = Not quite: { $move } does not win by force in { moves-count } here. Look again (puzzle { $id }).
mine-worse = Not quite: after { $move } your winning chance is about { $mine } %, and the better move keeps about { $best } % (an answer counts within { $within } points). Look again (puzzle { $id }).
command-puzzle-mine-name = mine
command-puzzle-mine-about = Your own puzzles, made from your blunders in analysed games; only you see them.
option-puzzle-mine-puzzle-name = puzzle
option-puzzle-mine-puzzle-about = Your puzzle's number (default: the next unsolved one)
option-puzzle-mine-moves-name = moves
option-puzzle-mine-moves-about = Your answer: one move, or a winning line
option-tournament-create-analysis-name = analysis
option-tournament-create-analysis-about = Analyse each finished game and post the result in its thread (default: no)
command-tournament-analysis-name = analysis
command-tournament-analysis-about = Turn the analysis of each finished game on or off (the organiser).
option-tournament-analysis-state-name = state
option-tournament-analysis-state-about = On: analyse each game that ends, and those already over; off: stop
## Double elimination

double-format = double elimination (a winners' and a losers' bracket: out after a second lost match), { $best_of ->
    [1] one game a match
   *[other] best of { $best_of } games a match
}, a level match decided by { $tie ->
    [higher-seed] the higher seed
   *[extra-game] an extra game (first move by lot; the higher seed if it is drawn too)
}, seeded by { $seeding ->
    [random] a random draw
   *[rating] rating
}, { $reset ->
    [yes] a bracket reset if the losers' bracket's winner wins the grand final
   *[no] no bracket reset
}
double-reset-only = reset is an option of a double elimination (format:double).
double-round-title = **{ $tournament }**, round { $round } (best of { $best_of }):
double-part = { $part ->
    [winners] { $left ->
        [1] Winners' bracket, final
        [2] Winners' bracket, semi-finals
       *[other] Winners' bracket, round { $round }
    }
    [losers] { $left ->
        [1] Losers' bracket, final
       *[other] Losers' bracket, round { $round }
    }
    [reset] Bracket reset (the second grand final)
   *[grand-final] Grand final
}
double-part-heading = { $part }:
double-match-won = **{ $tournament }**, round { $round }, match { $board } ({ $part }): { $by ->
    [withdrew] { $loser } withdrew; { $winner } wins the match ({ $won }–{ $lost })
    [disqualified] { $loser } was disqualified; { $winner } wins the match ({ $won }–{ $lost })
    [adjudicated] { $winner } wins the match by the organiser's decision (it stood at { $won }–{ $lost })
   *[other] { $winner } beats { $loser } { $won }–{ $lost }{ $by ->
        [walkover] {" "}(a walkover)
        [extra-game] {" "}after the extra game
        [higher-seed] : level, { $winner } goes through as the higher seed
        [winners-side] : level, { $winner } goes through as the winners' bracket's winner
       *[games] {""}
    }
}{ $fate ->
    [champion] {" "}and wins the tournament.
    [reset] . Both have lost one match now: the bracket reset decides.
    [drops] ; { $loser } drops to the losers' bracket.
   *[out] ; { $loser } is out of the tournament.
}
option-tournament-create-reset-name = reset
option-tournament-create-reset-about = Double elimination: a second grand final if the losers' side wins the first (default yes)
choice-double = double elimination
web-format-double-elimination = Double elimination
double-picture-subtitle = double elimination, best of { $best_of }{ $reset ->
    [yes] , bracket reset
   *[no] {""}
}
double-picture-part = { $part ->
    [winners] { $left ->
        [1] Winners' final
       *[other] Winners' round { $round }
    }
    [losers] { $left ->
        [1] Losers' final
       *[other] Losers' round { $round }
    }
    [reset] Bracket reset
   *[grand-final] Grand final
}
web-bracket-winners = Winners' bracket
web-bracket-losers = Losers' bracket
web-bracket-finals = Grand final
## Check-in and deadlines
parse-check-in = `check-in` must be a time from 10 minutes to 24 hours, like 30m, 2h or 1h30m, not '{ $value }'
option-tournament-create-check-in-name = check-in
option-tournament-create-check-in-about = A check-in before the start, like 30m (10m to 24h): start opens it
command-tournament-check-in-name = check-in
command-tournament-check-in-about = Open the check-in: entrants confirm, and the rest are dropped at the start (organisers).
command-tournament-confirm-name = confirm
command-tournament-confirm-about = Confirm your place while the tournament's check-in is open.
button-tournament-confirm = Check in
checkin-opened = Check-in for **{ $tournament }** is open for { $window }: { $count ->
    [one] the entrant confirms
   *[other] all { $count } entrants confirm
} with the Check in button or { CMD("tournament confirm") }. When it closes the tournament starts, and whoever has not confirmed is dropped.
checkin-already-open = The check-in is already open; { CMD("tournament start") } closes it and starts the tournament.
checkin-not-open = The check-in for **{ $tournament }** is not open: there is nothing to confirm yet.
checkin-started = **{ $tournament }** has started: the check-in is over.
checkin-already = You have already checked in.
checkin-confirmed = { $player } checked in to **{ $tournament }** ({ $count } of { $total }).
checkin-too-few = Only { $count ->
    [one] one entrant has
   *[other] { $count } entrants have
} checked in to **{ $tournament }**; a tournament needs two. Wait for more, or { CMD("tournament cancel") }.
checkin-dropped = { $count ->
    [one] Dropped for not checking in
   *[other] Dropped for not checking in ({ $count })
}: { $names }.
checkin-dropped-you = The check-in for **{ $tournament }** closed without your confirmation, so you are no longer in it.
checkin-closed-started = The check-in for **{ $tournament }** closed: it starts with the { $players } players who confirmed.
checkin-closed-cancelled = The check-in for **{ $tournament }** closed with { $count ->
    [0] nobody confirmed
    [one] one player confirmed
   *[other] { $count } players confirmed
}, too few for it to start: the tournament is cancelled.
knockout-picture-left = { $how ->
    [disqualified] (DQ)
   *[withdrew] (WD)
}
knockout-picture-legend = WD withdrew, DQ disqualified
knockout-placed-left = { $player } ({ $seed }, { $how ->
    [disqualified] disqualified
   *[withdrew] withdrew
})
tournament-disqualified-name = { $name } (disqualified)
web-disqualified = disqualified
parse-round-deadline = `deadline` must be a time from 1 hour to 60 days, like 3d, 36h or 1d12h, not '{ $value }'
deadline-knockout-only = deadline is an option of a knockout (format:single or format:double) only: a round's undecided matches are decided when it passes.
option-tournament-create-deadline-name = deadline
option-tournament-create-deadline-about = Knockout: each round's deadline, like 3d; then the player ahead, or the higher seed, goes on
knockout-deadline-decided = **{ $tournament }**, round { $round }, match { $board }: decided at the round's deadline: { $how ->
    [ahead] { $winner } goes through, ahead { $won }–{ $lost }
    [level-winners-side] level { $won }–{ $lost }, { $winner } goes through as the winners' bracket's winner (no extra game after the deadline)
   *[level] level { $won }–{ $lost }, { $winner } goes through as the higher seed (no extra game after the deadline)
}{ $fate ->
    [champion] ; { $winner } wins the tournament
    [reset] . Both have lost one match now: the bracket reset decides
    [drops] ; { $loser } drops to the losers' bracket
   *[out] ; { $loser } is out
}{ $ended ->
    [yes] . The match's running game ends, adjudicated by the deadline.
   *[no] .
}
knockout-match-line-deadline = { $board }. ({ $high_seed }) { $high } { $high_score }–{ $low_score } ({ $low_seed }) { $low } · { $level ->
    [yes] level at the round's deadline: { $winner } goes through as { $better ->
        [winners] the winners' bracket's winner
       *[seed] the higher seed
    }
   *[no] { $winner } goes through, ahead at the round's deadline
}
