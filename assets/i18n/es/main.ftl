# Las palabras de Tablero en español: el menú y la página de ajustes.

## El menú

menu-subtitle = Juegos de mesa de tres tareas de curso
menu-hint = Elige un juego a la izquierda; aquí, los jugadores y el tablero.
menu-black-first = Negras (empiezan)
menu-white = Blancas
menu-player-l = Jugador L (A–F)
menu-player-n = Jugador N (1–6)
menu-player-g = Jugador G (G–L)
menu-player-m = Jugador M (M–R)
menu-player-a-first = Jugador A (empieza)
menu-player-b = Jugador B
menu-player-c = Jugador C
menu-player-d = Jugador D
menu-human = Persona
menu-ai = IA
menu-guest = Invitado
menu-off = No juega
menu-penguins-each = Pingüinos por jugador
menu-rows-columns = Filas × columnas
menu-seed = Semilla (escribe dígitos)
menu-new-seed = Nueva semilla
menu-ai-level = Nivel de la IA
menu-level-easy = Fácil
menu-level-medium = Medio
menu-level-hard = Difícil
menu-ai-time = Tiempo de la IA por jugada
menu-board = Tablero
menu-start = Empezar (Intro)
menu-host = Abrir partida (Intro)
menu-edit-boards = Editar tableros
menu-join = Unirse a una partida
menu-puzzles = Problemas
game-magnetic-cave = Cueva magnética
game-patolli = Patolli
game-penguins = Pingüinos
card-magnetic-cave = Cinco en línea, entre dos paredes magnéticas.
card-patolli = La carrera azteca alrededor de una cruz, con un dado.
card-penguins = Deslízate por el hielo y come más peces que nadie.

## La página de ajustes

settings-button = Ajustes (F2)
settings-title = Ajustes
settings-close = Cerrar (F2)
settings-language = Idioma
settings-language-about = Las palabras de los menús y las páginas; el tablero conserva su notación.
settings-colours = Colores
settings-colours-standard = Normales
settings-colours-high-contrast = Alto contraste
settings-colours-about = Ambos distinguen jugadores, casillas y marcas con cualquier visión del color; el alto contraste dibuja sobre negro, con texto a 7:1 o más.
settings-text-size = Tamaño del texto
settings-text-size-percent = { $percent } %
settings-text-size-about = Paneles, páginas y botones; lo que ya no cabe se desplaza (con la rueda del ratón o con Tab).
settings-screen-reader = Lector de pantalla
settings-screen-reader-all = Todo
settings-screen-reader-moves = Solo jugadas
settings-screen-reader-off = Nada
settings-screen-reader-about = Qué anuncia: todo (jugadas, tiradas, rechazos, resultados, a quién le toca, la línea de la pista), solo las jugadas y los resultados, o nada.
settings-animation = Animación
settings-animation-normal = Normal
settings-animation-fast = Rápida
settings-animation-off = Ninguna
settings-animation-about = Rápida: deslizamientos, dados y jugadas de la IA en un tercio del tiempo. Ninguna: cada pieza en su sitio al instante y la jugada de la IA en cuanto se decide.

## El título de la ventana

title-match = Tablero — { $game } — { $state }
title-to-move = Turno de { $player }
title-thinking = { $player } piensa
title-replay = Repetición
title-rolling = Tirando

## El panel de cada partida

match-player = Jugador { $letter }
match-hint = Pista (H)
match-rules = Reglas (F1)
match-undo = Deshacer (U)
match-new-game = Nueva partida (N)
match-menu = Menú
match-nothing-played = Aún no se ha jugado nada.
match-took-back = { $count ->
        [one] Se deshizo 1 acción
       *[other] Se deshicieron { $count } acciones
    }
match-turn-lost = { $player } perdió el turno
match-refused = No vale: { $reason }
match-layout-error = Error en el tablero; se mantiene el último bueno:
    { $error }
match-rules-offer = ¿Primera vez con { $game }? F1 abre las reglas.
match-replay-to-move = Repetición: turno de { $player }
match-replay-steps = Avanza con ◀ ▶; C sigue jugando desde aquí.
match-ai-thinking = { $player } (IA) está pensando…
match-ai-to-move = Mueve { $player } (IA)
match-budget-left = le quedan { $seconds } s de su tiempo
match-ai-line = IA: { $level ->
        [easy] fácil
        [medium] media
       *[hard] difícil
    }, hasta { $seconds } s por jugada
match-new-game-or-menu = Nueva partida (N) o Menú (Esc).
match-play-again-or-menu = Juega otra vez (N) o vuelve al menú (Esc).
seat-human = persona
seat-ai = IA
list-one = { $item }
list-and = { $rest } y { $last }

## Por qué no se acepta una petición

refusal-not-your-turn-ai = no es tu turno: a { $player } lo juega la IA
refusal-not-your-turn-human = no es tu turno: a { $player } lo juega una persona
refusal-nothing-to-undo = no hay nada que deshacer
refusal-replaying = esto es una repetición: pulsa C (Continuar) para jugar desde aquí
refusal-game-over = la partida ha terminado

## Lo que oye un lector de pantalla

spoken-new-match = Nueva partida de { $game }
spoken-rolled = { $player } sacó { $roll }
spoken-turn-lost = { $player } sacó 0 y pierde el turno
spoken-cave-places = { $player } pone en { $cell }

## El panel de la Cueva magnética

cave-black = Negras
cave-white = Blancas
cave-wins = Ganan { $player }
cave-tie = Empate
cave-wins-line = Ganan { $player }: { $from }-{ $to }
cave-tie-full = Empate: la cueva está llena.
cave-play-again = Juega otra vez (N) o vuelve al menú.
cave-click-cell = Haz clic en una casilla resaltada.
cave-size-line = Cueva de { $width }x{ $height }, gana quien haga { $length } en línea
cave-seat-line = { $player }: { $seat }
cave-no-moves = Aún no hay jugadas.
cave-moves = Jugadas (negras, blancas):
cave-refused-cell = { $cell }: { $reason }
cave-illegal-off-board = { $cell } está fuera de la cueva de { $width }x{ $height }
cave-illegal-occupied = { $cell } ya tiene un ladrillo
cave-illegal-not-stacked = { $cell } no está apoyada: un ladrillo debe tocar una pared o quedar justo a la izquierda o a la derecha de otro
cave-illegal-no-dice = La Cueva magnética no usa dados

## El panel de Pingüinos

penguins-wins = Gana el jugador { $player }
penguins-tie = Empate entre { $players }
penguins-log-placed = { $player } puso un pingüino en { $floe }: 1 pez
penguins-log-slid = { $player } se deslizó { $from } → { $to }: { $fish ->
        [one] 1 pez
       *[other] { $fish } peces
    }
penguins-log-skipped = { $player } no puede moverse y pasa
penguins-skipped = El jugador { $player } no puede moverse y pasa.
penguins-player-line = { $player } { $seat }: { $fish ->
        [one] 1 pez
       *[other] { $fish } peces
    }, { $placed }/{ $penguins } colocados
penguins-board-seed = { $grid ->
        [hex] Tablero hexagonal
       *[square] Tablero
    } de { $cols }x{ $rows }, semilla { $seed }
penguins-board-fixed = { $grid ->
        [hex] Tablero hexagonal
       *[square] Tablero
    } fijo de { $cols }x{ $rows }
penguins-over-wins = ¡Gana el jugador { $player }!
penguins-over-tie = ¡Empate entre { $players }!
penguins-ranking = { $place }. { $player }: { $fish ->
        [one] 1 pez
       *[other] { $fish } peces
    }
penguins-place = { $player }: coloca un pingüino.
penguins-place-how = Haz clic en un témpano enmarcado con un pez.
penguins-chosen = { $player }: has elegido el pingüino de { $floe }.
penguins-chosen-how = Haz clic en un témpano enmarcado para deslizarte allí (Esc: elegir otro).
penguins-move = { $player }: mueve un pingüino.
penguins-move-how = Haz clic en uno de tus pingüinos con anillo.
penguins-illegal-placement-phase = estamos en la fase de colocar
penguins-illegal-movement-phase = estamos en la fase de mover
penguins-illegal-no-dice = Pingüinos no usa dados
penguins-illegal-off-board = { $floe } está fuera del tablero
penguins-illegal-not-placeable = los pingüinos se colocan en un témpano libre con un solo pez; { $floe } no lo es
penguins-illegal-no-penguin = no tienes ningún pingüino en { $floe }
penguins-illegal-not-reachable-square = el pingüino de { $from } no puede llegar a { $to }: se mueve en línea recta arriba, abajo, a la izquierda o a la derecha por témpanos libres
penguins-illegal-not-reachable-hex = el pingüino de { $from } no puede llegar a { $to }: se mueve en línea recta por una de las seis líneas que cruzan los lados del témpano, por témpanos libres

## El panel de Patolli

patolli-wins = Gana el jugador { $player }
patolli-pass = Pasar (P)
patolli-legend-middle = centro: aquí se captura
patolli-legend-arm-end = fin de brazo: acabar aquí da otra tirada
patolli-legend-start = { $player } sale de la casilla teñida y llega a ★
patolli-die = un dado de 0 a 5
patolli-beans = { $beans } frijoles
patolli-overshoot-continue = al pasarse del final: sigue dando la vuelta
patolli-overshoot-forbidden = al pasarse del final: no se permite
patolli-overshoot-back = al pasarse del final: vuelve a la salida
patolli-board-line = { $squares } casillas, { $dice }
patolli-seed = semilla { $seed }
patolli-seed-ai = semilla { $seed }, IA { $level ->
        [easy] fácil
        [medium] media
       *[hard] difícil
    }, { $seconds } s por decisión
patolli-over = Gana el jugador { $player }, { $scores }.
patolli-replay = Repetición: juega el jugador { $player }.
patolli-replay-roll = Repetición: el jugador { $player } juega una tirada de { $roll }.
patolli-rolls = El jugador { $player } tira…
patolli-rolled = El jugador { $player } sacó { $roll }.
patolli-ai-thinking = El jugador { $player } (IA) sacó { $roll } y está pensando…
patolli-ai-rolled = El jugador { $player } (IA) sacó { $roll }
patolli-only-pass = El jugador { $player } sacó { $roll }: ninguna pieza puede moverse ni entrar.
patolli-only-pass-how = Solo puedes pasar: pulsa P o haz clic en Pasar.
patolli-chosen-lands = Jugador { $player }, tirada { $roll }: la pieza { $piece } cae en la casilla { $square }.
patolli-chosen-scores = Jugador { $player }, tirada { $roll }: la pieza { $piece } llega a casa.
patolli-chosen-stuck = Jugador { $player }, tirada { $roll }: la pieza { $piece } no puede moverse.
patolli-chosen-how = Haz clic otra vez en ella o en su destino, o pulsa Enter para mover; Esc para elegir otra.
patolli-opening = Jugador { $player }, tirada { $roll }: tu primer turno pone una pieza.
patolli-opening-how = Haz clic en tu reserva.
patolli-to-play = El jugador { $player } juega una tirada de { $roll }.
patolli-to-play-how = Haz clic en una pieza con anillo para ver dónde cae; en tu reserva para poner una; P pasa.
patolli-log-turn-lost = { $player } sacó 0: pierde el turno
patolli-log-passed = { $player } pasa.
patolli-log-placed = { $player } pone { $piece } en la casilla { $square }.
patolli-log-moved = { $player } mueve { $piece } de { $from } a { $to }{ $captured ->
        [none] {""}
       *[other] , y captura { $captured } (vuelve a su reserva)
    }.{ $extra ->
        [yes] {" "}Fin de brazo: otra tirada.
       *[no] {""}
    }
patolli-log-scored = { $player } lleva { $piece } de { $from } a casa y anota{ $captured ->
        [none] {""}
       *[other] , y captura { $captured } (vuelve a su reserva)
    }.{ $extra ->
        [yes] {" "}Fin de brazo: otra tirada.
       *[no] {""}
    }
patolli-log-overshot = { $player } pasa { $piece } de su final: vuelve a la reserva{ $captured ->
        [none] {""}
       *[other] , y captura { $captured } (vuelve a su reserva)
    }.{ $extra ->
        [yes] {" "}Fin de brazo: otra tirada.
       *[no] {""}
    }
patolli-illegal-must-roll = primero tira
patolli-illegal-already-rolled = ya sacaste { $roll }: mueve, pon una pieza o pasa
patolli-illegal-bad-roll = { $roll } no es una tirada de este dado
patolli-illegal-not-yours = la pieza { $piece } no es tuya
patolli-illegal-opening = tu primer turno debe poner una pieza en tu casilla de salida
patolli-illegal-not-on-board = la pieza { $piece } no está en el tablero
patolli-illegal-not-in-pool = la pieza { $piece } no está en tu reserva
patolli-illegal-start-occupied = tu casilla de salida { $square } está ocupada
patolli-illegal-own-piece = la pieza { $piece } caería sobre tu propia pieza { $blocker } en la casilla { $square }
patolli-illegal-occupied = en la casilla { $square } está { $blocker }; solo se captura en las casillas del centro
patolli-illegal-end-occupied = tu casilla final { $square } la ocupa una pieza rival: no puedes anotar ahí
patolli-illegal-overshoot = la pieza { $piece } necesita exactamente { $needed } para anotar; con { $roll } se pasaría del final

## Avisos

patolli-not-your-pool = Esa es la reserva del jugador { $owner }; juega el jugador { $player }.
patolli-pool-empty = Tu reserva está vacía.
penguins-choose-first = Primero haz clic en uno de tus pingüinos y luego en un témpano verde.
penguins-not-your-penguin = Ese pingüino es del jugador { $owner }; mueve el jugador { $player }.
penguins-stuck = El pingüino de { $floe } está atrapado: no tiene ningún témpano libre al lado.

## Las comprobaciones del editor de tableros

editor-no-game-yet = Este tablero aún no da una partida:
editor-problem = • { $problem }
editor-more-problems = … y { $more } más

## Lo que impide que un tablero dé una partida

fault-cave-width = width (el ancho) debe estar entre 1 y { $max }, no { $value }
fault-cave-height = height (el alto) debe estar entre 1 y { $max }, no { $value }
fault-cave-no-line = en una cueva de 1x1 no cabe ninguna línea: haz el ancho o el alto de 2 como mínimo
fault-cave-win-length = win_length debe estar entre 2 y { $max } (el lado mayor de la cueva), no { $value }
fault-cave-unreachable = win_length { $value } es inalcanzable: una cueva de { $cells } casillas da a cada jugador { $bricks } ladrillos como mucho
fault-dice-no-beans = Beans(0) siempre saca 0: se perderían todos los turnos y ninguna pieza se movería nunca
fault-dice-too-many = Beans({ $beans }) tiene demasiados frijoles: de 1 a { $max }
fault-track-too-short = el recorrido tiene { $squares } casillas; un recorrido cerrado necesita al menos 4
fault-track-repeated = la casilla { $later } del recorrido repite la celda { $cell } de la casilla { $earlier }
fault-track-not-adjacent = las casillas { $from } { $a } y { $to } { $b } del recorrido no se tocan en horizontal ni en vertical
fault-track-off-grid = la casilla { $index } del recorrido, en { $cell }, está fuera de la cuadrícula: filas y columnas van de 0 a { $max }
fault-track-off-track = { $field } nombra la casilla { $index }, pero el recorrido tiene las casillas 0 a { $last }
fault-track-start-is-end = la salida y la llegada del jugador { $player } deben ser casillas distintas
fault-track-end-on-start = la llegada { $square } del jugador { $player } es la salida del jugador { $other }, donde sus piezas podrían quedarse para siempre: { $player } nunca podría anotar
fault-track-shared-start = los jugadores { $player } y { $other } salen los dos de la casilla { $square }
fault-track-players = un tablero admite de 2 a 4 jugadores (L, N, G, M), no { $players }
fault-side = { $field } debe ir de { $min } a { $max }, no { $side }
fault-water = water (el agua) es una proporción de 0 a { $max }, no { $water }
fault-fish-weights-overflow = los pesos de los peces suman demasiado
fault-no-fish-weight = al menos un peso de peces debe ser mayor que 0
fault-board-size = un tablero fijo tiene de { $min } a { $max } filas de { $min } a { $max } casillas; este tiene { $rows } filas de { $cols }
fault-row-length = la fila { $row } tiene { $fields } casillas; la fila 0 tiene { $cols }
fault-fish = fila { $row }, casilla { $col }: `{ $found }` no es de 0 a 3 peces
fault-too-few-ones = el tablero solo tiene { $ones } témpano de un pez; la partida más pequeña (2 jugadores, 1 pingüino cada uno) necesita 2
fault-no-one-fish-floe = el tablero no tiene ningún témpano de un pez donde colocar un pingüino
fault-too-few-fields = un tablero de { $cols }x{ $rows } tiene { $capacity } casillas, muy pocas para { $penguins } pingüinos
fault-too-few-floes = el tablero tiene { $capacity } témpanos de un pez, muy pocos para { $penguins } pingüinos (cada pingüino se coloca en su propio témpano de un pez)
fault-fourth-without-third = el jugador M está en un tablero para cuatro: pon también al jugador G
fault-first-not-seated = first_player { $player } no juega en este tablero (sus jugadores: { $seated })
fault-track-fillable = el recorrido tiene { $squares } casillas y sus { $players } jugadores tienen { $pieces } piezas: hacen falta más casillas que piezas, o las piezas pueden llenarlo y nadie podría moverse

## La barra de partidas y la de análisis

record-save = Guardar (S)
record-first = |◀
record-back = ◀
record-forward = ▶
record-last = ▶|
record-play = Reproducir
record-continue = Seguir (C)
record-saved = Partida guardada en { $file }
record-not-saved = No se puede guardar la partida en { $file }: { $error }
record-not-written = La partida ya no se escribe en { $file }: { $error }
record-cannot-keep = Guardar (S) no puede guardar partidas: { $error }
record-replay = Repetición: { $shown }/{ $total }{ $last }
record-replay-playing = Repetición en marcha: { $shown }/{ $total }{ $last }
record-shown-action = : { $action }
record-shown-roll = : sacó { $roll }
record-shown-start = : el comienzo
analysis-analyse = Analizar (A)
analysis-offer = A analiza la partida: la probabilidad de ganar de cada decisión.
analysis-running = Analizando: { $done } de { $total } decisiones, { $seconds } s cada una. A para.
analysis-stopped = El análisis se detuvo.
analysis-decision = Jugada { $move }: { $player } { $decision } — { $verdict ->
        [blunder] error grave
        [mistake] error
        [inaccuracy] imprecisión
       *[fine] bien
    }.{ $better ->
        [none] {""}
       *[other] {"\u000A"}Mejor: { $better }.
    }
analysis-counts = { $blunders } errores graves · { $mistakes } errores · { $inaccuracies } imprecisiones. Cada barra: la probabilidad de ganar de quien decidió; haz clic para ir allí.

## Pistas y demostraciones

hint-analysis-line = { $line }
hint-searching = Pista: el motor está buscando…
hint-shown = Pista: { $action } — { $why }
hint-none = Sin pista: { $why }
hint-none-replay = primero sigue jugando desde la repetición (C)
hint-none-over = la partida ha terminado
hint-none-network = no hay pistas en una partida en red
hint-none-not-human = las pistas son para el turno de una persona
hint-none-nothing = el motor no encontró nada que hacer
hint-cave-completes = completa tu línea: ganas
hint-cave-you-win = ganas con { $bricks } ladrillos más, juegue lo que juegue { $other }
hint-cave-holds-out = { $other } puede forzar una línea con { $bricks } ladrillos más; así resistes más tiempo
hint-cave-tie = empate con el mejor juego desde aquí
hint-cave-only-brick = el único ladrillo que no pierde enseguida
hint-cave-choice = la elección del motor, mirando { $depth } ladrillos por delante
hint-patolli-captures = captura { $piece } y la devuelve a su reserva
hint-patolli-scores = { $piece } llega a casa
hint-patolli-arm-end = termina en un fin de brazo: vuelves a tirar
hint-patolli-enters = entra una pieza nueva en el recorrido
hint-patolli-choice = la elección del motor para esta tirada, sopesando las que vendrán
hint-patolli-pass = nada mejor que pasar con esta tirada
hint-penguins-place = una salida con sitio para moverse, la elección del motor
hint-penguins-eats = se come { $fish ->
        [one] 1 pez
       *[other] { $fish } peces
    }; la elección del motor, mirando { $depth } jugadas por delante
hint-penguins-choice = la elección del motor
proof-tie = Demostrado por la IA: empate con el mejor juego.
proof-wins = Demostrado por la IA: ganan { $player } con { $bricks ->
        [one] su próximo ladrillo
       *[other] sus próximos { $bricks } ladrillos
    }, jueguen lo que jueguen { $other }.

## El editor de tableros

editor-1-fish = 1 pez
editor-2-fish = 2 peces
editor-3-fish = 3 peces
editor-arm-end-3 = Fin de brazo 3
editor-back-home = A la salida
editor-beans = Frijoles
editor-begin-here-b = Empieza aquí B
editor-boards = Tableros
editor-clear = Borrar
editor-columns = Columnas
editor-dice = Dados
editor-die-0-5 = Dado 0-5
editor-draw = Dibujar
editor-drawn = Sorteado
editor-end-e = Llegada (E)
editor-first = Empieza
editor-floes = Témpanos
editor-forbidden = Prohibido
editor-grid = Cuadrícula
editor-height = Alto
editor-hex = Hexágonos
editor-lap-on = Otra vuelta
editor-line = Línea
editor-middle-2 = Centro 2
editor-name = Nombre
editor-new-seed = Nueva semilla
editor-no-name = (el nombre del archivo)
editor-not-saved = { $file } (sin guardar)
editor-overshoot = Pasarse
editor-paint = Pintar
editor-painted = Pintado
editor-penguins-boards = Tablero
editor-play = Jugar
editor-players = Jugadores
editor-preview = Vista previa
editor-redo = Rehacer
editor-reverse = Invertir
editor-rows = Filas
editor-save = Guardar
editor-seed = semilla { $seed }
editor-square = Cuadrados
editor-start-s = Salida (S)
editor-title = Editor de tableros: { $game }
editor-track = Recorrido
editor-track-1 = Recorrido 1
editor-triangle-4 = Triángulo 4
editor-type = Escribir
editor-undo = Deshacer
editor-water = Agua
editor-water-0 = Agua 0
editor-width = Ancho

## Las palabras del editor

editor-built-in-copy = Un tablero de serie: Guardar escribe una copia, { $file }
editor-leave-unsaved = Aún sin guardar: Ctrl+S guarda; sal otra vez para descartar los cambios
editor-undone = Deshecho
editor-nothing-to-undo = Nada que deshacer
editor-redone = Rehecho
editor-nothing-to-redo = Nada que rehacer
editor-saved = Guardado { $file }
editor-save-refused = Sin guardar: { $reason }
editor-not-played = Guardado, pero no se juega: { $reason }
io-not-found = no está ahí
io-permission = este sistema no lo permite (sin permiso)
io-read-only = el disco es de solo lectura
io-disk-full = el disco está lleno
io-exists = ya hay algo con ese nombre
io-is-a-folder = es una carpeta
io-not-a-folder = una parte de la ruta no es una carpeta
io-system-says = { $detail }
write-no-folder = la carpeta { $folder } no existe
write-is-a-folder = { $path } es una carpeta
write-not-writable = no se puede escribir nada en { $folder }: { $reason }
editor-cannot-make-folder = no se puede crear la carpeta { $folder }: { $reason }
editor-cannot-write = no se puede escribir { $file }: { $reason }
editor-back-from-match = De vuelta de la partida en este tablero
boards-title = Editar tableros
boards-new-file = { $file } es un archivo nuevo: elige su juego
boards-from = Tableros: { $source }; un tablero de serie se guarda como copia.
boards-entry = { $name } — { $game }, { $file }
boards-entry-built-in = { $name } — { $game }, { $file } (de serie)
boards-new = Tablero nuevo:
boards-back = Volver al menú (Esc)
canvas-painted = Un tablero pintado: todas las partidas lo juegan
canvas-preview = Una vista previa: cada partida sortea su tablero con su semilla
canvas-cave-line = Ganan { $length } ladrillos en línea
canvas-nothing = Con estos ajustes no sale ningún tablero

## Cómo llama un lector de pantalla a las partes del tablero

spoken-cave-board = Cueva magnética, { $width } por { $height }, gana quien haga { $length } en línea
spoken-cave-cell = { $cell }, { $what ->
        [black] ladrillo negro
        [white] ladrillo blanco
        [legal] vacía, puedes poner un ladrillo aquí
       *[empty] vacía
    }{ $line ->
        [yes] , en la línea ganadora
       *[no] {""}
    }
spoken-penguins-board = Pingüinos, { $cols } por { $rows } témpanos
spoken-floe = témpano { $floe }, { $fish ->
        [0] sin peces
        [1] un pez
        [2] dos peces
        [3] tres peces
       *[other] { $fish } peces
    }{ $penguin ->
        [none] { $placeable ->
            [yes] , puedes colocar un pingüino aquí
           *[no] {""}
        }
       *[other] , pingüino { $penguin }
    }
spoken-penguin = pingüino { $player } en el témpano { $floe }
spoken-square = casilla { $square }, { $piece ->
        [none] vacía
       *[other] pieza { $piece } de { $owner }
    }{ $kind ->
        [middle] , una casilla del centro
        [arm-end] , un fin de brazo
       *[plain] {""}
    }
spoken-piece = pieza { $piece } de { $owner }, { $place ->
        [pool] en la reserva
        [scored] anotada
       *[track] en la casilla { $square }{ $kind ->
            [middle] , una casilla del centro
            [arm-end] , un fin de brazo
           *[plain] {""}
        }
    }

## La página de reglas

rules-close = F1 o Esc cierra las reglas.

## Las fichas y el dado de Patolli

dice-rolled = El jugador { $player } sacó { $roll }
dice-turn-lost = El jugador { $player } sacó 0
    pierde el turno
dice-extra-roll = El jugador { $player } sacó { $roll }
    otra tirada
dice-match-over = La partida ha terminado
dice-referee-rolls = El árbitro tira
patolli-card = Jugador { $player } · { $seat }
patolli-card-compact = { $player } · { $seat }
patolli-card-pool = Reserva
patolli-card-scored = { $scored } de 6 en casa
patolli-card-home = { $scored } de 6 en casa
patolli-banner = Gana el jugador { $player } { $scores }

## Los problemas

puzzle-none = No se pudo abrir ningún problema.
puzzle-next = Siguiente problema (P)
puzzle-head = Problema { $number } de { $total } ({ $name }, dificultad { $difficulty }): { $task }
puzzle-progress = { $state }   Racha { $streak } · resueltos { $solved }{ $refused ->
        [0] {""}
       *[other] {" "}· { $refused } rechazados (mira la terminal)
    }
puzzle-task-cave = Juegan { $player } y ganan en { $bricks } ladrillos. Encuentra el primero.
puzzle-task-penguins = Juega el jugador { $player }: un deslizamiento { $ending ->
        [wins] gana por { $fish } peces
        [ties] empata
       *[loses] pierde solo por { $fish } peces
    } con el mejor juego. Encuéntralo.
puzzle-first-move = Te toca. H muestra una pista.
puzzle-solving = ¡Bien! Sigue: el motor se defiende.
puzzle-solved = ¡Resuelto! P para el siguiente problema.
puzzle-cave-wrong-first = { $brick } no gana. El ladrillo ganador era { $solution }; el motor juega la refutación.
puzzle-cave-lets-go = { $brick } deja escapar la victoria; el motor juega hasta el final.
puzzle-penguins-wrong = { $action } acaba { $margin } con el mejor juego; { $shown } acaba { $best }. El motor juega hasta el final.

## The menu's line about the board in use

menu-board-cave = cueva de { $width }x{ $height }, gana quien ponga { $line } en línea
menu-board-track = un recorrido de { $squares } casillas para { $players } jugadores
menu-board-drawn = { $grid ->
        [hex] tableros hexagonales
       *[other] tableros
    } sorteados con la semilla, { $water } % de agua
menu-board-fixed = un tablero { $grid ->
        [hex] hexagonal
       *[other] fijo
    } de { $cols }x{ $rows }
menu-board-line = { $board } · tableros: { $source }
menu-layout-error = Error en el tablero (se mantiene el último bueno): { $error }
menu-cannot-start = No se puede empezar: { $reason }
menu-cannot-host = no se puede abrir la partida: { $reason }
host-no-guest-seat = ningún asiento es de invitado: pon al menos un asiento como Invitado
host-cannot-listen = no se puede escuchar en { $address }: { $reason }
host-address-in-use = otro programa usa ese puerto
host-address-not-here = esa dirección no es de este ordenador
host-address-forbidden = este sistema no permite escuchar ahí
host-no-random = este ordenador no dio números al azar para las claves: { $detail }
host-resume-without-seeds = sus dados no salen de las semillas de los jugadores: empieza una partida nueva
host-own-join = esta ventana no pudo unirse a su propia partida: { $reason }
boards-source-variable = la carpeta que indica $TABLERO_LEVELS
boards-source-working-folder = levels/ en esta carpeta
boards-source-beside-program = levels/ junto al programa
boards-source-user-data = levels/ en tu carpeta de datos
boards-source-built-in = los de serie
boards-source-given = la carpeta del tablero
board-classic-cave = La cueva clásica
board-bigger-cave = Una cueva más grande
board-assignment-cross = La cruz del enunciado
board-cross-for-four = La cruz para cuatro
board-smaller-cross = Una cruz más pequeña
board-drawn-floes = Témpanos sorteados
board-seed-board = El tablero de la semilla
board-hex-floes = Témpanos hexagonales
setup-players = Pingüinos es para 2 a 4 jugadores, no { $players }
setup-penguins-each = de { $min } a { $max } pingüinos por jugador, no { $each }
setup-patolli-seats = este tablero sienta a { $players }; da un asiento a cada uno, no { $seats }
match-dropped-moves = La nueva cueva quitó { $count ->
        [one] la jugada inicial { $cells }: ya no cabe
       *[other] las jugadas iniciales { $cells }: ya no caben
    }

## A designer's file, and where it is wrong

layout-error-at = { $file }:{ $line }:{ $column }: { $problem }
layout-undrawable = el editor no puede dibujar este tablero: { $fault }
layout-other-game = este tablero es de { $found }, no de { $wanted }
layout-puzzle-refused = problema `{ $name }` rechazado: { $reason }
read-not-found = el archivo no existe
read-permission = no hay permiso para leer el archivo
read-failed = no se puede leer el archivo: { $detail }
read-not-a-file = no es un archivo normal
read-too-large = el archivo es demasiado grande: más de { $limit } bytes
ron-eof = el archivo termina antes de tiempo: algo quedó sin cerrar
ron-expected-token = aquí se espera `{ $token }`
ron-expected-kind = aquí se espera { $kind ->
        [boolean] true o false
        [integer] un número entero
        [float] un número
        [string] un texto entre comillas dobles
        [char] un carácter entre comillas simples
        [identifier] un nombre
        [unit] ()
       *[other] un valor
    }
ron-expected-named = aquí se espera `{ $name }(…)`
ron-struct-name = aquí se espera `{ $expected }`, no `{ $found }`
ron-integer-range = este número está fuera de rango
ron-unexpected-char = aquí no se espera `{ $char }`
ron-trailing = hay algo después del final del valor
ron-unclosed-comment = un comentario quedó sin cerrar
ron-unknown-variant = `{ $found }` no es ninguno de { $expected }
ron-unknown-field = aquí no hay ningún campo `{ $found }`; los campos son { $expected }
ron-missing-field = falta el campo `{ $field }`
ron-duplicate-field = el campo `{ $field }` aparece dos veces
ron-wrong-value = { $found } no vale aquí: se espera { $expected }
ron-wrong-length = { $found } valores donde se esperan { $expected }
ron-other = { $detail }

## A record that does not replay

match-record-does-not-replay = la partida guardada no se puede reproducir: { $reason }
record-other-game = el juego de la partida no es el de su tablero
record-budget = el tiempo es de más de 0 y como mucho 60 segundos, no { $budget }
record-roll-refused = jugada { $entry }: la tirada { $roll } no vale: { $reason }
record-before-roll = jugada { $entry }: `{ $action }` va antes de la tirada que toca
record-unreadable = la jugada { $entry } no es una jugada de este juego
record-illegal = jugada { $entry }: `{ $action }` no está permitida aquí: { $reason }
record-dice-unfair = los dados no son los que dan las semillas de los jugadores
record-roll-not-from-seeds = jugada { $entry }: la tirada { $found } no sale de las semillas de los jugadores (sale { $expected })

## Joining a match over the network

join-title = Unirse a una partida
join-explanation = Pega la invitación que te enviaron (Ctrl+V o Pegar) o escríbela. Tab pasa de un campo a otro.
join-invitation = Invitación
join-name = Tu nombre
join-paste = Pegar
join-join = Unirse (Intro)
join-back = Volver (Esc)
join-not-an-invitation = Eso no es una invitación: { $reason }.
join-connecting = Conectando con { $address }…
join-nothing-pasted = No se pegó nada: { $reason }.
join-failed = No se pudo unir: { $reason }.
join-refused = nadie abre una partida en esa dirección (o la partida ya terminó)
join-no-answer = el anfitrión no responde
join-unreachable = desde aquí no se llega a esa dirección
join-handshake-timeout = el anfitrión no terminó el saludo a tiempo
join-handshake-failed = el saludo falló: la invitación no es correcta, o respondió otra máquina
join-garbled = los mensajes del anfitrión llegaron cambiados o ilegibles
join-closed = el anfitrión cerró la conexión
join-not-welcomed = el anfitrión no nos dejó entrar: { $reason }
join-unfair-dice = los dados del anfitrión no son limpios
join-host-broke-rules = el anfitrión envió una partida que las reglas no permiten
join-no-welcome = el anfitrión respondió a nuestro saludo con algo que no es una bienvenida
join-no-random-seed = este ordenador no dio un número al azar para los dados: { $detail }
invitation-scheme = una invitación empieza por `tablero://`
invitation-role = una invitación lleva `play@` o `watch@` después de `tablero://`
invitation-parts = una invitación tiene una dirección, una clave y un secreto, separados por `/`
invitation-address = a la dirección `{ $address }` le falta el puerto (como `192.168.1.5:4077`)
invitation-key = la clave del anfitrión no son 52 letras en base 32
invitation-secret = el secreto no son cuatro grupos de cuatro letras (como `abcd-efgh-jkmn-pqrs`)
clipboard-no-text = no hay texto en el portapapeles
clipboard-busy = otro programa está usando el portapapeles
clipboard-unavailable = aquí no hay portapapeles

## The waiting room

room-hosting = Eres anfitrión: { $game }
room-watching = Mirando: { $game }
room-over-network = { $game } en red
room-invitation-play = Invitación para jugar
room-invitation-watch = Invitación para mirar
room-copy = Copiar
room-seats = Asientos
room-cancel = Cancelar (Esc)
room-nothing-to-copy = No hay ninguna invitación que copiar.
room-copied = { $role ->
        [play] La invitación para jugar
       *[other] La invitación para mirar
    } está copiada: pégasela a quien invitas.
room-not-copied = { $role ->
        [play] La invitación para jugar
       *[other] La invitación para mirar
    } no se pudo copiar ({ $reason }): léela en voz alta.
room-seat-player = Jugador { $player }: { $who }
room-seat = { $seat }: { $who }
room-waiting-for-seats = Esperando a que el anfitrión diga quién se sienta dónde…
room-every-seat-taken = Todos los asientos están ocupados: la partida empieza.
room-send-invitation = { $guests ->
        [one] Envía la invitación para jugar a tu invitado; la partida empieza cuando se una.
       *[other] Envía la invitación para jugar a tus { $guests } invitados; la partida empieza cuando todos los asientos estén ocupados.
    }
    Quien tenga la invitación para mirar puede seguir la partida.
room-starting = La partida empieza.
room-starts-when-full = La partida empieza cuando todos los asientos estén ocupados.

## The network line

net-host = el anfitrión
net-host-ai = la IA del anfitrión
net-guest-by-ai = { $name } (juega la IA del anfitrión)
net-free = un invitado (libre)
net-ai-plays-seat = La IA del anfitrión juega el asiento { $seat } mientras su invitado está ausente.
net-you = tú
net-away = { $who } (ausente)
net-asks-undo = { $who } pide deshacer jugadas: Y sí, N no
net-refused = Rechazado: { $reason }.
net-undo-declined = No se deshace ninguna jugada: { $reason }.
net-host-says = El anfitrión dice: { $reason }.
net-lost = Se perdió la conexión con el anfitrión: { $reason }.
net-match-stops = La partida se detiene: { $reason }
net-chosen-roll = la tirada { $found } no es la { $expected } de los dados: fue elegida
net-refused-entry = `{ $action }` se rechaza: { $reason }
net-refused-roll = la tirada { $roll } se rechaza: { $reason }
net-unreadable-entry = `{ $action }` no es una jugada de este juego
net-refused-no-seat = no tienes asiento: los espectadores no juegan
net-refused-not-playing = la partida no está en juego
net-refused-not-your-turn = no es tu turno
net-refused-rules = las reglas no permiten `{ $action }`
net-refused-unexpected = el anfitrión no esperaba ese mensaje ahora
net-refused-nobody-asks = nadie pide deshacer jugadas
net-refused-no-move = no tienes ninguna jugada que deshacer
net-refused-undo-waiting = ya hay una petición de deshacer jugadas esperando
net-undo-says-no = { $who } dice que no
net-undo-left = { $who } se fue
net-undo-went-on = la partida siguió
net-stop-match-over = la partida ha terminado
net-stop-host-left = el anfitrión se fue
net-stop-host-could-not-join = el anfitrión no pudo unirse a su propia partida
net-stop-cannot-start = con las semillas de los jugadores el anfitrión no puede empezar la partida
net-stop-seats-taken = todos los asientos de invitado están ocupados
net-stop-no-commitment = quien juega al Patolli se compromete con una semilla al unirse
net-stop-seed-not-hex = la semilla enviada no son 64 dígitos hexadecimales
net-stop-seed-not-committed = la semilla enviada no es la comprometida
net-stop-guest-left = te fuiste
net-stop-flood = llegaron más de { $limit } mensajes en un segundo
net-stop-garbled = un mensaje llegó cambiado, ilegible o demasiado largo
net-unknown-take-back = el anfitrión deshizo jugadas que esta ventana nunca tuvo
net-another-player = otro jugador
net-thinking = Pensando: { $who }…
net-waiting-for = Esperando a que decida { $who }…

## The puzzles' note on the menu

puzzles-none-opened = No se pudo abrir ningún problema: { $refused } rechazados (detalles en la terminal); el primero: { $first }
puzzles-none-in-levels = No se pudo abrir ningún problema: los niveles en uso no tienen ninguno.

## Arrows that point the way a line is read

glyph-previous = ◀
glyph-next = ▶

## Why a puzzle does not hold

puzzle-name-twice = name: el nombre `{ $name }` se usa dos veces
puzzle-moves-not-cells = moves: `{ $text }` no es una casilla (una letra de columna y un número de fila, como D7)
puzzle-illegal-brick = moves: el ladrillo { $number } no está permitido
puzzle-already-over = moves: la partida ya terminó
puzzle-solution-not-cell = solution: `{ $text }` no es una casilla (una letra de columna y un número de fila, como D7)
puzzle-solution-illegal = solution: las reglas no la permiten en esta posición
puzzle-wins-in-range = wins_in: { $wins_in } no está entre { $min } y { $max }
puzzle-not-proved = no se demostró en { $seconds } s
puzzle-not-won = ningún ladrillo gana: la posición no está ganada
puzzle-two-winning-bricks = la solución no es única: { $first } y { $second } ganan los dos
puzzle-other-brick = solution: { $given } no gana; { $winning } sí
puzzle-wins-in = wins_in: la solución gana en { $found }, no en { $given }
puzzle-players = scores: un problema tiene dos jugadores, no { $players }
puzzle-solution-not-slide = solution: no es un deslizamiento `x1 y1 x2 y2`
puzzle-too-large = el final es demasiado grande para resolverlo exactamente
puzzle-two-best-slides = la solución no es única: { $best } y { $other } acaban los dos en { $margin }
puzzle-not-best = solution: { $given } no es el mejor deslizamiento; lo es { $best }
puzzle-margin = margin: la solución acaba en { $found }, no en { $given }
midgame-players = scores: una para cada uno de 2 a { $max } jugadores, no { $players }
midgame-penguin-of-nobody = board: un pingüino del jugador { $penguin }, pero solo { $players } jugadores tienen puntos
midgame-to-move = to_move: el jugador { $player } no es ninguno de los { $players } jugadores
midgame-too-many-penguins = board: demasiados pingüinos
midgame-cannot-slide = to_move: el jugador { $player } no puede deslizarse
midgame-too-large = board: demasiadas filas o columnas
midgame-no-fields = board: no hay casillas
midgame-row-length = board: la fila { $row } tiene { $fields } casillas; la primera, { $width }
midgame-field = board: `{ $text }` no es una casilla: dos cifras, los peces (0-3) y luego el jugador (0-{ $max })
