# Die Wörter des Akron-Bots auf Deutsch. Jede Nachricht gibt es auch in en/akron.ftl und
# es/akron.ftl mit denselben Argumenten (ein Test prüft das).

## Steine, Seiten und Zahlen

empty = {""}

marbles = { $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}
colour = { $colour ->
    [black] Schwarz
   *[white] Weiß
}
moves-count = { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
}

## Wie eine Partie steht

challenge-declined = die Herausforderung wurde abgelehnt
challenge-cancelled = die Herausforderung wurde zurückgezogen
challenge-expired = die Herausforderung ist verfallen
challenge-waiting = die Herausforderung wartet auf Antwort
game-in-progress = läuft
game-aborted = abgebrochen
game-lost-by-both = für beide verloren
result-won = { colour } ({ $player }) hat { $reason ->
    [connection] durch Verbindung gewonnen
    [no-moves] gewonnen, weil der Gegner keinen erlaubten Zug hatte
    [repetition] durch dreifache Wiederholung gewonnen
    [resignation] durch Aufgabe gewonnen
    [agreement] durch Einigung gewonnen
    [adjudication] durch Entscheidung gewonnen
   *[timeout] auf Zeit gewonnen
}
result-drawn = remis { $reason ->
    [repetition] durch dreifache Wiederholung
    [adjudication] durch Entscheidung
   *[agreement] durch Einigung
}
status-line = Partie { $game } · { moves-count } · **{ $black }** (Schwarz, noch { $black_left }) gegen **{ $white }** (Weiß, noch { $white_left })
status-to-move = { $player } ist am Zug ({ colour })
status-connects = **{ colour } verbindet**: { $other ->
    [black] Schwarz
   *[white] Weiß
} muss die Verbindung jetzt unterbrechen.
clock-side = { colour }: { $live ->
    [yes] {""}
   *[no] noch{" "}
}{ $time }
clock-line = ⏱ { $black } · { $white } ({ $control })
clock-standing = {" "}⏸ (steht still: im Urlaub)
clock-span-days = { $days } { $days ->
    [one] Tag
   *[other] Tage
}{ $hours ->
    [0] {""}
    [one] {" "}und { $hours } Stunde
   *[other] {" "}und { $hours } Stunden
}
clock-span-days-dative = { $days } { $days ->
    [one] Tag
   *[other] Tagen
}{ $hours ->
    [0] {""}
    [one] {" "}und { $hours } Stunde
   *[other] {" "}und { $hours } Stunden
}
clock-span-hours = { $hours } { $hours ->
    [one] Stunde
   *[other] Stunden
}{ $minutes ->
    [0] {""}
    [one] {" "}und { $minutes } Minute
   *[other] {" "}und { $minutes } Minuten
}
clock-span-minutes = { $minutes } { $minutes ->
    [one] Minute
   *[other] Minuten
}
clock-span-seconds = { $seconds } { $seconds ->
    [one] Sekunde
   *[other] Sekunden
}

## Wie eine Partie endete

result-wins = **{ colour } gewinnt** ({ $reason ->
    [connection] { colour } verbindet die eigenen Seiten
    [no-moves] { $other ->
        [black] Schwarz
       *[white] Weiß
    } hat keinen erlaubten Zug
    [resignation] { $loser } hat aufgegeben
    [adjudication] durch Entscheidung, nicht ausgespielt
   *[timeout] { $loser } hat die Zeit überschritten
}): { $winner } schlägt { $loser }. { $mentions }
result-repetition = Die Stellung kam zum dritten Mal vor: **Remis durch Wiederholung**. { $mentions }
result-agreement = **Remis durch Einigung.** { $mentions }
result-adjudicated-draw = **Remis durch Entscheidung**: Die Partie wurde entschieden, nicht ausgespielt. { $mentions }
game-aborted-why = Partie { $game } ist abgebrochen: { $why }. { $mentions }
game-aborted-plain = Partie { $game } ist abgebrochen. { $mentions }
abort-by-player = **{ $player }** hat sie abgesagt
abort-by-moderator = ein Moderator (**{ $player }**) hat sie abgesagt
abort-tournament-cancelled = ihr Turnier, **{ $tournament }**, wurde abgesagt
game-forfeited-by-both = Partie { $game } wird auf Entscheidung der Turnierleitung für beide als verloren gewertet; niemand erhält einen Punkt. { $mentions }
abort-no-first-move = **{ $player }** hat den ersten Zug nicht rechtzeitig gemacht (eine Partie ohne ersten Zug wird abgebrochen, nicht verloren)
challenge-expired-notice = Die Herausforderung von { $challenger } an **{ $challenged }** (Partie { $game }) ist verfallen: niemand hat innerhalb von { $hours } Stunden geantwortet.
draw-offer-lapsed = (Das Remisangebot von { $offerer } ist verfallen: { $mover } hat gezogen, statt zu antworten.)

## Erinnerungen

reminder = ⏰ { $player }, du bist in Partie { $game } gegen **{ $opponent }** in { $channel }{ $board } am Zug: noch **{ $time }** ({ $control }), bis { $deadline }.
reminder-board-link = {" "}([letztes Brett](<{ $link }>))

## Ablehnungen, die viele Befehle teilen

not-a-player = Du spielst nicht in Partie { $game }: Dort spielt { $black } (Schwarz) gegen { $white } (Weiß).
no-game-numbered = Es gibt keine Partie { $game }. { CMD("games") } zeigt deine Partien.
no-game-here = In diesem Kanal läuft keine Partie. Beginne eine mit { CMD("challenge @spieler") }; { CMD("games") } zeigt deine Partien in anderen Kanälen.
bare-command = { $player }, der Bot liest einen Befehl nur, wenn er so geschrieben ist: { CMD($typed) }
more-lines = … noch { $count ->
    [one] { $count } Zeile
   *[other] { $count } Zeilen
}; { $rest }.
service-busy = Die Spieldatenbank ist gerade ausgelastet, daher wurde nichts geändert. Versuche es gleich noch einmal.
service-damaged = Diese Partie ist im Speicher beschädigt, der Bot kann sie nicht verwenden; nichts wurde geändert. Wer den Bot betreibt, wurde informiert (es steht im Protokoll).
service-failed = Im Bot ist etwas schiefgegangen, daher wurde nichts geändert; wer den Bot betreibt, findet den Grund im Protokoll. Versuche es gleich noch einmal.

## Einstellungen

settings-saved = Gespeichert.
settings-summary = Deine Erinnerungen: **{ $reminders ->
    [dm] per Direktnachricht
    [channel] im Kanal der Partie
   *[off] aus
}** ({ CMD("settings reminders:dm|channel|off") }). Deine Bretter: **{ $view ->
    [perspective] perspektivisch, mit einer Karte jeder Ebene
   *[plan] als Draufsicht von oben
}** ({ CMD("settings view:perspective|plan") }). Neue Partien auf diesem Server öffnen einen eigenen Thread: **{ $threads ->
    [on] ja
   *[off] nein
}** (Moderation: { CMD("settings thread-games:on|off") }). Turniere werden von Moderatoren{ $organisers } erstellt und geleitet{ $roles ->
    [yes] {" "}(Moderation: { CMD("settings tournament-role:ROLLE|off") })
   *[no] {""}
}.
settings-organisers = {" "}und Mitgliedern von **@{ $role }**
settings-language = Deine Sprache: **{ $mine }** ({ CMD("settings language:en|es|de") }, für deine Direktnachrichten und was nur du siehst). Sprache dieses Servers: **{ $server }** (Moderation: { CMD("settings language:en|es|de") }). Deine Zeitzone: **{ $zone }** ({ CMD("settings timezone:Europe/Berlin") }).
settings-language-unset = nicht gewählt
settings-unknown-language = Der Bot spricht '{ $given }' nicht. Die Sprachen sind: { $valid }.
settings-unknown-timezone = '{ $given }' ist keine Zeitzone. Schreibe einen IANA-Namen wie Europe/Berlin, Europe/Vienna, Europe/Zurich oder UTC.
settings-server-only = Servereinstellungen lassen sich nur auf einem Server ändern.
settings-moderators-role = Nur Moderatoren können die Rolle bestimmen, die Turniere leitet.
settings-no-roles = Nur Discord-Server haben Rollen. Hier erstellen und leiten Moderatoren die Turniere (Matrix: Berechtigungsstufe 50 oder mehr).
settings-moderators-threads = Nur Moderatoren können festlegen, ob neue Partien einen eigenen Thread öffnen.
settings-moderators-language = Nur Moderatoren können die Sprache des Servers ändern. Deine eigene Sprache ({ CMD("settings language:") }) gilt für deine Direktnachrichten und für das, was nur du siehst.
settings-moderators-web = Nur Moderatoren können ändern, wer die Webseiten dieses Servers sieht.
settings-web = Webseiten dieses Servers: **{ $web ->
    [link] nur mit Link
    [public] öffentlich
   *[off] keine
}** (Moderation: { CMD("settings web:off|link|public") }).
game-already-over = Die Partie ist bereits beendet.
service-conflict = Die Partie hat sich während deines Befehls immer wieder geändert, daher ist nichts geschehen. Sieh dir das Brett an und versuche es noch einmal.
service-conflict-tournament = Das Turnier hat sich während deines Befehls immer wieder geändert (andere Befehle dazu im selben Moment), daher ist nichts geschehen. Sieh dir das Turnier an und versuche es noch einmal.

## Die Ansage eines Zuges

move-swapped = **{ $player }** hat getauscht und übernimmt den Eröffnungsstein: Ab jetzt spielt { $player } **Schwarz**, { $other } spielt Weiß.
move-placed = **{ $player }** ({ colour }) hat **{ $point }** gesetzt.
move-stepped = **{ $player }** ({ colour }) hat **{ $move }** gezogen.
move-covered = Bedeckt: { $points }.
move-cuts = Das unterbricht { $count ->
    [one] { $count } Verbindung
   *[other] { $count } Verbindungen
}.
move-connects = **{ colour } verbindet**: { $other ->
    [black] Schwarz
   *[white] Weiß
} muss jetzt unterbrechen ({ $mention }), sonst gewinnt { colour }.
move-to-move = { $player } ist am Zug ({ colour }).

## Textalternativen für Bilder (Screenreader lesen sie vor: kein Markdown)

alt-board = Akron-Brett, { $size } mal { $size }, Partie { $game }: { $black } (Schwarz) gegen { $white } (Weiß).
alt-in-hand = Im Vorrat: Schwarz { $black ->
    [one] { $black } Stein
   *[other] { $black } Steine
}, Weiß { $white ->
    [one] { $white } Stein
   *[other] { $white } Steine
}.
alt-to-move = { colour } ist am Zug.
alt-result = Ergebnis: { $result }.
alt-last-move = Letzter Zug: { colour } { $move }.
alt-dropped = Heruntergefallen: { $points }.
alt-chain = Siegreiche Kette: { $points }.
alt-pending = { colour } verbindet über { $points }.
alt-level = Ebene { $level }: Schwarz { $blacks } ({ $black }); Weiß { $whites } ({ $white }).
alt-none = keine
alt-empty-board = Das Brett ist leer.
alt-drop = der { $colour ->
    [black] schwarze
   *[white] weiße
} Stein von { $from } nach { $to }
move-drop = der { $colour ->
    [black] schwarze
   *[white] weiße
} Stein von { $from } fiel nach { $to }

## Herausforderungen

challenge-yourself = Du kannst dich nicht selbst herausfordern. Nenne einen anderen Spieler.
challenge-bad-size = Ein Brett der Größe { $size } geht nicht: Wähle { $min } bis { $max } (8 ist die offizielle Größe).
challenge-bad-pile = { $pile } Steine je Seite gehen auf { $size } × { $size } nicht: Wähle { $size } bis { $max } (üblich sind { $default }).
challenge-channel-taken = In diesem Kanal hat gerade eine Partie begonnen. Spiele in einem Thread: Öffne einen und fordere dort heraus.
challenge-made = **{ $challenger }** fordert { $challenged } zu einer Partie Akron heraus (Partie { $game }): { $size } × { $size }, { $pile } Steine je Seite, { $rule ->
    [immediate] sofortige
   *[delayed] verzögerte
} Regel. { $black } würde **Schwarz** spielen und anfangen, { $white } **Weiß**. Bedenkzeit: { $clock }. { $rated ->
    [yes] Gewertet
   *[no] Freundschaftspartie (nicht gewertet)
}. { $challenged }, { $platform ->
    [matrix] nimm mit ✅ oder { CMD("accept") } an, oder lehne mit ❌ oder { CMD("decline") } ab
   *[other] nimm an oder lehne ab
}; die Herausforderung verfällt { $expires }.
challenge-in-thread-busy = In diesem Kanal läuft schon Partie { $other } ({ $black } gegen { $white }), daher wird diese nach der Annahme in einem eigenen Thread gespielt.
challenge-in-thread = Nach der Annahme zieht die Partie in einen eigenen Thread um.
challenge-accepted = **{ $player }** hat angenommen. Partie { $game } beginnt: **{ $black }** spielt Schwarz (von oben nach unten), **{ $white }** spielt Weiß (von links nach rechts).
challenge-swap-note = Nach dem ersten Setzen von Schwarz darf Weiß mit { CMD("swap") } antworten, den Stein übernehmen und Schwarz spielen.
challenge-first-to-move = { $player } ist am Zug (Schwarz).
challenge-yours-accept = Das ist deine Herausforderung; nur { $player } kann sie annehmen. Du kannst sie mit { CMD("cancel") } zurückziehen.
challenge-yours-decline = Das ist deine Herausforderung; zurückziehen kannst du sie mit { CMD("cancel") }.
challenge-not-yours = Diese Herausforderung gilt { $player }, nicht dir.
challenge-declined-by = **{ $player }** hat die Herausforderung von { $challenger } abgelehnt (Partie { $game }).
challenge-withdrawn = **{ $player }** hat die Herausforderung zurückgezogen (Partie { $game }).
challenge-only-challenger = Nur wer herausgefordert hat, kann die Herausforderung zurückziehen; du kannst sie ablehnen.
challenge-gone = Diese Herausforderung ist nicht mehr offen: Sie wurde angenommen, abgelehnt, zurückgezogen oder ist verfallen.
challenge-none-here = In diesem Kanal gibt es keine offene Herausforderung. Stelle eine mit { CMD("challenge @spieler") }.
time-control = { $kind ->
    [none] ohne Uhr
    [days] { $amount ->
        [one] { $amount } Tag
       *[other] { $amount } Tage
    } pro Zug
    [hours] { $amount ->
        [one] { $amount } Stunde
       *[other] { $amount } Stunden
    } pro Zug
   *[live] { $amount }+{ $increment } (live)
}

## Aufgeben und Remis

resign-confirm = Partie { $game } gegen { $opponent } aufgeben? { colour } gewinnt, und das lässt sich nicht rückgängig machen.
draw-ai-declines = { $opponent } lehnt das Remis ab: Die eigenen Gewinnchancen schätzt sie auf etwa { $percent } %, also spielt sie weiter.
draw-ai-accepts = { $opponent } nimmt das Remis an: Die eigenen Gewinnchancen schätzt sie auf etwa { $percent } %.
draw-already-offered = Du hast bereits Remis angeboten; { $opponent } hat noch nicht geantwortet.
draw-yours = Du hast dieses Remis angeboten; { $opponent } muss es annehmen.
draw-too-soon = Du hast { $when ->
    [already] gerade erst
   *[recently] vor Kurzem
} Remis angeboten; du kannst es wieder anbieten, wenn { $opponent } zweimal gezogen hat.
draw-offered = **{ $player }** bietet Remis an. { $opponent }, nimm an oder lehne ab ({ CMD("draw accept") }, { CMD("draw decline") }).
draw-none = Es gibt kein Remisangebot zu beantworten. Biete eines mit { CMD("draw") } an.
draw-withdrawn = **{ $player }** hat das Remisangebot zurückgezogen.
draw-declined = **{ $player }** hat das Remis abgelehnt. Es wird weitergespielt.
rating-note = Wertungszahlen: { $ratings }
rating-note-never-moved = Ohne Einfluss auf die Wertungszahl: Ein Spieler hat in dieser Partie keinen Zug gemacht.

## Die Befehle: ihre Namen und einzeiligen Beschreibungen (Discord: höchstens 100 Zeichen)

command-challenge-name = herausfordern
command-challenge-about = Fordere hier jemanden heraus, alle (ohne Gegner) oder die KI (`ai` oder den Bot: Stufe 1-8).
command-accept-name = annehmen
command-accept-about = Nimm die Herausforderung an, die dir gilt.
command-decline-name = ablehnen
command-decline-about = Lehne die Herausforderung ab, die dir gilt.
command-cancel-name = zurückziehen
command-cancel-about = Ziehe deine offene Herausforderung zurück.
command-move-name = ziehen
command-move-about = Spiele einen Zug: Setzen wie F6 oder Ziehen wie A2-D3' (jedes ' ist eine Ebene höher).
command-swap-name = tauschen
command-swap-about = Tausch: Übernimm als Weiß den ersten gesetzten Stein von Schwarz (nur im zweiten Zug).
command-premove-name = vorauszug
command-premove-about = Lege Antworten im Voraus fest: Spielt der Gegner B4, spielst du sofort C5.
command-hint-name = tipp
command-hint-about = In einer Partie gegen die KI: der Zug, den die Engine vorschlägt, nur für dich sichtbar.
command-board-name = brett
command-board-about = Zeige das Brett noch einmal, perspektivisch (Standard) oder als Draufsicht.
command-moves-name = züge
command-moves-about = Zeige, wohin ein Stein ziehen kann (und was herunterfällt), oder alle erlaubten Züge.
command-resign-name = aufgeben
command-resign-about = Gib die Partie in diesem Kanal auf.
command-claim-name = reklamieren
command-claim-about = Gewinne auf Zeit, wenn die Uhr des Gegners abgelaufen ist (sonst macht es der Bot selbst).
command-draw-name = remis
command-draw-about = Biete Remis an, oder nimm das Angebot des Gegners an oder lehne es ab.
command-takeback-name = zurücknehmen
command-takeback-about = Bitte darum, deinen letzten Zug zurückzunehmen, oder beantworte die Bitte des Gegners.
command-abort-name = abbrechen
command-abort-about = Sage die Partie ab: bevor beide gezogen haben, oder jederzeit als Moderator.
command-history-name = verlauf
command-history-about = Die Zugliste der Partie in diesem Kanal.
command-export-name = exportieren
command-export-about = Die Partienotation als Textdatei, die `show` wieder einliest.
command-show-name = zeigen
command-show-about = Zeichne eine beliebige Stellung aus einem Stellungscode oder einer Notation (für Rätsel).
command-replay-name = nachspielen
command-replay-about = Die Partie als animiertes Bild (GIF), herunterfallende Steine Ebene für Ebene.
command-games-name = partien
command-games-about = Deine Herausforderungen und Partien in allen Kanälen und deine letzten beendeten Partien.
command-rules-name = regeln
command-rules-about = Eine kurze Zusammenfassung der Regeln und der Leitfaden für Spieler.
command-vacation-name = urlaub
command-vacation-about = Halte deine Fernpartie-Uhren an, während du weg bist (bis zu 14 Tage im Jahr).
command-settings-name = einstellungen
command-settings-about = Erinnerungen, Brett, Sprache, Zeitzone; Moderation: Threads, Turnierleitung, Sprache, Webseiten.
command-analyze-name = analysieren
command-analyze-about = Eine beendete Partie Zug für Zug (Fehler, Genauigkeit, Kurve) oder der beste Zug einer Stellung.
command-puzzle-name = rätsel
command-akron-about = Akron, Cameron Brownes 3D-Verbindungsspiel: herausfordern, spielen, nachschlagen.
command-akron-review-about = Partien und Stellungen ansehen: Notationen, Bilder, Wiedergaben und die Analyse der Engine.
command-puzzle-about = Vom Löser geprüfte Rätsel: stelle eins, löse es privat, sieh die Lösung, eins pro Tag.
command-help-name = hilfe
command-help-about = Die Liste der Befehle.
command-stats-name = statistik
command-stats-about = Wertungszahl, Ergebnisse nach Farbe, längste Serie und Verlauf (deine oder die anderer).
command-leaderboard-name = rangliste
command-leaderboard-about = Die 20 Besten dieses Servers nach Wertung (vorläufige, mit ? markiert, zuletzt).
command-tournament-name = turnier
command-tournament-about = Turniere: erstellen, beitreten, starten, Tabelle, Paarungen; die Turnierleitung führt sie.
time-relative = { $when ->
    [past] vor { $span }
   *[future] in { $span }
}

## Abgelehnte Züge

not-your-turn = Du bist nicht am Zug: { $player } ist am Zug ({ colour }). Du spielst { $mine ->
    [black] Schwarz
   *[white] Weiß
}.
not-a-move = '{ $text }' ist kein Zug: { $why }.
move-not-legal = { $move } ist hier nicht erlaubt: { $why }. { CMD("moves") } zeigt die erlaubten Züge, { CMD("moves D3") }, wohin ein Stein ziehen kann.
illegal-off-board = { $point } liegt nicht auf dem Brett
illegal-pile-empty = { colour } hat keine Steine mehr zum Setzen; ziehe stattdessen einen Stein
illegal-place-above = Steine aus dem Vorrat kommen in Löcher der Ebene 0, direkt auf dem Brett; { $point } liegt auf Ebene { $level }
illegal-occupied = { $point } ist besetzt
illegal-no-piece = auf { $point } liegt kein Stein
illegal-not-yours = der Stein auf { $point } gehört { colour }
illegal-holds-up = der Stein auf { $point } stützt { $count } Steine; er darf höchstens einen stützen
illegal-covered = der Stein auf { $point } ist von einem gegnerischen Stein bedeckt und kann nicht ziehen
illegal-alone = der Stein auf { $point } ist mit keinem Stein seiner Farbe verbunden und kann nicht ziehen
illegal-unsupported = { $point } ist nicht gestützt: { $missing } darunter ist leer
illegal-support-moves = { $point } würde seine Stütze { $support } verlieren, die sich während des Zuges bewegt
illegal-not-touching = { $point } berührt keinen Stein, der mit { $from } verbunden ist
illegal-swap = Tauschen geht nur als Antwort von Weiß auf den ersten Zug
illegal-game-over = die Partie ist beendet

## Zurücknehmen

takeback-already-asked = Du hast bereits um Zurücknahme gebeten; { $opponent } hat noch nicht geantwortet.
takeback-answer-first = { $opponent } hat um die Zurücknahme eines Zuges gebeten; antworte zuerst mit { CMD("takeback accept") } oder { CMD("takeback decline") }.
takeback-nothing = Du hast noch nicht gezogen, es gibt also nichts zurückzunehmen.
takeback-asked = **{ $player }** bittet darum, den letzten Zug zurückzunehmen{ $reply ->
    [yes] {" "}(und deine Antwort darauf)
   *[no] {""}
}. { $opponent }, nimm an oder lehne ab ({ CMD("takeback accept") }, { CMD("takeback decline") }).
takeback-none = Es gibt keine Bitte um Zurücknahme zu beantworten. Bitte mit { CMD("takeback") } darum.
takeback-yours = Du hast um diese Zurücknahme gebeten; { $opponent } muss sie annehmen.
takeback-withdrawn = **{ $player }** hat die Bitte um Zurücknahme zurückgezogen.
takeback-declined = **{ $player }** hat die Zurücknahme abgelehnt. Es wird weitergespielt.
takeback-no-move = Es gibt keinen Zug zum Zurücknehmen.
takeback-done = { $count ->
    [one] { $count } Zug zurückgenommen
   *[other] { $count } Züge zurückgenommen
}. { $player } ist am Zug ({ colour }).

## Wörter auf Bildern ({ $name }, { $other }, { $n }, { $move } setzt das Zeichnen ein)

label-black = Schwarz
label-white = Weiß
label-to-move = { $name } am Zug
label-must-cut = { $other } verbindet: { $name } muss jetzt unterbrechen
label-wins-by-connection = { $name } gewinnt durch Verbindung
label-wins-no-move = { $name } gewinnt: { $other } kann nicht ziehen
label-wins-resignation = { $other } hat aufgegeben: { $name } gewinnt
label-wins-timeout = { $other } hat die Zeit überschritten: { $name } gewinnt
label-wins = { $name } gewinnt
label-wins-adjudication = { $name } gewinnt durch Entscheidung
label-aborted = Partie abgebrochen
label-forfeited-by-both = Für beide verloren
label-draw-agreement = Remis durch Einigung
label-draw-repetition = Remis durch Wiederholung
label-draw = Remis
label-draw-adjudication = Remis durch Entscheidung
label-game = Partie { $n }
label-move-number = Zug { $n }: { $move }
label-last-move = Zuletzt: { $move }
label-start = Anfang
label-pile = { $name } · Vorrat { $n }
label-dropped-one = gefallen
label-dropped = { $n } gefallen
label-level = Ebene { $n }
label-more-rows = … und { $n } weitere

## Beschriftungen der Schaltflächen

button-accept = Annehmen
button-decline = Ablehnen
button-cancel = Zurückziehen
button-swap = Tauschen
button-board = Brett
button-draw-offer = Remis anbieten
button-draw-accept = Remis annehmen
button-draw-decline = Remis ablehnen
button-takeback-accept = Zurücknahme annehmen
button-takeback-decline = Zurücknahme ablehnen
button-resign = Aufgeben
button-resign-confirm = Ja, aufgeben
button-tournament-join = Beitreten
button-tournament-leave = Austreten

## Hilfe

placeholder-player = @spieler
placeholder-point = PUNKT
placeholder-title = TITEL
placeholder-ply = ZUG
placeholder-code = CODE
placeholder-code-or-record = CODE-oder-PARTIE
placeholder-move = ZUG...
placeholder-name = NAME
placeholder-role = ROLLE
placeholder-zone = Europe/Berlin
placeholder-game = #partie
help-outro = Eine Partie pro Kanal: Läuft dort schon eine, wird die neue in einem eigenen Thread gespielt.
help-intro-console = Befehle, so eingegeben, wie sie hier stehen (`move F6`):
help-outro-console = Eine Partie pro Kanal (`in KANAL` wechselt ihn): Eine Herausforderung in einem Kanal mit laufender Partie wird in einem eigenen Thread gespielt. `help tournament` (oder der Name eines anderen Befehls) zeigt alle Formen dieses Befehls, mit den Optionen, die diese Liste weglässt.
help-intro = Befehle (auf Discord `/akron NAME` oder der Befehl der Gruppe, etwa `/akron-review replay`; das Menü zeigt sie auf Deutsch):
help-intro-matrix = Befehle: Schreib jeden hinter `!akron` in eine Nachricht, im Raum der Partie oder in ihrem Thread (`!akron move F6`). Reaktionen auf die Nachrichten des Bots stehen für seine Knöpfe: ✅ annehmen, ❌ ablehnen, 🚫 deine Herausforderung zurückziehen, 🔄 tauschen, 🤝 Remis anbieten, 🏳️ aufgeben (mit Rückfrage), 🔁 Revanche, 🙋 einem Turnier beitreten und 👋 es verlassen.
help-outro-matrix = Eine Partie pro Raum: Eine Herausforderung in einem Raum mit laufender Partie wird in einem eigenen Thread gespielt. Der Bot erwähnt dich, wenn du am Zug bist. { CMD("help tournament") } (oder der Name eines anderen Befehls) zeigt alle Formen dieses Befehls, mit den Optionen, die diese Liste weglässt.
help-page-heading = **{ $command }**: { $about }
group-start = Beginnen
group-play = Spielen
group-end = Beenden
group-look-up = Nachschlagen
group-compete = Wettkampf
group-review = Rückblick
group-puzzles = Rätsel
group-tournaments = Turniere
board-text-rest = { CMD("board") } zeigt das Bild

## Turnierrunden, Paarungen und Tabelle

tournament-no-pairings-yet = Das Turnier hat noch nicht begonnen, es gibt also noch keine Paarungen.
tournament-no-such-round = Runde { $round } gibt es nicht; dies ist Runde { $current }.
tournament-game-announced = **{ $tournament }**, Runde { $round }, Brett { $board }: { $black } (Schwarz, beginnt) gegen { $white } (Weiß), Partie { $game }. Sie öffnet sich in einem eigenen Thread; ihre Uhr ({ $control }) läuft.
tournament-game-ended-unannounced = **{ $tournament }**, Runde { $round }, { $unit ->
    [match] Match
   *[board] Brett
} { $board }: { $black } (Schwarz) gegen { $white } (Weiß), Partie { $game }, war zu Ende, bevor sie angekündigt werden konnte:{" "}
tournament-round-over = Runde { $round } von **{ $tournament }** ist beendet.
    { $standings }
tournament-over = 🏆 **{ $tournament }** ist beendet. Herzlichen Glückwunsch, { $winners }!
    Endstand:
    { $standings }
tournament-tiebreak = { $tiebreak ->
    [buchholz] Buchholz
   *[sonneborn-berger] Sonneborn-Berger
}
tournament-column-tiebreak = { $tiebreak ->
    [buchholz] BH
   *[sonneborn-berger] SB
}
tournament-not-started-entrants = **{ $tournament }** hat noch nicht begonnen; bisher { $count ->
    [one] { $count } Teilnehmer
   *[other] { $count } Teilnehmer
}.
tournament-standings = **{ $tournament }**, Tabelle nach { $done ->
    [one] { $done } Runde
   *[other] { $done } Runden
} von { $rounds }{ $playing } (Punkte, { $tiebreak }, dann direkter Vergleich):
    { $table }
tournament-round-being-played = {" "}und den beendeten Partien der { $round }. Runde
tournament-standings-subtitle = Tabelle nach { $done } von { $rounds } Runden{ $playing } · Punkte, { $tiebreak }, direkter Vergleich
tournament-table-more = … { $count } weitere
tournament-column-player = Spieler
tournament-column-points = Pkt
tournament-column-record = S-R-N
tournament-column-board = Brett
tournament-column-black = Schwarz (beginnt)
tournament-column-white = Weiß
tournament-column-result = Ergebnis
tournament-column-game = Partie
tournament-withdrawn-mark = zg.
tournament-withdrawn-name = { $name } (zurückgezogen)
tournament-unknown-player = Spieler { $player }
tournament-result-playing = läuft
tournament-result-forfeit = { $score } kampflos
tournament-result-adjudicated = { $score } entschieden
tournament-bye = spielfrei
tournament-bye-score = 1 (spielfrei)
tournament-pairings-title = { $tournament }, Runde { $round } von { $rounds }
tournament-pairings-heading = **{ $tournament }**, Runde { $round } von { $rounds }:
tournament-pairing-bye = - spielfrei: **{ $player }** (zählt als Sieg)
tournament-pairing = - Brett { $board }: **{ $black }** (Schwarz) – **{ $white }** (Weiß): { $result }{ $game }
tournament-pairing-game = , Partie { $game }
tournament-pairing-game-in = , Partie { $game } in { $channel }
thread-opened = Partie { $game }: { $black } (Schwarz) gegen { $white } (Weiß). Hier wird gespielt.
    { $status }

## Turnieranmeldung, Start und Rückzug

tournament-signup = 🏁 **{ $tournament }** ({ $number }): { $what }. Organisation: **{ $organiser }**.
    Drücke **Beitreten**, um teilzunehmen (oder { CMD("tournament join") }).
tournament-entrants = Teilnehmer ({ $count }{ $max ->
    [0] {""}
   *[other] {" "}von { $max }
}): { $names }
tournament-entrants-nobody = noch niemand
tournament-signup-check-in = Check-in: Sobald die Turnierleitung ihn öffnet, haben die Teilnehmer { $window } zum Bestätigen; wer nicht bestätigt, fällt beim Start heraus.
tournament-signup-deadline = Jede Runde hat eine Frist von { $deadline }: Danach geht ein offenes Match an den Führenden, bei Gleichstand an den besser Gesetzten{ $double ->
    [yes] ; im großen Finale und im zweiten Finale an den Sieger der Gewinnerrunde.
   *[no] .
}
tournament-signup-analysis = Jede beendete Partie wird in ihrem Thread analysiert.
tournament-format-swiss = Schweizer System, { $rounds ->
    [one] { $rounds } Runde
   *[other] { $rounds } Runden
}
tournament-format-swiss-default = Schweizer System, Runden nach Spielerzahl: { $four } bei 3 oder 4, { $eight } bei 5 bis 8, { $sixteen } bei 9 bis 16
tournament-format-round-robin = { $double ->
    [yes] doppeltes Rundenturnier
   *[no] Rundenturnier
}
tournament-description = { $format }, { $size } × { $size }, { $pile } Steine, { $rule ->
    [immediate] sofortige
   *[delayed] verzögerte
} Regel, { $clock }, { $rated ->
    [yes] gewertet
   *[no] ungewertet
}, { $vacation ->
    [yes] Urlaub erlaubt
   *[no] kein Urlaub
}
tournament-started = **{ $tournament }** beginnt: { $players } Spieler{ $format ->
    [swiss] {""}
    [double] , bis zu { $rounds } Runden
   *[other] , { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    }
} ({ $what }). Die Paarungen der 1. Runde folgen; jede Partie öffnet sich in einem eigenen Thread, ihre Uhr läuft.
tournament-withdrew = **{ $player }** { $by ->
    [organiser] wurde von der Turnierleitung aus **{ $tournament }** genommen{ $resigned ->
        [yes] {" "}und verliert die laufende Partie
       *[no] {""}
    }
   *[self] hat sich aus **{ $tournament }** zurückgezogen{ $resigned ->
        [yes] {" "}und die laufende Partie aufgegeben
       *[no] {""}
    }
}. { $format ->
    [swiss] { $player } wird nicht mehr gepaart.
   *[round-robin] Die restlichen Partien gelten als kampflos verloren.
} Die bisherigen Ergebnisse bleiben bestehen.

## Turnier-Ablehnungen und Antworten an die Organisation

tournament-none-here = Hier gibt es kein Turnier. Ein Moderator kann eines mit { CMD("tournament create NAME format:swiss") } anlegen.
tournament-organiser-only = Das können nur die Organisation ({ $organiser }), ein Moderator oder die Turnierrolle des Servers.
tournament-create-moderators-only = Nur Moderatoren (und die Rolle, die ein Moderator mit { CMD("settings tournament-role") } festlegt) können Turniere anlegen.
tournament-name-length = Ein Turniername hat 1 bis { $max } Zeichen; dieser hat { $count }.
tournament-name-control = Ein Turniername ist eine Textzeile ohne Steuerzeichen.
tournament-rounds-for-max = Mit höchstens { $max } Spielern kann ein Schweizer Turnier höchstens { $most } Runden haben, ohne dass sich jemand zweimal begegnet; rounds:{ $rounds } ist zu viel. Wähle rounds:{ $most } oder weniger, oder lass mehr Spieler zu.
tournament-channel-taken = In diesem Kanal läuft schon ein Turnier. Ein Turnier pro Kanal: Wähle einen anderen Kanal oder brich das bestehende Turnier zuerst ab ({ CMD("tournament cancel") }).
tournament-signup-closed = **{ $tournament }** hat begonnen; die Anmeldung ist geschlossen.
tournament-already-in = Du bist schon dabei. Mit der Schaltfläche Austreten trittst du aus.
tournament-full = Das Turnier ist voll.
tournament-leave-started = Das Turnier hat begonnen: Um aufzuhören, { CMD("tournament withdraw") } (im Schweizer System wirst du dann nicht mehr gepaart; im Rundenturnier gelten deine restlichen Partien als kampflos verloren).
tournament-not-in = Du bist nicht in diesem Turnier.
tournament-already-started = Das Turnier hat schon begonnen.
tournament-too-few = Ein Turnier braucht mindestens zwei Teilnehmer, um zu beginnen.
tournament-withdraw-not-started = Das Turnier hat noch nicht begonnen: Drücke Austreten (oder tippe { CMD("tournament leave") }).
tournament-withdraw-other-not-started = **{ $tournament }** hat noch nicht begonnen: { $player } kann noch mit Austreten ({ CMD("tournament leave") }) gehen; nach dem Start kannst du { $player } aus dem Turnier nehmen.
tournament-is-over = Das Turnier ist beendet.
tournament-player-not-in = { $player } ist nicht in diesem Turnier.
tournament-already-withdrawn = { $player } hat sich schon zurückgezogen.
knockout-withdraw-already-out = { $player } ist aus **{ $tournament }** schon ausgeschieden (in Runde { $round }); ein Rückzug ist nicht mehr nötig.
tournament-adjudicate-which = Nenne die Partie: { CMD("tournament adjudicate #12 black") }.
tournament-adjudicate-own = Du spielst Partie { $game }, also kannst du sie nicht selbst entscheiden. { $yours ->
    [yes] { $has_role ->
        [yes] Bitte einen Moderator oder jemanden mit der Rolle { $role }, sie zu entscheiden.
       *[no] Bitte einen Moderator, sie zu entscheiden.
    }
   *[no] { $has_role ->
        [yes] Bitte die Organisation ({ $organiser }), einen Moderator oder jemanden mit der Rolle { $role }, sie zu entscheiden.
       *[no] Bitte die Organisation ({ $organiser }) oder einen Moderator, sie zu entscheiden.
    }
}
tournament-adjudicate-over = Partie { $game } ist schon beendet ({ $result }), und ihr Ergebnis bleibt: Nur eine laufende Partie kann entschieden werden.
tournament-not-a-tournament-game = Partie { $game } ist keine Turnierpartie.
tournament-not-running = Das Turnier läuft nicht.
tournament-adjudicated = Partie { $game } von **{ $tournament }** (Runde { $round }, { $unit ->
    [match] Match
   *[board] Brett
} { $board }) ist entschieden: { $verdict ->
    [named] { $winner } ({ colour }) gewinnt
    [first] der erste Spieler (Schwarz) gewinnt
    [second] der zweite Spieler (Weiß) gewinnt
    [draw] remis
   *[forfeit] für beide verloren, niemand punktet
}.
tournament-pause-not-running = Nur ein laufendes Turnier kann pausiert werden.
tournament-not-paused = Das Turnier ist nicht pausiert.
tournament-paused = **{ $tournament }** ist pausiert: Laufende Partien gehen weiter, aber die nächste Runde wartet auf { CMD("tournament resume") }.
tournament-resumed = **{ $tournament }** geht weiter.
tournament-analysis-on = Die Analyse ist für **{ $tournament }** eingeschaltet: Jede Partie, die ab jetzt endet, wird analysiert, und ihre Zusammenfassung mit der Bewertungskurve erscheint im Thread der Partie.
tournament-analysis-queued = { $count ->
    [one] Die bereits beendete Partie steht ebenfalls in der Warteschlange.
   *[other] Die { $count } bereits beendeten Partien stehen ebenfalls in der Warteschlange.
}
tournament-analysis-off = Die Analyse ist für **{ $tournament }** ausgeschaltet: Partien, die ab jetzt enden, werden nicht analysiert. Analysen, die schon in der Warteschlange stehen, laufen noch.
tournament-analysis-already-on = Die Analyse ist für **{ $tournament }** schon eingeschaltet.
tournament-analysis-already-off = Die Analyse ist für **{ $tournament }** schon ausgeschaltet.
tournament-already-over = Das Turnier ist schon beendet.
tournament-cancelled = **{ $tournament }** ist abgebrochen{ $running ->
    [0] {""}
    [one] ; die laufende Partie wird annulliert
   *[other] ; die { $running } laufenden Partien werden annulliert
}.
tournament-damaged = Runde { $round } von **{ $tournament }** ist beendet, aber die nächste Runde kann nicht gepaart werden: Die gespeicherten Turnierdaten sind beschädigt (der Betreiber des Bots kann den Grund im Log lesen). Es ist pausiert; { CMD("tournament resume") } versucht es erneut, { CMD("tournament cancel") } beendet es.
tournament-too-many-rounds = **{ $tournament }** hat { $players } Teilnehmer, also kann ein Schweizer Turnier höchstens { $most } Runden haben, ohne dass sich jemand zweimal begegnet, und es wurde mit rounds:{ $asked } angelegt. Warte, bis { $needed } Spieler beigetreten sind, oder { CMD("tournament cancel") } und lege es mit rounds:{ $most } oder weniger neu an.

## Discord: Unterbefehle für Turniere und Rätsel, ihre Optionen und Auswahlwerte

command-tournament-create-name = anlegen
command-tournament-create-about = Lege in diesem Kanal ein Turnier mit Anmeldenachricht an (Moderatoren).
command-tournament-join-name = beitreten
command-tournament-join-about = Tritt dem Turnier dieses Kanals bei (der Knopf Beitreten tut dasselbe).
command-tournament-leave-name = austreten
command-tournament-leave-about = Verlasse das Turnier dieses Kanals, bevor es beginnt.
command-tournament-start-name = starten
command-tournament-start-about = Schließt die Anmeldung und paart Runde 1 (Organisation oder Moderator).
command-tournament-standings-name = tabelle
command-tournament-standings-about = Die Tabelle: Punkte, dann Buchholz oder Sonneborn-Berger, dann direkter Vergleich.
command-tournament-pairings-name = paarungen
command-tournament-pairings-about = Paarungen und Ergebnisse einer Runde (Standard: die laufende).
command-tournament-withdraw-name = zurückziehen
command-tournament-withdraw-about = Zieh dich aus dem Turnier zurück oder (Organisation) zieh einen Spieler zurück.
command-tournament-adjudicate-name = entscheiden
command-tournament-adjudicate-about = Entscheide das Ergebnis einer Turnierpartie (Organisation).
command-tournament-pause-name = pausieren
command-tournament-pause-about = Hält die nächste Runde bis `resume` an (Organisation).
command-tournament-resume-name = fortsetzen
command-tournament-resume-about = Geht nach `pause` weiter und paart die nächste Runde, wenn sie fällig ist (Organisation).
command-tournament-cancel-name = abbrechen
command-tournament-cancel-about = Bricht das Turnier ab; laufende Partien werden annulliert (Organisation).
option-tournament-create-name-name = name
option-tournament-create-name-about = Sein Name
option-tournament-create-format-name = format
option-tournament-create-format-about = Schweizer System, Rundenturnier, K.-o.-System oder Doppel-K.-o.
option-tournament-create-rounds-name = runden
option-tournament-create-rounds-about = Runden im Schweizer System (Standard: 3 bei 3–4 Spielern, 4 bei 5–8, 5 bei 9–16)
option-tournament-create-time-name = zeit
option-tournament-create-time-about = Uhr: Tage oder Stunden pro Zug wie 3d (Standard) oder 12h, oder live wie 10+5
option-tournament-create-size-name = plätze
option-tournament-create-size-about = Höchstzahl der Teilnehmer (Standard: unbegrenzt)
option-tournament-create-board-name = brett
option-tournament-create-board-about = Brettseite, 3 bis 16 (Standard 8)
option-tournament-create-pieces-name = steine
option-tournament-create-pieces-about = Steine, mit denen jede Seite beginnt (Standard: die Hälfte der Punkte)
option-tournament-create-rule-name = regel
option-tournament-create-rule-about = Wann eine Verbindung gewinnt (Standard verzögert)
option-tournament-create-rated-name = gewertet
option-tournament-create-rated-about = Ob seine Partien gewertet werden (Standard: ja)
option-tournament-create-double-name = doppelt
option-tournament-create-double-about = Rundenturnier: jede Paarung zweimal, mit getauschten Farben
option-tournament-create-vacation-name = urlaub
option-tournament-create-vacation-about = Ob Urlaub seine Uhren anhält (Standard: nein)
option-tournament-pairings-round-name = runde
option-tournament-pairings-round-about = Die Runde (Standard: die laufende)
option-tournament-withdraw-player-name = spieler
option-tournament-withdraw-player-about = Organisation: der zurückzuziehende Spieler (Standard: du selbst)
option-tournament-adjudicate-game-name = partie
option-tournament-adjudicate-game-about = Die Partienummer
option-tournament-adjudicate-result-name = ergebnis
option-tournament-adjudicate-result-about = Das Ergebnis
choice-swiss = Schweizer System
choice-roundrobin = Rundenturnier
choice-black = Schwarz
choice-white = Weiß
choice-draw = remis
choice-forfeit = für beide verloren
choice-delayed = verzögert
choice-immediate = sofort
command-puzzle-create-name = anlegen
command-puzzle-create-about = Stelle eine Stellung ein, in der die Seite am Zug in höchstens 3 Zügen erzwungen gewinnt.
command-puzzle-solve-name = lösen
command-puzzle-solve-about = Prüfe deine Antwort auf ein Rätsel, privat.
command-puzzle-answer-name = lösung
command-puzzle-answer-about = Zeigt die Lösung eines Rätsels (einen Tag nach dem Einstellen oder sobald sie aufgedeckt ist).
command-puzzle-reveal-name = aufdecken
command-puzzle-reveal-about = Lass alle die Lösung deines Rätsels jetzt sehen.
command-puzzle-daily-name = täglich
command-puzzle-daily-about = Moderatoren: ein Rätsel pro Tag in diesem Kanal, aus der Sammlung des Bots.
option-puzzle-create-code-name = code
option-puzzle-create-code-about = Der Stellungscode, etwa 5:b:12,12:5/5/5/5/5
option-puzzle-create-rule-name = regel
option-puzzle-create-rule-about = Wann eine Verbindung gewinnt (Standard verzögert)
option-puzzle-create-title-name = titel
option-puzzle-create-title-about = Ein Titel
option-puzzle-create-several-name = mehrere
option-puzzle-create-several-about = Auch einstellen, wenn mehrere erste Züge gewinnen (so markiert)
option-puzzle-solve-puzzle-name = aufgabe
option-puzzle-solve-puzzle-about = Die Nummer des Rätsels
option-puzzle-solve-moves-name = züge
option-puzzle-solve-moves-about = Dein Zug (du kannst die erwartete Antwort und deinen nächsten Zug anfügen)
option-puzzle-answer-puzzle-name = aufgabe
option-puzzle-answer-puzzle-about = Die Nummer des Rätsels
option-puzzle-reveal-puzzle-name = aufgabe
option-puzzle-reveal-puzzle-about = Die Nummer des Rätsels
option-puzzle-daily-on-name = an
option-puzzle-daily-on-about = true zum Starten, false zum Beenden

## Discord: Optionen und Auswahlwerte von /akron und /akron-review

option-challenge-opponent-name = gegner
option-challenge-opponent-about = Wen du herausforderst (ohne Gegner: alle hier)
option-challenge-size-name = größe
option-challenge-size-about = Brettseite, 3 bis 16 (Standard 8)
option-challenge-pieces-name = steine
option-challenge-pieces-about = Steine, mit denen jede Seite beginnt (Standard: die Hälfte der Punkte)
option-challenge-rule-name = regel
option-challenge-rule-about = Wann eine Verbindung gewinnt (Standard verzögert)
option-challenge-colour-name = farbe
option-challenge-colour-about = Deine Farbe (Standard zufällig)
option-challenge-time-name = zeit
option-challenge-time-about = Uhr: keine (Standard), Tage oder Stunden pro Zug wie 3d oder 12h, oder live wie 10+5
option-challenge-thread-name = thread
option-challenge-thread-about = Nach der Annahme in einem eigenen Thread spielen (Standard: Servereinstellung)
option-challenge-level-name = stufe
option-challenge-level-about = Gegen den Bot selbst: seine Stufe, 1 (Anfänger) bis 8 (am stärksten); Standard 3
option-challenge-rated-name = gewertet
option-challenge-rated-about = Ob das Ergebnis die Wertungen ändert (Standard: gewertet)
option-settings-reminders-name = erinnerungen
option-settings-reminders-about = Wohin deine Erinnerungen gehen (Standard dm)
option-settings-view-name = ansicht
option-settings-view-about = Wie deine Bretter gezeichnet werden (Standard Perspektive)
option-settings-thread_games-name = partien_im_thread
option-settings-thread_games-about = Moderatoren: neue Partien öffnen einen eigenen Thread
option-settings-tournament_role-name = turnierrolle
option-settings-tournament_role-about = Moderatoren: eine Rolle, deren Mitglieder Turniere anlegen und leiten dürfen
option-settings-no_tournament_role-name = keine_turnierrolle
option-settings-no_tournament_role-about = Moderatoren: true vergisst die Turnierrolle (dann nur Moderatoren)
option-settings-language-name = sprache
option-settings-language-about = Moderatoren: die Sprache des Servers; alle anderen: deine eigene
option-settings-my_language-name = meine_sprache
option-settings-my_language-about = Deine eigene Sprache, für deine Direktnachrichten
option-settings-timezone-name = zeitzone
option-settings-timezone-about = Deine Zeitzone, ein IANA-Name wie Europe/Berlin
option-settings-web-name = web
option-settings-web-about = Moderatoren: wer die Webseiten dieses Servers sehen darf (Standard off)
option-vacation-on-name = an
option-vacation-on-about = true für Urlaub, false, wenn du zurück bist
option-move-notation-name = notation
option-move-notation-about = Der Zug, etwa F6 oder A2-D3' (tippe für Vorschläge)
option-board-view-name = ansicht
option-board-view-about = Perspektive (Standard: deine Einstellung), Plan oder Text für einen Screenreader
option-moves-point-name = punkt
option-moves-point-about = Der Punkt eines Steins, etwa C4 (leer für alle Züge)
option-draw-action-name = aktion
option-draw-action-about = anbieten (Standard), annehmen oder ablehnen
option-takeback-action-name = aktion
option-takeback-action-about = bitten (Standard), annehmen oder ablehnen
option-premove-moves-name = züge
option-premove-moves-about = Paare aus gegnerischem Zug und deiner Antwort, etwa B4 C5, D2-E3' F6; oder clear
option-stats-player-name = spieler
option-stats-player-about = Wessen Statistik (Standard: deine)
option-show-code-name = code
option-show-code-about = Ein Stellungscode wie 5:b:12,12:5/5/5/5/5 oder eine Partienotation
option-show-record-name = notation
option-show-record-about = Eine Partiedatei, wie /akron-review export sie anhängt
option-show-view-name = ansicht
option-show-view-about = Perspektive (Standard: deine Einstellung) oder Plan
option-replay-game-name = partie
option-replay-game-about = Eine Partienummer (Standard: die Partie dieses Kanals)
option-replay-from-name = von
option-replay-from-about = Der erste gezeigte Zug (Standard 1)
option-replay-to-name = bis
option-replay-to-about = Der letzte gezeigte Zug (Standard: der letzte)
option-replay-speed-name = tempo
option-replay-speed-about = Wie schnell sie abläuft (Standard normal)
option-analyze-game-name = partie
option-analyze-game-about = Die Nummer einer beendeten Partie (Standard: die letzte dieses Kanals)
option-analyze-move-name = zug
option-analyze-move-about = Nur die Stellung nach so vielen Zügen (Standard: die ganze Partie, Zug für Zug)
option-analyze-code-name = code
option-analyze-code-about = Ein Stellungscode, der statt einer Partie analysiert wird
option-analyze-rule-name = regel
option-analyze-rule-about = Die Gewinnregel für einen Stellungscode (Standard verzögert)
choice-random = zufällig
choice-dm = direktnachricht
choice-channel = kanal
choice-off = aus
choice-on = an
choice-link = Link
choice-public = öffentlich
choice-perspective = Perspektive
choice-plan = Plan
choice-text = Text
choice-offer = anbieten
choice-accept = annehmen
choice-decline = ablehnen
choice-slow = langsam
choice-normal = normal
choice-fast = schnell
choice-en = Englisch
choice-es = Spanisch
choice-de = Deutsch
export-record = Die Notation von Partie { $game } ({ $result }). { CMD("show") } liest sie wieder ein.
export-record-file = Die Notation der Akron-Partie { $game } als Text: { $result }.

## web: the links to the web companion's pages, and the pages' own words
web-link-game = Partie ansehen
web-link-tournament = Turnierseite
web-link-puzzle = Rätselseite
web-site = Akron
web-footer = Akron, Cameron Brownes Verbindungsspiel in 3D. Seiten des Akron-Bots, nur zum Lesen.
web-home = Partie-, Turnier- und Spielerseiten des Akron-Bots. Jeder Server entscheidet, ob seine Seiten gezeigt werden: Man erreicht sie über die Links, die der Bot postet.
web-not-found = Nicht gefunden
web-not-found-text = Hier gibt es keine Seite. Links zu Partien und Turnieren kommen vom Bot, und ein Server kann seine Seiten abschalten.
web-failed = Etwas ist schiefgegangen
web-failed-text = Diese Seite kann gerade nicht gezeigt werden. Versuche es gleich noch einmal.
web-too-many = Zu viele Anfragen; warte kurz und versuche es noch einmal.
web-busy = Zu viele Live-Seiten sind offen; lade später neu.
web-game-title = Partie { $game }: { $black } gegen { $white }
web-game-link = Partie { $game }
web-board-size = { $size }×{ $size }, je { $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}
web-step = Zug { $ply }: { $move } von { colour }
web-step-dropped = { $step }. Gefallen: { $drops }
web-start = Die Anfangsstellung
web-board-alt = Das Brett:
web-board-text = Das Brett in Worten
web-status-playing = Läuft; { colour } am Zug
web-status-playing-plain = Läuft
web-status-open = Wartet darauf, dass die Herausforderung angenommen wird
web-status-not-played = Nicht gespielt
web-aborted = Abgebrochen
web-won = { colour } hat { $reason ->
    [connection] durch Verbindung gewonnen
    [no-moves] gewonnen, da der Gegner keinen legalen Zug hatte
    [resignation] durch Aufgabe gewonnen
    [adjudication] durch Entscheidung gewonnen
   *[timeout] auf Zeit gewonnen
}
web-drawn = Remis { $reason ->
    [repetition] durch Wiederholung
    [adjudication] durch Entscheidung
   *[agreement] nach Vereinbarung
}
web-rule-delayed = verzögert (eine Verbindung muss die Antwort überstehen)
web-rule-immediate = sofort
web-yes = ja
web-no = nein
web-live = Live: neue Züge erscheinen hier.
web-live-off = Live-Aktualisierung ist hier aus (zu viele offene Seiten): diese Seite sucht alle 30 Sekunden nach neuen Zügen.
web-unrated = ohne Wertung
web-move-due = Zug fällig bis
web-clock-days = { $days } Tg.{ $hours ->
    [0] {""}
   *[other] {" "}{ $hours } Std.
}
web-clock-standing = noch nicht: Die Uhr steht still, es bleiben noch { $time } (im Urlaub)
web-started = Begonnen
web-stepper = Durch die Züge gehen
web-first = Anfang
web-previous = Zurück
web-next = Vor
web-last = Ende
web-keys = Tasten, auf dem Brett oder in der Zugliste: ← und → gehen einen Zug, Pos1 und Ende springen.
web-moves = Züge
web-no-moves = Noch keine Züge.
web-downloads = Downloads
web-record = Notation der Partie (Text)
web-replay = Animierte Wiedergabe (GIF)
web-clock = Uhr
web-board = Brett
web-pairing-board = Brett
web-rule = Siegregel
web-rated = Gewertet
web-format = Modus
web-format-swiss = Schweizer System
web-format-round-robin = Rundenturnier
web-format-double-round-robin = Doppelrundenturnier
web-status = Stand
web-tournament-status = { $status ->
    [signup] Anmeldung offen
    [running] Läuft
    [paused] Pausiert
    [finished] Beendet
   *[cancelled] Abgesagt
}
web-organiser = Veranstalter
web-standings-csv = Tabelle (CSV)
web-pairings-csv = Paarungen (CSV)
web-standings = Tabelle
web-crosstable = Kreuztabelle
web-crosstable-too-large = Zu viele Teilnehmer für eine Kreuztabelle; siehe die Runden.
web-progress = Punkte nach jeder Runde
web-schedule = Zeitplan
web-round-heading = Runde
web-due = Züge fällig bis
web-round-waiting = noch nicht
web-round-complete = beendet
web-schedule-note = „Züge fällig bis“ ist, wann der letzte erwartete Zug der Partien der Runde fällig ist: Zieht niemand mehr, sind bis dahin alle Partien der Runde entschieden. Die Zeiten stehen in deiner Zeitzone.
web-rounds = Runden
web-no-rounds = Noch keine Runde ist gepaart.
web-round = Runde { $round }
web-round-of = Runde { $round } von { $rounds }
web-result = Ergebnis
web-games = Partien
web-bye = Spielfrei: { $player }
web-byes = (davon { $count } spielfrei)
web-adjudicated = entschieden
web-entrants = Teilnehmer
web-withdrawn = zurückgezogen
web-rank = #
web-player = Spieler
web-points = Punkte
web-record-wdl = S-R-N
web-server-title = Server
web-leaderboard = Rangliste
web-tournaments = Turniere
web-tournament = Turnier
web-recent-games = Letzte Partien
web-none-yet = Noch keine.
web-rating = Wertung
web-rating-history = Verlauf der Wertung
web-by-colour = Ergebnisse nach Farbe
web-won-heading = Gewonnen
web-drawn-heading = Remis
web-lost-heading = Verloren
web-streaks = Serien
web-result-word = { $kind ->
    [win] Sieg
    [draw] Remis
   *[loss] Niederlage
}
web-current-streak = Aktuell: { $kind ->
    [win] { $count ->
        [one] { $count } Sieg
       *[other] { $count } Siege
    }
    [draw] { $count ->
        [one] { $count } Remis
       *[other] { $count } Remis
    }
   *[loss] { $count ->
        [one] { $count } Niederlage
       *[other] { $count } Niederlagen
    }
}
web-best-streak = Längste Siegesserie: { $count }
web-chart-alt = Wertung über { $count ->
    [one] { $count } gewertete Partie
   *[other] { $count } gewertete Partien
}: von { $first } auf { $last }, niedrigste { $low }, höchste { $high }
web-puzzle-title = Rätsel { $puzzle }
web-puzzle-title-named = Rätsel { $puzzle }: { $title }
web-puzzle-task = { colour } am Zug gewinnt in { $count ->
    [one] einem Zug
   *[other] { $count } Zügen
}.
web-puzzle-alt = Die Stellung des Rätsels, { colour } am Zug
web-puzzle-hidden = Die Lösung und wer das Rätsel gelöst hat, werden ab { $time } gezeigt.
web-solution = Lösung
web-winning-first-moves = Alle gewinnenden ersten Züge
web-solvers = Gelöst von
## words-a: warum ein Zug, ein Punktname oder ein Stellungscode nicht lesbar ist

notation-empty = kein Zug angegeben; schreibe ein Loch wie F6, einen Zug wie A2-D3' oder swap
notation-too-long = das ist zu lang für einen Zug; schreibe ein Loch wie F6 oder einen Zug wie A2-D3'
notation-column = '{ $text }' ist kein Punkt: Ein Punktname beginnt mit dem Buchstaben der Spalte, wie bei D3
notation-row = '{ $text }' ist kein Punkt: Auf den Buchstaben der Spalte folgt die Nummer der Reihe, wie bei D3
notation-leading-zero = '{ $text }' ist kein Punkt: Schreibe die Nummer der Reihe ohne führende Null, wie bei D3
notation-trailing = '{ $text }' ist kein Punkt: Nach der Nummer der Reihe dürfen nur Apostrophe folgen, einer pro Ebene, wie bei D3''
notation-space = '{ $text }' hat ein Leerzeichen in einem Punktnamen; schreibe ihn zusammen, wie D3'
notation-no-such-point = { $point } gibt es auf keinem Brett: Selbst auf { $size } × { $size } hat Ebene 0 die Spalten A bis { $last } und die Reihen 1 bis { $size }, und ein Punkt mit k Apostrophen hat eine Reihe von mindestens k + 1
notation-half-step = '{ $text }' ist ein halber Zug: Ein Zug nennt zwei Punkte, wie bei A2-D3'
notation-separators = ein Zug hat genau einen Bindestrich, wie bei A2-D3'
notation-on-board = { $why } (dieses { $size } × { $size }-Brett hat die Spalten A bis { $last } und die Reihen 1 bis { $size })
notation-too-high = { $point } liegt nicht auf diesem { $size } × { $size }-Brett: Seine Ebenen gehen von 0 bis { $top }, ein Punktname hat also höchstens { $top ->
    [one] { $top } Apostroph
   *[other] { $top } Apostrophe
}
notation-on-level = { $level ->
    [0] {""}
   *[other] auf Ebene { $level } ({ $level ->
        [one] { $level } Apostroph
       *[other] { $level } Apostrophe
    }){" "}
}
notation-off-column = { $point } liegt nicht auf diesem { $size } × { $size }-Brett: { $level ->
    [0] Spalte { $column } liegt
   *[other] { notation-on-level }liegt Spalte { $column }
} außerhalb von A bis { $last }
notation-off-row = { $point } liegt nicht auf diesem { $size } × { $size }-Brett: { $level ->
    [0] Reihe { $row } liegt
   *[other] { notation-on-level }liegt Reihe { $row }
} außerhalb von { $low } bis { $high }
notation-off-both = { $point } liegt nicht auf diesem { $size } × { $size }-Brett: { $level ->
    [0] Spalte { $column } liegt
   *[other] { notation-on-level }liegt Spalte { $column }
} außerhalb von A bis { $last } und Reihe { $row } außerhalb von { $low } bis { $high }
code-fields = ein Stellungscode hat 4 durch ':' getrennte Felder (GRÖSSE:AMZUG:VORRATSCHWARZ,VORRATWEISS:EBENEN), nicht { $count }
code-too-long = dieser Stellungscode ist zu lang (mehr als { $count } Zeichen)
code-size = die Brettgröße '{ $text }' muss eine Zahl von { $min } bis { $max } sein
code-turn = wer am Zug ist, '{ $text }', muss b oder w sein
code-piles = die Vorräte '{ $text }' müssen zwei Zahlen von 0 bis { $max } sein, wie 32,32
code-levels = { $count ->
    [one] { $count } Ebene angegeben
   *[other] { $count } Ebenen angegeben
}, aber ein { $size } × { $size }-Brett hat nur { $size }
code-rows = Ebene { $level } muss { $expected } durch '/' getrennte Reihen haben, nicht { $found }
code-row-length = Ebene { $level }, Reihe { $row } muss { $expected } Punkte haben, nicht { $found }
code-number = Ebene { $level }, Reihe { $row }: '{ $text }' ist keine Anzahl leerer Punkte (eine ganze Zahl ab 1, ohne führende Null)
code-character = Ebene { $level }, Reihe { $row }: '{ $text }' ist weder b noch w noch eine Zahl
position-size = die Brettgröße { $size } wird nicht unterstützt (sie muss { $min } bis { $max } sein)
position-pile = der Vorrat von { colour } ist mit { $count } Steinen zu groß (höchstens { $max })
position-start-pile = eine neue Partie auf { $size } × { $size } beginnt mit { $size } bis { $max } Steinen pro Person, nicht { $count }
position-off-board = { $point } liegt nicht auf dem Brett
position-duplicate = auf { $point } liegen zwei Steine
position-unsupported = der Stein auf { $point } ist nicht gestützt: { $missing } darunter ist leer

## words-a: Züge, Partien, die nicht laufen, bedingte Züge und Urlaub

moves-legal = { $count ->
    [one] { $count } erlaubter Zug
   *[other] { $count } erlaubte Züge
} für { colour } ({ $player }):
moves-place-on = - setzen auf: { $points }
moves-swap = - swap (tauschen)
moves-rest = { CMD("moves PUNKT") } zeigt die Züge eines Steins
point-not-read = { $why }.
moves-cannot-move = { $point } kann nicht ziehen: { $why }.
moves-nowhere = Der Stein auf { $point } kann nirgendwohin ziehen.
moves-from = Der Stein auf { $point } kann auf { $count ->
    [one] { $count } Punkt
   *[other] { $count } Punkte
} ziehen: { $points }
moves-drop = { colour } { $from } → { $to }
moves-drops = Wohin er auch zieht, was auf ihm liegt, fällt: { $drops }.
game-not-started = Partie { $game } hat nicht begonnen: Die Herausforderung wartet auf Antwort (wer herausgefordert hat, kann sie mit { CMD("cancel") } zurückziehen).
game-is-over = Partie { $game } ist beendet: { $result }. Beginne eine neue mit { CMD("challenge @spieler") }.
game-never-started = Partie { $game } hat nie begonnen: { $result }. Beginne eine neue mit { CMD("challenge @spieler") }.
premove-ai = Die KI antwortet sofort, gegen sie braucht es keine bedingten Züge.
premove-none = Du hast in dieser Partie keine bedingten Züge vorgemerkt.
premove-cleared = Deine bedingten Züge in dieser Partie sind gelöscht.
premove-your-move = Du bist am Zug: Spiele zuerst. Bedingte Züge antworten auf den nächsten Zug deines Gegenübers.
premove-not-a-pair = '{ $text }' ist kein Paar: Schreibe jedes als Zug des Gegenübers und deine Antwort, wie { CMD("premove B4 C5, D2-E3' F6") }.
premove-not-legal-theirs = { $theirs } ist für dein Gegenüber jetzt nicht erlaubt: { $why }.
premove-game-over = Nach { $theirs } ist die Partie beendet; es gibt nichts zu antworten.
premove-not-legal-mine = { $mine } ist nach { $theirs } nicht erlaubt: { $why }.
premove-twice = Auf { $theirs } gibt es zwei Antworten; gib für jeden Zug nur eine.
premove-too-many = Höchstens { $count } bedingte Züge auf einmal.
premove-queue = { $count ->
    [one] { $count } bedingter Zug vorgemerkt
   *[other] { $count } bedingte Züge vorgemerkt
} (nur du siehst sie):
premove-pair = - spielt dein Gegenüber { $theirs }, antwortest du { $mine }
premove-queue-end = Jeder andere Zug verwirft die Liste; { CMD("premove clear") } leert sie.
vacation-already = Du bist schon im Urlaub. { CMD("vacation off") } beendet ihn.
vacation-used-up = Du hast alle { $days } Urlaubstage dieses Jahres verbraucht.
vacation-on = Du bist im Urlaub: Deine Uhren in Fernpartien außerhalb von Turnieren (und in Turnieren, die Urlaub erlauben) stehen bis zu { $left } still (was von deinen { $days } Tagen dieses Jahres übrig ist). { CMD("vacation off") }, wenn du zurück bist.
vacation-not-on = Du bist nicht im Urlaub.
vacation-back = Willkommen zurück: Deine Uhren laufen wieder, und die Frist jedes Zuges verschiebt sich um die Zeit, die sie stillstand.
record-header = die Kopfzeile '{ $line }' sollte wie [Size "8"] aussehen
record-move = '{ $word }' in der Zugliste: { $why }
record-start = die Start-Stellung ist ungültig: { $why }
record-tag = das Feld { $tag } ist ungültig: '{ $value }'
record-illegal = Zug { $number } ({ $move }) kann nicht gespielt werden: { $why }

## words-a: Verlauf, show, replay, Partien und Regeln

history-no-moves = Noch keine Züge.
history-cut = Die ganze Liste steht in { CMD("export") }.
record-unreadable = Diese Notation lässt sich nicht lesen: { $why }.
show-too-long = Das sind { $size } KB Text; ein Stellungscode oder die Notation einer Partie hat höchstens { $max } KB.
show-unreadable = Das ist weder ein Stellungscode noch die Notation einer Partie: { $why }. Ein Code sieht aus wie `5:b:12,12:5/5/5/5/5`; eine Notation ist das, was { CMD("export") } liefert.
show-after = Nach { $count ->
    [one] { $count } Zug
   *[other] { $count } Zügen
}: { $result }.
show-to-move = { colour } ist am Zug
show-spans = { colour } verbindet die eigenen Seiten. { $turn ->
    [black] Schwarz
   *[white] Weiß
} ist am Zug.
show-legal-moves = { colour } ist am Zug; { $count ->
    [one] { $count } erlaubter Zug
   *[other] { $count } erlaubte Züge
}.
show-board = Brett { $size } × { $size }, im Vorrat liegen noch { $black } schwarze und { $white } weiße Steine. { $note }
    `{ $code }`
show-no-animation = (Keine Animation: { $why }. { CMD("replay") } mit `from:` und `to:` zeigt einen Teil.)
replay-title-record = Die Notation
replay-title-game = Partie { $game }
replay-no-moves = { $title } hat noch keine Züge: Es gibt nichts abzuspielen.
replay-shown = { $title }, Züge { $first } bis { $last } von { $moves }.
replay-shown-result = { $title }, Züge { $first } bis { $last } von { $moves } ({ $result }).
replay-too-large = Eine Wiedergabe der Züge { $first } bis { $last } wäre größer als { $size } MB, zu groß zum Posten. Frag nach einem Teil: { CMD("replay from:", $first, " to:", $half) }.
replay-range = { $title } hat { $moves } Züge: Wähle `from:` und `to:` zwischen 1 und { $moves }.
replay-failed = Die Wiedergabe ließ sich nicht zeichnen; nichts wurde geändert.
replay-error-range = die Züge { $from } bis { $to } liegen nicht innerhalb der { $moves } Züge dieser Partie
replay-error-too-large = eine Wiedergabe von { $moves } Zügen wäre größer als { $size } MB; frag nach weniger Zügen
replay-error-failed = sie ließ sich nicht zeichnen
games-overdue = (die Zeit ist um: der Bot beendet sie gleich)
games-damaged = - Partie { $game } in { $channel }: **im Speicher beschädigt**; wer den Bot betreibt, sieht den Grund im Log
games-none = Du hast keine offenen Herausforderungen, laufenden oder beendeten Partien. Beginne eine mit { CMD("challenge @spieler") }.
games-none-in-progress = Du hast keine laufenden Partien.
games-yours = Deine Partien ({ $waiting ->
    [one] { $waiting } wartet auf dich
   *[other] { $waiting } warten auf dich
}):
games-finished = Beendet ({ $count ->
    [one] die letzte
   *[other] die letzten { $count }
}; { CMD("export #N") } liefert die Notation, { CMD("board #N") } die Endstellung):
games-finished-line = - Partie { $game } in { $channel } gegen { $opponent }: { $result }
games-finished-damaged = - Partie { $game } in { $channel }: im Speicher beschädigt
games-rest = die auf dich wartenden stehen oben
games-challenge-sent = - Partie { $game } in { $channel }: Herausforderung wartet auf { $opponent }
games-challenge-received = - Partie { $game } in { $channel }: Herausforderung von { $opponent }: **annehmen oder ablehnen**
games-since = {" "}(seit { $time })
games-clock = , **noch { $time }**
games-clock-standing = , **noch { $time }, die Uhr steht still** (im Urlaub)
games-your-move = **du bist am Zug**{ $since }{ $clock }
games-their-move = { $opponent } ist am Zug{ $since }{ $clock }
games-playing = - Partie { $game } in { $channel }: du ({ colour }) gegen { $opponent }, Zug { $number }: { $turn }
elapsed-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
}
elapsed-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
elapsed-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
}
elapsed-days = { $count ->
    [one] { $count } Tag
   *[other] { $count } Tagen
}
rules-summary = **Akron** (Cameron Browne, 2002) ist ein Verbindungsspiel in drei Dimensionen.
    - **Schwarz** verbindet die obere und die untere Seite, **Weiß** die linke und die rechte. Schwarz beginnt. Nur Steine in den Löchern berühren eine Seite; ein Eckloch liegt an beiden Seiten, die sich dort treffen.
    - Wer am Zug ist, **setzt** einen Stein aus dem Vorrat in ein freies Loch ({ CMD("move F6") }) oder **zieht** einen eigenen Stein ({ CMD("move A2-D3'") }). Ein Stein kann in der Mulde zwischen vier Steinen beliebiger Farbe liegen, eine Ebene höher (jedes ' ist eine Ebene: `D3'` liegt auf D3, E3, D2 und E2), und bleibt dort nur, solange alle vier da sind.
    - Ein Stein darf nur ziehen, wenn höchstens ein Stein auf ihm liegt: Dieser **fällt** in die Lücke, und was auf ihm lag, fällt ebenso nach, den Stapel hinauf. Der Stein muss mit seiner Gruppe verbunden sein, und sein neuer Punkt muss einen Stein dieser Gruppe berühren, der liegen bleibt (keinen, der fällt); ein erhöhter Punkt braucht alle vier Steine darunter, und keiner davon darf der ziehende oder ein fallender sein.
    - Steine berühren sich nebeneinander auf einer Ebene (nicht diagonal) und dort, wo einer auf einem anderen liegt; sich berührende Steine einer Farbe sind verbunden. Eine **höhere Verbindung unterbricht** die gegnerische, die sie kreuzt. In einer Säule gestapelter Steine bestimmt die **Farbe des obersten**: Jeder Stein der anderen Farbe weiter unten ist bedeckt und abgeschnitten (einer in der Farbe des obersten nicht, auch unter einem gegnerischen).
    - Im zweiten Zug darf Weiß **tauschen** ({ CMD("swap") }): den ersten Stein von Schwarz übernehmen und Schwarz spielen.
    - Du gewinnst, wenn deine Seiten durch eine Kette verbunden sind, die **die Antwort des Gegenübers übersteht** (die verzögerte Regel; mit der sofortigen Regel gewinnt man sofort). Wer **keinen erlaubten Zug hat, verliert**; die dritte Wiederholung einer Stellung ist remis.
rules-link = Die vollständigen Regeln mit Bildern: { $url }
rules-picture = Das Bild: Schwarz zieht A1-D1. Der weiße Stein, der auf A1 lag, fällt nach A1, und der schwarze Stein, der auf diesem lag, fällt an dessen Platz (Pfeile).
rules-guide = Die vollständige Anleitung mit Bildern ist `docs/rules.md` im Quellcode des Bots; wer den Bot betreibt, kann sie hier mit `AKRON_RULES_URL` verlinken.

## words-a: Rätsel

rule-named = { $rule ->
    [immediate] sofortige Regel
   *[delayed] verzögerte Regel
}
puzzle-title-too-long = Der Titel eines Rätsels hat höchstens { $max } Zeichen; dieser hat { $count }. Sag den Rest in seinem Diskussions-Thread.
puzzle-title-control = Der Titel eines Rätsels ist eine Zeile Text, ohne Steuerzeichen.
puzzle-not-a-code = Das ist kein Stellungscode: { $why }. Schreibe ihn wie { CMD("puzzle create 5:b:12,12:5/5/5/5/5 rule:immediate Mein Titel") }.
puzzle-running-game = Das ist die aktuelle Stellung von Partie { $game }, die noch läuft. Poste sie, wenn die Partie vorbei ist.
puzzle-no-win = { colour } hat hier keinen erzwungenen Gewinn in { $count } Zügen oder weniger ({ rule-named }), also ist es kein Rätsel. Ein Rätsel ist eine Stellung, in der die Seite am Zug erzwungen gewinnt.
puzzle-unknown = Der Löser konnte diese Stellung nicht innerhalb seines Budgets klären und kann sie daher nicht als Rätsel verbürgen. Versuche eine kleinere oder zwingendere Stellung.
puzzle-several = Hier gewinnen mehrere erste Züge in { $count ->
    [one] { $count } Zug
   *[other] { $count } Zügen
}: { $moves }. Poste sie trotzdem, als "mehrere Lösungen" markiert, mit `several`; oder ändere die Stellung so, dass nur einer gewinnt.
puzzle-thread = Akron-Rätsel { $id }{ $title }
puzzle-none = Es gibt kein Rätsel { $id }.
puzzle-exists = Diese Stellung ist mit dieser Regel schon Rätsel { $id }{ $title ->
    [some] {" "}(„{ $name }“)
   *[none] {""}
} in { $channel }: Löse es dort mit { CMD("puzzle solve ", $id, " ZUG") }.
puzzle-give-answer = Gib deine Antwort, wie { CMD("puzzle solve ", $id, " F6") } (dein erster Zug; du kannst die erwartete Antwort und deinen nächsten Zug anfügen).
puzzle-line-illegal = { $move } ist dort kein erlaubter Zug (Zug { $number } deiner Folge): { $why }.
puzzle-line-too-long = Deine Folge geht nach dem Ende der Partie weiter: Sie endet mit { $move }, lass also weg, was danach kommt.
puzzle-not-quite = Nicht ganz: { $moves } gewinnt hier nicht erzwungen in { $count ->
    [one] { $count } Zug
   *[other] { $count } Zügen
}. Schau noch einmal (die Lösung öffnet { CMD("puzzle answer ", $id) }).
puzzle-correct = Richtig: **{ $move }** gewinnt erzwungen. { $solver ->
    [own] (Dein eigenes Rätsel: zählt nicht.)
    [new] Du hast Rätsel { $id } als { $number }. gelöst.
   *[again] Du hattest sie schon gelöst.
}
puzzle-answer-yours = Die Lösung von Rätsel { $id } öffnet sich für alle in etwa { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
}. Du hast sie gepostet, also öffnet { CMD("puzzle reveal ", $id) } sie sofort.
puzzle-answer-later = Die Lösung von Rätsel { $id } öffnet sich in etwa { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} (oder früher, wenn { $poster } sie aufdeckt). Versuche es derweil mit { CMD("puzzle solve ", $id, " ZUG") }.
puzzle-a-moderator = ein Moderator
puzzle-answer = **Rätsel { $id }, die Lösung:** { $moves }.
puzzle-answer-several = Mehrere erste Züge gewinnen: { $moves }.
puzzle-solved-by = Gelöst von { $names }.
puzzle-solved-by-nobody = Noch von niemandem gelöst.
puzzle-reveal-not-yours = Nur wer Rätsel { $id } gepostet hat (oder ein Moderator), kann die Lösung vorzeitig aufdecken; sie öffnet sich für alle einen Tag nach dem Posten.
puzzle-daily-moderators = Nur Moderatoren können das tägliche Rätsel in einem Kanal ein- oder ausschalten.
puzzle-daily-on = Ab jetzt ein Rätsel pro Tag in diesem Kanal; das erste kommt sofort.
puzzle-daily-already = Dieser Kanal bekommt schon ein Rätsel pro Tag.
puzzle-daily-off = Keine täglichen Rätsel mehr in diesem Kanal.
puzzle-daily-none = Dieser Kanal bekommt kein tägliches Rätsel; { CMD("puzzle daily on") } startet es.
puzzle-bank-used-up = Alle { $count } Rätsel der Sammlung wurden hier schon gepostet, daher endet das tägliche Rätsel.
puzzle-daily-title = : Rätsel des Tages
puzzle-by = {" "}(von { $poster })
puzzle-post = **Rätsel { $id }**{ $title }{ $poster }
    {"**"}{ colour } am Zug gewinnt in { $count ->
        [one] { $count } Zug
       *[other] { $count } Zügen
    }** ({ rule-named }, { $size } × { $size }){ $several ->
        [yes] , mehrere Lösungen
       *[no] {""}
    }. Vom Löser bewiesen.
    Antworte privat mit { CMD("puzzle solve ", $id, " ZUG") }; { CMD("puzzle answer ", $id) } zeigt die Lösung einen Tag nach dem Posten.
    `{ $code }`

## words-a: Tipps und Analyse

hint-not-against-ai = Tipps gibt es nur in Partien gegen die KI; in einer Partie zwischen Menschen hält sich die Engine heraus. Spiele gegen die KI mit { CMD("challenge ai") }.
hint-ai-to-move = Die KI ist am Zug; frag nach einem Tipp, wenn du dran bist.
hint-none = Es gibt keinen Tipp: { $why }.
hint = Tipp für Partie { $game }: **{ $move }** (deine Chancen etwa { $percent } %).
search-game-over = die Partie ist beendet
search-no-legal-move = die Seite am Zug hat keinen erlaubten Zug
analysis-not-a-code = Das ist kein Stellungscode: { $why }. Ein Code sieht aus wie `5:b:12,12:5/5/5/5/5`; { CMD("analyze #12") } analysiert eine beendete Partie.
analysis-running-position = Das ist die aktuelle Stellung von Partie { $game }, die noch läuft. Die Analyse einer laufenden Partie ist für alle gesperrt, bis sie endet.
analysis-this-position = Diese Stellung
analysis-running-game = Partie { $game } läuft noch. Die Analyse einer laufenden Partie ist für alle gesperrt, bis sie endet (wie auf lichess); in einer Partie gegen die KI schlägt { CMD("hint") } einen Zug vor.
analysis-never-played = Partie { $game } wurde nie gespielt, es gibt also nichts zu analysieren.
analysis-no-such-move = Partie { $game } hat { $count } Züge; gib eine Zugnummer von 0 bis { $count } an.
analysis-game-after = Partie { $game } ({ $result }) nach { $count ->
    [one] { $count } Zug
   *[other] { $count } Zügen
}
analysis-decided = { $about } ist schon entschieden ({ $result }); es gibt keinen Zug zu suchen. Gib mit `move:N` einen früheren Zug an.
analysis-no-move = { $about } hat keinen Zug zu analysieren: { $why }.
analysis = **Analyse.** { $about }, { colour } am Zug: Der beste Zug ist **{ $move }**; { $proven ->
    [win] { colour } gewinnt erzwungen
    [loss] { colour } verliert erzwungen
   *[estimate] { colour } gewinnt von hier aus etwa { $percent } % der Partien
}.
    Folge: { $line }
    { $proven ->
        [estimate] ({ $playouts } Playouts.)
       *[other] (Vom Löser bewiesen.)
    } `{ $code }`

## words-a: Statistik und Rangliste

stats-none = **{ $player }** hat hier noch keine gewerteten Partien: Eine neue Wertung beginnt bei { $rating } (RD { $deviation }). Herausforderungen sind gewertet, außer mit `rated:off`.
stats-head = **{ $player }**: Wertung **{ $rating }** (RD { $deviation }{ $provisional ->
    [yes] , vorläufig
   *[no] {""}
}), { $count ->
    [one] { $count } gewertete Partie
   *[other] { $count } gewertete Partien
}.
stats-tally = { $wins } gewonnen, { $losses } verloren, { $draws } remis
stats-results = Alle: { $all }. Mit Schwarz (Anzug): { $black }. Mit Weiß: { $white }.
stats-streak = Längste Siegesserie: { $count }.
stats-global = Globale Wertung: { $rating } aus { $count ->
    [one] { $count } Partie
   *[other] { $count } Partien
}.
stats-chart-alt = Wertungsverlauf von { $player } über { $count ->
    [one] { $count } gewertete Partie
   *[other] { $count } gewertete Partien
}: von { $first } auf { $last }, niedrigste { $low }, höchste { $high }.
leaderboard-empty = Hier hat noch niemand eine gewertete Partie gespielt. Herausforderungen sind standardmäßig gewertet.
leaderboard-head = **Rangliste** (die besten { $count }; vorläufige Wertungen, mit `?` markiert, stehen am Ende)
leaderboard-title = Rangliste
leaderboard-subtitle = Die besten { $count } · vorläufige Wertungen, mit ? markiert, stehen am Ende
leaderboard-player = Spieler
leaderboard-rating = Wertung
leaderboard-games = Partien
leaderboard-row = { $rank }. { $name } { $rating }  { $games } { $count ->
    [one] Partie
   *[other] Partien
}

## words-a: eine Partie gegen die KI, eine zweite Herausforderung

ai-not-against-ai = Das ist keine Partie gegen die KI.
ai-never-rated = Partien gegen die KI werden nie gewertet. Lass `rated` weg.
ai-no-clock = Partien gegen die KI haben keine Uhr: Sie antwortet in Sekunden. Lass `time` weg.
ai-channel-taken = In diesem Kanal läuft schon eine Partie. Eine Partie pro Kanal: Öffne hier einen Thread (oder nimm einen anderen Kanal) und spiele dort gegen die KI.
ai-game = { $player } spielt gegen die KI auf Stufe { $level } (Partie { $game }): { $size } × { $size }, { $pile } Steine je Seite, { rule-named }. **{ $black }** spielt Schwarz (von oben nach unten), **{ $white }** Weiß (von links nach rechts). Partien gegen die KI werden nie gewertet; { CMD("hint") } schlägt einen Zug vor.
ai-thinking = **{ $ai }** denkt nach…
ai-your-move = { $player } ist am Zug ({ colour }).
challenge-twice = Du hast { $opponent } hier schon herausgefordert (Partie { $game }). Die Herausforderung kann angenommen oder abgelehnt werden; du kannst sie zurückziehen.
game-moves-to-thread = Die Partie zieht in einen eigenen Thread um.
overdue-challenge = Die Herausforderung von Partie { $game } ist verfallen: Niemand hat rechtzeitig geantwortet. Der Bot schließt sie gleich; danach kann neu herausgefordert werden.
overdue-game = In Partie { $game } ist die Zeit um: **{ $player }** hat die Zeit überschritten. Der Bot beendet die Partie gleich.
## words-b: time spans, claims, threads and the console's own lines

clock-span-live = { $time }
claim-no-game = Hier gibt es keine Partie, für die du einen Zeitsieg beanspruchen kannst.
claim-no-clock = Diese Partie hat keine Uhr, also kann niemandem die Zeit ablaufen.
claim-your-move = Du bist am Zug: Jetzt kann nur die Zeit deines Gegners ablaufen.
claim-time-left = { $player } hat für diesen Zug noch { $time }.
claim-on-vacation = { $player } ist im Urlaub: Die Uhr steht still (noch { $time }), also kann die Zeit jetzt nicht ablaufen.
claim-game-gone = Diese Partie gibt es nicht mehr.
thread-no-game = Es gibt keine Partie { $game }.
thread-game-not-played = Partie { $game } wird nicht gespielt.
console-pictures-go = Brettbilder werden in { $folder } gespeichert.
console-pictures-folder-failed = Der Ordner { $folder } kann nicht angelegt werden ({ $error }), daher werden keine Brettbilder gespeichert.
console-welcome = Akron-Konsole auf { $database }. { $pictures } Tippe help.
console-not-utf8 = Diese Zeile ist kein UTF-8-Text und wurde übergangen. Tippe sie noch einmal.
console-acting-as = Du handelst jetzt als { $user }.
console-bad-name-long = '{ $shown }…' ist kein Benutzername: Er hat { $length } Zeichen, ein Name hat höchstens { $most }, etwa: as bob
console-bad-name = '{ $typed }' ist kein Benutzername: Nimm Buchstaben, Ziffern, _ - oder ., etwa: as bob
console-bad-game-number = '{ $typed }' ist keine Partienummer; schreib sie wie #12
console-in-channel = Jetzt im Kanal { $channel }.
console-as-needs-name = as braucht einen Benutzernamen, etwa: as bob
console-in-needs-channel = in braucht einen Kanalnamen, etwa: in lobby
console-mod-needs-switch = mod braucht on oder off, etwa: mod on (der aktuelle Benutzer wird Moderator) oder mod off
console-moderator = { $moderator ->
    [yes] { $user } hat Moderationsrechte.
   *[no] { $user } hat keine Moderationsrechte.
}
console-wait-how-long = Wie lange warten? Schreib es wie wait 25h (oder 90s, 30m, 3d, 1d 2h): Die Uhr der Konsole rückt so weit vor.
console-clock-moved = Die Uhr rückt { $span } vor.
console-clock-fixed = Die Uhr dieser Konsole lässt sich nicht verstellen.
console-clock-failed = Die Uhr konnte nicht verstellt werden: { $error }
console-duration-bad = '{ $text }' ist keine Dauer; schreib sie wie 90s, 30m, 25h oder 3d
console-duration-long = '{ $text }' ist mehr als ein Jahr; warte kürzer
console-help = Konsole: `as NAME` wechselt den Benutzer, `in KANAL` den Kanal (eine Partie pro Kanal), `mod on|off` macht den Benutzer zum Moderator, `wait 25h` stellt die Uhr vor (`90s`, `30m`, `3d`; Erinnerungen und Zeitüberschreitungen geschehen dann wie sonst auch), `quit` beendet. Ein `#N` am Ende richtet einen Befehl an Partie N, wie die Knöpfe. `show DATEI` liest eine Partiedatei. `challenge ai level:3` spielt gegen die Engine; ihre Züge erscheinen sofort. `settings language:de` (oder `es`, `en`) ändert deine Sprache; das `settings language:` eines Moderators die der Konsole.
console-thread-discussion = » Thread "{ $name }" für die Besprechung geöffnet.
console-thread-now-in = » Thread "{ $name }" geöffnet: jetzt im Kanal { $channel }.
console-thread-opened = » Thread "{ $name }" geöffnet: Kanal { $channel } (`in { $channel }`, um dort zu spielen).
console-thread-failed = der Thread konnte nicht geöffnet werden: { $error }
console-notice-in = » Mitteilung in #{ $channel }:
console-notice-to = » Mitteilung an { $user } (Direktnachricht):
console-file-unreadable = { $file } kann nicht gelesen werden: { $error }
console-file-not-found = Datei nicht gefunden: { $name } (gesucht in { $first } und { $second }). `show` nimmt einen Stellungscode, eine Partienotation oder den Namen einer Datei, die `export` geschrieben hat.
console-private = (privat)
console-picture = (Bild: { $path })
console-picture-failed = Das Brettbild konnte nicht in { $folder } gespeichert werden ({ $error }); der Befehl selbst wurde ausgeführt.
console-replay = (Wiedergabe: { $path })
console-replay-failed = Die Wiedergabe konnte nicht in { $folder } gespeichert werden ({ $error }).
console-file = (Datei: { $path })
console-file-failed = { $path } konnte nicht gespeichert werden ({ $error }).
console-button = [{ $label }] tippe: { $command } #{ $game }
console-board-holes = Ebene 0 (Löcher)
console-board-level = Ebene { $level } ({ $marks })
console-board-pieces = x { $black } (noch { $black_left }), o { $white } (noch { $white_left }); { $state }
console-board-over = Partie vorbei: { $result }
console-board-to-move = { $colour } am Zug
help-group = - **{ $group }**: { $usages }
help-group-family = - **{ $group }** (`{ $command }`): { $usages }
discord-signup-edited = Erledigt: Die Anmeldenachricht führt die Teilnehmenden auf ({ $link }).
matrix-signup-edited = Erledigt: Die [Anmeldenachricht]({ $link }) führt die Teilnehmenden auf.
discord-no-picture = { $what ->
    [board] *Ich kann das Brettbild hier nicht zeigen: Ich brauche in diesem Kanal die Berechtigungen „Dateien anhängen“ und „Links einbetten“.*
    [replay] *Ich kann die Wiedergabe hier nicht zeigen: Ich brauche in diesem Kanal die Berechtigungen „Dateien anhängen“ und „Links einbetten“.*
   *[picture] *Ich kann das Bild hier nicht zeigen: Ich brauche in diesem Kanal die Berechtigungen „Dateien anhängen“ und „Links einbetten“.*
}
discord-board-title = Akron-Partie { $game }
discord-channel-told = Erledigt; der Kanal wurde benachrichtigt.
discord-guild-only = Akron-Partien werden in einem Kanal eines Servers gespielt, nicht in Direktnachrichten.

## lead: the notices of dropped conditional moves and of vacations, worded at delivery
premove-dropped = { $player }, deine bedingten Züge in Partie { $game } sind verworfen: Dein Gegenüber hat { $played } gespielt, worauf keiner von ihnen antwortet. Du bist am Zug.
vacation-notice-on = **{ $player }** ist im Urlaub, für bis zu { $time }: Die Uhr in Partie { $game } steht bis zur Rückkehr still.
vacation-notice-back = **{ $player }** ist aus dem Urlaub zurück: Die Uhr von Partie { $game } läuft wieder.

## parse: errors of a mistyped command line
parse-nothing-after = Nach { CMD($command) } darf nichts mehr folgen
parse-move-needs-move = { CMD("move") } braucht einen Zug, wie { CMD("move F6") } oder { CMD("move A2-D3'") }
parse-show-needs-position = { CMD("show") } braucht einen Stellungscode oder eine Partienotation, wie { CMD("show 3:b:4,4:3/3/3") }
parse-unknown-user = '{ $who }' ist kein Benutzer, den ich kenne
parse-unknown-command = '{ $command }' ist kein Befehl; die Befehle sind { $commands }
parse-see-help = { $error }. Schreib `{ $help }` für die Befehle.
parse-analyze-move = '{ $word }' muss eine Zahl von Zügen sein, wie move:12
parse-analyze-option = '{ $word }' ist keine Option von { CMD("analyze") }; schreib { CMD("analyze #12 move:30") } oder { CMD("analyze 5:b:12,12:5/5/5/5/5 rule:immediate") }
parse-analyze-both = { CMD("analyze") } nimmt eine Partie (`#12 move:30`) oder einen Stellungscode, nicht beides
parse-puzzle-usage = Schreib { CMD("puzzle create CODE [Regel] [several] [Titel]") }, { CMD("puzzle solve #3 F6") }, { CMD("puzzle answer #3") }, { CMD("puzzle reveal #3") }, { CMD("puzzle daily on|off") } oder { CMD("puzzle mine [#N ZUG]") }
parse-puzzle-number = '{ $value }' ist keine Rätselnummer; schreib sie wie #3
parse-puzzle-needs-number = { CMD("puzzle ", $action) } braucht die Nummer des Rätsels, wie { $action ->
    [solve] { CMD("puzzle solve #3 F6") }
   *[other] { CMD("puzzle ", $action, " #3") }
}
parse-puzzle-needs-code = { CMD("puzzle create") } braucht einen Stellungscode. { parse-puzzle-usage }
parse-puzzle-needs-move = { CMD("puzzle solve") } braucht deinen Zug, wie { CMD("puzzle solve ", $puzzle, " F6") }
parse-puzzle-action = '{ $action }' ist keine Aktion von { CMD("puzzle") }. { parse-puzzle-usage }
parse-view = Die Ansicht '{ $value }' muss plan oder perspective sein
parse-replay-number = '{ $word }' muss eine Zugnummer ab 1 sein
parse-replay-option = '{ $word }' ist keine Option von { CMD("replay") }; schreib es wie { CMD("replay from:1 to:30 speed:fast") }
parse-speed = Das Tempo '{ $value }' muss slow, normal oder fast sein
parse-switch = '{ $value }' muss on oder off sein
parse-needs-switch = { $command } braucht on oder off: { CMD($command, " on") } oder { CMD($command, " off") }
parse-switch-missing = Nach dem Doppelpunkt fehlt on oder off
parse-board-view = Die Ansicht '{ $value }' muss plan, perspective oder text sein
parse-settings-one = Eine Einstellung nach der anderen: schreib { CMD("settings ", $first) }, danach { CMD("settings ", $second) }
parse-settings-usage = Schreib { CMD("settings reminders:dm|channel|off") }, { CMD("settings thread-games:on|off") }, { CMD("settings tournament-role:ROLLE|off") }, { CMD("settings web:off|link|public") }, { CMD("settings language:en|es|de") } oder { CMD("settings timezone:Europe/Berlin") }
parse-setting-unknown = '{ $setting }' ist keine Einstellung. { parse-settings-usage }
parse-role-needed = `tournament-role` braucht eine Rolle oder off. { parse-settings-usage }
parse-reminders = Die Erinnerungen '{ $value }' müssen dm, channel oder off sein
parse-web = `web` '{ $value }' muss off, link oder public sein
parse-challenge-usage = Schreib es wie { CMD("challenge bob size:6 pieces:18 rule:immediate colour:white time:3d thread:on") } (alles nach dem Gegner ist freiwillig)
parse-challenge-needs-opponent = `opponent:` braucht einen Spieler (lass es weg für eine offene Herausforderung). { parse-challenge-usage }
parse-challenge-option = '{ $word }' ist keine Option von { CMD("challenge") }. { parse-challenge-usage }
parse-size = Die Brettgröße muss { $min } bis { $max } sein, nicht '{ $value }'
parse-pieces = Die Steine müssen eine Zahl bis { $max } sein, nicht '{ $value }'
parse-rule = Die Siegregel '{ $value }' muss delayed (verzögert) oder immediate (sofort) sein
parse-colour = Die Farbe '{ $value }' muss black (Schwarz), white (Weiß) oder random (zufällig) sein
parse-time = Zeit '{ $value }': schreib `none`, Tage pro Zug wie `3d`, Stunden pro Zug wie `12h` oder eine Live-Uhr in Minuten plus Sekunden pro Zug wie `10+5` (1 bis 180 Minuten, 0 bis 180 Sekunden)
parse-level = Die KI-Stufe '{ $value }' muss eine Zahl von 1 bis 8 sein
parse-level-not-ai = `level` gilt für Partien gegen die KI: { CMD("challenge ai level:5") }
parse-offer = '{ $value }' muss offer, accept oder decline sein
parse-game-number = '{ $value }' ist keine Partienummer; schreib sie wie #12
parse-round = Die Runde '{ $value }' muss eine Zahl ab 1 sein
parse-verdict = Das Ergebnis '{ $value }' muss black (Schwarz, wer anfängt, gewinnt), white (Weiß gewinnt), draw (remis) oder forfeit (niemand punktet) sein
parse-adjudicate-needs-result = `adjudicate` braucht ein Ergebnis: { CMD("tournament adjudicate #12 black|white|draw|forfeit") }
parse-tournament-usage = Schreib { CMD("tournament create NAME format:swiss|roundrobin|single|double") } oder { CMD("tournament join|leave|start|standings|pairings|withdraw|adjudicate|pause|resume|cancel|seed|advance|analysis") }
parse-tournament-action = '{ $action }' ist keine Aktion von { CMD("tournament") }. { parse-tournament-usage }
parse-tournament-options-usage = Schreib es wie { CMD("tournament create Frühjahrsturnier format:swiss rounds:4 time:3d") } (Optionen: format, rounds, time, size, pieces, rule, rated, double, vacation, max; K.-o.-System: best-of, tie, seeding, draw; Doppel-K.-o.: reset)
parse-tournament-option = '{ $word }' ist keine Turnieroption. { parse-tournament-options-usage }
parse-number = `{ $option }` muss eine Zahl sein, nicht '{ $value }'
parse-rounds = `rounds` muss 1 bis 50 sein, nicht '{ $value }'
parse-max-players = `max` muss 2 bis 10000 Spieler sein, nicht '{ $value }'
parse-tournament-needs-name = Das Turnier braucht einen Namen. { parse-tournament-options-usage }
parse-tournament-name-long = Ein Turniername hat höchstens { $max } Zeichen
parse-format = Das Format '{ $value }' muss swiss (Schweizer System), roundrobin (jeder gegen jeden) single (K.-o.-System) oder double (Doppel-K.-o.) sein
parse-format-missing = Nenne das Format: format:swiss, format:roundrobin, format:single oder format:double. { parse-tournament-options-usage }

## Namen, die der Bot vergibt

ai-player = Akron-KI Stufe { $level }
ai-player-mention = **{ ai-player }**
mention-both = { $first } { $second }
thread-name = Akron { $game }: { $black } gegen { $white }
premove-played = ↪ Bedingter Zug von { $player }: { $reply }

## Eigene Hinweise und Ablehnungen des Bots auf Discord (Berechtigungen so benannt, wie Discord sie auf Deutsch nennt)

discord-permission = { $permission ->
    [view-channel] Kanal ansehen
    [send-messages] Nachrichten senden
    [send-messages-in-threads] Nachrichten in Threads senden
   *[create-public-threads] Öffentliche Threads erstellen
}
discord-permissions-needed = { $count ->
    [one] die Berechtigung { $names }
   *[other] die Berechtigungen { $names }
}
discord-permission-and = {" "}und{" "}
discord-cannot-post = Ich kann in diesem Kanal nicht schreiben: Ich brauche hier { $needed }. Bitte eine Moderatorin oder einen Moderator, sie mir zu geben, oder spiele in einem anderen Kanal.
discord-thread-stays = Ich konnte für diese Partie keinen Thread öffnen (ich brauche in diesem Kanal { $needed }), daher bleibt sie in diesem Kanal.
discord-thread-failed = Ich konnte für Partie { $game } keinen Thread öffnen (ich brauche { $needed }). Die beiden können sie weiter spielen, mit `{ $game }` nach jedem Befehl.
discord-level-needs-me = `level` gilt für Partien gegen mich: Wähle mich als Gegner, um gegen die KI zu spielen.
discord-opponent-is-bot = { $name } ist ein Bot, und Bots können hier (noch) kein Akron spielen. Fordere einen Menschen heraus.
discord-show-needs-code = Gib einen Stellungscode an (`code`) oder hänge eine Partiedatei an (`record`), wie `/akron-review export` sie erstellt.
discord-record-too-big = { $file } ist { $size } KB groß; eine Partiedatei hat höchstens { $max } KB. Hänge die Datei an, die `/akron-review export` geliefert hat.
discord-record-fetch-failed = Ich konnte { $file } nicht von Discord laden. Versuch es gleich noch einmal.
discord-record-fetch-slow = { $file } von Discord zu laden hat zu lange gedauert. Versuch es gleich noch einmal.
discord-record-not-text = { $file } ist keine Textdatei. Hänge die Partiedatei an, die `/akron-review export` geliefert hat.

## Matrix: eine Nachricht, die der Bot nicht entschlüsseln konnte

matrix-undecryptable = Ich konnte diese Nachricht nicht entschlüsseln und daher nicht lesen. { $advice ->
    [unverified] Dein Client hat mir seine Schlüssel vorenthalten, weil er meiner Sitzung nicht vertraut: Verifiziere { $me } in deinem Client (oder erlaube ihm, an unverifizierte Sitzungen zu senden) und sende den Befehl dann noch einmal.
    [blocked] Dein Client hat meine Sitzung blockiert: Gib die Sitzung von { $me } in deinem Client frei und sende den Befehl dann noch einmal.
    [untrusted] Deine Sitzung ist von deinem eigenen Konto nicht verifiziert: Verifiziere sie von einer anderen deiner Sitzungen aus und sende den Befehl dann noch einmal.
   *[other] Falls es ein Befehl war, sende ihn gleich noch einmal (meine Schlüssel haben dein Gerät vielleicht noch nicht erreicht), oder verifiziere { $me } in deinem Client.
}
matrix-a-room = einem Raum
matrix-thread-in = einem Thread in { $room }
discord-options-unreadable = Ich konnte die Optionen dieses Befehls nicht lesen. Falls ich gerade aktualisiert wurde, zeigt Discord vielleicht noch die alte Form des Befehls: Lade Discord neu (oder warte eine Minute) und versuch es noch einmal.

## Post-game analysis

analysis-no-moves = Partie { $game } hat keine Züge, es gibt nichts zu analysieren.
analysis-queue-full = Die Warteschlange für Analysen ist voll ({ $count ->
    [one] { $count } Partie wartet
   *[other] { $count } Partien warten
}). Frag in ein paar Minuten noch einmal.
analysis-share-used = Du hast schon { $count ->
    [one] { $count } Analyse
   *[other] { $count } Analysen
} in der Warteschlange; frag nach einer weiteren, wenn sie fertig ist.
analysis-queued = Partie { $game } steht in der Warteschlange für die Analyse { $ahead ->
    [0] und ist als Nächste dran
    [one] hinter { $ahead } anderen Partie
   *[other] hinter { $ahead } anderen Partien
}. Das Ergebnis kommt hierher.
analysis-running-now = Partie { $game } wird gerade analysiert: { $done } von { $total } Stellungen fertig. Das Ergebnis kommt hierher.
analysis-summary = **Analyse der Partie { $game }** ({ $black } mit Schwarz, { $white } mit Weiß):
analysis-side = { colour } ({ $player }): Genauigkeit { $accuracy } %, { $inaccuracies ->
    [one] { $inaccuracies } Ungenauigkeit
   *[other] { $inaccuracies } Ungenauigkeiten
}, { $mistakes ->
    [one] { $mistakes } Fehler
   *[other] { $mistakes } Fehler
}, { $blunders ->
    [one] { $blunders } grober Fehler
   *[other] { $blunders } grobe Fehler
}.
analysis-side-no-moves = { colour } ({ $player }): keine Züge.
analysis-no-swings = Kein Zug hat { $points } Prozentpunkte Gewinnchance oder mehr gekostet.
analysis-swing = Zug { $number }, { colour } ({ $player }): { $move }{ $symbol } { $mark ->
    [inaccuracy] Ungenauigkeit
    [mistake] Fehler
   *[blunder] grober Fehler
}, Gewinnchance { $before } % → { $after } %; besser war { $best ->
    [swap] der Tausch (swap)
   *[other] { $best }
}.
analysis-chart-alt = Bewertungskurve der Partie { $game }: die Gewinnchance von Weiß nach jedem Zug, die markierten Züge als Punkte.
analysis-record-comment = { colour }: { $before } % → { $after } %{ $mark ->
    [inaccuracy] , Ungenauigkeit ?!, besser { $best }
    [mistake] , Fehler ?, besser { $best }
    [blunder] , grober Fehler ??, besser { $best }
   *[none] {""}
}
analysis-mark = { $mark ->
    [inaccuracy] Ungenauigkeit
    [mistake] Fehler
   *[blunder] grober Fehler
}
web-analysis = Analyse

## Knockout tournaments

knockout-format = K.-o.-System, { $best_of ->
    [1] eine Partie je Match
   *[other] Best of { $best_of } je Match
}, bei Gleichstand im Match entscheidet { $tie ->
    [higher-seed] die bessere Setzung
   *[extra-game] eine Zusatzpartie (Anzug per Los; ist auch sie remis, die bessere Setzung)
}, gesetzt { $seeding ->
    [random] per Los
   *[rating] nach Wertungszahl
}
knockout-options-only = best-of, tie, seeding und draw sind Optionen des K.-o.-Systems (format:single oder format:double).
knockout-round-name = { $left ->
    [1] Finale
    [2] Halbfinale
    [3] Viertelfinale
   *[other] Runde { $round }
}
knockout-round-title = **{ $tournament }**, { $name } (Best of { $best_of }):
knockout-bye-line = { $board }. ({ $seed }) { $player }: spielfrei – zieht kampflos in die nächste Runde ein
knockout-match-line = { $board }. ({ $high_seed }) { $high } { $high_score }–{ $low_score } ({ $low_seed }) { $low }{ $end ->
    [games] {" "}· { $winner } gewinnt
    [extra-game] {" "}· { $winner } gewinnt die Zusatzpartie
    [higher-seed] {" "}· Gleichstand: { $winner } kommt als { $better ->
        [winners] Sieger der Gewinnerrunde
       *[seed] besser Gesetzter
    } weiter
    [walkover] {" "}· { $winner } kommt weiter, { $loser } ist aus dem Turnier ausgeschieden
    [nobody] {" "}· beide sind aus dem Turnier ausgeschieden
   *[playing] {""}
}
knockout-round-starts = { $matches }
    Jedes Match öffnet sich in einem eigenen Thread, die Uhr der ersten Partie läuft; ist eine Partie zu Ende, folgt dort die nächste.
knockout-round-over = Ergebnisse: { $matches }
knockout-game-announced = **{ $tournament }**, Runde { $round }, Match { $board }, { $extra ->
    [yes] Zusatzpartie (Anzug per Los)
   *[no] Partie { $number } von { $best_of } (Stand { $high }–{ $low })
}: { $black } (Schwarz, beginnt) gegen { $white } (Weiß), Partie { $game }. Die Uhr ({ $control }) läuft bereits.
knockout-match-won = **{ $tournament }**, Runde { $round }, Match { $board }: { $by ->
    [withdrew] { $loser } hat sich zurückgezogen; { $winner } { $last ->
        [yes] gewinnt mit { $won }–{ $lost } das Turnier
       *[no] kommt mit { $won }–{ $lost } weiter
    }.
    [disqualified] { $loser } wurde disqualifiziert; { $winner } { $last ->
        [yes] gewinnt mit { $won }–{ $lost } das Turnier
       *[no] kommt mit { $won }–{ $lost } weiter
    }.
    [adjudicated] { $winner } { $last ->
        [yes] gewinnt durch Entscheidung der Turnierleitung das Turnier
       *[no] kommt durch Entscheidung der Turnierleitung weiter
    } (Stand { $won }–{ $lost }); { $loser } scheidet aus.
   *[other] { $winner } schlägt { $loser } { $won }–{ $lost }{ $by ->
        [walkover] {" "}({ $loser } ist aus dem Turnier ausgeschieden)
        [extra-game] {" "}nach der Zusatzpartie
        [higher-seed] : Gleichstand, { $winner } kommt als besser Gesetzter weiter
        [winners-side] : Gleichstand, { $winner } kommt als Sieger der Gewinnerrunde weiter
       *[games] {""}
    }{ $last ->
        [yes] {" "}und gewinnt das Turnier.
       *[no] {" "}und kommt weiter.
    }
}
knockout-places-title = Endplatzierungen:
knockout-placed = { $player } ({ $seed }){ $withdrawn ->
    [yes] {" "}(aus dem Turnier ausgeschieden)
   *[no] {""}
}
knockout-place-line = { $place }. { $players }
knockout-over = 🏆 **{ $tournament }** ist beendet: { $winner } gewinnt.
    { $places }
knockout-withdrew = **{ $player }** { $by ->
    [organiser] wurde im Turnier **{ $tournament }** disqualifiziert
   *[self] hat sich aus dem Turnier **{ $tournament }** zurückgezogen
}{ $resigned ->
    [yes] {" "}und verliert die laufende Partie
   *[no] {""}
}. Die Gegenseite kommt weiter; die bisherigen Ergebnisse bleiben bestehen.
parse-best-of = `best-of` muss 1, 3, 5 oder 7 sein, nicht '{ $value }'
parse-tie-rule = `tie` muss extra-game oder higher-seed sein, nicht '{ $value }'
parse-seeding = `seeding` muss rating oder random sein, nicht '{ $value }'
option-tournament-create-best-of-name = best-of
option-tournament-create-best-of-about = K.-o.-System: Partien je Match, 1, 3, 5 oder 7 (Standard 1)
option-tournament-create-tie-name = gleichstand
option-tournament-create-tie-about = K.-o.-System: was bei Gleichstand im Match entscheidet (Standard: eine Zusatzpartie)
option-tournament-create-seeding-name = setzung
option-tournament-create-seeding-about = K.-o.-System: Setzung nach Wertungszahl (Standard) oder per Los
choice-single = K.-o.-System
choice-extra-game = Zusatzpartie
choice-higher-seed = bessere Setzung
choice-rating = Wertungszahl
web-format-single-elimination = K.-o.-System
knockout-seed-not-knockout = Setzungen gibt es im K.-o.-System (format:single oder format:double); Schweizer System und Rundenturnier ordnen nach Wertungszahl.
knockout-seeded = { $seed ->
    [0] **{ $player }** hat im Turnier **{ $tournament }** keinen festen Setzplatz mehr und wird beim Start mit den anderen gesetzt.
   *[other] **{ $player }** ist im Turnier **{ $tournament }** auf Platz { $seed } gesetzt (bisher { $entrants } Teilnehmer); die übrigen Setzplätze werden beim Start vergeben.
}
parse-seed-usage = Schreib es wie { CMD("tournament seed @spieler 3") } (oder off, um die Setzung zurückzunehmen)
parse-seed = Eine Setzung ist eine Zahl ab 1 oder off, nicht '{ $value }'
command-tournament-seed-name = setzung
command-tournament-seed-about = Vor dem Start eines K.-o.-Turniers: Teilnehmer setzen oder Setzung zurücknehmen (Turnierleitung).
option-tournament-seed-player-name = spieler
option-tournament-seed-player-about = Der Teilnehmer
option-tournament-seed-seed-name = platz
option-tournament-seed-seed-about = Die Setzung, 1 die beste (ohne Angabe wird wieder mit den anderen gesetzt)
knockout-picture-round = { $left ->
    [1] Finale
    [2] Halbfinale
    [3] Viertelfinale
   *[other] Runde { $round }
}
knockout-picture-subtitle = K.-o.-System, Best of { $best_of }
knockout-picture-bye = spielfrei
knockout-picture-cut = { $shown } von { $total } Matches gezeichnet; die Liste enthält alle
web-bracket = Turnierbaum
knockout-advanced = **{ $player }** kommt in **{ $tournament }** durch Entscheidung der Turnierleitung weiter.
knockout-no-match = { $player } hat in dieser Runde kein laufendes Match.
knockout-advance-own = Du spielst in diesem Match und kannst es daher nicht entscheiden.
parse-advance-usage = Schreib es wie { CMD("tournament advance @spieler") }: wer weiterkommt
command-tournament-advance-name = weiterkommen
command-tournament-advance-about = K.-o.-System: das laufende Match zugunsten eines Spielers entscheiden (Turnierleitung).
option-tournament-advance-player-name = spieler
option-tournament-advance-player-about = Wer weiterkommt

## Casual play: rematch, open challenges, follow

# Der freie Platz einer offenen Herausforderung, wo sonst der Name eines Spielers steht.
rating-range-between = zwischen { $min } und { $max }
rating-range-at-least = von mindestens { $min }
rating-range-at-most = von höchstens { $max }
rating-range-any = beliebig
casual-anyone = alle
open-challenge-made = **{ $challenger }** stellt eine offene Herausforderung (Partie { $game }): alle hier können sie annehmen{ $ranged ->
    [yes] {" "}(nur mit einer Wertung { $range } auf diesem Server)
   *[no] {""}
}. { $size } × { $size }, { $pile } Steine je Seite, { $rule ->
    [immediate] sofortige
   *[delayed] verzögerte
} Regel; { $challenger } würde { $colour ->
    [black] **Schwarz** spielen und anfangen
   *[white] **Weiß** spielen
}. Bedenkzeit: { $clock }. { $rated ->
    [yes] Gewertet
   *[no] Freundschaftspartie (nicht gewertet)
}. { $platform ->
    [matrix] Nimm sie mit ✅ oder { CMD("accept") } an
   *[other] Nimm sie an
}; wer zuerst annimmt, spielt. Sie verfällt { $expires }.
open-challenge-range-named = Ein Wertungsbereich gilt nur für offene Herausforderungen: lass den Gegner weg (oder schreib `anyone`), um eine zu stellen.
open-challenge-range-backwards = Der Wertungsbereich { $range } ist verkehrt herum: schreib die niedrigere Wertung zuerst, etwa `rating:1400-1700`.
open-challenge-taken = Zu spät: **{ $player }** hat diese offene Herausforderung zuerst angenommen (Partie { $game }).
open-challenge-yours = Das ist deine eigene offene Herausforderung: jemand anderes muss sie annehmen. Du kannst sie zurückziehen.
open-challenge-outside-range = Diese offene Herausforderung gilt für Spieler mit einer Wertung { $range } auf diesem Server; deine Wertung hier ist { $rating }.
open-challenge-no-decline = Diese offene Herausforderung gilt für alle: es gibt nichts abzulehnen, lass sie einfach stehen. Nur wer sie gestellt hat, kann sie zurückziehen.
rematch-asked = Revanche für Partie { $game }, mit getauschten Farben:
rematch-no-game = Hier gibt es keine beendete Partie für eine Revanche. Nenne eine: { CMD("rematch #N") }.
rematch-not-finished = Partie { $game } ist noch nicht vorbei: eine Revanche wird nach ihrem Ende verlangt.
rematch-not-yours = Du hast Partie { $game } nicht gespielt: nur ihre Spieler können eine Revanche verlangen.
rematch-playing = Die Revanche dieser Partie läuft schon: Partie { $game }.
rematch-asked-already = Du hast diese Revanche schon verlangt (Partie { $game }): dein Gegner kann sie annehmen, du kannst sie zurückziehen.
rematch-accepts-theirs = **{ $player }** hat auch eine Revanche für Partie { $old } verlangt, daher nimmt das die schon verlangte Revanche an (Partie { $game }).
rematch-tournament = Partie { $game } war eine Turnierpartie: das Turnier bestimmt die Paarungen. Fordere deinen Gegner stattdessen zu einer eigenen Partie heraus.
follow-yourself = Du kannst dir nicht selbst folgen: { CMD("games") } zeigt deine Partien.
follow-no-game = Es gibt keine Partie { $game }.
follow-other-server = Partie { $game } wird nicht auf diesem Server gespielt: folge einer Partie von dem Server aus, auf dem sie läuft.
follow-game-over = Partie { $game } ist vorbei: da gibt es nichts mehr zu folgen. { CMD("history") } und { CMD("replay") } zeigen, wie sie lief.
follow-own-game = Du spielst Partie { $game }: ihre Züge siehst du schon.
follow-cap = Du folgst schon { $cap } Partien und Spielern, mehr geht nicht. Beende zuerst eines mit { CMD("unfollow") }.
follow-already = Du folgst schon { $what }.
follow-game-done = Du folgst jetzt { $what }: ich schicke dir jeden Zug und das Ergebnis als Direktnachricht. Beenden mit { CMD("unfollow") }.
follow-player-done = Du folgst jetzt { $what }: ich schicke dir eine Direktnachricht, wenn auf diesem Server eine neue Partie von { $what } beginnt. Beenden mit { CMD("unfollow") }.
unfollow-which = Sag, wem du nicht mehr folgen willst: { CMD("unfollow #N") } für eine Partie, { CMD("unfollow @spieler") } für einen Spieler. { CMD("follow") } zeigt, wem du folgst.
unfollow-done = Du folgst { $what } nicht mehr.
unfollow-not-following = Du folgst { $what } nicht.
follow-list-empty = Du folgst keiner Partie und keinem Spieler. { CMD("follow #N") } folgt einer Partie, { CMD("follow @spieler") } einem Spieler.
follow-list = Du folgst { $count } von höchstens { $cap }:
follow-what-game = der Partie { $game }
follow-what-player = { $player }
follow-list-game = Partie { $game }
follow-list-player = { $player }
follow-move-notice = Partie { $game }: **{ $player }** hat { $move } gespielt.
follow-ended-notice = Partie { $game } ist beendet.
follow-takeback-notice = Partie { $game }: { $count ->
    [one] der letzte Zug wurde
   *[other] die letzten { $count } Züge wurden
} zurückgenommen.
follow-started-notice = **{ $player }** hat eine neue Partie begonnen: Partie { $game }, { $black } (Schwarz) gegen { $white } (Weiß). Folge ihr mit { CMD($follow) }.
command-rematch-name = revanche
command-rematch-about = Fordere den Gegner einer beendeten Partie erneut heraus: Farben getauscht, gleiche Optionen.
command-follow-name = folgen
command-follow-about = Erhalte die Züge einer Partie oder die neuen Partien eines Spielers als Direktnachricht.
command-unfollow-name = entfolgen
command-unfollow-about = Einer Partie oder einem Spieler nicht mehr folgen.
command-akron-watch-about = Folge Partien und Spielern per Direktnachricht.
group-watch = Folgen
button-rematch = Revanche
option-challenge-rating-name = wertung
option-challenge-rating-about = Eine offene Herausforderung nur für Spieler mit einer Wertung in einem Bereich, etwa 1400-1700
option-rematch-game-name = partie
option-rematch-game-about = Die beendete Partie für die Revanche, mit ihrer Nummer (sonst die letzte hier)
option-follow-game-name = partie
option-follow-game-about = Die Partie, der du folgen willst, mit ihrer Nummer
option-follow-player-name = spieler
option-follow-player-about = Der Spieler, dessen neuen Partien du folgen willst
option-unfollow-game-name = partie
option-unfollow-game-about = Die Partie, der du nicht mehr folgen willst, mit ihrer Nummer
option-unfollow-player-name = spieler
option-unfollow-player-about = Der Spieler, dem du nicht mehr folgen willst
parse-rating-range = Der Wertungsbereich muss wie 1400-1700, 1400- oder -1700 aussehen, nicht '{ $value }'
parse-follow-who = { CMD("follow") } nimmt eine Partie (#N) oder einen Spieler (@spieler), nicht '{ $word }'

## Learn from your mistakes

mine-offer = **Dein Rätsel { $id }**, aus Partie { $game }, Zug { $number }: dort hast du { $played } gespielt, einen groben Fehler.{ $solved ->
    [yes] {" "}(Gelöst.)
   *[no] {""}
}
    {"**"}{ colour } am Zug: { $kind ->
        [forced] gewinnt erzwungen in { $count ->
            [one] { $count } Zug
           *[other] { $count } Zügen
        }**. Vom Löser bewiesen.
       *[best] finde den besten Zug**. Ein erzwungener Gewinn ist hier nicht bewiesen; ein Zug zählt, wenn er höchstens 10 Punkte unter dem besseren Zug der Analyse liegt.
    }
    Antworte mit { CMD("puzzle mine ", $id, " ZUG") }.
    `{ $code }`
mine-counts = Du hast { $solved } von { $total ->
    [one] { $total } Rätsel
   *[other] { $total } Rätseln
} gelöst. { CMD("puzzle mine") } bietet dir das nächste ungelöste an.
mine-all-solved = Du hast { $count ->
    [one] dein einziges Rätsel
   *[other] alle { $count } deiner Rätsel
} gelöst. Neue entstehen aus deinen groben Fehlern in Partien, die du später analysieren lässt ({ CMD("analyze #N") } für eine beendete Partie).
mine-no-blunders = In { $games ->
    [one] deiner analysierten Partie
   *[other] deinen { $games } analysierten Partien
} ist kein Zug von dir ein grober Fehler, also gibt es kein Rätsel. { CMD("analyze #N") } analysiert eine weitere beendete Partie.
mine-nothing-analysed = Noch keine deiner beendeten Partien ist analysiert. { CMD("analyze #N") } analysiert eine; deine groben Fehler darin werden dann hier zu Rätseln nur für dich.
mine-none = Du hast kein Rätsel { $id }. { CMD("puzzle mine") } bietet dir dein nächstes an.
mine-give-answer = Gib deinen Zug an, etwa { CMD("puzzle mine ", $id, " F6") }.
mine-one-move = Rätsel { $id } verlangt einen einzigen Zug, den besten: gib nur diesen an, etwa { CMD("puzzle mine ", $id, " F6") }.
mine-correct = Richtig: **{ $move }** { $kind ->
    [forced] gewinnt erzwungen.
   *[best] ist so gut wie der bessere Zug der Analyse.
} { $again ->
    [yes] (Du hattest Rätsel { $id } schon gelöst.)
   *[no] Rätsel { $id } ist gelöst.
} { CMD("puzzle mine") } bietet dir das nächste an.
mine-played = { $move } ist der Zug, den du in der Partie gespielt hast, der grobe Fehler. Such einen anderen (Rätsel { $id }).
mine-no-win = Nicht ganz: { $move } gewinnt hier nicht erzwungen in { $count ->
    [one] { $count } Zug
   *[other] { $count } Zügen
}. Schau noch einmal (Rätsel { $id }).
mine-worse = Nicht ganz: nach { $move } liegt deine Gewinnchance bei etwa { $mine } %, der bessere Zug hält etwa { $best } % (eine Antwort zählt bis { $within } Punkte darunter). Schau noch einmal (Rätsel { $id }).
command-puzzle-mine-name = meine
command-puzzle-mine-about = Deine eigenen Rätsel aus deinen groben Fehlern in analysierten Partien; nur du siehst sie.
option-puzzle-mine-puzzle-name = rätsel
option-puzzle-mine-puzzle-about = Die Nummer deines Rätsels (Standard: das nächste ungelöste)
option-puzzle-mine-moves-name = züge
option-puzzle-mine-moves-about = Deine Antwort: ein Zug oder eine Gewinnfolge
option-tournament-create-analysis-name = analyse
option-tournament-create-analysis-about = Jede beendete Partie analysieren und das Ergebnis in ihrem Thread posten (Standard: nein)
command-tournament-analysis-name = analyse
command-tournament-analysis-about = Die Analyse jeder beendeten Partie ein- oder ausschalten (Turnierleitung).
option-tournament-analysis-state-name = zustand
option-tournament-analysis-state-about = An: jede Partie analysieren, die endet, und die schon beendeten; aus: nicht mehr
## Double elimination

double-format = Doppel-K.-o. (Gewinnerrunde und Verliererrunde: ausgeschieden nach dem zweiten verlorenen Match), { $best_of ->
    [1] eine Partie je Match
   *[other] Best of { $best_of } je Match
}, bei Gleichstand im Match entscheidet { $tie ->
    [higher-seed] die bessere Setzung
   *[extra-game] eine Zusatzpartie (Anzug per Los; ist auch sie remis, die bessere Setzung)
}, gesetzt { $seeding ->
    [random] per Los
   *[rating] nach Wertungszahl
}, { $reset ->
    [yes] mit einem zweiten Finale, wenn der Sieger der Verliererrunde das große Finale gewinnt
   *[no] ohne zweites Finale
}
double-reset-only = reset ist eine Option des Doppel-K.-o. (format:double).
double-round-title = **{ $tournament }**, Runde { $round } (Best of { $best_of }):
double-part = { $part ->
    [winners] { $left ->
        [1] Gewinnerrunde, Finale
        [2] Gewinnerrunde, Halbfinale
       *[other] Gewinnerrunde, Runde { $round }
    }
    [losers] { $left ->
        [1] Verliererrunde, Finale
       *[other] Verliererrunde, Runde { $round }
    }
    [reset] Zweites großes Finale (Bracket-Reset)
   *[grand-final] Großes Finale
}
double-part-heading = { $part }:
double-match-won = **{ $tournament }**, Runde { $round }, Match { $board } ({ $part }): { $by ->
    [withdrew] { $loser } hat sich zurückgezogen; { $winner } gewinnt das Match ({ $won }–{ $lost })
    [disqualified] { $loser } wurde disqualifiziert; { $winner } gewinnt das Match ({ $won }–{ $lost })
    [adjudicated] { $winner } gewinnt das Match durch Entscheidung der Turnierleitung (Stand { $won }–{ $lost })
   *[other] { $winner } schlägt { $loser } { $won }–{ $lost }{ $by ->
        [walkover] {" "}(kampflos)
        [extra-game] {" "}nach der Zusatzpartie
        [higher-seed] : Gleichstand, { $winner } kommt als besser Gesetzter weiter
        [winners-side] : Gleichstand, { $winner } kommt als Sieger der Gewinnerrunde weiter
       *[games] {""}
    }
}{ $fate ->
    [champion] {" "}und gewinnt das Turnier.
    [reset] . Beide haben jetzt ein Match verloren: das zweite Finale entscheidet.
    [drops] ; { $loser } wechselt in die Verliererrunde.
   *[out] ; { $loser } ist aus dem Turnier ausgeschieden.
}
option-tournament-create-reset-name = zweites-finale
option-tournament-create-reset-about = Doppel-K.-o.: ein zweites Finale, wenn die Verliererrunde das erste gewinnt (Standard ja)
choice-double = Doppel-K.-o.
web-format-double-elimination = Doppel-K.-o.
double-picture-subtitle = Doppel-K.-o., Best of { $best_of }{ $reset ->
    [yes] , mit zweitem Finale
   *[no] {""}
}
double-picture-part = { $part ->
    [winners] { $left ->
        [1] Finale der Gewinner
       *[other] Gewinner, Runde { $round }
    }
    [losers] { $left ->
        [1] Finale der Verlierer
       *[other] Verlierer, Runde { $round }
    }
    [reset] Zweites großes Finale
   *[grand-final] Großes Finale
}
web-bracket-winners = Gewinnerrunde
web-bracket-losers = Verliererrunde
web-bracket-finals = Großes Finale
## Check-in and deadlines
parse-check-in = Der Check-in muss 10 Minuten bis 24 Stunden dauern, etwa 30m, 2h oder 1h30m, nicht '{ $value }'
option-tournament-create-check-in-name = check-in
option-tournament-create-check-in-about = Ein Check-in vor dem Beginn, etwa 30m (10m bis 24h): start öffnet ihn
command-tournament-check-in-name = check-in
command-tournament-check-in-about = Öffnet den Check-in: Teilnehmer bestätigen, der Rest fliegt beim Start raus (Organisatoren).
command-tournament-confirm-name = confirm
command-tournament-confirm-about = Bestätige deinen Platz, solange der Check-in des Turniers offen ist.
button-tournament-confirm = Einchecken
checkin-opened = Der Check-in für **{ $tournament }** ist { $window } lang offen: { $count ->
    [one] Der Teilnehmer bestätigt
   *[other] Alle { $count } Teilnehmer bestätigen
} mit der Schaltfläche Einchecken oder { CMD("tournament confirm") }. Wenn er schließt, beginnt das Turnier, und wer nicht bestätigt hat, ist nicht mehr dabei.
checkin-already-open = Der Check-in ist schon offen; { CMD("tournament start") } schließt ihn und startet das Turnier.
checkin-not-open = Der Check-in für **{ $tournament }** ist nicht offen: Es gibt noch nichts zu bestätigen.
checkin-started = **{ $tournament }** hat begonnen: Der Check-in ist vorbei.
checkin-already = Du hast schon eingecheckt.
checkin-confirmed = { $player } hat für **{ $tournament }** eingecheckt ({ $count } von { $total }).
checkin-too-few = Erst { $count ->
    [one] ein Teilnehmer hat
   *[other] { $count } Teilnehmer haben
} für **{ $tournament }** eingecheckt; ein Turnier braucht zwei. Warte auf weitere, oder { CMD("tournament cancel") }.
checkin-dropped = { $count ->
    [one] Nicht eingecheckt und daher raus
   *[other] Nicht eingecheckt und daher raus ({ $count })
}: { $names }.
checkin-dropped-you = Der Check-in für **{ $tournament }** wurde ohne deine Bestätigung geschlossen; du bist daher nicht mehr dabei.
checkin-closed-started = Der Check-in für **{ $tournament }** ist geschlossen: Es beginnt mit den { $players } Spielern, die bestätigt haben.
checkin-closed-cancelled = Der Check-in für **{ $tournament }** hat mit { $count ->
    [0] niemandem
    [one] einem Spieler
   *[other] { $count } Spielern
} geschlossen, zu wenige für einen Beginn: Das Turnier ist abgesagt.
knockout-picture-left = { $how ->
    [disqualified] (disq.)
   *[withdrew] (zur.)
}
knockout-picture-legend = zur.: zurückgezogen, disq.: disqualifiziert
knockout-placed-left = { $player } ({ $seed }, { $how ->
    [disqualified] disqualifiziert
   *[withdrew] zurückgezogen
})
tournament-disqualified-name = { $name } (disqualifiziert)
web-disqualified = disqualifiziert
parse-round-deadline = Die Frist muss 1 Stunde bis 60 Tage betragen, etwa 3d, 36h oder 1d12h, nicht '{ $value }'
deadline-knockout-only = deadline ist nur eine Option des K.-o.-Systems (format:single oder format:double): Wenn die Frist abläuft, werden die offenen Matches der Runde entschieden.
option-tournament-create-deadline-name = deadline
option-tournament-create-deadline-about = K.-o.: Frist jeder Runde, etwa 3d; danach kommt der Führende oder der besser Gesetzte weiter
knockout-deadline-decided = **{ $tournament }**, Runde { $round }, Match { $board }: entschieden bei Ablauf der Rundenfrist: { $how ->
    [ahead] { $winner } kommt weiter, mit { $won }–{ $lost } in Führung
    [level-winners-side] Gleichstand { $won }–{ $lost }, { $winner } kommt als Sieger der Gewinnerrunde weiter (nach der Frist gibt es keine Zusatzpartie)
   *[level] Gleichstand { $won }–{ $lost }, { $winner } kommt als besser Gesetzter weiter (nach der Frist gibt es keine Zusatzpartie)
}{ $fate ->
    [champion] ; { $winner } gewinnt das Turnier
    [reset] . Beide haben jetzt ein Match verloren: das zweite Finale entscheidet
    [drops] ; { $loser } wechselt in die Verliererrunde
   *[out] ; { $loser } scheidet aus
}{ $ended ->
    [yes] . Die laufende Partie des Matches wird wegen Fristablaufs entschieden.
   *[no] .
}
knockout-match-line-deadline = { $board }. ({ $high_seed }) { $high } { $high_score }–{ $low_score } ({ $low_seed }) { $low } · { $level ->
    [yes] Gleichstand bei Ablauf der Frist: { $winner } kommt als { $better ->
        [winners] Sieger der Gewinnerrunde
       *[seed] besser Gesetzter
    } weiter
   *[no] { $winner } kommt weiter, bei Ablauf der Frist in Führung
}
