# Las palabras del bot de Akron en español. Cada mensaje existe también en en/akron.ftl y
# de/akron.ftl con los mismos argumentos (una prueba lo comprueba).

## Piedras, bandos y cuentas

empty = {""}

marbles = { $count ->
    [one] { $count } piedra
   *[other] { $count } piedras
}
colour = { $colour ->
    [black] negras
   *[white] blancas
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
game-lost-by-both = perdida por ambos
result-won = las { colour } ({ $player }) { $reason ->
    [connection] ganaron por conexión
    [no-moves] ganaron porque el rival no tenía jugada legal
    [repetition] ganaron por triple repetición
    [resignation] ganaron por abandono
    [agreement] ganaron de común acuerdo
    [adjudication] ganaron por decisión arbitral
   *[timeout] ganaron por tiempo
}
result-drawn = tablas { $reason ->
    [repetition] por triple repetición
    [adjudication] por decisión arbitral
   *[agreement] de común acuerdo
}
status-line = Partida { $game } · { moves-count } · **{ $black }** (negras, { $black_left } en reserva) contra **{ $white }** (blancas, { $white_left } en reserva)
status-to-move = le toca a { $player } ({ colour })
status-connects = **Las { colour } conectan**: las { $other ->
    [black] negras
   *[white] blancas
} deben cortar la conexión ahora.
clock-side = { $colour ->
    [black] Negras
   *[white] Blancas
}: { $time }{ $live ->
    [yes] {""}
   *[no] {""}
}
clock-line = ⏱ { $black } · { $white } ({ $control })
clock-standing = {" "}⏸ (detenido: de vacaciones)
clock-span-days = { $days } d{ $hours ->
    [0] {""}
   *[other] {" "}{ $hours } h
}
clock-span-days-dative = { clock-span-days }
clock-span-hours = { $hours } h{ $minutes ->
    [0] {""}
   *[other] {" "}{ $minutes } min
}
clock-span-minutes = { $minutes } min
clock-span-seconds = { $seconds } s

## Cómo terminó una partida

result-wins = **Ganan las { colour }** ({ $reason ->
    [connection] unen sus lados
    [no-moves] { $other ->
        [black] negras
       *[white] blancas
    } no tienen jugada legal
    [resignation] { $loser } abandonó
    [adjudication] por decisión arbitral, sin jugarla hasta el final
   *[timeout] a { $loser } se le acabó el tiempo
}): { $winner } vence a { $loser }. { $mentions }
result-repetition = La posición se repitió por tercera vez: **tablas por repetición**. { $mentions }
result-agreement = **Tablas de común acuerdo.** { $mentions }
result-adjudicated-draw = **Tablas por decisión arbitral**: la partida se decidió sin jugarla hasta el final. { $mentions }
game-aborted-why = La partida { $game } queda anulada: { $why }. { $mentions }
game-aborted-plain = La partida { $game } queda anulada. { $mentions }
abort-by-player = **{ $player }** la anuló
abort-by-moderator = un moderador (**{ $player }**) la anuló
abort-tournament-cancelled = su torneo, **{ $tournament }**, se canceló
game-forfeited-by-both = Por decisión de la organización, la partida { $game } se da por perdida para ambos; nadie puntúa. { $mentions }
abort-no-first-move = **{ $player }** no hizo su primera jugada a tiempo (una partida sin primera jugada se anula, no se pierde)
challenge-expired-notice = El desafío de { $challenger } a **{ $challenged }** (partida { $game }) caducó: nadie respondió en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}.
draw-offer-lapsed = (La oferta de tablas de { $offerer } caducó: { $mover } jugó en lugar de responder.)

## Recordatorios

reminder = ⏰ { $player }, te toca jugar en la partida { $game } contra **{ $opponent }** en { $channel }{ $board }. Tiempo restante: **{ $time }** ({ $control }), hasta { $deadline }.
reminder-board-link = {" "}([último tablero](<{ $link }>))

## Negativas comunes a muchos comandos

not-a-player = No juegas en la partida { $game }: es { $black } (negras) contra { $white } (blancas).
no-game-numbered = No hay ninguna partida { $game }. { CMD("games") } muestra las tuyas.
no-game-here = No hay ninguna partida en este canal. Empieza una con { CMD("challenge @jugador") }; { CMD("games") } muestra tus partidas de otros canales.
bare-command = { $player }, el bot solo lee un comando si se escribe así: { CMD($typed) }
more-lines = … { $count ->
    [one] { $count } línea más
   *[other] { $count } líneas más
}; { $rest }.
service-busy = La base de datos de partidas está ocupada ahora mismo, así que no se cambió nada. Inténtalo de nuevo en un momento.
service-damaged = Esa partida está dañada en el almacenamiento y el bot no puede usarla; no se cambió nada. Se ha avisado a quien opera el bot (consta en su registro de actividad).
service-failed = Algo falló dentro del bot, así que no se cambió nada; quien opera el bot puede ver el motivo en su registro de actividad. Inténtalo de nuevo en un momento.

## Ajustes

settings-saved = Guardado.
settings-summary = Tus recordatorios: **{ $reminders ->
    [dm] por mensaje directo
    [channel] en el canal de la partida
   *[off] desactivados
}** ({ CMD("settings reminders:dm|channel|off") }). Tus tableros: **{ $view ->
    [perspective] en perspectiva, con un mapa de cada nivel
   *[plan] en planta, vistos desde arriba
}** ({ CMD("settings view:perspective|plan") }). Las partidas nuevas de este servidor abren su propio hilo: **{ $threads ->
    [on] sí
   *[off] no
}** (moderación: { CMD("settings thread-games:on|off") }). Los torneos los crean y dirigen los moderadores{ $organisers }{ $roles ->
    [yes] {" "}(moderación: { CMD("settings tournament-role:ROL|off") })
   *[no] {""}
}.
settings-organisers = {" "}y los miembros de **@{ $role }**
settings-language = Tu idioma: **{ $mine }** ({ CMD("settings language:en|es|de") }, para tus mensajes directos y lo que solo ves tú). El idioma de este servidor: **{ $server }** (moderación: { CMD("settings language:en|es|de") }). Tu zona horaria: **{ $zone }** ({ CMD("settings timezone:Europe/Madrid") }).
settings-language-unset = sin elegir
settings-unknown-language = El bot no habla '{ $given }'. Los idiomas son: { $valid }.
settings-unknown-timezone = '{ $given }' no es una zona horaria. Escribe un nombre IANA como Europe/Madrid, America/Mexico_City, America/Argentina/Buenos_Aires o UTC.
settings-server-only = Los ajustes del servidor solo se pueden cambiar dentro de un servidor.
settings-moderators-role = Solo los moderadores pueden elegir el rol que dirige los torneos.
settings-no-roles = Solo los servidores de Discord tienen roles. Aquí los torneos los crean y dirigen los moderadores (en Matrix: nivel de poder 50 o más).
settings-moderators-threads = Solo los moderadores pueden decidir si las partidas nuevas abren su propio hilo.
settings-moderators-language = Solo los moderadores pueden cambiar el idioma del servidor. Tu propio idioma ({ CMD("settings language:") }) se usa en tus mensajes directos y en lo que solo ves tú.
settings-moderators-web = Solo los moderadores pueden cambiar quién ve las páginas web de este servidor.
settings-web = Páginas web de este servidor: **{ $web ->
    [link] solo con enlace
    [public] públicas
   *[off] ninguna
}** (moderación: { CMD("settings web:off|link|public") }).
game-already-over = La partida ya ha terminado.
service-conflict = La partida cambió una y otra vez mientras se ejecutaba tu comando, así que no se hizo nada. Mira el tablero e inténtalo de nuevo.
service-conflict-tournament = El torneo cambió una y otra vez mientras se ejecutaba tu comando (otros comandos sobre él en el mismo momento), así que no se hizo nada. Mira el torneo e inténtalo de nuevo.

## El anuncio de una jugada

move-swapped = **{ $player }** hizo el cambio y se queda con la piedra de apertura: desde ahora juega con **negras** y { $other }, con blancas.
move-placed = **{ $player }** ({ colour }) colocó en **{ $point }**.
move-stepped = **{ $player }** ({ colour }) movió **{ $move }**.
move-covered = Quedan cubiertas: { $points }.
move-cuts = Corta { $count ->
    [one] { $count } conexión
   *[other] { $count } conexiones
}.
move-connects = **Las { colour } conectan**: las { $other ->
    [black] negras
   *[white] blancas
} deben cortar la conexión ahora ({ $mention }) o ganan las { colour }.
move-to-move = Le toca a { $player } ({ colour }).

## Textos alternativos de las imágenes (los leen los lectores de pantalla: sin Markdown)

alt-board = Tablero de Akron de { $size } por { $size }, partida { $game }: { $black } (negras) contra { $white } (blancas).
alt-in-hand = En la reserva: negras, { $black ->
    [one] { $black } piedra
   *[other] { $black } piedras
}; blancas, { $white ->
    [one] { $white } piedra
   *[other] { $white } piedras
}.
alt-to-move = Les toca a las { colour }.
alt-result = Resultado: { $result }.
alt-last-move = Última jugada de las { colour }: { $move }.
alt-dropped = Cayeron: { $points }.
alt-chain = Cadena ganadora: { $points }.
alt-pending = Las { colour } conectan por { $points }.
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
challenge-bad-size = Un tablero de tamaño { $size } no es posible: elige de { $min } a { $max } (8 es el tamaño oficial).
challenge-bad-pile = No se puede jugar con { $pile } piedras por jugador en { $size } × { $size }: elige de { $size } a { $max } (por defecto, { $default }).
challenge-channel-taken = Acaba de empezar una partida en este canal. Juega en un hilo: crea uno y desafía allí.
challenge-made = **{ $challenger }** desafía a { $challenged } a una partida de Akron (partida { $game }): { $size } × { $size }, { $pile } piedras por jugador, regla { $rule ->
    [immediate] inmediata
   *[delayed] diferida
}. { $black } jugaría con **negras** y empezaría, { $white } con **blancas**. Reloj: { $clock }. { $rated ->
    [yes] Puntuable
   *[no] No puntuable
}. { $challenged }, { $platform ->
    [matrix] acepta con ✅ o { CMD("accept") }, o rechaza con ❌ o { CMD("decline") }
   *[other] acepta o rechaza
}; el desafío caduca { $expires }.
challenge-in-thread-busy = Este canal ya tiene la partida { $other } ({ $black } contra { $white }), así que esta se jugará en un hilo propio cuando se acepte.
challenge-in-thread = Cuando se acepte, la partida pasará a un hilo propio.
challenge-accepted = **{ $player }** aceptó. Empieza la partida { $game }: **{ $black }** juega con negras (de arriba abajo), **{ $white }** con blancas (de izquierda a derecha).
challenge-swap-note = Tras la primera colocación de las negras, las blancas pueden responder con { CMD("swap") } para quedarse con ella y jugar con negras.
challenge-first-to-move = Le toca a { $player } (negras).
challenge-yours-accept = Este desafío es tuyo; solo { $player } puede aceptarlo. Puedes retirarlo con { CMD("cancel") }.
challenge-yours-decline = Este desafío es tuyo; para retirarlo, usa { CMD("cancel") }.
challenge-not-yours = Este desafío es para { $player }, no para ti.
challenge-declined-by = **{ $player }** rechazó el desafío de { $challenger } (partida { $game }).
challenge-withdrawn = **{ $player }** retiró el desafío (partida { $game }).
challenge-only-challenger = Solo quien hizo el desafío puede retirarlo; tú puedes rechazarlo.
challenge-gone = Ese desafío ya no está abierto: se aceptó, se rechazó, se retiró o caducó.
challenge-none-here = No hay ningún desafío abierto en este canal. Haz uno con { CMD("challenge @jugador") }.
time-control = { $kind ->
    [none] sin reloj
    [days] { $amount } d por jugada
    [hours] { $amount } h por jugada
   *[live] { $amount }+{ $increment } (en vivo)
}

## Abandonos y tablas

resign-confirm = ¿Abandonar la partida { $game } contra { $opponent }? Ganarán las { colour }; no se podrá deshacer.
draw-ai-declines = { $opponent } rechaza las tablas: calcula que sus posibilidades de ganar rondan el { $percent } %, así que sigue jugando.
draw-ai-accepts = { $opponent } acepta las tablas: calcula que sus posibilidades de ganar rondan el { $percent } %.
draw-already-offered = Ya ofreciste tablas; { $opponent } aún no ha respondido.
draw-yours = Las tablas las ofreciste tú; tiene que aceptarlas { $opponent }.
draw-too-soon = Ya ofreciste tablas { $when ->
    [already] hace un momento
   *[recently] hace poco
}; podrás volver a ofrecerlas cuando { $opponent } haya jugado dos veces.
draw-offered = **{ $player }** ofrece tablas. { $opponent }, acepta o rechaza ({ CMD("draw accept") }, { CMD("draw decline") }).
draw-none = No hay ninguna oferta de tablas a la que responder. Ofrécelas con { CMD("draw") }.
draw-withdrawn = **{ $player }** retiró su oferta de tablas.
draw-declined = **{ $player }** rechazó las tablas. La partida sigue.
rating-note = Puntuaciones: { $ratings }
rating-note-never-moved = No cambia la puntuación: uno de los dos no hizo ninguna jugada en esta partida.

## Los comandos: sus nombres y descripciones de una línea (Discord: 100 caracteres como mucho)

command-challenge-name = desafiar
command-challenge-about = Desafía a alguien aquí, a cualquiera (sin rival) o a la IA (`ai`, o el bot: nivel 1-8).
command-accept-name = aceptar
command-accept-about = Acepta el desafío que te han hecho.
command-decline-name = rechazar
command-decline-about = Rechaza el desafío que te han hecho.
command-cancel-name = cancelar
command-cancel-about = Retira tu desafío abierto.
command-move-name = jugar
command-move-about = Haz una jugada: una colocación como F6 o un movimiento como A2-D3' (cada ' sube un nivel).
command-swap-name = cambio
command-swap-about = Cambio: con blancas, quédate con la primera colocación de las negras (solo en el segundo turno).
command-premove-name = condicional
command-premove-about = Jugadas condicionales: si tu rival juega B4, tú respondes C5 al instante.
command-hint-name = pista
command-hint-about = En una partida contra la IA: la jugada que sugiere el motor, visible solo para ti.
command-board-name = tablero
command-board-about = Muestra otra vez el tablero, en perspectiva (por defecto) o en planta.
command-moves-name = jugadas
command-moves-about = Muestra adónde puede ir una piedra (y qué hace caer) o todas las jugadas legales.
command-resign-name = abandonar
command-resign-about = Abandona la partida de este canal.
command-claim-name = reclamar
command-claim-about = Gana por tiempo cuando el reloj de tu rival se ha agotado (el bot suele hacerlo solo).
command-draw-name = tablas
command-draw-about = Ofrece tablas o responde a la oferta de tu rival (aceptar o rechazar).
command-takeback-name = deshacer
command-takeback-about = Pide deshacer tu última jugada o responde a la petición de tu rival.
command-abort-name = anular
command-abort-about = Anula la partida: antes de que ambos hayan jugado o cuando quieras si eres moderador.
command-history-name = historial
command-history-about = La lista de jugadas de la partida de este canal.
command-export-name = exportar
command-export-about = El registro de la partida en un archivo de texto, que `show` vuelve a leer.
command-show-name = mostrar
command-show-about = Dibuja cualquier posición a partir de un código o de un registro (para problemas).
command-replay-name = reproducir
command-replay-about = La partida como imagen animada (GIF), con las caídas nivel a nivel.
command-games-name = partidas
command-games-about = Tus desafíos y partidas en todos los canales y tus últimas partidas terminadas.
command-rules-name = reglas
command-rules-about = Un breve resumen de las reglas y la guía para jugadores.
command-vacation-name = vacaciones
command-vacation-about = Detén tus relojes de partidas por correspondencia mientras no estás (hasta 14 días al año).
command-settings-name = ajustes
command-settings-about = Recordatorios, tablero, idioma, zona horaria; moderación: hilos, organización, idioma, páginas web.
command-analyze-name = analizar
command-analyze-about = Analiza una partida terminada jugada a jugada (errores, precisión, gráfica) o una sola posición.
command-puzzle-name = problema
command-akron-about = Akron, el juego de conexión en 3D de Cameron Browne: desafía, juega y consulta.
command-akron-review-about = Repasa partidas y posiciones: registros, imágenes, reproducciones y el análisis del motor.
command-puzzle-about = Problemas que comprueba el solucionador: publica, resuelve en privado, mira la solución, uno al día.
command-help-name = ayuda
command-help-about = La lista de comandos.
command-stats-name = estadísticas
command-stats-about = Puntuación, resultados por color, mejor racha y gráfico (tuyos o de otro jugador).
command-leaderboard-name = clasificación
command-leaderboard-about = Los 20 mejores del servidor por puntuación (las provisionales, marcadas con ?, al final).
command-tournament-name = torneo
command-tournament-about = Torneos: crear, apuntarse, empezar, clasificación, emparejamientos; los dirige la organización.
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
move-not-legal = { $move } no es legal aquí: { $why }. { CMD("moves") } muestra las jugadas legales, { CMD("moves D3") } adónde puede ir una piedra.
illegal-off-board = { $point } no está en el tablero
illegal-pile-empty = a las { colour } no les quedan piedras en la reserva; mueve una piedra del tablero
illegal-place-above = las piedras de la reserva van a los huecos del nivel 0; { $point } está en el nivel { $level }
illegal-occupied = { $point } está ocupado
illegal-no-piece = no hay ninguna piedra en { $point }
illegal-not-yours = la piedra de { $point } es de las { colour }
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
takeback-answer-first = { $opponent } ha pedido deshacer una jugada; responde antes con { CMD("takeback accept") } o { CMD("takeback decline") }.
takeback-nothing = Aún no has jugado, así que no hay nada que deshacer.
takeback-asked = **{ $player }** pide deshacer su última jugada{ $reply ->
    [yes] {" "}(y tu respuesta)
   *[no] {""}
}. { $opponent }, acepta o rechaza ({ CMD("takeback accept") }, { CMD("takeback decline") }).
takeback-none = No hay ninguna petición de deshacer a la que responder. Pídela con { CMD("takeback") }.
takeback-yours = Fuiste tú quien pidió deshacer; tiene que aceptarlo { $opponent }.
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
label-to-move = Turno de { $name }
label-must-cut = { $other } conecta: { $name } debe cortar ya
label-wins-by-connection = { $name } gana por conexión
label-wins-no-move = { $name } gana: { $other } no puede jugar
label-wins-resignation = { $other } abandonó: gana { $name }
label-wins-timeout = { $other } agotó su tiempo: gana { $name }
label-wins = Gana { $name }
label-wins-adjudication = Gana { $name } por decisión arbitral
label-aborted = Partida anulada
label-forfeited-by-both = Perdida por ambos
label-draw-agreement = Tablas de común acuerdo
label-draw-repetition = Tablas por repetición
label-draw = Tablas
label-draw-adjudication = Tablas por decisión arbitral
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

placeholder-player = @jugador
placeholder-point = PUNTO
placeholder-title = TÍTULO
placeholder-ply = JUGADA
placeholder-code = CÓDIGO
placeholder-code-or-record = CÓDIGO-o-REGISTRO
placeholder-move = JUGADA...
placeholder-name = NOMBRE
placeholder-role = ROL
placeholder-zone = Europe/Madrid
placeholder-game = #partida
help-outro = Una partida por canal: un desafío en un canal con partida se juega en un hilo propio.
help-intro-console = Comandos, que se escriben tal como aparecen aquí (`move F6`):
help-outro-console = Una partida por canal (`in CANAL` lo cambia): un desafío en un canal con partida se juega en un hilo propio. `help tournament` (o el nombre de cualquier otro comando) muestra todas las formas de ese comando, con las opciones que esta lista omite.
help-intro = Comandos (en Discord, `/akron NOMBRE` o el de su grupo: `replay` es `/akron-review replay`; el menú los muestra en español):
help-intro-matrix = Comandos: escribe cada uno detrás de `!akron` en un mensaje, en la sala de la partida o en su hilo (`!akron move F6`). Las reacciones en los mensajes del bot son sus botones: ✅ aceptar, ❌ rechazar, 🚫 retirar tu desafío, 🔄 cambio, 🤝 ofrecer tablas, 🏳️ abandonar (con una confirmación), 🔁 revancha, 🙋 apuntarse a un torneo y 👋 borrarse.
help-outro-matrix = Una partida por sala: un desafío en una sala con partida se juega en un hilo propio. El bot avisa a cada jugador cuando le toca. { CMD("help tournament") } (o el nombre de cualquier otro comando) muestra todas las formas de ese comando, con las opciones que esta lista omite.
help-page-heading = **{ $command }**: { $about }
group-start = Empezar
group-play = Jugar
group-end = Terminar
group-look-up = Consultar
group-compete = Competir
group-review = Repasar
group-puzzles = Problemas
group-tournaments = Torneos
board-text-rest = { CMD("board") } muestra la imagen

## Rondas, emparejamientos y clasificación de los torneos

tournament-no-pairings-yet = El torneo no ha empezado, así que aún no hay emparejamientos.
tournament-no-such-round = La ronda { $round } no existe; esta es la ronda { $current }.
tournament-game-announced = **{ $tournament }**, ronda { $round }, mesa { $board }: { $black } (negras, empieza) contra { $white } (blancas), partida { $game }. Se abre en un hilo propio; su reloj ({ $control }) ya corre.
tournament-game-ended-unannounced = **{ $tournament }**, ronda { $round }, { $unit ->
    [match] encuentro
   *[board] mesa
} { $board }: { $black } (negras) contra { $white } (blancas), partida { $game }, terminó antes de poder anunciarse:{" "}
tournament-round-over = La ronda { $round } de **{ $tournament }** ha terminado.
    { $standings }
tournament-over = 🏆 **{ $tournament }** ha terminado. ¡Enhorabuena, { $winners }!
    Clasificación final:
    { $standings }
tournament-tiebreak = { $tiebreak ->
    [buchholz] Buchholz
   *[sonneborn-berger] Sonneborn-Berger
}
tournament-column-tiebreak = { $tiebreak ->
    [buchholz] BH
   *[sonneborn-berger] SB
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
tournament-round-being-played = {" "}y las partidas ya terminadas de la ronda { $round }
tournament-standings-subtitle = Clasificación tras { $done } de { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}{ $playing } · puntos, { $tiebreak }, enfrentamiento directo
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
tournament-withdrawn-name = { $name } (se retiró)
tournament-unknown-player = jugador { $player }
tournament-result-playing = en juego
tournament-result-forfeit = { $score } incomp.
tournament-result-adjudicated = { $score } por decisión arbitral
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
    Pulsa **Apuntarse** para inscribirte (o { CMD("tournament join") }).
tournament-entrants = Inscritos ({ $count }{ $max ->
    [0] {""}
   *[other] {" "}de { $max }
}): { $names }
tournament-entrants-nobody = nadie todavía
tournament-signup-check-in = Confirmación (check-in): cuando la organización la abra, cada inscrito tendrá { $window } para confirmar, y quien no confirme quedará fuera al empezar.
tournament-signup-deadline = Cada ronda tiene un plazo de { $deadline }: al vencer, un encuentro sin decidir es para quien va delante o, si van igualados, para el mejor cabeza de serie{ $double ->
    [yes] ; en la gran final y en la segunda, para el ganador del cuadro de ganadores.
   *[no] .
}
tournament-signup-analysis = Cada partida terminada se analiza en su hilo.
tournament-format-swiss = suizo, { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}
tournament-format-swiss-default = suizo, con rondas según el número de jugadores: { $four } para 3 o 4, { $eight } para 5 a 8, { $sixteen } para 9 a 16
tournament-format-round-robin = { $double ->
    [yes] liga a doble vuelta
   *[no] liga (todos contra todos)
}
tournament-description = { $format }, { $size } × { $size }, { $pile } piedras, regla { $rule ->
    [immediate] inmediata
   *[delayed] diferida
}, { $clock }, { $rated ->
    [yes] puntuable
   *[no] no puntuable
}, { $vacation ->
    [yes] con vacaciones
   *[no] sin vacaciones
}
tournament-started = Empieza **{ $tournament }**: { $players } jugadores{ $format ->
    [swiss] {""}
    [double] , hasta { $rounds } rondas
   *[other] , { $rounds ->
        [one] { $rounds } ronda
       *[other] { $rounds } rondas
    }
} ({ $what }). Siguen los emparejamientos de la ronda 1; cada partida se abre en un hilo propio con su reloj en marcha.
tournament-withdrew = { $by ->
    [organiser] La organización retiró a **{ $player }** de **{ $tournament }**{ $resigned ->
        [yes] {" "}(su partida en curso se da por perdida)
       *[no] {""}
    }
   *[self] **{ $player }** se retiró de **{ $tournament }**{ $resigned ->
        [yes] {" "}y abandonó su partida en curso
       *[no] {""}
    }
}. { $format ->
    [swiss] No se le vuelve a emparejar.
   *[round-robin] Sus partidas restantes se dan por perdidas.
} Sus resultados hasta ahora se mantienen.

## Rechazos de los torneos y respuestas a la organización

tournament-none-here = Aquí no hay ningún torneo. Un moderador puede crear uno con { CMD("tournament create NOMBRE format:swiss") }.
tournament-organiser-only = Solo la organización ({ $organiser }), un moderador o el rol de torneos del servidor pueden hacer eso.
tournament-create-moderators-only = Solo los moderadores (y el rol que un moderador indique con { CMD("settings tournament-role") }) pueden crear torneos.
tournament-name-length = El nombre de un torneo tiene de 1 a { $max } caracteres; este tiene { $count }.
tournament-name-control = El nombre de un torneo es una sola línea de texto, sin caracteres de control.
tournament-rounds-for-max = Con { $max } jugadores como máximo, un suizo puede tener como mucho { $most } rondas sin repetir emparejamientos; rounds:{ $rounds } son demasiadas. Elige rounds:{ $most } o menos, o bien admite más jugadores.
tournament-channel-taken = Este canal ya tiene un torneo en marcha. Un torneo por canal: usa otro canal o cancela antes ese.
tournament-signup-closed = **{ $tournament }** ya ha empezado; la inscripción está cerrada.
tournament-already-in = Ya estás inscrito. El botón Borrarse te saca.
tournament-full = El torneo está completo.
tournament-leave-started = El torneo ya ha empezado: para dejar de jugar, usa { CMD("tournament withdraw") } (en un suizo ya no se te empareja; en una liga tus partidas restantes se dan por perdidas).
tournament-not-in = No estás inscrito en este torneo.
tournament-already-started = El torneo ya ha empezado.
tournament-too-few = Un torneo necesita al menos dos inscritos para empezar.
tournament-withdraw-not-started = El torneo no ha empezado: usa Borrarse ({ CMD("tournament leave") }).
tournament-withdraw-other-not-started = **{ $tournament }** no ha empezado: { $player } aún puede borrarse con Borrarse ({ CMD("tournament leave") }); cuando haya empezado, podrás retirar a { $player }.
tournament-is-over = El torneo ha terminado.
tournament-player-not-in = { $player } no está en este torneo.
tournament-already-withdrawn = { $player } ya se ha retirado.
knockout-withdraw-already-out = { $player } ya no sigue en **{ $tournament }**: quedó fuera en la ronda { $round }, así que ya no hay nada de lo que retirarse.
tournament-adjudicate-which = Indica la partida: { CMD("tournament adjudicate #12 black") }.
tournament-adjudicate-own = Juegas la partida { $game }, así que no puedes decidirla tú. { $yours ->
    [yes] { $has_role ->
        [yes] Pide a un moderador o a alguien con el rol { $role } que la decida.
       *[no] Pide a un moderador que la decida.
    }
   *[no] { $has_role ->
        [yes] Pide a la organización ({ $organiser }), a un moderador o a alguien con el rol { $role } que la decida.
       *[no] Pide a la organización ({ $organiser }) o a un moderador que la decida.
    }
}
tournament-adjudicate-over = La partida { $game } ya ha terminado ({ $result }) y su resultado se mantiene: solo se puede decidir una partida que aún se está jugando.
tournament-not-a-tournament-game = La partida { $game } no es de un torneo.
tournament-not-running = El torneo no está en marcha.
tournament-adjudicated = La partida { $game } de **{ $tournament }** (ronda { $round }, { $unit ->
    [match] encuentro
   *[board] mesa
} { $board }) queda decidida: { $verdict ->
    [named] gana { $winner } ({ colour })
    [first] gana el primer jugador (negras)
    [second] gana el segundo jugador (blancas)
    [draw] tablas
   *[forfeit] perdida por ambos, nadie puntúa
}.
tournament-pause-not-running = Solo se puede pausar un torneo en marcha.
tournament-not-paused = El torneo no está en pausa.
tournament-paused = **{ $tournament }** queda en pausa: las partidas en curso siguen, pero la siguiente ronda espera a { CMD("tournament resume") }.
tournament-resumed = **{ $tournament }** continúa.
tournament-analysis-on = El análisis queda activado en **{ $tournament }**: cada partida que termine a partir de ahora se analiza, y su resumen con la gráfica de evaluación se publica en el hilo de la partida.
tournament-analysis-queued = { $count ->
    [one] La partida ya terminada también queda en la cola.
   *[other] Las { $count } partidas ya terminadas también quedan en la cola.
}
tournament-analysis-off = El análisis queda desactivado en **{ $tournament }**: las partidas que terminen a partir de ahora no se analizan. Los análisis que ya están en la cola se hacen igualmente.
tournament-analysis-already-on = El análisis ya está activado en **{ $tournament }**.
tournament-analysis-already-off = El análisis ya está desactivado en **{ $tournament }**.
tournament-already-over = El torneo ya ha terminado.
tournament-cancelled = **{ $tournament }** queda cancelado{ $running ->
    [0] {""}
    [one] ; su partida en curso queda anulada
   *[other] ; sus { $running } partidas en curso quedan anuladas
}.
tournament-damaged = La ronda { $round } de **{ $tournament }** ha terminado, pero la siguiente no se puede emparejar: los datos guardados del torneo están dañados (quien opera el bot puede leer el motivo en su registro de actividad). Queda en pausa; { CMD("tournament resume") } lo vuelve a intentar y { CMD("tournament cancel") } lo termina.
tournament-too-many-rounds = **{ $tournament }** tiene { $players } inscritos, así que un suizo puede tener como mucho { $most } rondas sin repetir emparejamientos, pero se creó con rounds:{ $asked }. Espera a que se hayan inscrito { $needed } jugadores, o cancélalo con { CMD("tournament cancel") } y créalo de nuevo con rounds:{ $most } o menos.

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
option-tournament-create-format-about = Suizo, liga, eliminación directa o doble eliminación
option-tournament-create-rounds-name = rondas
option-tournament-create-rounds-about = Rondas del suizo (por defecto: 3 para 3–4 jugadores, 4 para 5–8, 5 para 9–16)
option-tournament-create-time-name = tiempo
option-tournament-create-time-about = Reloj: días u horas por jugada (3d, por defecto, o 12h) o en vivo (10+5)
option-tournament-create-size-name = plazas
option-tournament-create-size-about = Máximo de inscritos (por defecto: sin límite)
option-tournament-create-board-name = tablero
option-tournament-create-board-about = Lado del tablero, de 3 a 16 (por defecto, 8)
option-tournament-create-pieces-name = piedras
option-tournament-create-pieces-about = Piedras con las que empieza cada jugador (por defecto: la mitad de los puntos)
option-tournament-create-rule-name = regla
option-tournament-create-rule-about = Cuándo gana una conexión (por defecto, diferida)
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
command-puzzle-create-about = Publica una posición en la que el bando al que le toca gana por fuerza en 3 jugadas como máximo.
command-puzzle-solve-name = resolver
command-puzzle-solve-about = Comprueba tu respuesta a un problema, en privado.
command-puzzle-answer-name = solución
command-puzzle-answer-about = Muestra la solución de un problema (un día después de publicarlo o cuando su autor la revele).
command-puzzle-reveal-name = revelar
command-puzzle-reveal-about = Deja que todos vean ya la solución de tu problema.
command-puzzle-daily-name = diario
command-puzzle-daily-about = Moderadores: un problema al día en este canal, del banco del bot.
option-puzzle-create-code-name = código
option-puzzle-create-code-about = El código de la posición, como 5:b:12,12:5/5/5/5/5
option-puzzle-create-rule-name = regla
option-puzzle-create-rule-about = Cuándo gana una conexión (por defecto, diferida)
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
option-challenge-opponent-about = A quién desafías (sin rival, a cualquiera de aquí)
option-challenge-size-name = tamaño
option-challenge-size-about = Lado del tablero, de 3 a 16 (por defecto, 8)
option-challenge-pieces-name = piedras
option-challenge-pieces-about = Piedras con las que empieza cada jugador (por defecto: la mitad de los puntos)
option-challenge-rule-name = regla
option-challenge-rule-about = Cuándo gana una conexión (por defecto, diferida)
option-challenge-colour-name = color
option-challenge-colour-about = Tu color (por defecto, al azar)
option-challenge-time-name = tiempo
option-challenge-time-about = Reloj: ninguno (por defecto), días u horas por jugada (3d o 12h) o en vivo (10+5)
option-challenge-thread-name = hilo
option-challenge-thread-about = Jugar en un hilo propio al aceptarse (por defecto: el ajuste del servidor)
option-challenge-level-name = nivel
option-challenge-level-about = Contra el propio bot: su nivel, de 1 (principiante) a 8 (el más fuerte); por defecto 3
option-challenge-rated-name = puntúa
option-challenge-rated-about = Si el resultado cambia las puntuaciones (por defecto: sí)
option-settings-reminders-name = recordatorios
option-settings-reminders-about = Adónde van tus recordatorios (por defecto, por mensaje directo)
option-settings-view-name = vista
option-settings-view-about = Cómo se dibujan tus tableros (por defecto, en perspectiva)
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
option-settings-web-about = Moderadores: quién puede ver las páginas web de este servidor (por defecto, nadie)
option-vacation-on-name = activar
option-vacation-on-about = true para irte de vacaciones, false al volver
option-move-notation-name = notación
option-move-notation-about = La jugada, como F6 o A2-D3' (empieza a escribir para ver sugerencias)
option-board-view-name = vista
option-board-view-about = Perspectiva (por defecto: tu ajuste), planta o texto para un lector de pantalla
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
option-show-code-about = Un código de posición como 5:b:12,12:5/5/5/5/5 o un registro de partida
option-show-record-name = registro
option-show-record-about = Un archivo de registro, como el que adjunta /akron-review export
option-show-view-name = vista
option-show-view-about = Perspectiva (por defecto: tu ajuste) o planta
option-replay-game-name = partida
option-replay-game-about = Un número de partida (por defecto: la de este canal)
option-replay-from-name = desde
option-replay-from-about = La primera jugada que se muestra (por defecto, la 1)
option-replay-to-name = hasta
option-replay-to-about = La última jugada que se muestra (por defecto: la última)
option-replay-speed-name = velocidad
option-replay-speed-about = A qué velocidad se reproduce (por defecto, normal)
option-analyze-game-name = partida
option-analyze-game-about = El número de una partida terminada (por defecto: la última de este canal)
option-analyze-move-name = jugada
option-analyze-move-about = Solo la posición tras tantas jugadas (por defecto: toda la partida, jugada a jugada)
option-analyze-code-name = código
option-analyze-code-about = Un código de posición para analizar en lugar de una partida
option-analyze-rule-name = regla
option-analyze-rule-about = La regla de victoria para un código de posición (por defecto, diferida)
choice-random = al azar
choice-dm = mensaje directo
choice-channel = canal
choice-off = desactivado
choice-on = activado
choice-link = con enlace
choice-public = público
choice-perspective = perspectiva
choice-plan = planta
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
export-record = El registro de la partida { $game } ({ $result }). { CMD("show") } lo vuelve a leer.
export-record-file = El registro de la partida de Akron { $game } en texto: { $result }.

## web: the links to the web companion's pages, and the pages' own words
web-link-game = Ver partida
web-link-tournament = Página del torneo
web-link-puzzle = Página del problema
web-site = Akron
web-footer = Akron, el juego de conexión en 3D de Cameron Browne. Páginas de solo lectura del bot de Akron.
web-home = Páginas de partidas, torneos y jugadores del bot de Akron. Cada servidor decide si se muestran las suyas; se llega a ellas por los enlaces que publica el bot.
web-not-found = No encontrada
web-not-found-text = Aquí no hay ninguna página. Los enlaces a partidas y torneos los da el bot y un servidor puede desactivar sus páginas.
web-failed = Algo ha fallado
web-failed-text = Ahora no se puede mostrar esta página. Vuelve a intentarlo en un momento.
web-too-many = Demasiadas peticiones; espera un poco y vuelve a intentarlo.
web-busy = Hay demasiadas páginas en directo abiertas; recarga más tarde.
web-game-title = Partida { $game }: { $black } contra { $white }
web-game-link = Partida { $game }
web-board-size = { $size }×{ $size }, { $count ->
    [one] { $count } piedra
   *[other] { $count } piedras
} cada uno
web-step = Jugada { $ply }: { $move } de las { colour }
web-step-dropped = { $step }. Cayeron: { $drops }
web-start = La posición inicial
web-board-alt = El tablero:
web-board-text = El tablero en palabras
web-status-playing = En juego; les toca a las { colour }
web-status-playing-plain = En juego
web-status-open = Esperando a que se acepte el desafío
web-status-not-played = No se jugó
web-aborted = Anulada
web-won = Ganan las { colour } { $reason ->
    [connection] por conexión
    [no-moves] porque el rival no tenía jugada legal
    [resignation] por abandono
    [adjudication] por decisión arbitral
   *[timeout] por tiempo
}
web-drawn = Tablas { $reason ->
    [repetition] por repetición
    [adjudication] por decisión arbitral
   *[agreement] de común acuerdo
}
web-rule-delayed = diferida (la conexión debe sobrevivir a la respuesta)
web-rule-immediate = inmediata
web-yes = sí
web-no = no
web-live = En directo: las jugadas nuevas aparecen aquí.
web-live-off = Aquí no hay actualización en directo (demasiadas páginas abiertas): esta página busca jugadas nuevas cada 30 segundos.
web-unrated = no puntuable
web-move-due = Jugada antes de
web-clock-days = { clock-span-days }
web-clock-standing = aún no: el reloj está detenido y le quedan { $time } (de vacaciones)
web-started = Empezó
web-stepper = Recorrer las jugadas
web-first = Inicio
web-previous = Atrás
web-next = Adelante
web-last = Final
web-keys = Teclas, en el tablero o en la lista de jugadas: ← y → retroceden y avanzan; Inicio y Fin saltan al principio y al final.
web-moves = Jugadas
web-no-moves = Aún no hay jugadas.
web-downloads = Descargas
web-record = Registro de la partida (texto)
web-replay = Reproducción animada (GIF)
web-clock = Reloj
web-board = Tablero
web-pairing-board = Mesa
web-rule = Regla de victoria
web-rated = Puntuable
web-format = Formato
web-format-swiss = Suizo
web-format-round-robin = Liga
web-format-double-round-robin = Liga a doble vuelta
web-status = Estado
web-tournament-status = { $status ->
    [signup] Inscripción abierta
    [running] En marcha
    [paused] En pausa
    [finished] Terminado
   *[cancelled] Cancelado
}
web-organiser = Organiza
web-standings-csv = Clasificación (CSV)
web-pairings-csv = Emparejamientos (CSV)
web-standings = Clasificación
web-crosstable = Tabla cruzada
web-crosstable-too-large = Demasiados inscritos para una tabla cruzada; mira las rondas.
web-progress = Puntos tras cada ronda
web-schedule = Calendario
web-round-heading = Ronda
web-due = Jugadas antes de
web-round-waiting = aún no
web-round-complete = terminada
web-schedule-note = «Jugadas antes de» indica cuándo vence la última jugada pendiente de las partidas de la ronda: si nadie vuelve a jugar, para entonces todas las partidas de la ronda estarán decididas. Las horas están en tu zona horaria.
web-rounds = Rondas
web-no-rounds = Aún no se ha emparejado ninguna ronda.
web-round = Ronda { $round }
web-round-of = Ronda { $round } de { $rounds }
web-result = Resultado
web-games = Partidas
web-bye = Descansa: { $player }
web-byes = ({ $count ->
    [one] una de ellas por descanso
   *[other] { $count } de ellas por descanso
})
web-adjudicated = por decisión arbitral
web-entrants = Inscritos
web-withdrawn = se retiró
web-rank = #
web-player = Jugador
web-points = Puntos
web-record-wdl = G-T-P
web-server-title = Servidor
web-leaderboard = Clasificación
web-tournaments = Torneos
web-tournament = Torneo
web-recent-games = Partidas recientes
web-none-yet = Aún no hay nada.
web-rating = Puntuación
web-rating-history = Historial de puntuación
web-by-colour = Resultados por color
web-won-heading = Ganadas
web-drawn-heading = Tablas
web-lost-heading = Perdidas
web-streaks = Rachas
web-result-word = { $kind ->
    [win] victoria
    [draw] tablas
   *[loss] derrota
}
web-current-streak = Ahora: { $kind ->
    [win] { $count ->
        [one] { $count } victoria
       *[other] { $count } victorias
    }
    [draw] { $count ->
        [one] { $count } tablas
       *[other] { $count } tablas
    }
   *[loss] { $count ->
        [one] { $count } derrota
       *[other] { $count } derrotas
    }
}
web-best-streak = Racha de victorias más larga: { $count }
web-chart-alt = Puntuación a lo largo de { $count ->
    [one] { $count } partida puntuable
   *[other] { $count } partidas puntuables
}: de { $first } a { $last }, mínima { $low }, máxima { $high }
web-puzzle-title = Problema { $puzzle }
web-puzzle-title-named = Problema { $puzzle }: { $title }
web-puzzle-task = Juegan las { colour } y ganan en { $count ->
    [one] una jugada
   *[other] { $count } jugadas
}.
web-puzzle-alt = La posición del problema; les toca a las { colour }
web-puzzle-hidden = La solución y quién lo resolvió se muestran desde { $time }.
web-solution = Solución
web-winning-first-moves = Todas las primeras jugadas ganadoras
web-solvers = Lo resolvieron
## words-a: por qué no se puede leer una jugada, el nombre de un punto o un código de posición

notation-empty = no has escrito ninguna jugada; escribe un hueco como F6, un movimiento como A2-D3' o swap
notation-too-long = es demasiado largo para ser una jugada; escribe un hueco como F6 o un movimiento como A2-D3'
notation-column = '{ $text }' no es un punto: el nombre de un punto empieza por la letra de la columna, como en D3
notation-row = '{ $text }' no es un punto: tras la letra de la columna va el número de la fila, como en D3
notation-leading-zero = '{ $text }' no es un punto: escribe el número de la fila sin ceros a la izquierda, como en D3
notation-trailing = '{ $text }' no es un punto: tras el número de la fila solo pueden ir apóstrofos, uno por nivel, como en D3''
notation-space = '{ $text }' tiene un espacio dentro del nombre de un punto; escríbelo todo junto, como D3'
notation-no-such-point = { $point } no existe en ningún tablero: incluso en { $size } × { $size }, el nivel 0 tiene las columnas de la A a la { $last } y las filas de la 1 a la { $size }; un punto con k apóstrofos tiene una fila de al menos k + 1
notation-half-step = '{ $text }' es medio movimiento: un movimiento nombra dos puntos, como en A2-D3'
notation-separators = un movimiento lleva un solo guion, como en A2-D3'
notation-on-board = { $why } (este tablero de { $size } × { $size } tiene las columnas de la A a la { $last } y las filas de la 1 a la { $size })
notation-too-high = { $point } no está en este tablero de { $size } × { $size }: sus niveles van del 0 al { $top }, así que el nombre de un punto lleva como mucho { $top ->
    [one] { $top } apóstrofo
   *[other] { $top } apóstrofos
}
notation-on-level = { $level ->
    [0] {""}
   *[other] en el nivel { $level } ({ $level ->
        [one] { $level } apóstrofo
       *[other] { $level } apóstrofos
    }),{" "}
}
notation-off-column = { $point } no está en este tablero de { $size } × { $size }: { notation-on-level }la columna { $column } no está entre A y { $last }
notation-off-row = { $point } no está en este tablero de { $size } × { $size }: { notation-on-level }la fila { $row } no está entre { $low } y { $high }
notation-off-both = { $point } no está en este tablero de { $size } × { $size }: { notation-on-level }la columna { $column } no está entre A y { $last }, ni la fila { $row } entre { $low } y { $high }
code-fields = un código de posición tiene 4 campos separados por ':' (TAMAÑO:TURNO:RESERVANEGRAS,RESERVABLANCAS:NIVELES), no { $count }
code-too-long = ese código de posición es demasiado largo (más de { $count } caracteres)
code-size = el tamaño del tablero '{ $text }' debe ser un número del { $min } al { $max }
code-turn = el turno '{ $text }' debe ser b o w
code-piles = las reservas '{ $text }' deben ser dos números del 0 al { $max }, como 32,32
code-levels = { $count ->
    [one] se da { $count } nivel
   *[other] se dan { $count } niveles
}, pero un tablero de { $size } × { $size } solo tiene { $size }
code-rows = el nivel { $level } debe tener { $expected } filas separadas por '/', no { $found }
code-row-length = el nivel { $level }, fila { $row }, debe tener { $expected } puntos, no { $found }
code-number = nivel { $level }, fila { $row }: '{ $text }' no es una cantidad de puntos vacíos (un número entero desde 1, sin ceros a la izquierda)
code-character = nivel { $level }, fila { $row }: '{ $text }' no es b, w ni un número
position-size = no se admite el tamaño de tablero { $size } (debe ser del { $min } al { $max })
position-pile = la reserva de { $colour ->
    [black] negras
   *[white] blancas
}, de { $count } piedras, es demasiado grande (como mucho { $max })
position-start-pile = una partida nueva en { $size } × { $size } empieza con entre { $size } y { $max } piedras por jugador, no con { $count }
position-off-board = { $point } no está en el tablero
position-duplicate = { $point } tiene dos piedras
position-unsupported = la piedra de { $point } no tiene soporte: { $missing }, debajo, está vacío

## words-a: jugadas, partidas que no se están jugando, jugadas condicionales y vacaciones

moves-legal = { $count ->
    [one] { $count } jugada legal
   *[other] { $count } jugadas legales
} para las { $colour ->
    [black] negras
   *[white] blancas
} ({ $player }):
moves-place-on = - colocar en: { $points }
moves-swap = - swap (cambio)
moves-rest = { CMD("moves PUNTO") } muestra las jugadas de una piedra
point-not-read = { $why }.
moves-cannot-move = { $point } no puede moverse: { $why }.
moves-nowhere = La piedra de { $point } no tiene adónde ir.
moves-from = La piedra de { $point } puede ir a { $count ->
    [one] { $count } punto
   *[other] { $count } puntos
}: { $points }
moves-drop = { $colour ->
    [black] negra
   *[white] blanca
} { $from } → { $to }
moves-drops = Vaya adonde vaya, lo que descansa sobre ella cae: { $drops }.
game-not-started = La partida { $game } no ha empezado: el desafío espera respuesta (quien desafió puede retirarlo con { CMD("cancel") }).
game-is-over = La partida { $game } ha terminado: { $result }. Empieza otra con { CMD("challenge @jugador") }.
game-never-started = La partida { $game } nunca empezó: { $result }. Empieza otra con { CMD("challenge @jugador") }.
premove-ai = La IA responde al instante, así que contra ella no hacen falta jugadas condicionales.
premove-none = No tienes jugadas condicionales preparadas en esta partida.
premove-cleared = Se han borrado tus jugadas condicionales de esta partida.
premove-your-move = Te toca a ti: juega primero. Las jugadas condicionales responden a la próxima jugada de tu rival.
premove-not-a-pair = '{ $text }' no es un par: escribe cada par como la jugada del rival y tu respuesta, como en { CMD("premove B4 C5, D2-E3' F6") }.
premove-not-legal-theirs = { $theirs } no es legal ahora para tu rival: { $why }.
premove-game-over = Tras { $theirs } la partida termina; no hay nada que responder.
premove-not-legal-mine = { $mine } no es legal tras { $theirs }: { $why }.
premove-twice = { $theirs } tiene dos respuestas; da una sola para cada jugada.
premove-too-many = Como mucho { $count } jugadas condicionales a la vez.
premove-queue = { $count ->
    [one] { $count } jugada condicional preparada
   *[other] { $count } jugadas condicionales preparadas
} (solo tú las ves):
premove-pair = - si tu rival juega { $theirs }, respondes { $mine }
premove-queue-end = Cualquier otra jugada anula la lista; { CMD("premove clear") } la vacía.
vacation-already = Ya estás de vacaciones. { CMD("vacation off") } las termina.
vacation-used-up = Ya has usado los { $days } días de vacaciones de este año.
vacation-on = Estás de vacaciones: tus relojes en las partidas por correspondencia fuera de torneos (y en los torneos que permiten vacaciones) se detienen como mucho { $left } (lo que te queda de tus { $days } días de este año). Usa { CMD("vacation off") } cuando vuelvas.
vacation-not-on = No estás de vacaciones.
vacation-back = Has vuelto de vacaciones: tus relojes vuelven a correr y el plazo de cada jugada se alarga el tiempo que estuvo detenido.
record-header = la línea de cabecera '{ $line }' debería tener la forma [Size "8"]
record-move = '{ $word }' en la lista de jugadas: { $why }
record-start = la posición Start no es válida: { $why }
record-tag = la etiqueta { $tag } no es válida: '{ $value }'
record-illegal = la jugada { $number } ({ $move }) no se puede jugar: { $why }

## words-a: historial, show, replay, partidas y reglas

history-no-moves = Aún no hay jugadas.
history-cut = La lista completa está en { CMD("export") }.
record-unreadable = No se puede leer ese registro: { $why }.
show-too-long = Eso son { $size } KB de texto; un código de posición o un registro de partida ocupa como mucho { $max } KB.
show-unreadable = Eso no es ni un código de posición ni un registro de partida: { $why }. Un código es como `5:b:12,12:5/5/5/5/5`; un registro es lo que da { CMD("export") }.
show-after = Tras { moves-count }: { $result }.
show-to-move = les toca a las { $colour ->
    [black] negras
   *[white] blancas
}
show-spans = Las { $colour ->
    [black] negras
   *[white] blancas
} unen sus lados. Les toca a las { $turn ->
    [black] negras
   *[white] blancas
}.
show-legal-moves = Les toca a las { $colour ->
    [black] negras
   *[white] blancas
}; { $count ->
    [one] { $count } jugada legal
   *[other] { $count } jugadas legales
}.
show-board = Tablero de { $size } × { $size }; en la reserva: negras, { $black }; blancas, { $white }. { $note }
    `{ $code }`
show-no-animation = (Sin animación: { $why }. { CMD("replay") } con `from:` y `to:` muestra una parte.)
replay-title-record = El registro
replay-title-game = La partida { $game }
replay-no-moves = { $title } aún no tiene jugadas: no hay nada que reproducir.
replay-shown = { $title }, jugadas { $first } a { $last } de { $moves }.
replay-shown-result = { $title }, jugadas { $first } a { $last } de { $moves } ({ $result }).
replay-too-large = Una reproducción de las jugadas { $first } a { $last } pesaría más de { $size } MB, demasiado para publicarla. Pide una parte: { CMD("replay from:", $first, " to:", $half) }.
replay-range = { $title } tiene { $moves } jugadas: pide `from:` y `to:` entre 1 y { $moves }.
replay-failed = No se pudo dibujar la reproducción; no se cambió nada.
replay-error-range = las jugadas { $from } a { $to } no son un tramo de las { $moves } jugadas de esta partida
replay-error-too-large = una reproducción de { $moves } jugadas pesaría más de { $size } MB; pide menos jugadas
replay-error-failed = no se pudo dibujar
games-overdue = (se acabó el tiempo: el bot la termina en un momento)
games-damaged = - partida { $game } en { $channel }: **dañada en el almacenamiento**; quien opera el bot puede ver el motivo en su registro de actividad
games-none = No tienes desafíos abiertos, partidas en juego ni partidas terminadas. Empieza una con { CMD("challenge @jugador") }.
games-none-in-progress = No tienes partidas en juego.
games-yours = Tus partidas ({ $waiting ->
    [one] { $waiting } te espera
   *[other] { $waiting } te esperan
}):
games-finished = Terminadas ({ $count ->
    [one] la última
   *[other] las últimas { $count }
}; { CMD("export #N") } da el registro, { CMD("board #N") } la posición final):
games-finished-line = - partida { $game } en { $channel } contra { $opponent }: { $result }
games-finished-damaged = - partida { $game } en { $channel }: dañada en el almacenamiento
games-rest = primero las que te esperan
games-challenge-sent = - partida { $game } en { $channel }: desafío a la espera de { $opponent }
games-challenge-received = - partida { $game } en { $channel }: desafío de { $opponent }: **acepta o rechaza**
games-since = {" "}(desde hace { $time })
games-clock = , **tiempo restante: { $time }**
games-clock-standing = , **tiempo restante: { $time }, reloj detenido** (de vacaciones)
games-your-move = **te toca**{ $since }{ $clock }
games-their-move = le toca a { $opponent }{ $since }{ $clock }
games-playing = - partida { $game } en { $channel }: tú ({ $colour ->
    [black] negras
   *[white] blancas
}) contra { $opponent }, jugada { $number }: { $turn }
elapsed-seconds = { $count } s
elapsed-minutes = { $count } min
elapsed-hours = { $count } h
elapsed-days = { $count ->
    [one] { $count } día
   *[other] { $count } días
}
rules-summary = **Akron** (Cameron Browne, 2002) es un juego de conexión en tres dimensiones.
    - **Las negras** unen los lados de arriba y de abajo; **las blancas**, el izquierdo y el derecho. Empiezan las negras. Solo las piedras de los huecos tocan un lado; un hueco de la esquina está en los dos lados que se juntan allí.
    - En tu turno, **coloca** una piedra de tu reserva en un hueco libre ({ CMD("move F6") }) o **mueve** una de tus piedras ({ CMD("move A2-D3'") }). Una piedra puede descansar sobre cuatro piedras de cualquier color que formen un cuadrado, un nivel más arriba (cada ' es un nivel: `D3'` descansa sobre D3, E3, D2 y E2) y solo se queda allí mientras estén las cuatro.
    - Una piedra solo puede moverse si soporta como mucho una piedra: esa **cae** al sitio que deja y lo que descansaba sobre ella cae a su vez, pila arriba. La piedra debe estar conectada a su grupo y su nuevo punto debe tocar una piedra de ese grupo que no se mueva (no una que cae); un punto elevado necesita las cuatro piedras de debajo, ninguna de las cuales puede ser la que se mueve ni una que cae.
    - Las piedras se tocan lado a lado en un mismo nivel (no en diagonal) y donde una descansa sobre otra; las piedras de un color que se tocan están conectadas. Una conexión **más alta corta** la conexión rival que cruza. En una columna de piedras apiladas manda el **color de la de arriba**: toda piedra del otro color más abajo queda cubierta y aislada (una del color de la de arriba no, aunque esté bajo una rival).
    - En el segundo turno, las blancas pueden hacer el **cambio** ({ CMD("swap") }): quedarse con la primera piedra de las negras y jugar con negras.
    - Ganas cuando tus lados quedan unidos por una cadena que **sobrevive a la respuesta del rival** (la regla diferida; con la regla inmediata se gana al momento). Quien **no tiene jugada legal pierde**; la tercera repetición de una posición es tablas.
rules-link = Las reglas completas, con imágenes: { $url }
rules-picture = La imagen: las negras mueven A1-D1. La piedra blanca que descansaba sobre A1 cae a A1 y la piedra negra que descansaba sobre ella cae a su lugar (flechas).
rules-guide = La guía completa con imágenes es `docs/rules.md` en el código fuente del bot; quien opera el bot puede enlazarla aquí con `AKRON_RULES_URL`.

## words-a: problemas

rule-named = { $rule ->
    [immediate] regla inmediata
   *[delayed] regla diferida
}
puzzle-title-too-long = El título de un problema tiene como mucho { $max } caracteres; este tiene { $count }. Cuenta el resto en su hilo de discusión.
puzzle-title-control = El título de un problema es una sola línea de texto, sin caracteres de control.
puzzle-not-a-code = Eso no es un código de posición: { $why }. Escríbelo como { CMD("puzzle create 5:b:12,12:5/5/5/5/5 rule:immediate Mi título") }.
puzzle-running-game = Esa es la posición actual de la partida { $game }, que aún se está jugando. Publícala cuando termine.
puzzle-no-win = Las { colour } no tienen aquí una victoria forzada en { $count ->
    [one] una jugada
   *[other] { $count } jugadas o menos
} ({ rule-named }), así que no es un problema. Un problema es una posición en la que el bando al que le toca gana por fuerza.
puzzle-unknown = El solucionador no pudo resolver esta posición dentro de su límite de cálculo, así que no puede avalarla como problema. Prueba con una posición más pequeña o más forzada.
puzzle-several = Aquí ganan varias primeras jugadas en { moves-count }: { $moves }. Publícalo igualmente, marcado como «varias soluciones», añadiendo `several`; o cambia la posición para que solo gane una.
puzzle-thread = Problema de Akron { $id }{ $title }
puzzle-none = No hay ningún problema { $id }.
puzzle-exists = Esta posición, con esta regla, ya es el problema { $id }{ $title ->
    [some] {" "}(«{ $name }»)
   *[none] {""}
} en { $channel }: resuélvelo allí con { CMD("puzzle solve ", $id, " JUGADA") }.
puzzle-give-answer = Da tu respuesta, como { CMD("puzzle solve ", $id, " F6") } (tu primera jugada; puedes añadir la respuesta que esperas y tu siguiente jugada).
puzzle-line-illegal = { $move } no es una jugada legal ahí (jugada { $number } de tu línea): { $why }.
puzzle-line-too-long = Tu línea sigue después de que termine la partida: acaba con { $move }, así que quita lo que viene detrás.
puzzle-not-quite = No del todo: { $moves } no gana por fuerza en { moves-count } aquí. Vuelve a mirar (la solución se abre con { CMD("puzzle answer ", $id) }).
puzzle-correct = Correcto: **{ $move }** gana por fuerza. { $solver ->
    [own] (Es tu propio problema: no cuenta.)
    [new] Eres la persona número { $number } en resolver el problema { $id }.
   *[again] Ya lo habías resuelto.
}
puzzle-answer-yours = La solución del problema { $id } se abre para todos dentro de { $hours ->
    [one] una hora, más o menos
   *[other] unas { $hours } horas
}. Lo publicaste tú, así que { CMD("puzzle reveal ", $id) } la abre ya.
puzzle-answer-later = La solución del problema { $id } se abre dentro de { $hours ->
    [one] una hora, más o menos
   *[other] unas { $hours } horas
} (o antes si { $poster } la revela). Mientras tanto, prueba { CMD("puzzle solve ", $id, " JUGADA") }.
puzzle-a-moderator = un moderador
puzzle-answer = **Problema { $id }, la solución:** { $moves }.
puzzle-answer-several = Ganan varias primeras jugadas: { $moves }.
puzzle-solved-by = Lo resolvieron: { $names }.
puzzle-solved-by-nobody = Aún no lo ha resuelto nadie.
puzzle-reveal-not-yours = Solo quien publicó el problema { $id } (o un moderador) puede revelar antes la solución; se abre para todos un día después de publicarlo.
puzzle-daily-moderators = Solo los moderadores pueden activar o desactivar el problema diario de un canal.
puzzle-daily-on = Desde ahora, un problema al día en este canal; el primero llega ya.
puzzle-daily-already = Este canal ya recibe un problema al día.
puzzle-daily-off = Se acabaron los problemas diarios en este canal.
puzzle-daily-none = Este canal no recibe el problema diario; { CMD("puzzle daily on") } lo activa.
puzzle-bank-used-up = Ya se han publicado aquí los { $count } problemas del banco, así que el problema diario se detiene.
puzzle-daily-title = : problema del día
puzzle-by = {" "}(de { $poster })
puzzle-post = **Problema { $id }**{ $title }{ $poster }
    {"**"}Juegan las { $colour ->
        [black] negras
       *[white] blancas
    } y ganan en { moves-count }** ({ rule-named }, { $size } × { $size }){ $several ->
        [yes] , varias soluciones
       *[no] {""}
    }. Comprobado por el solucionador.
    Responde en privado con { CMD("puzzle solve ", $id, " JUGADA") }; { CMD("puzzle answer ", $id) } muestra la solución un día después de publicarlo.
    `{ $code }`

## words-a: pistas y análisis

hint-not-against-ai = Las pistas son solo para partidas contra la IA; en una partida entre personas el motor no interviene. Juega contra la IA con { CMD("challenge ai") }.
hint-ai-to-move = Le toca a la IA; pide una pista cuando sea tu turno.
hint-none = No hay pista que dar: { $why }.
hint = Pista para la partida { $game }: **{ $move }** (tus posibilidades de ganar rondan el { $percent } %).
search-game-over = la partida ha terminado
search-no-legal-move = el bando al que le toca no tiene ninguna jugada legal
analysis-not-a-code = Eso no es un código de posición: { $why }. Un código es como `5:b:12,12:5/5/5/5/5`; { CMD("analyze #12") } analiza una partida terminada.
analysis-running-position = Esa es la posición actual de la partida { $game }, que aún se está jugando. El análisis de una partida en juego está cerrado para todos hasta que termine.
analysis-this-position = Esta posición
analysis-running-game = La partida { $game } aún se está jugando. El análisis de una partida en juego está cerrado para todos hasta que termine (como en lichess); en una partida contra la IA, { CMD("hint") } sugiere una jugada.
analysis-never-played = La partida { $game } nunca se jugó, así que no hay nada que analizar.
analysis-no-such-move = La partida { $game } tiene { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}; da un número de jugada del 0 al { $count }.
analysis-game-after = La partida { $game } ({ $result }) tras { moves-count }
analysis-decided = { $about } ya está decidida ({ $result }); no hay jugada que buscar. Indica una jugada anterior con `move:N`.
analysis-no-move = { $about } no tiene ninguna jugada que analizar: { $why }.
analysis = **Análisis.** { $about }, les toca a las { $colour ->
    [black] negras
   *[white] blancas
}: la mejor jugada es **{ $move }**; las { $colour ->
    [black] negras
   *[white] blancas
} { $proven ->
    [win] ganan por fuerza
    [loss] pierden por fuerza
   *[estimate] ganan alrededor del { $percent } % de las partidas desde aquí
}.
    Línea: { $line }
    { $proven ->
        [estimate] ({ $playouts } simulaciones.)
       *[other] (Comprobado por el solucionador.)
    } `{ $code }`

## words-a: estadísticas y clasificación

stats-none = **{ $player }** aún no tiene partidas puntuables aquí: una puntuación nueva empieza en { $rating } (RD { $deviation }). Los desafíos puntúan salvo que se hagan con `rated:off`.
stats-head = **{ $player }**: puntuación **{ $rating }** (RD { $deviation }{ $provisional ->
    [yes] , provisional
   *[no] {""}
}), { $count ->
    [one] { $count } partida puntuable
   *[other] { $count } partidas puntuables
}.
stats-tally = { $wins } { $wins ->
    [one] ganada
   *[other] ganadas
}, { $losses } { $losses ->
    [one] perdida
   *[other] perdidas
}, { $draws } tablas
stats-results = Total: { $all }. Con negras (salen): { $black }. Con blancas: { $white }.
stats-streak = Racha de victorias más larga: { $count }.
stats-global = Puntuación global: { $rating } en { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}.
stats-chart-alt = Gráfico de la puntuación de { $player } en { $count ->
    [one] { $count } partida puntuable
   *[other] { $count } partidas puntuables
}: de { $first } a { $last }, mínima { $low }, máxima { $high }.
leaderboard-empty = Aquí aún nadie ha jugado una partida puntuable. Los desafíos puntúan por defecto.
leaderboard-head = **Clasificación** ({ $count ->
    [one] el primero
   *[other] los { $count } primeros
}; las puntuaciones provisionales, marcadas con `?`, van al final)
leaderboard-title = Clasificación
leaderboard-subtitle = { $count ->
    [one] El primero
   *[other] Los { $count } primeros
} · las puntuaciones provisionales, marcadas con ?, van al final
leaderboard-player = Jugador
leaderboard-rating = Puntuación
leaderboard-games = Partidas
leaderboard-row = { $rank }. { $name } { $rating }  { $games } { $count ->
    [one] partida
   *[other] partidas
}

## words-a: una partida contra la IA, un segundo desafío

ai-not-against-ai = Eso no es una partida contra la IA.
ai-never-rated = Las partidas contra la IA nunca puntúan. Quita `rated`.
ai-no-clock = Las partidas contra la IA no tienen reloj: la IA responde en segundos. Quita `time`.
ai-channel-taken = Este canal ya tiene una partida. Una partida por canal: abre un hilo aquí (o usa otro canal) y juega allí contra la IA.
ai-game = { $player } juega contra la IA de nivel { $level } (partida { $game }): { $size } × { $size }, { $pile } piedras por jugador, { rule-named }. **{ $black }** juega con negras (de arriba abajo), **{ $white }** con blancas (de izquierda a derecha). Las partidas contra la IA nunca puntúan; { CMD("hint") } sugiere una jugada.
ai-thinking = **{ $ai }** está pensando…
ai-your-move = Le toca a { $player } ({ colour }).
challenge-twice = Ya desafiaste a { $opponent } aquí (partida { $game }). Puede aceptar o rechazar el desafío; tú puedes retirarlo.
game-moves-to-thread = La partida pasa a un hilo propio.
overdue-challenge = El desafío de la partida { $game } caducó: nadie respondió a tiempo. El bot lo cierra en un momento; después se puede hacer un desafío nuevo.
overdue-game = Se acabó el tiempo en la partida { $game }: a **{ $player }** se le agotó el reloj. El bot termina la partida en un momento.
## words-b: time spans, claims, threads and the console's own lines

clock-span-live = { $time }
claim-no-game = Aquí no hay ninguna partida que reclamar.
claim-no-clock = Esta partida no tiene reloj, así que a nadie se le puede acabar el tiempo.
claim-your-move = Te toca jugar a ti: ahora solo se le puede acabar el tiempo a tu rival.
claim-time-left = { $player } aún tiene { $time } para esta jugada.
claim-on-vacation = { $player } está de vacaciones: su reloj está detenido y aún tiene { $time }, así que ahora no se le puede acabar el tiempo.
claim-game-gone = Esa partida ya no existe.
thread-no-game = No hay ninguna partida { $game }.
thread-game-not-played = La partida { $game } no se está jugando.
console-pictures-go = Las imágenes del tablero se guardan en { $folder }.
console-pictures-folder-failed = No se puede crear la carpeta { $folder } ({ $error }), así que las imágenes del tablero no se guardarán.
console-welcome = Consola de Akron (base de datos: { $database }). { $pictures } Escribe help.
console-not-utf8 = Esa línea no es texto UTF-8, así que se ha ignorado. Vuelve a escribirla.
console-acting-as = Ahora actúas como { $user }.
console-bad-name-long = '{ $shown }…' no es un nombre de usuario: tiene { $length } caracteres y un nombre tiene como mucho { $most }, como en: as bob
console-bad-name = '{ $typed }' no es un nombre de usuario: usa letras, cifras, _ - o ., como en: as bob
console-bad-game-number = '{ $typed }' no es un número de partida; escríbelo como #12
console-in-channel = Ahora en el canal { $channel }.
console-as-needs-name = as necesita un nombre de usuario, como en: as bob
console-in-needs-channel = in necesita el nombre de un canal, como en: in lobby
console-mod-needs-switch = mod necesita on u off, como en: mod on (el usuario actual pasa a ser moderador) o mod off
console-moderator = { $moderator ->
    [yes] { $user } tiene permisos de moderación.
   *[no] { $user } no tiene permisos de moderación.
}
console-wait-how-long = ¿Cuánto hay que esperar? Escríbelo como wait 25h (o 90s, 30m, 3d, 1d 2h): el reloj de la consola avanza ese tiempo.
console-clock-moved = El reloj avanza { $span }.
console-clock-fixed = El reloj de esta consola no se puede mover.
console-clock-failed = No se ha podido mover el reloj: { $error }
console-duration-bad = '{ $text }' no es una duración; escríbela como 90s, 30m, 25h o 3d
console-duration-long = '{ $text }' es más de un año; espera menos
console-help = Consola: `as NOMBRE` cambia de usuario, `in CANAL` de canal (una partida por canal), `mod on|off` hace al usuario moderador, `wait 25h` adelanta el reloj (`90s`, `30m`, `3d`; los recordatorios y las derrotas por tiempo ocurren entonces como ocurrirían), `quit` sale. Un `#N` al final dirige un comando a la partida N, como los botones. `show ARCHIVO` lee un archivo de registro. `challenge ai level:3` juega contra el motor; sus jugadas aparecen enseguida. `settings language:es` (o `de`, `en`) cambia tu idioma; el `settings language:` de un moderador cambia el de la consola.
console-thread-discussion = » hilo "{ $name }" abierto para comentar.
console-thread-now-in = » hilo "{ $name }" abierto: ahora en el canal { $channel }.
console-thread-opened = » hilo "{ $name }" abierto: canal { $channel } (`in { $channel }` para jugar allí).
console-thread-failed = no se ha podido abrir el hilo: { $error }
console-notice-in = » aviso en #{ $channel }:
console-notice-to = » aviso para { $user } (mensaje directo):
console-file-unreadable = No se puede leer { $file }: { $error }
console-file-not-found = no se encuentra el archivo { $name } (se buscó en { $first } y en { $second }). `show` acepta un código de posición, un registro o el nombre de un archivo escrito por `export`.
console-private = (privado)
console-picture = (imagen: { $path })
console-picture-failed = No se ha podido guardar la imagen del tablero en { $folder } ({ $error }); el comando sí se ha ejecutado.
console-replay = (reproducción: { $path })
console-replay-failed = No se ha podido guardar la reproducción en { $folder } ({ $error }).
console-file = (archivo: { $path })
console-file-failed = No se ha podido guardar { $path } ({ $error }).
console-button = [{ $label }] escribe: { $command } #{ $game }
console-board-holes = nivel 0 (huecos)
console-board-level = nivel { $level } ({ $marks })
console-board-pieces = x { $black } ({ $black_left } en reserva) · o { $white } ({ $white_left } en reserva) · { $state }
console-board-over = Partida terminada. { $result }
console-board-to-move = turno de las { $colour }
help-group = - **{ $group }**: { $usages }
help-group-family = - **{ $group }** (`{ $command }`): { $usages }
discord-signup-edited = Hecho: el mensaje de inscripción muestra a los participantes ({ $link }).
matrix-signup-edited = Hecho: el [mensaje de inscripción]({ $link }) muestra a los participantes.
discord-no-picture = { $what ->
    [board] *No puedo mostrar aquí la imagen del tablero: necesito los permisos Adjuntar archivos e Insertar enlaces en este canal.*
    [replay] *No puedo mostrar aquí la reproducción: necesito los permisos Adjuntar archivos e Insertar enlaces en este canal.*
   *[picture] *No puedo mostrar aquí la imagen: necesito los permisos Adjuntar archivos e Insertar enlaces en este canal.*
}
discord-board-title = Partida de Akron { $game }
discord-channel-told = Hecho; se ha avisado al canal.
discord-guild-only = Las partidas de Akron se juegan en un canal de un servidor, no en mensajes directos.

## lead: the notices of dropped conditional moves and of vacations, worded at delivery
premove-dropped = { $player }, se han descartado tus jugadas condicionales de la partida { $game }: tu rival jugó { $played } y ninguna de ellas respondía a esa jugada. Te toca jugar.
vacation-notice-on = **{ $player }** se va de vacaciones (como mucho { $time }): su reloj en la partida { $game } se detiene hasta que vuelva.
vacation-notice-back = **{ $player }** ha vuelto de vacaciones: el reloj de la partida { $game } vuelve a correr.

## parse: errors of a mistyped command line
parse-nothing-after = { CMD($command) } no admite nada detrás
parse-move-needs-move = { CMD("move") } necesita una jugada, como { CMD("move F6") } o { CMD("move A2-D3'") }
parse-show-needs-position = { CMD("show") } necesita un código de posición o un registro de partida, como { CMD("show 3:b:4,4:3/3/3") }
parse-unknown-user = No conozco a ningún usuario '{ $who }'
parse-unknown-command = '{ $command }' no es un comando; los comandos son { $commands }
parse-see-help = { $error }. Escribe `{ $help }` para ver los comandos.
parse-analyze-move = '{ $word }' debe ser un número de jugadas, como move:12
parse-analyze-option = '{ $word }' no es una opción de { CMD("analyze") }; escribe { CMD("analyze #12 move:30") } o { CMD("analyze 5:b:12,12:5/5/5/5/5 rule:immediate") }
parse-analyze-both = { CMD("analyze") } admite una partida (`#12 move:30`) o un código de posición, no ambos
parse-puzzle-usage = Escribe { CMD("puzzle create CÓDIGO [regla] [several] [título]") }, { CMD("puzzle solve #3 F6") }, { CMD("puzzle answer #3") }, { CMD("puzzle reveal #3") }, { CMD("puzzle daily on|off") } o { CMD("puzzle mine [#N JUGADA]") }
parse-puzzle-number = '{ $value }' no es un número de problema; escríbelo como #3
parse-puzzle-needs-number = { CMD("puzzle ", $action) } necesita el número del problema, como { $action ->
    [solve] { CMD("puzzle solve #3 F6") }
   *[other] { CMD("puzzle ", $action, " #3") }
}
parse-puzzle-needs-code = { CMD("puzzle create") } necesita un código de posición. { parse-puzzle-usage }
parse-puzzle-needs-move = { CMD("puzzle solve") } necesita tu jugada, como { CMD("puzzle solve ", $puzzle, " F6") }
parse-puzzle-action = '{ $action }' no es una acción de { CMD("puzzle") }. { parse-puzzle-usage }
parse-view = La vista '{ $value }' debe ser plan o perspective
parse-replay-number = '{ $word }' debe ser un número de jugada desde 1
parse-replay-option = '{ $word }' no es una opción de { CMD("replay") }; escríbelo como { CMD("replay from:1 to:30 speed:fast") }
parse-speed = La velocidad '{ $value }' debe ser slow, normal o fast
parse-switch = '{ $value }' debe ser on u off
parse-needs-switch = { $command } necesita on u off: { CMD($command, " on") } o { CMD($command, " off") }
parse-switch-missing = Falta on u off después de los dos puntos
parse-board-view = La vista '{ $value }' debe ser plan, perspective o text
parse-settings-one = Un ajuste cada vez: escribe { CMD("settings ", $first) } y después { CMD("settings ", $second) }
parse-settings-usage = Escribe { CMD("settings reminders:dm|channel|off") }, { CMD("settings thread-games:on|off") }, { CMD("settings tournament-role:ROL|off") }, { CMD("settings web:off|link|public") }, { CMD("settings language:en|es|de") } o { CMD("settings timezone:Europe/Madrid") }
parse-setting-unknown = '{ $setting }' no es un ajuste. { parse-settings-usage }
parse-role-needed = `tournament-role` necesita un rol u off. { parse-settings-usage }
parse-reminders = `reminders` '{ $value }' debe ser dm, channel u off
parse-web = `web` '{ $value }' debe ser off, link o public
parse-challenge-usage = Escríbelo como { CMD("challenge bob size:6 pieces:18 rule:immediate colour:white time:3d thread:on") } (todo lo que va tras el rival es opcional)
parse-challenge-needs-opponent = `opponent:` necesita un jugador (quítalo para un desafío abierto). { parse-challenge-usage }
parse-challenge-option = '{ $word }' no es una opción de { CMD("challenge") }. { parse-challenge-usage }
parse-size = El tamaño del tablero debe ser de { $min } a { $max }, no '{ $value }'
parse-pieces = Las piedras deben ser un número hasta { $max }, no '{ $value }'
parse-rule = La regla de victoria '{ $value }' debe ser delayed (diferida) o immediate (inmediata)
parse-colour = El color '{ $value }' debe ser black (negras), white (blancas) o random (al azar)
parse-time = Tiempo '{ $value }': escribe `none`, días por jugada como `3d`, horas por jugada como `12h` o un reloj en vivo en minutos más segundos por jugada como `10+5` (de 1 a 180 minutos, de 0 a 180 segundos)
parse-level = El nivel de la IA '{ $value }' debe ser un número de 1 a 8
parse-level-not-ai = `level` es para partidas contra la IA: { CMD("challenge ai level:5") }
parse-offer = '{ $value }' debe ser offer, accept o decline
parse-game-number = '{ $value }' no es un número de partida; escríbelo como #12
parse-round = La ronda '{ $value }' debe ser un número desde 1
parse-verdict = El resultado '{ $value }' debe ser black (ganan las negras, que salen), white (ganan las blancas), draw (tablas) o forfeit (nadie puntúa)
parse-adjudicate-needs-result = `adjudicate` necesita un resultado: { CMD("tournament adjudicate #12 black|white|draw|forfeit") }
parse-tournament-usage = Escribe { CMD("tournament create NOMBRE format:swiss|roundrobin|single|double") } o { CMD("tournament join|leave|start|standings|pairings|withdraw|adjudicate|pause|resume|cancel|seed|advance|analysis") }
parse-tournament-action = '{ $action }' no es una acción de { CMD("tournament") }. { parse-tournament-usage }
parse-tournament-options-usage = Escríbelo como { CMD("tournament create Open de Primavera format:swiss rounds:4 time:3d") } (opciones: format, rounds, time, size, pieces, rule, rated, double, vacation, max; eliminación directa: best-of, tie, seeding, draw; doble eliminación: reset)
parse-tournament-option = '{ $word }' no es una opción de torneo. { parse-tournament-options-usage }
parse-number = `{ $option }` debe ser un número, no '{ $value }'
parse-rounds = `rounds` debe ser de 1 a 50, no '{ $value }'
parse-max-players = `max` debe ser de 2 a 10.000 jugadores, no '{ $value }'
parse-tournament-needs-name = El torneo necesita un nombre. { parse-tournament-options-usage }
parse-tournament-name-long = El nombre de un torneo tiene como mucho { $max } caracteres
parse-format = El formato '{ $value }' debe ser swiss (suizo), roundrobin (liga) single (eliminación directa) o double (doble eliminación)
parse-format-missing = Indica el formato: format:swiss, format:roundrobin, format:single o format:double. { parse-tournament-options-usage }

## Nombres que da el bot

ai-player = Akron IA nivel { $level }
ai-player-mention = **{ ai-player }**
mention-both = { $first } { $second }
thread-name = Akron { $game }: { $black } contra { $white }
premove-played = ↪ Jugada condicional de { $player }: { $reply }

## Los avisos y rechazos propios del bot en Discord (permisos con el nombre que les da Discord en español)

discord-permission = { $permission ->
    [view-channel] Ver canal
    [send-messages] Enviar mensajes
    [send-messages-in-threads] Enviar mensajes en hilos
   *[create-public-threads] Crear hilos públicos
}
discord-permissions-needed = { $count ->
    [one] el permiso { $names }
   *[other] los permisos { $names }
}
discord-permission-and = {" "}y{" "}
discord-cannot-post = No puedo escribir en este canal: necesito { $needed } aquí. Pide a un moderador que me lo permita o juega en otro canal.
discord-thread-stays = No pude abrir un hilo para esta partida (necesito { $needed } en este canal), así que se queda en este canal.
discord-thread-failed = No pude abrir un hilo para la partida { $game } (necesito { $needed }). Sus jugadores pueden seguir jugándola con `{ $game }` después de cada comando.
discord-level-needs-me = `level` es para partidas contra mí: elígeme como rival para jugar contra la IA.
discord-opponent-is-bot = { $name } es un bot y los bots no pueden jugar a Akron aquí (todavía). Desafía a una persona.
discord-show-needs-code = Da un código de posición (`code`) o adjunta un archivo de registro (`record`) como el que crea `/akron-review export`.
discord-record-too-big = { $file } ocupa { $size } KB; un registro de partida ocupa como mucho { $max } KB. Adjunta el archivo que dio `/akron-review export`.
discord-record-fetch-failed = No pude descargar { $file } de Discord. Vuelve a intentarlo en un momento.
discord-record-fetch-slow = Descargar { $file } de Discord tardó demasiado. Vuelve a intentarlo en un momento.
discord-record-not-text = { $file } no es un archivo de texto. Adjunta el archivo de registro que dio `/akron-review export`.

## Matrix: un mensaje que el bot no pudo descifrar

matrix-undecryptable = No pude descifrar ese mensaje, así que no pude leerlo. { $advice ->
    [unverified] Tu cliente no me dio sus claves porque no confía en mi sesión: verifica a { $me } en tu cliente (o deja que envíe a sesiones sin verificar) y vuelve a enviar el comando.
    [blocked] Tu cliente ha bloqueado mi sesión: desbloquea la sesión de { $me } en tu cliente y vuelve a enviar el comando.
    [untrusted] Tu propia cuenta no ha verificado tu sesión: verifícala desde otra de tus sesiones y vuelve a enviar el comando.
   *[other] Si era un comando, vuelve a enviarlo en un momento (puede que mis claves aún no hayan llegado a tu dispositivo) o verifica a { $me } en tu cliente.
}
matrix-a-room = una sala
matrix-thread-in = un hilo de { $room }
discord-options-unreadable = No pude leer las opciones de ese comando. Si acaban de actualizarme, puede que Discord aún muestre la forma antigua del comando: recarga Discord (o espera un minuto) y vuelve a intentarlo.

## Post-game analysis

analysis-no-moves = La partida { $game } no tiene jugadas: no hay nada que analizar.
analysis-queue-full = La cola de análisis está llena ({ $count ->
    [one] { $count } partida esperando
   *[other] { $count } partidas esperando
}). Vuelve a pedirlo dentro de unos minutos.
analysis-share-used = Ya tienes { $count ->
    [one] { $count } análisis
   *[other] { $count } análisis
} en espera; pide otro cuando termine.
analysis-queued = La partida { $game } está en la cola de análisis { $ahead ->
    [0] y es la siguiente
    [one] con { $ahead } partida por delante
   *[other] con { $ahead } partidas por delante
}. El resultado se publicará aquí.
analysis-running-now = Se está analizando la partida { $game }: { $done } de { $total } posiciones hechas. El resultado se publicará aquí.
analysis-summary = **Análisis de la partida { $game }** ({ $black } con negras, { $white } con blancas):
analysis-side = { $colour ->
    [black] Negras
   *[white] Blancas
} ({ $player }): precisión { $accuracy } %, { $inaccuracies ->
    [one] { $inaccuracies } imprecisión
   *[other] { $inaccuracies } imprecisiones
}, { $mistakes ->
    [one] { $mistakes } error
   *[other] { $mistakes } errores
}, { $blunders ->
    [one] { $blunders } error grave
   *[other] { $blunders } errores graves
}.
analysis-side-no-moves = { colour } ({ $player }): ninguna jugada.
analysis-no-swings = Ninguna jugada perdió { $points } puntos de probabilidad de ganar o más.
analysis-swing = Jugada { $number }, { $colour ->
    [black] negras
   *[white] blancas
} ({ $player }): { $move }{ $symbol } { $mark ->
    [inaccuracy] imprecisión
    [mistake] error
   *[blunder] error grave
}, probabilidad de ganar { $before } % → { $after } %; lo mejor era { $best ->
    [swap] el cambio (swap)
   *[other] { $best }
}.
analysis-chart-alt = Gráfica de evaluación de la partida { $game }: la probabilidad de ganar de las blancas tras cada jugada, con las jugadas señaladas como puntos.
analysis-record-comment = { $colour ->
    [black] Negras
   *[white] Blancas
}: { $before } % → { $after } %{ $mark ->
    [inaccuracy] , imprecisión ?!, mejor { $best }
    [mistake] , error ?, mejor { $best }
    [blunder] , error grave ??, mejor { $best }
   *[none] {""}
}
analysis-mark = { $mark ->
    [inaccuracy] imprecisión
    [mistake] error
   *[blunder] error grave
}
web-analysis = Análisis

## Knockout tournaments

knockout-format = eliminación directa, { $best_of ->
    [1] una partida por encuentro
   *[other] al mejor de { $best_of } partidas por encuentro
}, un encuentro igualado lo decide { $tie ->
    [higher-seed] el mejor cabeza de serie
   *[extra-game] una partida extra (la salida, por sorteo; si también es tablas, el mejor cabeza de serie)
}, cabezas de serie { $seeding ->
    [random] por sorteo
   *[rating] por puntuación
}
knockout-options-only = best-of, tie, seeding y draw son opciones de la eliminación directa (format:single o format:double).
knockout-round-name = { $left ->
    [1] final
    [2] semifinales
    [3] cuartos de final
   *[other] ronda { $round }
}
knockout-round-title = **{ $tournament }**, { $name } ({ $best_of ->
    [1] a una partida
   *[other] al mejor de { $best_of }
}):
knockout-bye-line = { $board }. ({ $seed }) { $player }: pasa sin jugar a la ronda siguiente
knockout-match-line = { $board }. ({ $high_seed }) { $high } { $high_score }–{ $low_score } ({ $low_seed }) { $low }{ $end ->
    [games] {" "}· gana { $winner }
    [extra-game] {" "}· { $winner } gana la partida extra
    [higher-seed] {" "}· igualado: pasa { $winner } como { $better ->
        [winners] ganador del cuadro de ganadores
       *[seed] mejor cabeza de serie
    }
    [walkover] {" "}· pasa { $winner }; { $loser } queda fuera del torneo
    [nobody] {" "}· ambos quedan fuera del torneo
   *[playing] {""}
}
knockout-round-starts = { $matches }
    Cada encuentro se abre en un hilo propio con el reloj de su primera partida en marcha; al terminar una partida, la siguiente se juega en el mismo hilo.
knockout-round-over = Resultados: { $matches }
knockout-game-announced = **{ $tournament }**, ronda { $round }, encuentro { $board }, { $extra ->
    [yes] partida extra (la salida, por sorteo)
   *[no] partida { $number } de { $best_of } (marcador { $high }–{ $low })
}: { $black } (negras, empieza) contra { $white } (blancas), partida { $game }. El reloj ({ $control }) ya está en marcha.
knockout-match-won = **{ $tournament }**, ronda { $round }, encuentro { $board }: { $by ->
    [withdrew] { $loser } se ha retirado; { $winner } { $last ->
        [yes] gana el torneo
       *[no] pasa de ronda
    } ({ $won }–{ $lost }).
    [disqualified] { $loser } queda fuera del torneo por descalificación; { $winner } { $last ->
        [yes] gana el torneo
       *[no] pasa de ronda
    } ({ $won }–{ $lost }).
    [adjudicated] { $winner } { $last ->
        [yes] gana el torneo
       *[no] pasa de ronda
    } por decisión de la organización (el encuentro iba { $won }–{ $lost }); { $loser } queda fuera del torneo.
   *[other] { $winner } vence a { $loser } { $won }–{ $lost }{ $by ->
        [walkover] {" "}({ $loser } queda fuera del torneo)
        [extra-game] {" "}tras la partida extra
        [higher-seed] : igualado, pasa { $winner } como mejor cabeza de serie
        [winners-side] : igualado, pasa { $winner } como ganador del cuadro de ganadores
       *[games] {""}
    }{ $last ->
        [yes] {" "}y gana el torneo.
       *[no] {" "}y pasa de ronda.
    }
}
knockout-places-title = Clasificación final:
knockout-placed = { $player } ({ $seed }){ $withdrawn ->
    [yes] {" "}(fuera del torneo)
   *[no] {""}
}
knockout-place-line = { $place }. { $players }
knockout-over = 🏆 **{ $tournament }** ha terminado: lo gana { $winner }.
    { $places }
knockout-withdrew = { $by ->
    [organiser] La organización descalificó a **{ $player }** de **{ $tournament }**{ $resigned ->
        [yes] {" "}(su partida en curso se da por perdida)
       *[no] {""}
    }
   *[self] **{ $player }** se retiró de **{ $tournament }**{ $resigned ->
        [yes] {" "}y pierde su partida en curso
       *[no] {""}
    }
}. Su rival pasa de ronda; los resultados hasta ahora se mantienen.
parse-best-of = `best-of` debe ser 1, 3, 5 o 7, no '{ $value }'
parse-tie-rule = `tie` debe ser extra-game o higher-seed, no '{ $value }'
parse-seeding = `seeding` debe ser rating o random, no '{ $value }'
option-tournament-create-best-of-name = al-mejor-de
option-tournament-create-best-of-about = Eliminación directa: partidas por encuentro, 1, 3, 5 o 7 (por defecto 1)
option-tournament-create-tie-name = igualdad
option-tournament-create-tie-about = Eliminación directa: qué decide un encuentro igualado (por defecto, una partida extra)
option-tournament-create-seeding-name = cabezas-de-serie
option-tournament-create-seeding-about = Eliminación directa: cabezas de serie por puntuación (por defecto) o por sorteo
choice-single = eliminación directa
choice-extra-game = partida extra
choice-higher-seed = mejor cabeza de serie
choice-rating = puntuación
web-format-single-elimination = Eliminación directa
knockout-seed-not-knockout = Las cabezas de serie se fijan en una eliminación directa (format:single o format:double); un suizo o una liga los ordena por puntuación.
knockout-seeded = { $seed ->
    [0] **{ $player }** vuelve a ordenarse con los demás en **{ $tournament }**.
   *[other] **{ $player }** será cabeza de serie { $seed } de **{ $tournament }** ({ $entrants } inscritos por ahora); los demás se ordenan alrededor al empezar.
}
parse-seed-usage = Escríbelo como { CMD("tournament seed @jugador 3") } (u off para quitarlo)
parse-seed = Un cabeza de serie es un número desde 1, u off, no '{ $value }'
command-tournament-seed-name = cabeza-de-serie
command-tournament-seed-about = Antes de una eliminación directa: fija o quita la cabeza de serie de un inscrito (organización).
option-tournament-seed-player-name = jugador
option-tournament-seed-player-about = El inscrito
option-tournament-seed-seed-name = numero
option-tournament-seed-seed-about = Su número de cabeza de serie, 1 el mejor (sin él, vuelve a ordenarse con los demás)
knockout-picture-round = { $left ->
    [1] Final
    [2] Semifinales
    [3] Cuartos de final
   *[other] Ronda { $round }
}
knockout-picture-subtitle = eliminación directa, al mejor de { $best_of }
knockout-picture-bye = pasa sin jugar
knockout-picture-cut = se ven { $shown } de { $total } encuentros; la lista los tiene todos
web-bracket = Cuadro
knockout-advanced = **{ $player }** pasa de ronda en **{ $tournament }** por decisión de la organización.
knockout-no-match = { $player } no tiene ningún encuentro en juego en esta ronda.
knockout-advance-own = Juegas ese encuentro, así que no puedes decidirlo.
parse-advance-usage = Escríbelo como { CMD("tournament advance @jugador") }: quien pasa de ronda
command-tournament-advance-name = pasar-de-ronda
command-tournament-advance-about = Eliminación directa: decide el encuentro en juego a favor de un jugador (organización).
option-tournament-advance-player-name = jugador
option-tournament-advance-player-about = Quien pasa de ronda

## Casual play: rematch, open challenges, follow

# El asiento libre de un desafío abierto, donde iría el nombre de un jugador.
rating-range-between = entre { $min } y { $max }
rating-range-at-least = de { $min } o más
rating-range-at-most = de { $max } o menos
rating-range-any = cualquiera
casual-anyone = cualquiera
open-challenge-made = **{ $challenger }** publica un desafío abierto (partida { $game }): cualquiera de aquí puede aceptarlo{ $ranged ->
    [yes] {" "}si tiene en este servidor una puntuación { $range }
   *[no] {""}
}. { $size } × { $size }, { $pile } piedras por jugador, regla { $rule ->
    [immediate] inmediata
   *[delayed] diferida
}; { $challenger } jugaría con { $colour ->
    [black] **negras** y empezaría
   *[white] **blancas**
}. Reloj: { $clock }. { $rated ->
    [yes] Puntuable
   *[no] No puntuable
}. { $platform ->
    [matrix] Acéptalo con ✅ o { CMD("accept") }
   *[other] Acéptalo
}; juega el primero que lo acepte. Caduca { $expires }.
open-challenge-range-named = El rango de puntuación es solo para desafíos abiertos: no pongas rival (o escribe `anyone`) para publicar uno.
open-challenge-range-backwards = El rango de puntuación { $range } está al revés: escribe primero la puntuación más baja, como `rating:1400-1700`.
open-challenge-taken = Demasiado tarde: **{ $player }** aceptó antes ese desafío abierto (partida { $game }).
open-challenge-yours = Es tu propio desafío abierto: tiene que aceptarlo otra persona. Puedes retirarlo.
open-challenge-outside-range = Este desafío abierto es para jugadores con una puntuación { $range } en este servidor; la tuya aquí es { $rating }.
open-challenge-no-decline = Este desafío abierto es para cualquiera: no hay nada que rechazar, basta con dejarlo. Solo quien lo hizo puede retirarlo.
rematch-asked = Revancha de la partida { $game }, con los colores cambiados:
rematch-no-game = Aquí no hay ninguna partida terminada para pedir la revancha. Indica una: { CMD("rematch #N") }.
rematch-not-finished = La partida { $game } aún no ha terminado: la revancha se pide cuando acaba.
rematch-not-yours = No jugaste la partida { $game }: solo sus jugadores pueden pedir la revancha.
rematch-playing = La revancha de esa partida ya se está jugando: partida { $game }.
rematch-asked-already = Ya pediste esta revancha (partida { $game }): tu rival puede aceptarla y tú puedes retirarla.
rematch-accepts-theirs = **{ $player }** también pidió la revancha de la partida { $old }, así que su petición acepta la revancha ya pedida (partida { $game }).
rematch-tournament = La partida { $game } era de un torneo: el torneo empareja a sus jugadores. Desafía a tu rival a una partida aparte.
follow-yourself = No puedes seguirte a ti mismo: { CMD("games") } muestra tus partidas.
follow-no-game = No hay ninguna partida { $game }.
follow-other-server = La partida { $game } no se juega en este servidor: sigue una partida desde el servidor donde se juega.
follow-game-over = La partida { $game } ya terminó: no queda nada que seguir. { CMD("history") } y { CMD("replay") } muestran cómo fue.
follow-own-game = Juegas la partida { $game }: ya ves sus jugadas.
follow-cap = Ya sigues { $cap } partidas y jugadores, el máximo. Deja de seguir alguno con { CMD("unfollow") } primero.
follow-already = Ya sigues { $what }.
follow-game-done = Ahora sigues { $what }: te enviaré por mensaje directo cada jugada y el resultado. Para dejarlo, { CMD("unfollow") }.
follow-player-done = Ahora sigues { $what }: te enviaré un mensaje directo cuando empiece una partida suya nueva en este servidor. Para dejarlo, { CMD("unfollow") }.
unfollow-which = Di qué quieres dejar de seguir: { CMD("unfollow #N") } para una partida, { CMD("unfollow @jugador") } para un jugador. { CMD("follow") } muestra lo que sigues.
unfollow-done = Ya no sigues { $what }.
unfollow-not-following = No sigues { $what }.
follow-list-empty = No sigues ninguna partida ni a ningún jugador. { CMD("follow #N") } sigue una partida; { CMD("follow @jugador") }, a un jugador.
follow-list = Sigues { $count } de { $cap } como máximo:
follow-what-game = la partida { $game }
follow-what-player = a { $player }
follow-list-game = la partida { $game }
follow-list-player = { $player }
follow-move-notice = Partida { $game }: **{ $player }** jugó { $move }.
follow-ended-notice = La partida { $game } ha terminado.
follow-takeback-notice = Partida { $game }: { $count ->
    [one] se deshizo la última jugada
   *[other] se deshicieron las últimas { $count } jugadas
}.
follow-started-notice = **{ $player }** empezó una partida nueva: la partida { $game }, { $black } (negras) contra { $white } (blancas). Síguela con { CMD($follow) }.
command-rematch-name = revancha
command-rematch-about = Pide otra partida al rival de una partida terminada: colores cambiados, mismas opciones.
command-follow-name = seguir
command-follow-about = Recibe por mensaje directo las jugadas de una partida o las partidas nuevas de un jugador.
command-unfollow-name = dejar-de-seguir
command-unfollow-about = Deja de seguir una partida o a un jugador.
command-akron-watch-about = Sigue partidas y jugadores por mensaje directo.
group-watch = Seguir
button-rematch = Revancha
option-challenge-rating-name = puntuación
option-challenge-rating-about = Un desafío abierto solo para jugadores con una puntuación en un rango, como 1400-1700
option-rematch-game-name = partida
option-rematch-game-about = La partida terminada de la revancha, por su número (por defecto: la última de este canal)
option-follow-game-name = partida
option-follow-game-about = La partida que quieres seguir, por su número
option-follow-player-name = jugador
option-follow-player-about = El jugador cuyas partidas nuevas quieres seguir
option-unfollow-game-name = partida
option-unfollow-game-about = La partida que quieres dejar de seguir, por su número
option-unfollow-player-name = jugador
option-unfollow-player-about = El jugador al que quieres dejar de seguir
parse-rating-range = El rango de puntuación debe ser como 1400-1700, 1400- o -1700, no '{ $value }'
parse-follow-who = { CMD("follow") } recibe una partida (#N) o un jugador (@jugador), no '{ $word }'

## Learn from your mistakes

mine-offer = **Tu problema { $id }**, de la partida { $game }, jugada { $number }: ahí jugaste { $played }, un error grave.{ $solved ->
    [yes] {" "}(Resuelto.)
   *[no] {""}
}
    {"**"}Juegan las { colour }: { $kind ->
        [forced] ganan por fuerza en { moves-count }**. Comprobado por el solucionador.
       *[best] busca la mejor jugada**. Aquí no hay victoria forzada comprobada; vale una jugada a menos de 10 puntos de la mejor jugada del análisis.
    }
    Responde con { CMD("puzzle mine ", $id, " JUGADA") }.
    `{ $code }`
mine-counts = Has resuelto { $solved } de tus { $total ->
    [one] { $total } problema
   *[other] { $total } problemas
}. { CMD("puzzle mine") } te ofrece el siguiente sin resolver.
mine-all-solved = Has resuelto { $count ->
    [one] tu único problema
   *[other] tus { $count } problemas
}. Saldrán nuevos de tus errores graves en las partidas que analices ({ CMD("analyze #N") } sobre una partida terminada).
mine-no-blunders = En { $games ->
    [one] tu partida analizada
   *[other] tus { $games } partidas analizadas
} no hay ningún error grave tuyo, así que no hay problema que sacar. { CMD("analyze #N") } analiza otra partida terminada.
mine-nothing-analysed = Todavía no hay ninguna partida terminada tuya analizada. { CMD("analyze #N") } analiza una; tus errores graves en ella se convierten aquí en problemas solo para ti.
mine-none = No tienes el problema { $id }. { CMD("puzzle mine") } te ofrece el siguiente.
mine-give-answer = Di tu jugada, por ejemplo { CMD("puzzle mine ", $id, " F6") }.
mine-one-move = El problema { $id } pide una sola jugada, la mejor: escribe solo esa, por ejemplo { CMD("puzzle mine ", $id, " F6") }.
mine-correct = Correcto: **{ $move }** { $kind ->
    [forced] gana por fuerza.
   *[best] es tan buena como la mejor jugada del análisis.
} { $again ->
    [yes] (Ya habías resuelto el problema { $id }.)
   *[no] Problema { $id } resuelto.
} { CMD("puzzle mine") } te ofrece el siguiente.
mine-played = { $move } es la jugada que hiciste en la partida, el error grave. Busca otra (problema { $id }).
mine-no-win = No del todo: { $move } no gana por fuerza en { moves-count } aquí. Vuelve a mirar (problema { $id }).
mine-worse = No del todo: tras { $move } tu probabilidad de ganar es de un { $mine } %, y la mejor jugada mantiene un { $best } % (vale una respuesta a menos de { $within } puntos). Vuelve a mirar (problema { $id }).
command-puzzle-mine-name = míos
command-puzzle-mine-about = Tus propios problemas, sacados de tus errores graves en partidas analizadas; solo tú los ves.
option-puzzle-mine-puzzle-name = problema
option-puzzle-mine-puzzle-about = El número de tu problema (por defecto: el siguiente sin resolver)
option-puzzle-mine-moves-name = jugadas
option-puzzle-mine-moves-about = Tu respuesta: una jugada, o una línea ganadora
option-tournament-create-analysis-name = análisis
option-tournament-create-analysis-about = Analizar cada partida terminada y publicar el resultado en su hilo (por defecto: no)
command-tournament-analysis-name = análisis
command-tournament-analysis-about = Activa o desactiva el análisis de cada partida terminada (la organización).
option-tournament-analysis-state-name = estado
option-tournament-analysis-state-about = Activado: analizar cada partida que termine y las ya terminadas; desactivado: dejar de hacerlo
## Double elimination

double-format = doble eliminación (un cuadro de ganadores y uno de perdedores: queda fuera quien pierde un segundo encuentro), { $best_of ->
    [1] una partida por encuentro
   *[other] al mejor de { $best_of } partidas por encuentro
}, un encuentro igualado lo decide { $tie ->
    [higher-seed] el mejor cabeza de serie
   *[extra-game] una partida extra (la salida, por sorteo; si también es tablas, el mejor cabeza de serie)
}, cabezas de serie { $seeding ->
    [random] por sorteo
   *[rating] por puntuación
}, { $reset ->
    [yes] con una segunda final si el ganador del cuadro de perdedores gana la gran final
   *[no] sin segunda final
}
double-reset-only = reset es una opción de la doble eliminación (format:double).
double-round-title = **{ $tournament }**, ronda { $round } ({ $best_of ->
    [1] a una partida
   *[other] al mejor de { $best_of }
}):
double-part = { $part ->
    [winners] { $left ->
        [1] Cuadro de ganadores, final
        [2] Cuadro de ganadores, semifinales
       *[other] Cuadro de ganadores, ronda { $round }
    }
    [losers] { $left ->
        [1] Cuadro de perdedores, final
       *[other] Cuadro de perdedores, ronda { $round }
    }
    [reset] Segunda gran final (reinicio del cuadro)
   *[grand-final] Gran final
}
double-part-heading = { $part }:
double-match-won = **{ $tournament }**, ronda { $round }, encuentro { $board } ({ $part }): { $by ->
    [withdrew] { $loser } se ha retirado; { $winner } gana el encuentro ({ $won }–{ $lost })
    [disqualified] descalificación de { $loser }; { $winner } gana el encuentro ({ $won }–{ $lost })
    [adjudicated] { $winner } gana el encuentro por decisión de la organización (iba { $won }–{ $lost })
   *[other] { $winner } vence a { $loser } { $won }–{ $lost }{ $by ->
        [walkover] {" "}(sin jugar)
        [extra-game] {" "}tras la partida extra
        [higher-seed] : igualado, pasa { $winner } como mejor cabeza de serie
        [winners-side] : igualado, pasa { $winner } como ganador del cuadro de ganadores
       *[games] {""}
    }
}{ $fate ->
    [champion] {" "}y gana el torneo.
    [reset] . Ahora los dos han perdido un encuentro: decide la segunda gran final.
    [drops] ; { $loser } baja al cuadro de perdedores.
   *[out] ; { $loser } queda fuera del torneo.
}
option-tournament-create-reset-name = reinicio
option-tournament-create-reset-about = Doble eliminación: segunda gran final si gana la primera el cuadro de perdedores (por defecto sí)
choice-double = doble eliminación
web-format-double-elimination = Doble eliminación
double-picture-subtitle = doble eliminación, al mejor de { $best_of }{ $reset ->
    [yes] , con segunda final
   *[no] {""}
}
double-picture-part = { $part ->
    [winners] { $left ->
        [1] Final de ganadores
       *[other] Ganadores, ronda { $round }
    }
    [losers] { $left ->
        [1] Final de perdedores
       *[other] Perdedores, ronda { $round }
    }
    [reset] Segunda gran final
   *[grand-final] Gran final
}
web-bracket-winners = Cuadro de ganadores
web-bracket-losers = Cuadro de perdedores
web-bracket-finals = Gran final
## Check-in and deadlines
parse-check-in = La confirmación (check-in) debe durar de 10 minutos a 24 horas, como 30m, 2h o 1h30m, no '{ $value }'
option-tournament-create-check-in-name = check-in
option-tournament-create-check-in-about = Un check-in antes del inicio, como 30m (de 10m a 24h): start lo abre
command-tournament-check-in-name = check-in
command-tournament-check-in-about = Abre el check-in: los inscritos confirman y el resto queda fuera al empezar (organizadores).
command-tournament-confirm-name = confirm
command-tournament-confirm-about = Confirma tu plaza mientras el check-in del torneo está abierto.
button-tournament-confirm = Confirmar
checkin-opened = La confirmación (check-in) de **{ $tournament }** está abierta durante { $window }: { $count ->
    [one] el inscrito debe confirmar
   *[other] los { $count } inscritos deben confirmar
} con el botón Confirmar o con { CMD("tournament confirm") }. Al cerrarse empieza el torneo, y quien no haya confirmado queda fuera.
checkin-already-open = La confirmación (check-in) ya está abierta; { CMD("tournament start") } la cierra y empieza el torneo.
checkin-not-open = La confirmación (check-in) de **{ $tournament }** no está abierta: todavía no hay nada que confirmar.
checkin-started = **{ $tournament }** ya ha empezado: la confirmación (check-in) ha terminado.
checkin-already = Ya has confirmado tu plaza.
checkin-confirmed = { $player } confirma su plaza en **{ $tournament }** ({ $count } de { $total }).
checkin-too-few = Solo { $count ->
    [one] un inscrito ha
   *[other] { $count } inscritos han
} confirmado en **{ $tournament }**; un torneo necesita dos. Espera a más, o { CMD("tournament cancel") }.
checkin-dropped = { $count ->
    [one] Fuera por no confirmar
   *[other] Fuera por no confirmar ({ $count })
}: { $names }.
checkin-dropped-you = La confirmación (check-in) de **{ $tournament }** se cerró sin tu confirmación, así que ya no figuras entre los inscritos.
checkin-closed-started = La confirmación (check-in) de **{ $tournament }** se ha cerrado: empieza con los { $players } jugadores que confirmaron.
checkin-closed-cancelled = La confirmación (check-in) de **{ $tournament }** se ha cerrado { $count ->
    [0] sin que nadie confirmara
    [one] con un solo jugador confirmado
   *[other] con solo { $count } jugadores confirmados
}: no hay jugadores suficientes para empezar, así que el torneo se cancela.
knockout-picture-left = { $how ->
    [disqualified] (desc.)
   *[withdrew] (ret.)
}
knockout-picture-legend = ret.: retirada, desc.: descalificación
knockout-placed-left = { $player } ({ $seed }, { $how ->
    [disqualified] descalificación
   *[withdrew] se retiró
})
tournament-disqualified-name = { $name } (descalificación)
web-disqualified = descalificación
parse-round-deadline = El plazo debe ser de 1 hora a 60 días, como 3d, 36h o 1d12h, no '{ $value }'
deadline-knockout-only = deadline es una opción solo de las eliminatorias (format:single o format:double): al vencer, los encuentros sin decidir de la ronda se deciden.
option-tournament-create-deadline-name = deadline
option-tournament-create-deadline-about = Eliminatoria: plazo por ronda, como 3d; luego pasa quien va delante o el mejor cabeza de serie
knockout-deadline-decided = **{ $tournament }**, ronda { $round }, encuentro { $board }: decidido al vencer el plazo de la ronda: { $how ->
    [ahead] { $winner } pasa de ronda, por delante { $won }–{ $lost }
    [level-winners-side] igualado { $won }–{ $lost }, { $winner } pasa como ganador del cuadro de ganadores (tras el plazo no se juega partida extra)
   *[level] igualado { $won }–{ $lost }, { $winner } pasa de ronda como mejor cabeza de serie (tras el plazo no se juega partida extra)
}{ $fate ->
    [champion] ; { $winner } gana el torneo
    [reset] . Ahora los dos han perdido un encuentro: decide la segunda gran final
    [drops] ; { $loser } baja al cuadro de perdedores
   *[out] ; { $loser } queda eliminado
}{ $ended ->
    [yes] . La partida en juego del encuentro termina, adjudicada por el plazo.
   *[no] .
}
knockout-match-line-deadline = { $board }. ({ $high_seed }) { $high } { $high_score }–{ $low_score } ({ $low_seed }) { $low } · { $level ->
    [yes] igualado al vencer el plazo: pasa { $winner } como { $better ->
        [winners] ganador del cuadro de ganadores
       *[seed] mejor cabeza de serie
    }
   *[no] pasa { $winner }, por delante al vencer el plazo
}
