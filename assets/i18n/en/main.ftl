# Tablero's words in English: the menu and the settings page. Each message's id is what the
# code names it by (src/i18n.rs); the other languages hold the same ids.

## The menu

menu-subtitle = Board games from three course assignments
menu-hint = Choose a game on the left, the seats and the board here.
menu-black-first = Black (first)
menu-white = White
menu-player-l = Player L (A–F)
menu-player-n = Player N (1–6)
menu-player-g = Player G (G–L)
menu-player-m = Player M (M–R)
menu-player-a-first = Player A (first)
menu-player-b = Player B
menu-player-c = Player C
menu-player-d = Player D
menu-human = Human
menu-ai = AI
menu-guest = Guest
menu-off = Off
menu-penguins-each = Penguins each
menu-rows-columns = Rows × columns
menu-seed = Seed (type digits)
menu-new-seed = New seed
menu-ai-level = AI level
menu-level-easy = Easy
menu-level-medium = Medium
menu-level-hard = Hard
menu-ai-time = AI time per move
menu-board = Board
menu-start = Start (Enter)
menu-host = Host (Enter)
menu-edit-boards = Edit boards
menu-join = Join a match
menu-puzzles = Puzzles
game-magnetic-cave = Magnetic Cave
game-patolli = Patolli
game-penguins = Penguins
card-magnetic-cave = Five in a line, between two magnetic walls.
card-patolli = The Aztec race round a cross, with a die.
card-penguins = Slide on the ice, eat the most fish.

## The settings page

settings-button = Settings (F2)
settings-title = Settings
settings-close = Close (F2)
settings-language = Language
settings-language-about = The words of the menus and pages; the board keeps its notation.
settings-colours = Colours
settings-colours-standard = Standard
settings-colours-high-contrast = High contrast
settings-colours-about = Both keep players, squares and marks apart for every colour vision; high contrast draws on black, text at 7:1 or more.
settings-text-size = Text size
settings-text-size-percent = { $percent } %
settings-text-size-about = Panels, pages and buttons; what no longer fits scrolls (the mouse wheel, or Tab).
settings-screen-reader = Screen reader
settings-screen-reader-all = Everything
settings-screen-reader-moves = Moves only
settings-screen-reader-off = Nothing
settings-screen-reader-about = What it announces: everything (moves, rolls, refusals, results, whose turn, the hint's line), the moves and results only, or nothing.
settings-animation = Animation
settings-animation-normal = Normal
settings-animation-fast = Fast
settings-animation-off = None
settings-animation-about = Fast: glides, dice and the AI's moves in a third of the time. None: every piece at its end at once, the AI's move as soon as it is decided.
