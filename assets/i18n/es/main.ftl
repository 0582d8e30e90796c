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
