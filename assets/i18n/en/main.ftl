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

## The window's title

title-match = Tablero — { $game } — { $state }
title-to-move = { $player } to move
title-thinking = { $player } thinking
title-replay = Replay
title-rolling = Rolling

## Every match's panel

match-player = Player { $letter }
match-hint = Hint (H)
match-rules = Rules (F1)
match-undo = Undo (U)
match-new-game = New game (N)
match-menu = Menu
match-nothing-played = Nothing played yet.
match-took-back = Took back { $count } { $count ->
        [one] action
       *[other] actions
    }
match-turn-lost = { $player } lost the turn
match-refused = Refused: { $reason }
match-layout-error = Layout error, keeping the last good layout:
    { $error }
match-rules-offer = New to { $game }? F1 opens the rules.
match-replay-to-move = Replay: { $player } to move
match-replay-steps = Step with ◀ ▶; C plays on from here.
match-ai-thinking = { $player } (AI) is thinking…
match-ai-to-move = { $player } (AI) to move
match-budget-left = { $seconds } s of its budget left
match-ai-line = AI: { $level ->
        [easy] easy
        [medium] medium
       *[hard] hard
    }, up to { $seconds } s a move
match-new-game-or-menu = New game (N) or Menu (Esc).
match-play-again-or-menu = Play again (N) or go to the menu (Esc).
seat-human = human
seat-ai = AI
list-one = { $item }
list-and = { $rest } and { $last }

## Why a request was refused

refusal-not-your-turn-ai = it is not your turn: { $player } is played by the AI
refusal-not-your-turn-human = it is not your turn: { $player } is played by the human player
refusal-nothing-to-undo = there is nothing to take back
refusal-replaying = this is a replay: press C (Continue) to play on from here
refusal-game-over = the game is over

## What a screen reader is told

spoken-new-match = New match of { $game }
spoken-rolled = { $player } rolled { $roll }
spoken-turn-lost = { $player } rolled 0 and loses the turn
spoken-cave-places = { $player } places { $cell }

## Magnetic Cave's panel

cave-black = Black
cave-white = White
cave-wins = { $player } wins
cave-tie = Tie
cave-wins-line = { $player } wins: { $from }-{ $to }
cave-tie-full = Tie: the cave is full.
cave-play-again = Play again (N) or go to the menu.
cave-click-cell = Click a highlighted cell.
cave-size-line = { $width }x{ $height } cave, { $length } in a line wins
cave-seat-line = { $player }: { $seat }
cave-no-moves = No moves yet.
cave-moves = Moves (black, white):
cave-refused-cell = { $cell }: { $reason }
cave-illegal-off-board = { $cell } is outside the { $width }x{ $height } cave
cave-illegal-occupied = { $cell } already holds a brick
cave-illegal-not-stacked = { $cell } is not stacked: a brick must touch a wall or sit directly left or right of another brick
cave-illegal-no-dice = Magnetic Cave has no dice

## Penguins' panel

penguins-wins = Player { $player } wins
penguins-tie = Tie between { $players }
penguins-log-placed = { $player } placed a penguin at { $floe }: 1 fish
penguins-log-slid = { $player } slid { $from } → { $to }: { $fish } fish
penguins-log-skipped = { $player } cannot move and is skipped
penguins-skipped = Player { $player } cannot move and is skipped.
penguins-player-line = { $player } { $seat }: { $fish } fish, { $placed }/{ $penguins } placed
penguins-board-seed = { $cols }x{ $rows } { $grid ->
        [hex] hex board
       *[square] board
    }, seed { $seed }
penguins-board-fixed = { $cols }x{ $rows } { $grid ->
        [hex] hex board
       *[square] board
    }, a fixed board
penguins-over-wins = Player { $player } wins!
penguins-over-tie = A tie between { $players }!
penguins-ranking = { $place }. { $player }: { $fish } fish
penguins-place = { $player }: place a penguin.
penguins-place-how = Click a framed floe with one fish.
penguins-chosen = { $player }: the penguin at { $floe } is chosen.
penguins-chosen-how = Click a framed floe to slide there (Esc: choose again).
penguins-move = { $player }: move a penguin.
penguins-move-how = Click one of your ringed penguins.
penguins-illegal-placement-phase = this is the placement phase
penguins-illegal-movement-phase = this is the movement phase
penguins-illegal-no-dice = Penguins has no dice
penguins-illegal-off-board = { $floe } is off the board
penguins-illegal-not-placeable = penguins are placed on a free floe with exactly one fish; { $floe } is not one
penguins-illegal-no-penguin = you have no penguin at { $floe }
penguins-illegal-not-reachable-square = a penguin at { $from } cannot slide to { $to }: moves go straight up, down, left or right over free floes
penguins-illegal-not-reachable-hex = a penguin at { $from } cannot slide to { $to }: moves go straight along one of the six lines through a floe's sides, over free floes

## Patolli's panel

patolli-wins = Player { $player } wins
patolli-pass = Pass (P)
patolli-legend-middle = middle: captures happen here
patolli-legend-arm-end = arm end: ending a move here rolls again
patolli-legend-start = { $player } starts on the tinted square, ends on ★
patolli-die = a die 0–5
patolli-beans = { $beans } beans
patolli-overshoot-continue = past the end: keep going round
patolli-overshoot-forbidden = past the end: not allowed
patolli-overshoot-back = past the end: back to start
patolli-board-line = { $squares } squares, { $dice }
patolli-seed = seed { $seed }
patolli-seed-ai = seed { $seed }, AI { $level ->
        [easy] easy
        [medium] medium
       *[hard] hard
    }, { $seconds } s a decision
patolli-over = Player { $player } wins, { $scores }.
patolli-replay = Replay: player { $player } to play.
patolli-replay-roll = Replay: player { $player } to play a roll of { $roll }.
patolli-rolls = Player { $player } rolls…
patolli-rolled = Player { $player } rolled { $roll }.
patolli-ai-thinking = Player { $player } (AI) rolled { $roll } and is thinking…
patolli-ai-rolled = Player { $player } (AI) rolled { $roll }
patolli-only-pass = Player { $player } rolled { $roll }: no piece can move and none can be placed.
patolli-only-pass-how = You can only pass: press P or click Pass.
patolli-chosen-lands = Player { $player }, roll { $roll }: piece { $piece } lands on square { $square }.
patolli-chosen-scores = Player { $player }, roll { $roll }: piece { $piece } scores.
patolli-chosen-stuck = Player { $player }, roll { $roll }: piece { $piece } cannot move.
patolli-chosen-how = Click it again, or its target, or press Enter to move; Esc to choose again.
patolli-opening = Player { $player }, roll { $roll }: your first turn places a piece.
patolli-opening-how = Click your pool.
patolli-to-play = Player { $player } to play a roll of { $roll }.
patolli-to-play-how = Click a ringed piece to see where it lands; click your pool to place; P passes.
patolli-log-turn-lost = { $player } rolled 0: turn lost
patolli-log-passed = { $player } passes.
patolli-log-placed = { $player } places { $piece } on square { $square }.
patolli-log-moved = { $player } moves { $piece } from { $from } to { $to }{ $captured ->
        [none] {""}
       *[other] , capturing { $captured } (back to its pool)
    }.{ $extra ->
        [yes] {" "}Arm end: extra roll.
       *[no] {""}
    }
patolli-log-scored = { $player } moves { $piece } from { $from } home and scores{ $captured ->
        [none] {""}
       *[other] , capturing { $captured } (back to its pool)
    }.{ $extra ->
        [yes] {" "}Arm end: extra roll.
       *[no] {""}
    }
patolli-log-overshot = { $player } moves { $piece } past its end: back to the pool{ $captured ->
        [none] {""}
       *[other] , capturing { $captured } (back to its pool)
    }.{ $extra ->
        [yes] {" "}Arm end: extra roll.
       *[no] {""}
    }
patolli-illegal-must-roll = roll first
patolli-illegal-already-rolled = you already rolled { $roll }: move, place or pass
patolli-illegal-bad-roll = { $roll } is not a roll of this die
patolli-illegal-not-yours = piece { $piece } is not yours
patolli-illegal-opening = your first turn must place a piece on your start square
patolli-illegal-not-on-board = piece { $piece } is not on the board
patolli-illegal-not-in-pool = piece { $piece } is not in your pool
patolli-illegal-start-occupied = your start square { $square } is occupied
patolli-illegal-own-piece = piece { $piece } would land on your own piece { $blocker } on square { $square }
patolli-illegal-occupied = square { $square } holds { $blocker }; captures happen only on the middle squares
patolli-illegal-end-occupied = your end square { $square } is occupied by an opponent piece: you cannot score there
patolli-illegal-overshoot = piece { $piece } needs exactly { $needed } to score; { $roll } would go past the end

## Notices

patolli-not-your-pool = That is player { $owner }'s pool; player { $player } is to play.
patolli-pool-empty = Your pool is empty.
penguins-choose-first = Click one of your penguins first, then a green floe.
penguins-not-your-penguin = That is player { $owner }'s penguin; player { $player } is to move.
penguins-stuck = The penguin at { $floe } is stuck: no free floe next to it.

## The board editor's checks

editor-no-game-yet = This board makes no game yet:
editor-problem = • { $problem }
editor-more-problems = … and { $more } more

## What keeps a layout from making a game

fault-cave-width = width must be between 1 and { $max }, not { $value }
fault-cave-height = height must be between 1 and { $max }, not { $value }
fault-cave-no-line = a 1x1 cave holds no line: make the width or the height at least 2
fault-cave-win-length = win_length must be between 2 and { $max } (the longer side of the cave), not { $value }
fault-cave-unreachable = win_length { $value } cannot be reached: a cave of { $cells } cells gives each player at most { $bricks } bricks
fault-dice-no-beans = Beans(0) always rolls 0: every turn would be lost and no piece would ever move
fault-dice-too-many = Beans({ $beans }) has too many beans: 1 to { $max }
fault-track-too-short = the track has { $squares } squares; a closed track needs at least 4
fault-track-repeated = track square { $later } repeats square { $earlier }'s cell { $cell }
fault-track-not-adjacent = track squares { $from } { $a } and { $to } { $b } are not orthogonally adjacent
fault-track-off-grid = track square { $index } at { $cell } is off the grid: rows and columns go from 0 to { $max }
fault-track-off-track = { $field } names square { $index }, but the track has squares 0 to { $last }
fault-track-start-is-end = player { $player }'s start and end must be different squares
fault-track-end-on-start = player { $player }'s end square { $square } is player { $other }'s start square, where the other player's pieces could stand for good: { $player } could never score
fault-track-shared-start = players { $player } and { $other } both start on square { $square }
fault-track-players = a board seats 2 to 4 players (L, N, G, M), not { $players }
fault-side = { $field } must be { $min } to { $max }, not { $side }
fault-water = water is a share from 0 to { $max }, not { $water }
fault-fish-weights-overflow = the fish weights add up to too much
fault-no-fish-weight = at least one fish weight must be above 0
fault-board-size = a fixed board has { $min } to { $max } rows of { $min } to { $max } fields; this one is { $rows } rows of { $cols }
fault-row-length = row { $row } has { $fields } fields; row 0 has { $cols }
fault-fish = row { $row }, field { $col }: `{ $found }` is not 0 to 3 fish
fault-too-few-ones = the board has only { $ones } one-fish floe; the smallest match (2 players, 1 penguin each) needs 2
fault-no-one-fish-floe = the board has no one-fish floe to place a penguin on
fault-too-few-fields = a { $cols }x{ $rows } board has { $capacity } fields, too few for { $penguins } penguins
fault-too-few-floes = the board has { $capacity } one-fish floes, too few for { $penguins } penguins (each penguin is placed on its own one-fish floe)
fault-fourth-without-third = player M sits on a board for four: give player G too
fault-first-not-seated = first_player { $player } is not seated on this board (its players: { $seated })
fault-track-fillable = the track has { $squares } squares and its { $players } players have { $pieces } pieces: a track needs more squares than pieces, or the pieces can fill it and nobody can move

## The record bar and the analysis strip

record-save = Save (S)
record-first = |◀
record-back = ◀
record-forward = ▶
record-last = ▶|
record-play = Play
record-continue = Continue (C)
record-saved = Saved the record to { $file }
record-not-saved = Cannot save the record to { $file }: { $error }
record-not-written = The record is no longer written to { $file }: { $error }
record-cannot-keep = Save (S) cannot keep records: { $error }
record-replay = Replay: { $shown }/{ $total }{ $last }
record-replay-playing = Replay, playing: { $shown }/{ $total }{ $last }
record-shown-action = : { $action }
record-shown-roll = : rolled { $roll }
record-shown-start = : the start
analysis-analyse = Analyse (A)
analysis-offer = A analyses the match: the win chance of each decision.
analysis-running = Analysing: { $done } of { $total } decisions, { $seconds } s each. A stops.
analysis-stopped = The analysis stopped.
analysis-decision = Move { $move }: { $player } { $decision } — { $verdict ->
        [blunder] blunder
        [mistake] mistake
        [inaccuracy] inaccuracy
       *[fine] fine
    }.{ $better ->
        [none] {""}
       *[other] {"\u000A"}Better: { $better }.
    }
analysis-counts = { $blunders } blunders · { $mistakes } mistakes · { $inaccuracies } inaccuracies. A bar: the decider's win chance; click it to go there.

## Hints and proofs

hint-analysis-line = { $line }
hint-searching = Hint: the engine is looking…
hint-shown = Hint: { $action } — { $why }
hint-none = No hint: { $why }
hint-none-replay = play on from the replay first (C)
hint-none-over = the match is over
hint-none-network = hints are off in a match over the network
hint-none-not-human = a hint is for a human's turn
hint-none-nothing = the engine found nothing to do
hint-cave-completes = it completes your line: you win
hint-cave-you-win = you win with { $bricks } more bricks, whatever { $other } plays
hint-cave-holds-out = { $other } can force a line with { $bricks } more bricks; this holds out longest
hint-cave-tie = a tie with best play from here
hint-cave-only-brick = the only brick that does not lose at once
hint-cave-choice = the engine's choice, looking { $depth } bricks ahead
hint-patolli-captures = it captures { $piece } and sends it back to its pool
hint-patolli-scores = { $piece } scores
hint-patolli-arm-end = it ends on an arm end: you roll again
hint-patolli-enters = a new piece enters the track
hint-patolli-choice = the engine's choice for this roll, weighing the rolls to come
hint-patolli-pass = nothing better than passing with this roll
hint-penguins-place = a start with room to move, the engine's choice
hint-penguins-eats = it eats { $fish } fish; the engine's choice, looking { $depth } moves ahead
hint-penguins-choice = the engine's choice
proof-tie = Proved by the AI: a tie with best play.
proof-wins = Proved by the AI: { $player } wins with { $bricks ->
        [one] its next brick
       *[other] its next { $bricks } bricks
    }, whatever { $other } plays.

## The board editor

editor-1-fish = 1 fish
editor-2-fish = 2 fish
editor-3-fish = 3 fish
editor-arm-end-3 = Arm end 3
editor-back-home = Back home
editor-beans = Beans
editor-begin-here-b = Begin here B
editor-boards = Boards
editor-clear = Clear
editor-columns = Columns
editor-dice = Dice
editor-die-0-5 = Die 0-5
editor-draw = Draw
editor-drawn = Drawn
editor-end-e = End (E)
editor-first = First
editor-floes = Floes
editor-forbidden = Forbidden
editor-grid = Grid
editor-height = Height
editor-hex = Hex
editor-lap-on = Lap on
editor-line = Line
editor-middle-2 = Middle 2
editor-name = Name
editor-new-seed = New seed
editor-no-name = (the file's name)
editor-not-saved = { $file } (not saved)
editor-overshoot = Overshoot
editor-paint = Paint
editor-painted = Painted
editor-penguins-boards = Boards
editor-play = Play
editor-players = Players
editor-preview = Preview
editor-redo = Redo
editor-reverse = Reverse
editor-rows = Rows
editor-save = Save
editor-seed = seed { $seed }
editor-square = Square
editor-start-s = Start (S)
editor-title = Board editor: { $game }
editor-track = Track
editor-track-1 = Track 1
editor-triangle-4 = Triangle 4
editor-type = Type
editor-undo = Undo
editor-water = Water
editor-water-0 = Water 0
editor-width = Width

## The board editor's words

editor-built-in-copy = A built-in board: Save writes a copy, { $file }
editor-leave-unsaved = Not saved yet: Ctrl+S saves; leave again to drop the changes
editor-undone = Undone
editor-nothing-to-undo = Nothing to undo
editor-redone = Redone
editor-nothing-to-redo = Nothing to redo
editor-saved = Saved { $file }
editor-save-refused = Not saved: { $reason }
editor-not-played = Saved, not played: { $reason }
io-not-found = it is not there
io-permission = this system does not allow it (no permission)
io-read-only = the disk is read-only
io-disk-full = the disk is full
io-exists = something of that name is there already
io-is-a-folder = it is a folder
io-not-a-folder = a part of the path is not a folder
io-system-says = { $detail }
write-no-folder = the folder { $folder } does not exist
write-is-a-folder = { $path } is a folder
write-not-writable = nothing can be written in { $folder }: { $reason }
editor-cannot-make-folder = the folder { $folder } cannot be made: { $reason }
editor-cannot-write = { $file } cannot be written: { $reason }
editor-back-from-match = Back from the match on this board
boards-title = Edit boards
boards-new-file = { $file } is a new file: choose its game
boards-from = Boards from { $source }; a built-in board is saved as a copy.
boards-entry = { $name } — { $game }, { $file }
boards-entry-built-in = { $name } — { $game }, { $file } (built-in)
boards-new = New board:
boards-back = Back to the menu (Esc)
canvas-painted = A painted board: every match plays it
canvas-preview = A preview: each match draws its own board from its seed
canvas-cave-line = { $length } bricks in a line win
canvas-nothing = These settings draw no board

## What a screen reader calls the boards' parts

spoken-cave-board = Magnetic Cave, { $width } by { $height }, { $length } in a line wins
spoken-cave-cell = { $cell }, { $what ->
        [black] black brick
        [white] white brick
        [legal] empty, you may place a brick here
       *[empty] empty
    }{ $line ->
        [yes] , in the winning line
       *[no] {""}
    }
spoken-penguins-board = Penguins, { $cols } by { $rows } floes
spoken-floe = floe { $floe }, { $fish ->
        [0] no fish
        [1] one fish
        [2] two fish
        [3] three fish
       *[other] { $fish } fish
    }{ $penguin ->
        [none] { $placeable ->
            [yes] , you may place a penguin here
           *[no] {""}
        }
       *[other] , penguin { $penguin }
    }
spoken-penguin = penguin { $player } on floe { $floe }
spoken-square = square { $square }, { $piece ->
        [none] empty
       *[other] piece { $piece } of { $owner }
    }{ $kind ->
        [middle] , a middle square
        [arm-end] , an arm end
       *[plain] {""}
    }
spoken-piece = piece { $piece } of { $owner }, { $place ->
        [pool] in the pool
        [scored] scored
       *[track] on square { $square }{ $kind ->
            [middle] , a middle square
            [arm-end] , an arm end
           *[plain] {""}
        }
    }

## The rules page

rules-close = F1 or Esc closes the rules.

## Patolli's cards and dice

dice-rolled = Player { $player } rolled { $roll }
dice-turn-lost = Player { $player } rolled 0
    turn lost
dice-extra-roll = Player { $player } rolled { $roll }
    extra roll
dice-match-over = The match is over
dice-referee-rolls = The referee rolls
patolli-card = Player { $player } · { $seat }
patolli-card-compact = { $player } · { $seat }
patolli-card-pool = Pool
patolli-card-scored = Scored { $scored } of 6
patolli-card-home = { $scored } of 6 home
patolli-banner = Player { $player } wins { $scores }

## The puzzles

puzzle-none = No puzzle could be opened.
puzzle-next = Next puzzle (P)
puzzle-head = Puzzle { $number } of { $total } ({ $name }, difficulty { $difficulty }): { $task }
puzzle-progress = { $state }   Streak { $streak } · solved { $solved }{ $refused ->
        [0] {""}
       *[other] {" "}· { $refused } refused (see the terminal)
    }
puzzle-task-cave = { $player } to move wins in { $bricks } bricks. Find the first.
puzzle-task-penguins = Player { $player } to move: one slide { $ending ->
        [wins] wins by { $fish } fish
        [ties] ties
       *[loses] loses by only { $fish } fish
    } with best play. Find it.
puzzle-first-move = Your move. H shows a hint.
puzzle-solving = Right! Keep going: the engine defends.
puzzle-solved = Solved! P for the next puzzle.
puzzle-cave-wrong-first = { $brick } does not win. The winning brick was { $solution }; the engine plays the refutation out.
puzzle-cave-lets-go = { $brick } lets the win go; the engine plays it out.
puzzle-penguins-wrong = { $action } ends { $margin } with best play; { $shown } ends { $best }. The engine plays it out.

## The menu's line about the board in use

menu-board-cave = { $width }x{ $height } cave, { $line } in a line wins
menu-board-track = a track of { $squares } squares for { $players } players
menu-board-drawn = { $grid ->
        [hex] hex boards
       *[other] boards
    } drawn from the seed, { $water } % water
menu-board-fixed = a fixed { $cols }x{ $rows } { $grid ->
        [hex] hex board
       *[other] board
    }
menu-board-line = { $board } · boards from { $source }
menu-layout-error = Layout error (last good layout kept): { $error }
menu-cannot-start = Cannot start: { $reason }
menu-cannot-host = cannot host: { $reason }
host-no-guest-seat = no seat is a guest's: make at least one seat Guest
host-cannot-listen = cannot listen on { $address }: { $reason }
host-address-in-use = another program uses that port
host-address-not-here = that address is not one of this computer's
host-address-forbidden = this system does not allow listening there
host-no-random = this computer gave no random numbers for the keys: { $detail }
host-resume-without-seeds = its dice do not come from the players' seeds: start a new match instead
host-own-join = this window could not join its own match: { $reason }
boards-source-variable = the folder $TABLERO_LEVELS names
boards-source-working-folder = levels/ in this folder
boards-source-beside-program = levels/ beside the program
boards-source-user-data = levels/ in your data folder
boards-source-built-in = the built-in boards
boards-source-given = the layout's folder
board-classic-cave = The classic cave
board-bigger-cave = A bigger cave
board-assignment-cross = The assignment's cross
board-cross-for-four = The cross for four
board-smaller-cross = A smaller cross
board-drawn-floes = Drawn floes
board-seed-board = The seed's board
board-hex-floes = Hex floes
setup-players = Penguins is for 2 to 4 players, not { $players }
setup-penguins-each = { $min } to { $max } penguins per player, not { $each }
setup-patolli-seats = this board seats { $players }; give one seat each, not { $seats }
match-dropped-moves = The new cave dropped { $count ->
        [one] opening move { $cells }: it no longer fits
       *[other] opening moves { $cells }: they no longer fit
    }

## A designer's file, and where it is wrong

layout-error-at = { $file }:{ $line }:{ $column }: { $problem }
layout-undrawable = the editor cannot draw this board: { $fault }
layout-other-game = this is a layout for { $found }, not for { $wanted }
layout-puzzle-refused = puzzle `{ $name }` refused: { $reason }
read-not-found = the file is not there
read-permission = the file may not be read here (no permission)
read-failed = the file cannot be read: { $detail }
read-not-a-file = not a regular file
read-too-large = the file is too large: more than { $limit } bytes
ron-eof = the file ends too early: something is not closed
ron-expected-token = `{ $token }` is expected here
ron-expected-kind = { $kind ->
        [boolean] true or false
        [integer] a whole number
        [float] a number
        [string] a text in double quotes
        [char] a character in single quotes
        [identifier] a name
        [unit] ()
       *[other] a value
    } is expected here
ron-expected-named = `{ $name }(…)` is expected here
ron-struct-name = `{ $expected }` is expected here, not `{ $found }`
ron-integer-range = this number is out of range
ron-unexpected-char = `{ $char }` is not expected here
ron-trailing = something follows the end of the value
ron-unclosed-comment = a comment is not closed
ron-unknown-variant = `{ $found }` is not one of { $expected }
ron-unknown-field = there is no field `{ $found }` here; the fields are { $expected }
ron-missing-field = the field `{ $field }` is missing
ron-duplicate-field = the field `{ $field }` is given twice
ron-wrong-value = { $found } does not fit here: { $expected } is expected
ron-wrong-length = { $found } values where { $expected } are expected
ron-other = { $detail }

## A record that does not replay

match-record-does-not-replay = the record does not replay: { $reason }
record-other-game = the record's game is not its layout's
record-budget = the budget is more than 0 and at most 60 seconds, not { $budget }
record-roll-refused = move { $entry }: the roll { $roll } is refused: { $reason }
record-before-roll = move { $entry }: `{ $action }` comes before the roll that is due
record-unreadable = move { $entry } is not a move of this game
record-illegal = move { $entry }: `{ $action }` is illegal here: { $reason }
record-dice-unfair = the dice are not the ones the players' seeds make
record-roll-not-from-seeds = move { $entry }: the roll { $found } does not follow from the players' seeds (they roll { $expected })

## Joining a match over the network

join-title = Join a match
join-explanation = Paste the invitation you were sent (Ctrl+V or Paste), or type it. Tab moves between the fields.
join-invitation = Invitation
join-name = Your name
join-paste = Paste
join-join = Join (Enter)
join-back = Back (Esc)
join-not-an-invitation = That is not an invitation: { $reason }.
join-connecting = Connecting to { $address }…
join-nothing-pasted = Nothing was pasted: { $reason }.
join-failed = Could not join: { $reason }.
join-refused = nobody is hosting at that address (or the match has ended)
join-no-answer = the host does not answer
join-unreachable = that address cannot be reached from here
join-handshake-timeout = the host did not finish the greeting in time
join-handshake-failed = the greeting failed: the invitation is wrong, or another machine answered
join-garbled = the host's messages arrived changed or unreadable
join-closed = the host closed the connection
join-not-welcomed = the host did not let us in: { $reason }
join-unfair-dice = the host's dice are not fair
join-host-broke-rules = the host sent a match the rules do not allow
join-no-welcome = the host answered our greeting with something else than a welcome
join-no-random-seed = this computer gave no random number for the dice: { $detail }
invitation-scheme = an invitation starts with `tablero://`
invitation-role = an invitation says `play@` or `watch@` after `tablero://`
invitation-parts = an invitation has an address, a key and a secret, separated by `/`
invitation-address = the address `{ $address }` has no port (like `192.168.1.5:4077`)
invitation-key = the host's key is not 52 letters of base 32
invitation-secret = the secret is not four groups of four letters (like `abcd-efgh-jkmn-pqrs`)
clipboard-no-text = there is no text on the clipboard
clipboard-busy = another program is using the clipboard
clipboard-unavailable = there is no clipboard here

## The waiting room

room-hosting = Hosting { $game }
room-watching = Watching { $game }
room-over-network = { $game } over the network
room-invitation-play = Invitation to play
room-invitation-watch = Invitation to watch
room-copy = Copy
room-seats = Seats
room-cancel = Cancel (Esc)
room-nothing-to-copy = There is no invitation to copy.
room-copied = { $role ->
        [play] The invitation to play
       *[other] The invitation to watch
    } is copied: paste it to the person you invite.
room-not-copied = { $role ->
        [play] The invitation to play
       *[other] The invitation to watch
    } could not be copied ({ $reason }): read it out instead.
room-seat-player = Player { $player }: { $who }
room-seat = { $seat }: { $who }
room-waiting-for-seats = Waiting for the host to say who sits where…
room-every-seat-taken = Every seat is taken: the match is starting.
room-send-invitation = { $guests ->
        [one] Send the invitation to play to your guest; the match starts when they join.
       *[other] Send the invitation to play to your { $guests } guests; the match starts when every seat is taken.
    }
    Anyone with the invitation to watch can follow the match.
room-starting = The match is starting.
room-starts-when-full = The match starts when every seat is taken.

## The network line

net-host = the host
net-host-ai = the host's AI
net-guest-by-ai = { $name } (the host's AI plays)
net-free = a guest (free)
net-ai-plays-seat = The host's AI plays seat { $seat } while its guest is away.
net-you = you
net-away = { $who } (away)
net-asks-undo = { $who } asks to take back moves: Y yes, N no
net-refused = Refused: { $reason }.
net-undo-declined = No moves are taken back: { $reason }.
net-host-says = The host says: { $reason }.
net-lost = The connection to the host was lost: { $reason }.
net-match-stops = The match stops: { $reason }
net-chosen-roll = the roll { $found } is not the dice's { $expected }: it was chosen
net-refused-entry = `{ $action }` is refused: { $reason }
net-refused-roll = the roll { $roll } is refused: { $reason }
net-unreadable-entry = `{ $action }` is no move of this game
net-refused-no-seat = you have no seat: watchers cannot play
net-refused-not-playing = the match is not being played
net-refused-not-your-turn = it is not your turn
net-refused-rules = the rules do not allow `{ $action }`
net-refused-unexpected = the host did not expect that message now
net-refused-nobody-asks = nobody asks to take back moves
net-refused-no-move = you have no move to take back
net-refused-undo-waiting = a request to take back moves is waiting already
net-undo-says-no = { $who } says no
net-undo-left = { $who } left
net-undo-went-on = the match went on
net-stop-match-over = the match is over
net-stop-host-left = the host left
net-stop-host-could-not-join = the host could not join its own match
net-stop-cannot-start = the players' seeds make no match the host can start
net-stop-seats-taken = every guest seat is taken
net-stop-no-commitment = a player of Patolli must commit to a seed when it joins
net-stop-seed-not-hex = the seed sent is not 64 hexadecimal digits
net-stop-seed-not-committed = the seed sent is not the one committed to
net-stop-guest-left = you left
net-stop-flood = more than { $limit } messages came in one second
net-stop-garbled = a message arrived changed, unreadable or too large
net-unknown-take-back = the host took back moves this window never had
net-another-player = another player
net-thinking = Thinking: { $who }…
net-waiting-for = Waiting for { $who } to decide…

## The puzzles' note on the menu

puzzles-none-opened = No puzzle could be opened: { $refused } refused (see the terminal), the first: { $first }
puzzles-none-in-levels = No puzzle could be opened: the levels in use hold none.

## Arrows that point the way a line is read

glyph-previous = ◀
glyph-next = ▶

## Why a puzzle does not hold

puzzle-name-twice = name: `{ $name }` is used twice
puzzle-moves-not-cells = moves: `{ $text }` is not a cell name (a column letter and a row number, like D7)
puzzle-illegal-brick = moves: brick { $number } is illegal
puzzle-already-over = moves: the match is already over
puzzle-solution-not-cell = solution: `{ $text }` is not a cell name (a column letter and a row number, like D7)
puzzle-solution-illegal = solution: the rules refuse it in this position
puzzle-wins-in-range = wins_in: { $wins_in } is not { $min } to { $max }
puzzle-not-proved = not proved within { $seconds } s
puzzle-not-won = no brick wins: the position is not won
puzzle-two-winning-bricks = the solution is not unique: { $first } and { $second } both win
puzzle-other-brick = solution: { $given } does not win; { $winning } does
puzzle-wins-in = wins_in: the solution wins in { $found }, not { $given }
puzzle-players = scores: a puzzle has two players, not { $players }
puzzle-solution-not-slide = solution: not a slide `x1 y1 x2 y2`
puzzle-too-large = the endgame is too large to solve exactly
puzzle-two-best-slides = the solution is not unique: { $best } and { $other } both end { $margin }
puzzle-not-best = solution: { $given } is not the best slide; { $best } is
puzzle-margin = margin: the solution ends { $found }, not { $given }
midgame-players = scores: one for each of 2 to { $max } players, not { $players }
midgame-penguin-of-nobody = board: a penguin of player { $penguin }, but { $players } players have scores
midgame-to-move = to_move: player { $player } is not one of the { $players } players
midgame-too-many-penguins = board: too many penguins
midgame-cannot-slide = to_move: player { $player } cannot slide
midgame-too-large = board: too many rows or columns
midgame-no-fields = board: no fields
midgame-row-length = board: row { $row } has { $fields } fields, the first has { $width }
midgame-field = board: `{ $text }` is not a field: two digits, fish (0-3) then player (0-{ $max })
