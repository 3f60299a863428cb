# The Akron bot's words in English: the reference catalogue. Every message here exists in
# es/akron.ftl and de/akron.ftl with the same arguments (a test checks it).
# Arguments: $colour is black or white; $reason is a rules Reason name (connection, no-moves,
# repetition, resignation, agreement, abort, timeout); names come already shown.

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
result-won = { $colour ->
    [black] Black
   *[white] White
} ({ $player }) won { $reason ->
    [connection] by connection
    [no-moves] because the opponent had no legal move
    [repetition] by threefold repetition
    [resignation] by resignation
    [agreement] by agreement
   *[timeout] on time
}
result-drawn = drawn { $reason ->
    [repetition] by threefold repetition
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
clock-span-days = { $days } d { $hours } h
clock-span-hours = { $hours } h { $minutes } min
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
   *[timeout] { $loser } ran out of time
}): { $winner } beats { $loser }. { $mentions }
result-repetition = The position occurred for the third time: **draw by repetition**. { $mentions }
result-agreement = **Draw by agreement.** { $mentions }
game-aborted-why = Game { $game } is aborted: { $why }. { $mentions }
game-aborted-plain = Game { $game } is aborted. { $mentions }
abort-by-player = **{ $player }** called it off
abort-by-moderator = a moderator (**{ $player }**) called it off
abort-tournament-cancelled = its tournament, **{ $tournament }**, was cancelled
abort-tournament-forfeit = the tournament's organiser decided it as a forfeit by both
abort-no-first-move = **{ $player }** did not make a first move in time (a game whose first move never came is called off, not lost)
challenge-expired-notice = The challenge from { $challenger } to **{ $challenged }** (game { $game }) expired: nobody answered within { $hours } hours.
draw-offer-lapsed = (The draw offer from { $offerer } lapsed: { $mover } moved instead of answering.)

## Reminders

reminder = ⏰ { $player }, it is your move in game { $game } against **{ $opponent }** in { $channel }{ $board }: **{ $time }** left ({ $control }), until { $deadline }.
reminder-board-link = {" "}([latest board](<{ $link }>))

## Refusals shared by many commands

not-a-player = You are not playing in game { $game }: it is { $black } (Black) against { $white } (White).
no-game-numbered = There is no game { $game }. `games` lists yours.
no-game-here = There is no game in this channel. Start one with `challenge @player`; `games` lists your games elsewhere.
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
}** (`settings reminders:dm|channel|off`). Your boards: **{ $view ->
    [perspective] perspective, with a map of each level
   *[plan] plan, from above
}** (`settings view:perspective|plan`). New games here open a thread of their own: **{ $threads ->
    [on] on
   *[off] off
}** (moderators: `settings thread-games:on|off`). Tournaments are created and run by moderators{ $organisers } (moderators: `settings tournament-role:ROLE|off`).
settings-organisers = {" "}and members of **@{ $role }**
settings-language = Your language: **{ $mine }** (`settings language:en|es|de`, for your direct messages and what only you see). This server's language: **{ $server }** (moderators: `settings language:en|es|de`). Your time zone: **{ $zone }** (`settings timezone:Europe/Madrid`).
settings-language-unset = not set
settings-unknown-language = The bot does not speak '{ $given }'. The languages are: { $valid }.
settings-unknown-timezone = '{ $given }' is not a time zone. Write an IANA name such as Europe/Madrid, America/Mexico_City, Europe/Berlin or UTC.
settings-server-only = Server settings can only be changed in a server.
settings-moderators-role = Only moderators can name the role that runs tournaments.
settings-no-roles = Only Discord servers have roles. Here, moderators (Matrix: power level 50 or more) create and run tournaments.
settings-moderators-threads = Only moderators can change whether new games open a thread of their own.
settings-moderators-language = Only moderators can change the server's language. Your own language (`settings language:`) goes to your direct messages and to what only you see.
settings-moderators-web = Only moderators can change who sees this server's web pages.
settings-web = Web pages of this server: **{ $web }** (moderators: `settings web:off|link|public`).
game-already-over = The game is already over.
service-conflict = The game kept changing while your command ran, so nothing was done. Look at the board and try again.

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
}. { $challenged }, accept or decline; the challenge expires { $expires }.
challenge-in-thread-busy = This channel already has game { $other } ({ $black } against { $white }), so this one will be played in a thread of its own once accepted.
challenge-in-thread = Once accepted, the game moves to a thread of its own.
challenge-accepted = **{ $player }** accepted. Game { $game } begins: **{ $black }** plays Black (top to bottom), **{ $white }** plays White (left to right).
challenge-swap-note = After Black's first placement, White may answer `swap` to take it over and play Black.
challenge-first-to-move = { $player } to move (Black).
challenge-yours-accept = You made this challenge; only { $player } can accept it. You can cancel it.
challenge-yours-decline = You made this challenge; to withdraw it, cancel it.
challenge-not-yours = This challenge is for { $player }, not for you.
challenge-declined-by = **{ $player }** declined the challenge from { $challenger } (game { $game }).
challenge-withdrawn = **{ $player }** withdrew the challenge (game { $game }).
challenge-only-challenger = Only the player who made the challenge can cancel it; you can decline it.
challenge-gone = That challenge is no longer open: it was accepted, declined, cancelled or it expired.
challenge-none-here = There is no open challenge in this channel. Make one with `challenge @player`.
time-control = { $kind ->
    [none] no clock
    [days] { $amount } d per move
    [hours] { $amount } h per move
   *[live] { $amount }+{ $increment } (live)
}

## Resigning and draws

resign-confirm = Resign game { $game } against { $opponent }? { colour } wins, and this cannot be undone.
draw-ai-refuses = { $opponent } does not agree to draws: play on, or resign.
draw-already-offered = You have already offered a draw; { $opponent } has not answered yet.
draw-yours = You offered this draw; { $opponent } must accept it.
draw-too-soon = You offered a draw { $when ->
    [already] already
   *[recently] recently
}; you can offer again once { $opponent } has moved twice.
draw-offered = **{ $player }** offers a draw. { $opponent }, accept or decline (`draw accept`, `draw decline`).
draw-none = There is no draw offer to answer. Offer one with `draw`.
draw-withdrawn = **{ $player }** withdrew their draw offer.
draw-declined = **{ $player }** declined the draw offer. Play on.
rating-note = Ratings: { $ratings }

## The commands: their names and one-line descriptions (Discord: at most 100 characters)

command-challenge-name = challenge
command-challenge-about = Challenge someone here, or the AI (`ai`, or the bot: level 1-8, 3 by default).
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
command-analyze-about = The engine's best move, win estimate and line for a finished game or a position.
command-puzzle-name = puzzle
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
move-not-legal = { $move } is not legal here: { $why }. `moves` lists the legal moves, `moves D3` where one piece can go.
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
takeback-answer-first = { $opponent } has asked to take back a move; answer with `takeback accept` or `takeback decline` first.
takeback-nothing = You have not moved yet, so there is nothing to take back.
takeback-asked = **{ $player }** asks to take back their last move{ $reply ->
    [yes] {" "}(and your reply)
   *[no] {""}
}. { $opponent }, accept or decline (`takeback accept`, `takeback decline`).
takeback-none = There is no takeback request to answer. Ask for one with `takeback`.
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
label-aborted = Game aborted
label-draw-agreement = Draw by agreement
label-draw-repetition = Draw by repetition
label-draw = Draw
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

help-intro = Commands (on Discord `/akron NAME`, or the slash command a group names: `replay` is `/akron-review replay`, `tournament join` is `/akron-tournament join`):
help-outro = One game per channel: a challenge where a game runs is played in a thread of its own. `help` in the console also lists its own commands.
group-start = Start
group-play = Play
group-end = End
group-look-up = Look up
group-compete = Compete
group-review = Review
group-puzzles = Puzzles
group-tournaments = Tournaments
board-text-rest = `board` shows the picture

## Tournament rounds, pairings and standings

tournament-no-pairings-yet = The tournament has not started, so there are no pairings yet.
tournament-no-such-round = Round { $round } does not exist; this is round { $current }.
tournament-game-announced = **{ $tournament }**, round { $round }, board { $board }: { $black } (Black, moves first) against { $white } (White), game { $game }. It opens in a thread of its own; its clock ({ $control }) is running.
tournament-game-ended-unannounced = **{ $tournament }**, round { $round }, board { $board }: { $black } (Black) against { $white } (White), game { $game }, ended before it could be announced:{" "}
tournament-round-over = Round { $round } of **{ $tournament }** is over.
    { $standings }
tournament-over = 🏆 **{ $tournament }** is over. Congratulations, { $winners }!
    Final standings:
    { $standings }
tournament-winners-and = {" "}and{" "}
tournament-tiebreak = { $tiebreak ->
    [buchholz] Buchholz
   *[sonneborn-berger] Sonneborn-Berger
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
tournament-round-being-played = , round { $round } being played
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
    Press **Join** to enter (or `tournament join`).
tournament-entrants = Entrants ({ $count }{ $max ->
    [0] {""}
   *[other] {" "}of { $max }
}): { $names }
tournament-entrants-nobody = nobody yet
tournament-format-swiss = Swiss, { $rounds } rounds
tournament-format-swiss-default = Swiss, ceil(log2 players) + 1 rounds
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
tournament-started = **{ $tournament }** starts: { $players } players, { $rounds } rounds ({ $what }). Round 1's pairings follow; each game opens in a thread of its own with its clock running.
tournament-withdrew = **{ $player }** withdrew from **{ $tournament }**{ $resigned ->
    [yes] {" "}and resigned their running game
   *[no] {""}
}. { $format ->
    [swiss] They are not paired again.
   *[round-robin] Their remaining games are forfeits.
} Their results so far stand.

## Tournament refusals and the organiser's replies

tournament-none-here = There is no tournament here. A moderator can make one with `tournament create NAME format:swiss`.
tournament-organiser-only = Only the organiser ({ $organiser }), a moderator or the server's tournament role can do that.
tournament-create-moderators-only = Only moderators (and the role a moderator names with `settings tournament-role`) can create tournaments.
tournament-name-length = A tournament's name has 1 to { $max } characters; this one has { $count }.
tournament-name-control = A tournament's name is one line of text, without control characters.
tournament-rounds-for-max = With at most { $max } players a Swiss can have at most { $most } rounds without pairing anyone twice; rounds:{ $rounds } is too many. Choose rounds:{ $most } or fewer, or allow more players.
tournament-channel-taken = This channel already has a tournament going on. One tournament per channel: use another channel, or cancel that one first.
tournament-signup-closed = **{ $tournament }** has started; sign-up is closed.
tournament-already-in = You are already in. The Leave button takes you out.
tournament-full = The tournament is full.
tournament-leave-started = The tournament has started: to stop playing, `tournament withdraw` (a Swiss then pairs you no more; in a round robin your remaining games are forfeits).
tournament-not-in = You are not in this tournament.
tournament-already-started = The tournament has already started.
tournament-too-few = A tournament needs at least two entrants to start.
tournament-withdraw-not-started = The tournament has not started: use Leave (`tournament leave`).
tournament-is-over = The tournament is over.
tournament-player-not-in = { $player } is not in this tournament.
tournament-already-withdrawn = { $player } has already withdrawn.
tournament-adjudicate-which = Name the game: `tournament adjudicate #12 black`.
tournament-not-a-tournament-game = Game { $game } is not a tournament game.
tournament-not-running = The tournament is not running.
tournament-adjudicated = Game { $game } of **{ $tournament }** (round { $round }, board { $board }) is adjudicated: { $verdict ->
    [first] the first player (Black) wins
    [second] the second player (White) wins
    [draw] a draw
   *[forfeit] forfeited by both, nobody scores
}.
tournament-pause-not-running = Only a running tournament can be paused.
tournament-not-paused = The tournament is not paused.
tournament-paused = **{ $tournament }** is paused: running games go on, but the next round waits for `tournament resume`.
tournament-resumed = **{ $tournament }** goes on.
tournament-already-over = The tournament is already over.
tournament-cancelled = **{ $tournament }** is cancelled{ $running ->
    [0] {""}
    [one] ; its running game is aborted
   *[other] ; its { $running } running games are aborted
}.
tournament-damaged = Round { $round } of **{ $tournament }** is over, but the next round cannot be paired: the tournament's stored data is damaged (the bot's operator can read why in the log). It is paused; `tournament resume` tries again, `tournament cancel` ends it.
tournament-too-many-rounds = **{ $tournament }** has { $players } entrants, so a Swiss can have at most { $most } rounds without pairing anyone twice, and it was made with rounds:{ $asked }. Wait until { $needed } players have joined, or `tournament cancel` and create it again with rounds:{ $most } or fewer.

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
option-tournament-create-format-about = Swiss or round robin
option-tournament-create-rounds-name = rounds
option-tournament-create-rounds-about = Swiss rounds (default: ceil(log2 players) + 1)
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
option-challenge-opponent-about = Who you challenge
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
option-analyze-move-about = After how many moves (default: the last position with a move to find)
option-analyze-code-name = code
option-analyze-code-about = A position code to analyse instead of a game
option-analyze-rule-name = rule
option-analyze-rule-about = The win rule for a position code (default delayed)
choice-random = random
choice-dm = dm
choice-channel = channel
choice-off = off
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
export-record = The record of game { $game } ({ $result }). `show` reads it back.
export-record-file = The record of Akron game { $game } as text: { $result }.

## words-b: time spans, claims, threads and the console's own lines

clock-span-live = { $time }
claim-no-game = There is no game to claim here.
claim-no-clock = This game has no clock, so nobody can run out of time.
claim-your-move = It is your move: only your opponent's time can run out now.
claim-time-left = { $player } still has { $time } for this move.
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
console-ai-failed = the AI could not move: { $error }
console-settle-failed = could not settle what is due: { $error }
console-deliver-failed = could not deliver the notices: { $error }
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
console-button = [{ $label }] type: /akron { $command } #{ $game }
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
