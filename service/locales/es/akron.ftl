# Las palabras del bot de Akron en español. Cada mensaje existe también en en/akron.ftl y
# de/akron.ftl con los mismos argumentos (una prueba lo comprueba).

## Piedras, bandos y cuentas

empty = {""}

marbles = { $count ->
    [one] { $count } piedra
   *[other] { $count } piedras
}
colour = { $colour ->
    [black] Negras
   *[white] Blancas
}
moves-count = { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}

## Cómo va una partida

challenge-declined = el desafío fue rechazado
challenge-cancelled = el desafío fue retirado
challenge-expired = el desafío caducó
challenge-waiting = esperando respuesta al desafío
game-in-progress = en juego
game-aborted = anulada
result-won = { colour } ({ $player }) { $reason ->
    [connection] ganaron por conexión
    [no-moves] ganaron porque el rival no tenía jugada legal
    [repetition] ganaron por triple repetición
    [resignation] ganaron por abandono
    [agreement] ganaron de común acuerdo
   *[timeout] ganaron por tiempo
}
result-drawn = tablas { $reason ->
    [repetition] por triple repetición
   *[agreement] de común acuerdo
}
status-line = Partida { $game } · { moves-count } · **{ $black }** (negras, quedan { $black_left }) contra **{ $white }** (blancas, quedan { $white_left })
status-to-move = le toca a { $player } ({ colour })
status-connects = **{ colour } conectan**: { $other ->
    [black] Negras
   *[white] Blancas
} deben cortar la conexión ahora.
clock-side = { colour }: { $time }{ $live ->
    [yes] {""}
   *[no] {" "}restantes
}
clock-line = ⏱ { $black } · { $white } ({ $control })
clock-span-days = { $days } d { $hours } h
clock-span-hours = { $hours } h { $minutes } min
clock-span-minutes = { $minutes } min
clock-span-seconds = { $seconds } s

## Cómo terminó una partida

result-wins = **Ganan { colour }** ({ $reason ->
    [connection] { colour } unen sus lados
    [no-moves] { $other ->
        [black] Negras
       *[white] Blancas
    } no tienen jugada legal
    [resignation] { $loser } abandonó
   *[timeout] a { $loser } se le acabó el tiempo
}): { $winner } vence a { $loser }. { $mentions }
result-repetition = La posición se repitió por tercera vez: **tablas por repetición**. { $mentions }
result-agreement = **Tablas de común acuerdo.** { $mentions }
game-aborted-why = La partida { $game } queda anulada: { $why }. { $mentions }
game-aborted-plain = La partida { $game } queda anulada. { $mentions }
abort-by-player = **{ $player }** la anuló
abort-by-moderator = un moderador (**{ $player }**) la anuló
abort-tournament-cancelled = su torneo, **{ $tournament }**, se canceló
abort-tournament-forfeit = la organización del torneo la dio por perdida para ambos
abort-no-first-move = **{ $player }** no hizo su primera jugada a tiempo (una partida sin primera jugada se anula, no se pierde)
challenge-expired-notice = El desafío de { $challenger } a **{ $challenged }** (partida { $game }) caducó: nadie respondió en { $hours } horas.
draw-offer-lapsed = (La oferta de tablas de { $offerer } caducó: { $mover } jugó en lugar de responder.)

## Recordatorios

reminder = ⏰ { $player }, te toca jugar en la partida { $game } contra **{ $opponent }** en { $channel }{ $board }: te quedan **{ $time }** ({ $control }), hasta { $deadline }.
reminder-board-link = {" "}([último tablero](<{ $link }>))

## Negativas comunes a muchos comandos

not-a-player = No juegas en la partida { $game }: es { $black } (negras) contra { $white } (blancas).
no-game-numbered = No hay ninguna partida { $game }. `games` muestra las tuyas.
no-game-here = No hay ninguna partida en este canal. Empieza una con `challenge @jugador`; `games` muestra tus partidas de otros canales.
more-lines = … { $count ->
    [one] { $count } línea más
   *[other] { $count } líneas más
}; { $rest }.
service-busy = La base de datos de partidas está ocupada ahora mismo, así que no se cambió nada. Inténtalo de nuevo en un momento.
service-damaged = Esa partida está dañada en el almacenamiento y el bot no puede usarla; no se cambió nada. Se ha avisado a quien opera el bot (consta en su registro).
service-failed = Algo falló dentro del bot, así que no se cambió nada; quien opera el bot puede ver el motivo en su registro. Inténtalo de nuevo en un momento.

## Ajustes

settings-saved = Guardado.
settings-summary = Tus recordatorios: **{ $reminders ->
    [dm] por mensaje directo
    [channel] en el canal de la partida
   *[off] desactivados
}** (`settings reminders:dm|channel|off`). Tus tableros: **{ $view ->
    [perspective] en perspectiva, con un mapa de cada nivel
   *[plan] en planta, vistos desde arriba
}** (`settings view:perspective|plan`). Las partidas nuevas de este servidor abren su propio hilo: **{ $threads ->
    [on] sí
   *[off] no
}** (moderación: `settings thread-games:on|off`). Los torneos los crean y dirigen los moderadores{ $organisers } (moderación: `settings tournament-role:ROL|off`).
settings-organisers = {" "}y los miembros de **@{ $role }**
settings-language = Tu idioma: **{ $mine }** (`settings language:en|es|de`, para tus mensajes directos y lo que solo ves tú). El idioma de este servidor: **{ $server }** (moderación: `settings language:en|es|de`). Tu zona horaria: **{ $zone }** (`settings timezone:Europe/Madrid`).
settings-language-unset = sin elegir
settings-unknown-language = El bot no habla '{ $given }'. Los idiomas son: { $valid }.
settings-unknown-timezone = '{ $given }' no es una zona horaria. Escribe un nombre IANA como Europe/Madrid, America/Mexico_City, Europe/Berlin o UTC.
settings-server-only = Los ajustes del servidor solo se pueden cambiar dentro de un servidor.
settings-moderators-role = Solo los moderadores pueden elegir el rol que dirige los torneos.
settings-no-roles = Solo los servidores de Discord tienen roles. Aquí los torneos los crean y dirigen los moderadores (en Matrix: nivel de poder 50 o más).
settings-moderators-threads = Solo los moderadores pueden decidir si las partidas nuevas abren su propio hilo.
settings-moderators-language = Solo los moderadores pueden cambiar el idioma del servidor. Tu propio idioma (`settings language:`) se usa en tus mensajes directos y en lo que solo ves tú.
settings-moderators-web = Solo los moderadores pueden cambiar quién ve las páginas web de este servidor.
settings-web = Páginas web de este servidor: **{ $web }** (moderación: `settings web:off|link|public`).
game-already-over = La partida ya ha terminado.
service-conflict = La partida cambió una y otra vez mientras se ejecutaba tu comando, así que no se hizo nada. Mira el tablero e inténtalo de nuevo.

## El anuncio de una jugada

move-swapped = **{ $player }** hizo el cambio y se queda con la piedra de apertura: desde ahora { $player } juega con **negras** y { $other } con blancas.
move-placed = **{ $player }** ({ colour }) colocó en **{ $point }**.
move-stepped = **{ $player }** ({ colour }) movió **{ $move }**.
move-covered = Quedan cubiertos: { $points }.
move-cuts = Corta { $count ->
    [one] { $count } conexión
   *[other] { $count } conexiones
}.
move-connects = **{ colour } conectan**: { $other ->
    [black] Negras
   *[white] Blancas
} deben cortar ahora ({ $mention }), o ganan { colour }.
move-to-move = Le toca a { $player } ({ colour }).

## Textos alternativos de las imágenes (los leen los lectores de pantalla: sin Markdown)

alt-board = Tablero de Akron de { $size } por { $size }, partida { $game }: { $black } (negras) contra { $white } (blancas).
alt-in-hand = En mano: negras { $black ->
    [one] { $black } piedra
   *[other] { $black } piedras
}, blancas { $white ->
    [one] { $white } piedra
   *[other] { $white } piedras
}.
alt-to-move = Juegan { colour }.
alt-result = Resultado: { $result }.
alt-last-move = Última jugada: { colour } { $move }.
alt-dropped = Cayeron: { $points }.
alt-chain = Cadena ganadora: { $points }.
alt-pending = { colour } conectan por { $points }.
alt-level = Nivel { $level }: negras { $blacks } ({ $black }); blancas { $whites } ({ $white }).
alt-none = ninguna
alt-empty-board = El tablero está vacío.
alt-drop = la piedra { $colour ->
    [black] negra
   *[white] blanca
} de { $from } a { $to }
move-drop = la piedra { $colour ->
    [black] negra
   *[white] blanca
} de { $from } cayó a { $to }

## Desafíos

challenge-yourself = No puedes desafiarte a ti mismo. Elige a otro jugador.
challenge-bad-size = Un tablero de { $size } no es posible: elige de { $min } a { $max } (8 es el tamaño oficial).
challenge-bad-pile = { $pile } piedras por jugador no es posible en { $size } × { $size }: elige de { $size } a { $max } (lo normal son { $default }).
challenge-channel-taken = Acaba de empezar una partida en este canal. Juega en un hilo: crea uno y desafía allí.
challenge-made = **{ $challenger }** desafía a { $challenged } a una partida de Akron (partida { $game }): { $size } × { $size }, { $pile } piedras por jugador, regla { $rule ->
    [immediate] inmediata
   *[delayed] diferida
}. { $black } jugaría con **negras** y empezaría, { $white } con **blancas**. Reloj: { $clock }. { $rated ->
    [yes] Puntúa para el ranking
   *[no] Amistosa (no puntúa)
}. { $challenged }, acepta o rechaza; el desafío caduca { $expires }.
challenge-in-thread-busy = Este canal ya tiene la partida { $other } ({ $black } contra { $white }), así que esta se jugará en un hilo propio cuando se acepte.
challenge-in-thread = Cuando se acepte, la partida pasará a un hilo propio.
challenge-accepted = **{ $player }** aceptó. Empieza la partida { $game }: **{ $black }** juega con negras (de arriba abajo), **{ $white }** con blancas (de izquierda a derecha).
challenge-swap-note = Tras la primera colocación de negras, blancas pueden responder `swap` para quedarse con ella y jugar con negras.
challenge-first-to-move = Le toca a { $player } (negras).
challenge-yours-accept = Este desafío es tuyo; solo { $player } puede aceptarlo. Puedes retirarlo con `cancel`.
challenge-yours-decline = Este desafío es tuyo; para retirarlo, usa `cancel`.
challenge-not-yours = Este desafío es para { $player }, no para ti.
challenge-declined-by = **{ $player }** rechazó el desafío de { $challenger } (partida { $game }).
challenge-withdrawn = **{ $player }** retiró el desafío (partida { $game }).
challenge-only-challenger = Solo quien hizo el desafío puede retirarlo; tú puedes rechazarlo.
challenge-gone = Ese desafío ya no está abierto: se aceptó, se rechazó, se retiró o caducó.
challenge-none-here = No hay ningún desafío abierto en este canal. Haz uno con `challenge @jugador`.
time-control = { $kind ->
    [none] sin reloj
    [days] { $amount } d por jugada
    [hours] { $amount } h por jugada
   *[live] { $amount }+{ $increment } (en vivo)
}

## Abandonos y tablas

resign-confirm = ¿Abandonar la partida { $game } contra { $opponent }? Ganan { colour } y no se puede deshacer.
draw-ai-refuses = { $opponent } no acepta tablas: sigue jugando o abandona.
draw-already-offered = Ya ofreciste tablas; { $opponent } aún no ha respondido.
draw-yours = Las tablas las ofreciste tú; tiene que aceptarlas { $opponent }.
draw-too-soon = Ya ofreciste tablas { $when ->
    [already] hace nada
   *[recently] hace poco
}; podrás volver a ofrecerlas cuando { $opponent } haya jugado dos veces.
draw-offered = **{ $player }** ofrece tablas. { $opponent }, acepta o rechaza (`draw accept`, `draw decline`).
draw-none = No hay ninguna oferta de tablas que responder. Ofrécelas con `draw`.
draw-withdrawn = **{ $player }** retiró su oferta de tablas.
draw-declined = **{ $player }** rechazó las tablas. La partida sigue.
rating-note = Puntuaciones: { $ratings }

## Los comandos: sus nombres y descripciones de una línea (Discord: 100 caracteres como mucho)

command-challenge-name = desafiar
command-challenge-about = Desafía a alguien aquí, o a la IA (`ai`, o el bot: nivel 1-8, 3 por defecto).
command-accept-name = aceptar
command-accept-about = Acepta el desafío que te han hecho.
command-decline-name = rechazar
command-decline-about = Rechaza el desafío que te han hecho.
command-cancel-name = cancelar
command-cancel-about = Retira tu desafío abierto.
command-move-name = jugar
command-move-about = Haz una jugada: una colocación como F6 o un movimiento como A2-D3' (cada ' sube un nivel).
command-swap-name = cambio
command-swap-about = Cambio: con blancas, quédate con la primera colocación de negras (solo en el segundo turno).
command-premove-name = prejugada
command-premove-about = Deja respuestas preparadas: si tu rival juega B4, tú juegas C5 al instante.
command-hint-name = pista
command-hint-about = En una partida contra la IA: la jugada que sugiere el motor, visible solo para ti.
command-board-name = tablero
command-board-about = Muestra otra vez el tablero, en perspectiva (por defecto) o en planta.
command-moves-name = jugadas
command-moves-about = Muestra adónde puede ir una piedra (y qué hace caer), o todas las jugadas legales.
command-resign-name = abandonar
command-resign-about = Abandona la partida de este canal.
command-claim-name = reclamar
command-claim-about = Gana por tiempo cuando el reloj de tu rival se ha agotado (el bot suele hacerlo solo).
command-draw-name = tablas
command-draw-about = Ofrece tablas, o acepta o rechaza la oferta de tu rival.
command-takeback-name = deshacer
command-takeback-about = Pide deshacer tu última jugada, o responde a la petición de tu rival.
command-abort-name = anular
command-abort-about = Anula la partida: antes de que ambos hayan jugado, o cuando sea si moderas.
command-history-name = historial
command-history-about = La lista de jugadas de la partida de este canal.
command-export-name = exportar
command-export-about = El registro de la partida como archivo de texto, que `show` vuelve a leer.
command-show-name = mostrar
command-show-about = Dibuja cualquier posición a partir de un código o de un registro (para problemas).
command-replay-name = repetición
command-replay-about = La partida como imagen animada (GIF), con las piedras cayendo nivel a nivel.
command-games-name = partidas
command-games-about = Tus desafíos y partidas en todos los canales, y tus últimas partidas terminadas.
command-rules-name = reglas
command-rules-about = Un breve resumen de las reglas y la guía para jugadores.
command-vacation-name = vacaciones
command-vacation-about = Detén tus relojes de partidas por correspondencia mientras no estás (hasta 14 días al año).
command-settings-name = ajustes
command-settings-about = Recordatorios, tablero, idioma, zona horaria; moderación: hilos, organización, idioma, páginas web.
command-analyze-name = analizar
command-analyze-about = La mejor jugada del motor, su estimación y su línea para una partida terminada o una posición.
command-puzzle-name = problema
command-puzzle-about = Problemas comprobados por el solucionador: publica, resuelve en privado, mira la solución.
command-help-name = ayuda
command-help-about = La lista de comandos.
command-stats-name = estadísticas
command-stats-about = Puntuación, resultados por color, mejor racha y gráfico (tuyos o de otro jugador).
command-leaderboard-name = clasificación
command-leaderboard-about = Los 20 mejores del servidor por puntuación (las provisionales, marcadas ?, al final).
command-tournament-name = torneo
command-tournament-about = Torneos: crea uno, apúntate, empieza, clasificación, emparejamientos; lo dirige la organización.
time-relative = { $when ->
    [past] hace { $span }
   *[future] dentro de { $span }
}

## Jugadas rechazadas

not-your-turn = No es tu turno: le toca a { $player } ({ colour }). Tú juegas con { $mine ->
    [black] negras
   *[white] blancas
}.
not-a-move = '{ $text }' no es una jugada: { $why }.
move-not-legal = { $move } no es legal aquí: { $why }. `moves` muestra las jugadas legales, `moves D3` adónde puede ir una piedra.
illegal-off-board = { $point } no está en el tablero
illegal-pile-empty = { colour } no tienen piedras para colocar; mueve una piedra del tablero
illegal-place-above = las piedras de la reserva van a huecos del nivel 0, sobre el tablero; { $point } está en el nivel { $level }
illegal-occupied = { $point } está ocupado
illegal-no-piece = no hay ninguna piedra en { $point }
illegal-not-yours = la piedra de { $point } es de { colour }
illegal-holds-up = la piedra de { $point } soporta { $count } piedras; solo puede soportar una
illegal-covered = la piedra de { $point } está cubierta por una piedra rival, así que no puede moverse
illegal-alone = la piedra de { $point } no está conectada a ninguna piedra de su color, así que no puede moverse
illegal-unsupported = { $point } no tiene soporte: { $missing }, debajo, está vacío
illegal-support-moves = { $point } perdería su soporte { $support }, que se mueve durante la jugada
illegal-not-touching = { $point } no toca ninguna piedra conectada a { $from }
illegal-swap = el cambio solo es posible como respuesta de blancas a la primera jugada
illegal-game-over = la partida ha terminado

## Deshacer jugadas

takeback-already-asked = Ya pediste deshacer; { $opponent } aún no ha respondido.
takeback-answer-first = { $opponent } ha pedido deshacer una jugada; responde antes con `takeback accept` o `takeback decline`.
takeback-nothing = Aún no has jugado, así que no hay nada que deshacer.
takeback-asked = **{ $player }** pide deshacer su última jugada{ $reply ->
    [yes] {" "}(y tu respuesta)
   *[no] {""}
}. { $opponent }, acepta o rechaza (`takeback accept`, `takeback decline`).
takeback-none = No hay ninguna petición de deshacer que responder. Pídela con `takeback`.
takeback-yours = Deshacer lo pediste tú; tiene que aceptarlo { $opponent }.
takeback-withdrawn = **{ $player }** retiró su petición de deshacer.
takeback-declined = **{ $player }** no aceptó deshacer. La partida sigue.
takeback-no-move = No hay ninguna jugada que deshacer.
takeback-done = { $count ->
    [one] Se deshizo { $count } jugada
   *[other] Se deshicieron { $count } jugadas
}. Le toca a { $player } ({ colour }).

## Palabras dibujadas en las imágenes ({ $name }, { $other }, { $n }, { $move } los rellena el dibujo)

label-black = Negras
label-white = Blancas
label-to-move = Juega { $name }
label-must-cut = { $other } conecta: { $name } debe cortar ya
label-wins-by-connection = { $name } gana por conexión
label-wins-no-move = { $name } gana: { $other } no puede jugar
label-wins-resignation = { $other } abandonó: gana { $name }
label-wins-timeout = A { $other } se le acabó el tiempo: gana { $name }
label-wins = Gana { $name }
label-aborted = Partida anulada
label-draw-agreement = Tablas de común acuerdo
label-draw-repetition = Tablas por repetición
label-draw = Tablas
label-game = Partida { $n }
label-move-number = Jugada { $n }: { $move }
label-last-move = Última: { $move }
label-start = Inicio
label-pile = { $name } · reserva { $n }
label-dropped-one = cayó
label-dropped = cayeron { $n }
label-level = Nivel { $n }
label-more-rows = … y { $n } más

## Etiquetas de los botones

button-accept = Aceptar
button-decline = Rechazar
button-cancel = Retirar
button-swap = Cambio
button-board = Tablero
button-draw-offer = Ofrecer tablas
button-draw-accept = Aceptar tablas
button-draw-decline = Rechazar tablas
button-takeback-accept = Aceptar deshacer
button-takeback-decline = Rechazar deshacer
button-resign = Abandonar
button-resign-confirm = Sí, abandonar
button-tournament-join = Apuntarse
button-tournament-leave = Borrarse

## Ayuda

help-intro = Comandos (en Discord `/akron NOMBRE`, o el comando de barra que indica su grupo: `replay` es `/akron-review replay`, `tournament join` es `/akron-tournament join`; en Discord el menú los muestra en español):
help-outro = Una partida por canal: un desafío en un canal con partida se juega en un hilo propio. En la consola, `help` también muestra sus propios comandos.
group-start = Empezar
group-play = Jugar
group-end = Terminar
group-look-up = Consultar
group-compete = Competir
group-review = Repasar
group-puzzles = Problemas
group-tournaments = Torneos
board-text-rest = `board` muestra la imagen

## Rondas, emparejamientos y clasificación de los torneos

tournament-no-pairings-yet = El torneo no ha empezado, así que aún no hay emparejamientos.
tournament-no-such-round = La ronda { $round } no existe; esta es la ronda { $current }.
tournament-game-announced = **{ $tournament }**, ronda { $round }, mesa { $board }: { $black } (negras, empieza) contra { $white } (blancas), partida { $game }. Se abre en un hilo propio; su reloj ({ $control }) ya corre.
tournament-game-ended-unannounced = **{ $tournament }**, ronda { $round }, mesa { $board }: { $black } (negras) contra { $white } (blancas), partida { $game }, terminó antes de poder anunciarse:{" "}
tournament-round-over = La ronda { $round } de **{ $tournament }** ha terminado.
    { $standings }
tournament-over = 🏆 **{ $tournament }** ha terminado. ¡Enhorabuena, { $winners }!
    Clasificación final:
    { $standings }
tournament-winners-and = {" "}y{" "}
tournament-tiebreak = { $tiebreak ->
    [buchholz] Buchholz
   *[sonneborn-berger] Sonneborn-Berger
}
tournament-not-started-entrants = **{ $tournament }** no ha empezado; { $count ->
    [one] { $count } inscrito
   *[other] { $count } inscritos
} por ahora.
tournament-standings = **{ $tournament }**, clasificación tras { $done ->
    [one] { $done } ronda
   *[other] { $done } rondas
} de { $rounds }{ $playing } (puntos, { $tiebreak } y luego enfrentamiento directo):
    { $table }
tournament-round-being-played = , con la ronda { $round } en juego
tournament-standings-subtitle = Clasificación tras { $done } de { $rounds } rondas{ $playing } · puntos, { $tiebreak }, enfrentamiento directo
tournament-table-more = … { $count } más
tournament-column-player = Jugador
tournament-column-points = Pts
tournament-column-record = G-T-P
tournament-column-board = Mesa
tournament-column-black = Negras (salen)
tournament-column-white = Blancas
tournament-column-result = Resultado
tournament-column-game = Partida
tournament-withdrawn-mark = ret.
tournament-withdrawn-name = { $name } (retirado)
tournament-unknown-player = jugador { $player }
tournament-result-playing = en juego
tournament-result-forfeit = { $score } incomp.
tournament-bye = descanso
tournament-bye-score = 1 (descanso)
tournament-pairings-title = { $tournament }, ronda { $round } de { $rounds }
tournament-pairings-heading = **{ $tournament }**, ronda { $round } de { $rounds }:
tournament-pairing-bye = - descansa: **{ $player }** (cuenta como victoria)
tournament-pairing = - mesa { $board }: **{ $black }** (negras) – **{ $white }** (blancas): { $result }{ $game }
tournament-pairing-game = , partida { $game }
tournament-pairing-game-in = , partida { $game } en { $channel }
thread-opened = Partida { $game }: { $black } (negras) contra { $white } (blancas). Se juega aquí.
    { $status }

## Inscripción, comienzo y retirada en los torneos

tournament-signup = 🏁 **{ $tournament }** ({ $number }): { $what }. Organiza: **{ $organiser }**.
    Pulsa **Apuntarse** para inscribirte (o `tournament join`).
tournament-entrants = Inscritos ({ $count }{ $max ->
    [0] {""}
   *[other] {" "}de { $max }
}): { $names }
tournament-entrants-nobody = nadie todavía
tournament-format-swiss = suizo, { $rounds } rondas
tournament-format-swiss-default = suizo, ceil(log2 jugadores) + 1 rondas
tournament-format-round-robin = { $double ->
    [yes] liga a doble vuelta
   *[no] liga (todos contra todos)
}
tournament-description = { $format }, { $size } × { $size }, { $pile } piedras, regla { $rule ->
    [immediate] inmediata
   *[delayed] diferida
}, { $clock }, { $rated ->
    [yes] puntúa
   *[no] amistoso
}, { $vacation ->
    [yes] con vacaciones
   *[no] sin vacaciones
}
tournament-started = Empieza **{ $tournament }**: { $players } jugadores, { $rounds } rondas ({ $what }). Siguen los emparejamientos de la ronda 1; cada partida se abre en un hilo propio con su reloj en marcha.
tournament-withdrew = **{ $player }** se retiró de **{ $tournament }**{ $resigned ->
    [yes] {" "}y abandonó su partida en curso
   *[no] {""}
}. { $format ->
    [swiss] No se le vuelve a emparejar.
   *[round-robin] Sus partidas restantes se dan por perdidas.
} Sus resultados hasta ahora se mantienen.

## Rechazos de los torneos y respuestas a la organización

tournament-none-here = Aquí no hay ningún torneo. Un moderador puede crear uno con `tournament create NOMBRE format:swiss`.
tournament-organiser-only = Solo la organización ({ $organiser }), un moderador o el rol de torneos del servidor pueden hacer eso.
tournament-create-moderators-only = Solo los moderadores (y el rol que un moderador indique con `settings tournament-role`) pueden crear torneos.
tournament-name-length = El nombre de un torneo tiene de 1 a { $max } caracteres; este tiene { $count }.
tournament-name-control = El nombre de un torneo es una sola línea de texto, sin caracteres de control.
tournament-rounds-for-max = Con { $max } jugadores como máximo, un suizo puede tener como mucho { $most } rondas sin repetir emparejamientos; rounds:{ $rounds } son demasiadas. Elige rounds:{ $most } o menos, o admite más jugadores.
tournament-channel-taken = Este canal ya tiene un torneo en marcha. Un torneo por canal: usa otro canal o cancela antes ese.
tournament-signup-closed = **{ $tournament }** ya ha empezado; la inscripción está cerrada.
tournament-already-in = Ya estás inscrito. El botón Borrarse te saca.
tournament-full = El torneo está completo.
tournament-leave-started = El torneo ya ha empezado: para dejar de jugar, `tournament withdraw` (en un suizo ya no se te empareja; en una liga tus partidas restantes se dan por perdidas).
tournament-not-in = No estás inscrito en este torneo.
tournament-already-started = El torneo ya ha empezado.
tournament-too-few = Un torneo necesita al menos dos inscritos para empezar.
tournament-withdraw-not-started = El torneo no ha empezado: usa Borrarse (`tournament leave`).
tournament-is-over = El torneo ha terminado.
tournament-player-not-in = { $player } no está en este torneo.
tournament-already-withdrawn = { $player } ya se ha retirado.
tournament-adjudicate-which = Indica la partida: `tournament adjudicate #12 black`.
tournament-not-a-tournament-game = La partida { $game } no es de un torneo.
tournament-not-running = El torneo no está en marcha.
tournament-adjudicated = La partida { $game } de **{ $tournament }** (ronda { $round }, mesa { $board }) queda decidida: { $verdict ->
    [first] gana el primer jugador (negras)
    [second] gana el segundo jugador (blancas)
    [draw] tablas
   *[forfeit] perdida por ambos, nadie puntúa
}.
tournament-pause-not-running = Solo se puede pausar un torneo en marcha.
tournament-not-paused = El torneo no está en pausa.
tournament-paused = **{ $tournament }** queda en pausa: las partidas en curso siguen, pero la siguiente ronda espera a `tournament resume`.
tournament-resumed = **{ $tournament }** continúa.
tournament-already-over = El torneo ya ha terminado.
tournament-cancelled = **{ $tournament }** queda cancelado{ $running ->
    [0] {""}
    [one] ; su partida en curso queda anulada
   *[other] ; sus { $running } partidas en curso quedan anuladas
}.
tournament-damaged = La ronda { $round } de **{ $tournament }** ha terminado, pero la siguiente no se puede emparejar: los datos guardados del torneo están dañados (quien opera el bot puede leer el motivo en el registro). Queda en pausa; `tournament resume` lo vuelve a intentar, `tournament cancel` lo termina.
tournament-too-many-rounds = **{ $tournament }** tiene { $players } inscritos, así que un suizo puede tener como mucho { $most } rondas sin repetir emparejamientos, y se creó con rounds:{ $asked }. Espera a que se hayan inscrito { $needed } jugadores, o `tournament cancel` y créalo de nuevo con rounds:{ $most } o menos.

## Discord: subcomandos de torneos y problemas, sus opciones y valores

command-tournament-create-name = crear
command-tournament-create-about = Crea un torneo en este canal, con un mensaje de inscripción (moderadores).
command-tournament-join-name = apuntarse
command-tournament-join-about = Inscríbete en el torneo de este canal (el botón Apuntarse hace lo mismo).
command-tournament-leave-name = borrarse
command-tournament-leave-about = Sal del torneo de este canal antes de que empiece.
command-tournament-start-name = empezar
command-tournament-start-about = Cierra la inscripción y empareja la ronda 1 (la organización o un moderador).
command-tournament-standings-name = clasificación
command-tournament-standings-about = La clasificación: puntos, luego Buchholz o Sonneborn-Berger, luego enfrentamiento directo.
command-tournament-pairings-name = emparejamientos
command-tournament-pairings-about = Los emparejamientos y resultados de una ronda (por defecto, la actual).
command-tournament-withdraw-name = retirarse
command-tournament-withdraw-about = Retírate del torneo o (la organización) retira a un jugador.
command-tournament-adjudicate-name = decidir
command-tournament-adjudicate-about = Decide el resultado de una partida del torneo (la organización).
command-tournament-pause-name = pausar
command-tournament-pause-about = Retiene la siguiente ronda hasta `resume` (la organización).
command-tournament-resume-name = reanudar
command-tournament-resume-about = Sigue tras `pause` y empareja la siguiente ronda si toca (la organización).
command-tournament-cancel-name = cancelar
command-tournament-cancel-about = Cancela el torneo; sus partidas en curso se anulan (la organización).
option-tournament-create-name-name = nombre
option-tournament-create-name-about = Su nombre
option-tournament-create-format-name = formato
option-tournament-create-format-about = Suizo o liga
option-tournament-create-rounds-name = rondas
option-tournament-create-rounds-about = Rondas del suizo (por defecto: ceil(log2 jugadores) + 1)
option-tournament-create-time-name = tiempo
option-tournament-create-time-about = Reloj: días u horas por jugada como 3d (por defecto) o 12h, o en vivo como 10+5
option-tournament-create-size-name = plazas
option-tournament-create-size-about = Máximo de inscritos (por defecto: sin límite)
option-tournament-create-board-name = tablero
option-tournament-create-board-about = Lado del tablero, de 3 a 16 (por defecto 8)
option-tournament-create-pieces-name = piedras
option-tournament-create-pieces-about = Piedras con las que empieza cada jugador (por defecto: la mitad de los puntos)
option-tournament-create-rule-name = regla
option-tournament-create-rule-about = Cuándo gana una conexión (por defecto diferida)
option-tournament-create-rated-name = puntúa
option-tournament-create-rated-about = Si sus partidas puntúan (por defecto: sí)
option-tournament-create-double-name = doble
option-tournament-create-double-about = Liga: cada emparejamiento dos veces, con los colores invertidos
option-tournament-create-vacation-name = vacaciones
option-tournament-create-vacation-about = Si las vacaciones paran sus relojes (por defecto: no)
option-tournament-pairings-round-name = ronda
option-tournament-pairings-round-about = La ronda (por defecto: la actual)
option-tournament-withdraw-player-name = jugador
option-tournament-withdraw-player-about = Organización: el jugador que se retira (por defecto: tú)
option-tournament-adjudicate-game-name = partida
option-tournament-adjudicate-game-about = El número de la partida
option-tournament-adjudicate-result-name = resultado
option-tournament-adjudicate-result-about = El resultado
choice-swiss = suizo
choice-roundrobin = liga
choice-black = negras
choice-white = blancas
choice-draw = tablas
choice-forfeit = perdida por ambos
choice-delayed = diferida
choice-immediate = inmediata
command-puzzle-create-name = crear
command-puzzle-create-about = Publica una posición en la que el bando que juega gana a la fuerza en 3 jugadas como máximo.
command-puzzle-solve-name = resolver
command-puzzle-solve-about = Comprueba tu respuesta a un problema, en privado.
command-puzzle-answer-name = solución
command-puzzle-answer-about = Muestra la solución de un problema (un día después de publicarlo, o cuando su autor la revele).
command-puzzle-reveal-name = revelar
command-puzzle-reveal-about = Deja que todos vean ya la solución de tu problema.
command-puzzle-daily-name = diario
command-puzzle-daily-about = Moderadores: un problema al día en este canal, del banco del bot.
option-puzzle-create-code-name = código
option-puzzle-create-code-about = El código de la posición, como 5:b:12,12:5/5/5/5/5
option-puzzle-create-rule-name = regla
option-puzzle-create-rule-about = Cuándo gana una conexión (por defecto diferida)
option-puzzle-create-title-name = título
option-puzzle-create-title-about = Un título
option-puzzle-create-several-name = varias
option-puzzle-create-several-about = Publicarlo aunque ganen varias primeras jugadas (se indica)
option-puzzle-solve-puzzle-name = problema
option-puzzle-solve-puzzle-about = El número del problema
option-puzzle-solve-moves-name = jugadas
option-puzzle-solve-moves-about = Tu jugada (puedes añadir la respuesta que esperas y tu siguiente jugada)
option-puzzle-answer-puzzle-name = problema
option-puzzle-answer-puzzle-about = El número del problema
option-puzzle-reveal-puzzle-name = problema
option-puzzle-reveal-puzzle-about = El número del problema
option-puzzle-daily-on-name = activar
option-puzzle-daily-on-about = true para empezar, false para parar

## Discord: opciones y valores de /akron y /akron-review

option-challenge-opponent-name = rival
option-challenge-opponent-about = A quién desafías
option-challenge-size-name = tamaño
option-challenge-size-about = Lado del tablero, de 3 a 16 (por defecto 8)
option-challenge-pieces-name = piedras
option-challenge-pieces-about = Piedras con las que empieza cada jugador (por defecto: la mitad de los puntos)
option-challenge-rule-name = regla
option-challenge-rule-about = Cuándo gana una conexión (por defecto diferida)
option-challenge-colour-name = color
option-challenge-colour-about = Tu color (por defecto al azar)
option-challenge-time-name = tiempo
option-challenge-time-about = Reloj: ninguno (por defecto), días u horas por jugada como 3d o 12h, o en vivo como 10+5
option-challenge-thread-name = hilo
option-challenge-thread-about = Jugar en un hilo propio al aceptarse (por defecto: el ajuste del servidor)
option-challenge-level-name = nivel
option-challenge-level-about = Contra el propio bot: su nivel, de 1 (principiante) a 8 (el más fuerte); por defecto 3
option-challenge-rated-name = puntúa
option-challenge-rated-about = Si el resultado mueve las puntuaciones (por defecto: sí)
option-settings-reminders-name = recordatorios
option-settings-reminders-about = Adónde van tus recordatorios (por defecto dm)
option-settings-view-name = vista
option-settings-view-about = Cómo se dibujan tus tableros (por defecto perspectiva)
option-settings-thread_games-name = partidas_en_hilo
option-settings-thread_games-about = Moderadores: las partidas nuevas abren un hilo propio
option-settings-tournament_role-name = rol_de_torneos
option-settings-tournament_role-about = Moderadores: un rol cuyos miembros pueden crear y dirigir torneos
option-settings-no_tournament_role-name = sin_rol_de_torneos
option-settings-no_tournament_role-about = Moderadores: true para olvidar el rol de torneos (entonces solo moderadores)
option-settings-language-name = idioma
option-settings-language-about = Moderadores: el idioma del servidor; los demás: el tuyo
option-settings-my_language-name = mi_idioma
option-settings-my_language-about = Tu propio idioma, para tus mensajes directos
option-settings-timezone-name = zona_horaria
option-settings-timezone-about = Tu zona horaria, un nombre IANA como Europe/Madrid
option-settings-web-name = web
option-settings-web-about = Moderadores: quién puede ver las páginas web de este servidor (por defecto off)
option-vacation-on-name = activar
option-vacation-on-about = true para irte de vacaciones, false al volver
option-move-notation-name = notación
option-move-notation-about = La jugada, como F6 o A2-D3' (empieza a escribir para ver sugerencias)
option-board-view-name = vista
option-board-view-about = Perspectiva (por defecto: tu ajuste), plano, o texto para un lector de pantalla
option-moves-point-name = punto
option-moves-point-about = El punto de una piedra, como C4 (vacío para todas las jugadas)
option-draw-action-name = acción
option-draw-action-about = ofrecer (por defecto), aceptar o rechazar
option-takeback-action-name = acción
option-takeback-action-about = pedir (por defecto), aceptar o rechazar
option-premove-moves-name = jugadas
option-premove-moves-about = Pares de su jugada y tu respuesta, como B4 C5, D2-E3' F6; o clear
option-stats-player-name = jugador
option-stats-player-about = De quién son las estadísticas (por defecto: tuyas)
option-show-code-name = código
option-show-code-about = Un código de posición como 5:b:12,12:5/5/5/5/5, o un registro de partida
option-show-record-name = registro
option-show-record-about = Un archivo de registro de partida, como lo adjunta /akron-review export
option-show-view-name = vista
option-show-view-about = Perspectiva (por defecto: tu ajuste) o plano
option-replay-game-name = partida
option-replay-game-about = Un número de partida (por defecto: la de este canal)
option-replay-from-name = desde
option-replay-from-about = La primera jugada que se muestra (por defecto 1)
option-replay-to-name = hasta
option-replay-to-about = La última jugada que se muestra (por defecto: la última)
option-replay-speed-name = velocidad
option-replay-speed-about = A qué velocidad se reproduce (por defecto normal)
option-analyze-game-name = partida
option-analyze-game-about = El número de una partida terminada (por defecto: la última de este canal)
option-analyze-move-name = jugada
option-analyze-move-about = Tras cuántas jugadas (por defecto: la última posición con una jugada por encontrar)
option-analyze-code-name = código
option-analyze-code-about = Un código de posición para analizar en lugar de una partida
option-analyze-rule-name = regla
option-analyze-rule-about = La regla de victoria para un código de posición (por defecto diferida)
choice-random = al azar
choice-dm = mensaje directo
choice-channel = canal
choice-off = desactivados
choice-link = enlace
choice-public = público
choice-perspective = perspectiva
choice-plan = plano
choice-text = texto
choice-offer = ofrecer
choice-accept = aceptar
choice-decline = rechazar
choice-slow = lenta
choice-normal = normal
choice-fast = rápida
choice-en = inglés
choice-es = español
choice-de = alemán
export-record = El registro de la partida { $game } ({ $result }). `show` lo vuelve a leer.
export-record-file = El registro de la partida de Akron { $game } en texto: { $result }.

## words-b: time spans, claims, threads and the console's own lines

clock-span-live = { $time }
claim-no-game = Aquí no hay ninguna partida que reclamar.
claim-no-clock = Esta partida no tiene reloj, así que a nadie se le puede acabar el tiempo.
claim-your-move = Te toca jugar a ti: ahora solo se le puede acabar el tiempo a tu rival.
claim-time-left = A { $player } aún le quedan { $time } para esta jugada.
claim-game-gone = Esa partida ya no existe.
thread-no-game = No hay ninguna partida { $game }.
thread-game-not-played = La partida { $game } no se está jugando.
console-pictures-go = Las imágenes del tablero se guardan en { $folder }.
console-pictures-folder-failed = No se puede crear la carpeta { $folder } ({ $error }), así que las imágenes del tablero no se guardarán.
console-welcome = Consola de Akron sobre { $database }. { $pictures } Escribe help.
console-not-utf8 = Esa línea no es texto UTF-8, así que se ha ignorado. Vuelve a escribirla.
console-acting-as = Ahora actúas como { $user }.
console-bad-name-long = '{ $shown }…' no es un nombre de usuario: tiene { $length } caracteres y un nombre tiene como mucho { $most }, como en: as bob
console-bad-name = '{ $typed }' no es un nombre de usuario: usa letras, cifras, _ - o ., como en: as bob
console-bad-game-number = '{ $typed }' no es un número de partida; escríbelo como #12
console-in-channel = Ahora en el canal { $channel }.
console-moderator = { $moderator ->
    [yes] { $user } es moderador.
   *[no] { $user } no es moderador.
}
console-wait-how-long = ¿Esperar cuánto? Escríbelo como wait 25h (o 90s, 30m, 3d, 1d 2h): el reloj de la consola avanza eso.
console-clock-moved = El reloj avanza { $span }.
console-clock-fixed = El reloj de esta consola no se puede mover.
console-clock-failed = No se ha podido mover el reloj: { $error }
console-duration-bad = '{ $text }' no es una duración; escríbela como 90s, 30m, 25h o 3d
console-duration-long = '{ $text }' es más de un año; espera menos
console-help = Consola: `as NOMBRE` cambia de usuario, `in CANAL` de canal (una partida por canal), `mod on|off` hace al usuario moderador, `wait 25h` adelanta el reloj (`90s`, `30m`, `3d`; los recordatorios y las derrotas por tiempo ocurren entonces como ocurrirían), `quit` sale. Un `#N` al final dirige una orden a la partida N, como los botones. `show ARCHIVO` lee un archivo de partida. `challenge ai level:3` juega contra el motor; sus jugadas aparecen enseguida. `settings language:es` (o `de`, `en`) cambia tu idioma; el `settings language:` de un moderador cambia el de la consola.
console-thread-discussion = » hilo "{ $name }" abierto para comentar.
console-thread-now-in = » hilo "{ $name }" abierto: ahora en el canal { $channel }.
console-thread-opened = » hilo "{ $name }" abierto: canal { $channel } (`in { $channel }` para jugar allí).
console-thread-failed = no se ha podido abrir el hilo: { $error }
console-ai-failed = la IA no ha podido jugar: { $error }
console-settle-failed = no se ha podido resolver lo pendiente: { $error }
console-deliver-failed = no se han podido entregar los avisos: { $error }
console-notice-in = » aviso en #{ $channel }:
console-notice-to = » aviso para { $user } (mensaje directo):
console-file-unreadable = No se puede leer { $file }: { $error }
console-file-not-found = archivo no encontrado: { $name } (se buscó en { $first } y { $second }). `show` acepta un código de posición, una partida anotada o el nombre de un archivo escrito por `export`.
console-private = (privado)
console-picture = (imagen: { $path })
console-picture-failed = No se ha podido guardar la imagen del tablero en { $folder } ({ $error }); la orden sí se ha ejecutado.
console-replay = (repetición: { $path })
console-replay-failed = No se ha podido guardar la repetición en { $folder } ({ $error }).
console-file = (archivo: { $path })
console-file-failed = No se ha podido guardar { $path } ({ $error }).
console-button = [{ $label }] escribe: /akron { $command } #{ $game }
console-board-holes = nivel 0 (huecos)
console-board-level = nivel { $level } ({ $marks })
console-board-pieces = x { $black } (quedan { $black_left }), o { $white } (quedan { $white_left }); { $state }
console-board-over = partida terminada: { $result }
console-board-to-move = turno de { $colour }
help-group = - **{ $group }**: { $usages }
help-group-family = - **{ $group }** (`{ $command }`): { $usages }
discord-signup-edited = Hecho: el mensaje de inscripción muestra a los participantes ({ $link }).
matrix-signup-edited = Hecho: el [mensaje de inscripción]({ $link }) muestra a los participantes.
discord-no-picture = { $what ->
    [board] *No puedo mostrar aquí la imagen del tablero: necesito los permisos Adjuntar archivos e Insertar enlaces en este canal.*
    [replay] *No puedo mostrar aquí la repetición: necesito los permisos Adjuntar archivos e Insertar enlaces en este canal.*
   *[picture] *No puedo mostrar aquí la imagen: necesito los permisos Adjuntar archivos e Insertar enlaces en este canal.*
}
discord-board-title = Partida de Akron { $game }
discord-channel-told = Hecho; se ha avisado al canal.
discord-guild-only = Las partidas de Akron se juegan en un canal de un servidor, no en mensajes directos.
