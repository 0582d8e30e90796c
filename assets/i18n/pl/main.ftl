# Słowa Tablero po polsku: menu i strona ustawień.

## Menu

menu-subtitle = Gry planszowe z trzech zadań na zajęcia
menu-hint = Wybierz grę po lewej, a tutaj graczy i planszę.
menu-black-first = Czarne (zaczynają)
menu-white = Białe
menu-player-l = Gracz L (A–F)
menu-player-n = Gracz N (1–6)
menu-player-g = Gracz G (G–L)
menu-player-m = Gracz M (M–R)
menu-player-a-first = Gracz A (zaczyna)
menu-player-b = Gracz B
menu-player-c = Gracz C
menu-player-d = Gracz D
menu-human = Człowiek
menu-ai = SI
menu-guest = Gość
menu-off = Nie gra
menu-penguins-each = Pingwiny na gracza
menu-rows-columns = Wiersze × kolumny
menu-seed = Ziarno (wpisz cyfry)
menu-new-seed = Nowe ziarno
menu-ai-level = Poziom SI
menu-level-easy = Łatwy
menu-level-medium = Średni
menu-level-hard = Trudny
menu-ai-time = Czas SI na ruch
menu-board = Plansza
menu-start = Start (Enter)
menu-host = Otwórz grę (Enter)
menu-edit-boards = Edytuj plansze
menu-join = Dołącz do gry
menu-puzzles = Zagadki
game-magnetic-cave = Magnetyczna jaskinia
game-patolli = Patolli
game-penguins = Pingwiny
card-magnetic-cave = Pięć w linii, między dwiema magnetycznymi ścianami.
card-patolli = Aztecki wyścig wokół krzyża, z kostką.
card-penguins = Ślizgaj się po lodzie i zjedz najwięcej ryb.

## Strona ustawień

settings-button = Ustawienia (F2)
settings-title = Ustawienia
settings-close = Zamknij (F2)
settings-language = Język
settings-language-about = Słowa menu i stron; plansza zachowuje swoją notację.
settings-colours = Kolory
settings-colours-standard = Zwykłe
settings-colours-high-contrast = Wysoki kontrast
settings-colours-about = Oba odróżniają graczy, pola i znaczniki przy każdym widzeniu barw; wysoki kontrast rysuje na czarnym tle, tekst w kontraście 7:1 lub większym.
settings-text-size = Rozmiar tekstu
settings-text-size-percent = { $percent }%
settings-text-size-about = Panele, strony i przyciski; co się nie mieści, przewija się (kółkiem myszy lub klawiszem Tab).
settings-screen-reader = Czytnik ekranu
settings-screen-reader-all = Wszystko
settings-screen-reader-moves = Tylko ruchy
settings-screen-reader-off = Nic
settings-screen-reader-about = Co ogłasza: wszystko (ruchy, rzuty, odmowy, wyniki, czyja kolej, podpowiedź), tylko ruchy i wyniki albo nic.
settings-animation = Animacja
settings-animation-normal = Zwykła
settings-animation-fast = Szybka
settings-animation-off = Brak
settings-animation-about = Szybka: ślizgi, kostki i ruchy SI w jednej trzeciej czasu. Brak: każdy pionek od razu na miejscu, ruch SI zaraz po decyzji.

## Tytuł okna

title-match = Tablero — { $game } — { $state }
title-to-move = Ruch: { $player }
title-thinking = { $player } myśli
title-replay = Powtórka
title-rolling = Rzut

## Panel każdej partii

match-player = Gracz { $letter }
match-hint = Podpowiedź (H)
match-rules = Zasady (F1)
match-undo = Cofnij (U)
match-new-game = Nowa gra (N)
match-menu = Menu
match-nothing-played = Jeszcze nic nie zagrano.
match-took-back = Cofnięto { $count } { $count ->
        [one] ruch
        [few] ruchy
       *[many] ruchów
    }
match-turn-lost = { $player } traci kolejkę
match-refused = Nie wolno: { $reason }
match-layout-error = Błąd w pliku planszy, zostaje ostatnia dobra:
    { $error }
match-rules-offer = Nie znasz gry { $game }? F1 otwiera zasady.
match-replay-to-move = Powtórka, ruch: { $player }
match-replay-steps = Krok po kroku: ◀ ▶; C gra dalej od tego miejsca.
match-ai-thinking = { $player } (SI) myśli…
match-ai-to-move = Ruch: { $player } (SI)
match-budget-left = zostało { $seconds } s jej czasu
match-ai-line = SI: { $level ->
        [easy] łatwa
        [medium] średnia
       *[hard] trudna
    }, do { $seconds } s na ruch
match-new-game-or-menu = Nowa gra (N) albo Menu (Esc).
match-play-again-or-menu = Zagraj jeszcze raz (N) albo wróć do menu (Esc).
seat-human = człowiek
seat-ai = SI
list-one = { $item }
list-and = { $rest } i { $last }

## Dlaczego prośba została odrzucona

refusal-not-your-turn-ai = to nie twoja kolej: { $player } gra SI
refusal-not-your-turn-human = to nie twoja kolej: { $player } gra człowiek
refusal-nothing-to-undo = nie ma czego cofnąć
refusal-replaying = to powtórka: naciśnij C (Dalej), aby grać od tego miejsca
refusal-game-over = gra jest skończona

## Co słyszy czytnik ekranu

spoken-new-match = Nowa partia: { $game }
spoken-rolled = { $player } wyrzuca { $roll }
spoken-turn-lost = { $player } wyrzuca 0 i traci kolejkę
spoken-cave-places = { $player } stawia na { $cell }

## Panel Magnetycznej jaskini

cave-black = Czarne
cave-white = Białe
cave-wins = Wygrywają { $player }
cave-tie = Remis
cave-wins-line = Wygrywają { $player }: { $from }-{ $to }
cave-tie-full = Remis: jaskinia jest pełna.
cave-play-again = Zagraj jeszcze raz (N) albo wróć do menu.
cave-click-cell = Kliknij podświetlone pole.
cave-size-line = Jaskinia { $width }x{ $height }, wygrywa { $length } w linii
cave-seat-line = { $player }: { $seat }
cave-no-moves = Jeszcze bez ruchów.
cave-moves = Ruchy (czarne, białe):
cave-refused-cell = { $cell }: { $reason }
cave-illegal-off-board = { $cell } leży poza jaskinią { $width }x{ $height }
cave-illegal-occupied = na { $cell } już stoi cegła
cave-illegal-not-stacked = { $cell } nie ma oparcia: cegła musi dotykać ściany albo stać tuż na lewo lub na prawo od innej cegły
cave-illegal-no-dice = w Magnetycznej jaskini nie ma kostek

## Panel Pingwinów

penguins-wins = Wygrywa gracz { $player }
penguins-tie = Remis: { $players }
penguins-log-placed = { $player } stawia pingwina na { $floe }: 1 ryba
penguins-log-slid = { $player } sunie { $from } → { $to }: { $fish } { $fish ->
        [one] ryba
        [few] ryby
       *[many] ryb
    }
penguins-log-skipped = { $player } nie ma ruchu i czeka
penguins-skipped = Gracz { $player } nie ma ruchu i czeka.
penguins-player-line = { $player } { $seat }: { $fish } { $fish ->
        [one] ryba
        [few] ryby
       *[many] ryb
    }, { $placed }/{ $penguins } na lodzie
penguins-board-seed = { $grid ->
        [hex] Plansza heksagonalna
       *[square] Plansza
    } { $cols }x{ $rows }, ziarno { $seed }
penguins-board-fixed = { $grid ->
        [hex] Stała plansza heksagonalna
       *[square] Stała plansza
    } { $cols }x{ $rows }
penguins-over-wins = Wygrywa gracz { $player }!
penguins-over-tie = Remis: { $players }!
penguins-ranking = { $place }. { $player }: { $fish } { $fish ->
        [one] ryba
        [few] ryby
       *[many] ryb
    }
penguins-place = { $player }: postaw pingwina.
penguins-place-how = Kliknij obramowaną krę z jedną rybą.
penguins-chosen = { $player }: wybrany pingwin na { $floe }.
penguins-chosen-how = Kliknij obramowaną krę, aby tam sunąć (Esc: wybierz znowu).
penguins-move = { $player }: rusz pingwina.
penguins-move-how = Kliknij jednego ze swoich pingwinów z obwódką.
penguins-illegal-placement-phase = teraz jest faza stawiania
penguins-illegal-movement-phase = teraz jest faza ruchów
penguins-illegal-no-dice = w Pingwinach nie ma kostek
penguins-illegal-off-board = { $floe } leży poza planszą
penguins-illegal-not-placeable = pingwina stawia się na wolnej krze z dokładnie jedną rybą; { $floe } taka nie jest
penguins-illegal-no-penguin = nie masz pingwina na { $floe }
penguins-illegal-not-reachable-square = pingwin z { $from } nie dosunie się do { $to }: ruch idzie prosto w górę, w dół, w lewo lub w prawo po wolnych krach
penguins-illegal-not-reachable-hex = pingwin z { $from } nie dosunie się do { $to }: ruch idzie prosto wzdłuż jednej z sześciu linii przez boki kry, po wolnych krach

## Panel Patolli

patolli-wins = Wygrywa gracz { $player }
patolli-pass = Pas (P)
patolli-legend-middle = środek: tu się bije
patolli-legend-arm-end = koniec ramienia: ruch kończący się tu daje dodatkowy rzut
patolli-legend-start = { $player } zaczyna na zabarwionym polu, kończy na ★
patolli-die = kostka 0–5
patolli-beans = { $beans } { $beans ->
        [one] fasolka
        [few] fasolki
       *[many] fasolek
    }
patolli-overshoot-continue = za końcem: dalej dookoła
patolli-overshoot-forbidden = za końcem: nie wolno
patolli-overshoot-back = za końcem: z powrotem na start
patolli-board-line = { $squares } { $squares ->
        [one] pole
        [few] pola
       *[many] pól
    }, { $dice }
patolli-seed = ziarno { $seed }
patolli-seed-ai = ziarno { $seed }, SI { $level ->
        [easy] łatwa
        [medium] średnia
       *[hard] trudna
    }, { $seconds } s na decyzję
patolli-over = Wygrywa gracz { $player }, { $scores }.
patolli-replay = Powtórka: gra gracz { $player }.
patolli-replay-roll = Powtórka: gracz { $player } gra rzut { $roll }.
patolli-rolls = Gracz { $player } rzuca…
patolli-rolled = Gracz { $player } wyrzucił { $roll }.
patolli-ai-thinking = Gracz { $player } (SI) wyrzucił { $roll } i myśli…
patolli-ai-rolled = Gracz { $player } (SI) wyrzucił { $roll }
patolli-only-pass = Gracz { $player } wyrzucił { $roll }: żaden pionek nie może się ruszyć ani wejść.
patolli-only-pass-how = Możesz tylko spasować: naciśnij P albo kliknij Pas.
patolli-chosen-lands = Gracz { $player }, rzut { $roll }: pionek { $piece } staje na polu { $square }.
patolli-chosen-scores = Gracz { $player }, rzut { $roll }: pionek { $piece } schodzi do domu.
patolli-chosen-stuck = Gracz { $player }, rzut { $roll }: pionek { $piece } nie może się ruszyć.
patolli-chosen-how = Kliknij go jeszcze raz albo jego cel, albo naciśnij Enter; Esc, aby wybrać znowu.
patolli-opening = Gracz { $player }, rzut { $roll }: w pierwszej kolejce stawiasz pionek.
patolli-opening-how = Kliknij swoją pulę.
patolli-to-play = Gracz { $player } gra rzut { $roll }.
patolli-to-play-how = Kliknij pionek z obwódką, aby zobaczyć, gdzie stanie; kliknij pulę, aby postawić; P pasuje.
patolli-log-turn-lost = { $player } wyrzucił 0: traci kolejkę
patolli-log-passed = { $player } pasuje.
patolli-log-placed = { $player } stawia { $piece } na polu { $square }.
patolli-log-moved = { $player } przesuwa { $piece } z { $from } na { $to }{ $captured ->
        [none] {""}
       *[other] , bije { $captured } (wraca do puli)
    }.{ $extra ->
        [yes] {" "}Koniec ramienia: dodatkowy rzut.
       *[no] {""}
    }
patolli-log-scored = { $player } przesuwa { $piece } z { $from } do domu i zdobywa punkt{ $captured ->
        [none] {""}
       *[other] , bije { $captured } (wraca do puli)
    }.{ $extra ->
        [yes] {" "}Koniec ramienia: dodatkowy rzut.
       *[no] {""}
    }
patolli-log-overshot = { $player } przesuwa { $piece } za jego koniec: wraca do puli{ $captured ->
        [none] {""}
       *[other] , bije { $captured } (wraca do puli)
    }.{ $extra ->
        [yes] {" "}Koniec ramienia: dodatkowy rzut.
       *[no] {""}
    }
patolli-illegal-must-roll = najpierw rzuć
patolli-illegal-already-rolled = już wyrzuciłeś { $roll }: rusz, postaw albo spasuj
patolli-illegal-bad-roll = { $roll } nie wypada na tej kostce
patolli-illegal-not-yours = pionek { $piece } nie jest twój
patolli-illegal-opening = w pierwszej kolejce musisz postawić pionek na swoim polu startowym
patolli-illegal-not-on-board = pionka { $piece } nie ma na planszy
patolli-illegal-not-in-pool = pionka { $piece } nie ma w twojej puli
patolli-illegal-start-occupied = twoje pole startowe { $square } jest zajęte
patolli-illegal-own-piece = pionek { $piece } stanąłby na twoim pionku { $blocker } na polu { $square }
patolli-illegal-occupied = na polu { $square } stoi { $blocker }; bić można tylko na polach środka
patolli-illegal-end-occupied = na twoim polu końcowym { $square } stoi pionek rywala: nie możesz tam zejść
patolli-illegal-overshoot = pionek { $piece } potrzebuje dokładnie { $needed }, by zejść; { $roll } wyprowadziłoby go za koniec

## Komunikaty

patolli-not-your-pool = To pula gracza { $owner }; gra gracz { $player }.
patolli-pool-empty = Twoja pula jest pusta.
penguins-choose-first = Najpierw kliknij jednego ze swoich pingwinów, potem zieloną krę.
penguins-not-your-penguin = To pingwin gracza { $owner }; ruch ma gracz { $player }.
penguins-stuck = Pingwin na { $floe } utknął: obok nie ma wolnej kry.

## Sprawdzanie w edytorze plansz

editor-no-game-yet = Na tej planszy nie da się jeszcze grać:
editor-problem = • { $problem }
editor-more-problems = … i jeszcze { $more }

## Co sprawia, że na planszy nie da się grać

fault-cave-width = width (szerokość) musi wynosić od 1 do { $max }, a nie { $value }
fault-cave-height = height (wysokość) musi wynosić od 1 do { $max }, a nie { $value }
fault-cave-no-line = w jaskini 1x1 nie zmieści się żadna linia: daj szerokość albo wysokość co najmniej 2
fault-cave-win-length = win_length musi wynosić od 2 do { $max } (dłuższy bok jaskini), a nie { $value }
fault-cave-unreachable = win_length { $value } jest nieosiągalne: jaskinia z { $cells } polami daje każdemu graczowi najwyżej { $bricks } cegieł
fault-dice-no-beans = Beans(0) zawsze daje 0: każda kolejka przepadłaby i żaden pionek nigdy by się nie ruszył
fault-dice-too-many = Beans({ $beans }) to za dużo fasolek: od 1 do { $max }
fault-track-too-short = trasa ma { $squares } pól; zamknięta trasa potrzebuje co najmniej 4
fault-track-repeated = pole trasy { $later } powtarza komórkę { $cell } pola { $earlier }
fault-track-not-adjacent = pola trasy { $from } { $a } i { $to } { $b } nie stykają się w pionie ani w poziomie
fault-track-off-grid = pole trasy { $index } w { $cell } leży poza siatką: wiersze i kolumny idą od 0 do { $max }
fault-track-off-track = { $field } wskazuje pole { $index }, a trasa ma pola od 0 do { $last }
fault-track-start-is-end = start i meta gracza { $player } muszą być różnymi polami
fault-track-end-on-start = meta gracza { $player } (pole { $square }) to start gracza { $other }, gdzie jego pionki mogłyby stać na zawsze: { $player } nigdy by nie zszedł
fault-track-shared-start = gracze { $player } i { $other } startują z tego samego pola { $square }
fault-track-players = plansza mieści od 2 do 4 graczy (L, N, G, M), a nie { $players }
fault-side = { $field } musi wynosić od { $min } do { $max }, a nie { $side }
fault-water = water (woda) to udział od 0 do { $max }, a nie { $water }
fault-fish-weights-overflow = wagi ryb sumują się do zbyt dużej liczby
fault-no-fish-weight = co najmniej jedna waga ryb musi być większa od 0
fault-board-size = stała plansza ma od { $min } do { $max } wierszy po { $min } do { $max } pól; ta ma { $rows } wierszy po { $cols }
fault-row-length = wiersz { $row } ma { $fields } pól; wiersz 0 ma { $cols }
fault-fish = wiersz { $row }, pole { $col }: `{ $found }` to nie od 0 do 3 ryb
fault-too-few-ones = na planszy jest tylko { $ones } kra z jedną rybą; najmniejsza partia (2 graczy, po 1 pingwinie) potrzebuje 2
fault-no-one-fish-floe = na planszy nie ma kry z jedną rybą, na której można postawić pingwina
fault-too-few-fields = plansza { $cols }x{ $rows } ma { $capacity } pól, za mało dla { $penguins } pingwinów
fault-too-few-floes = plansza ma { $capacity } kry z jedną rybą, za mało dla { $penguins } pingwinów (każdy pingwin staje na własnej krze z jedną rybą)
fault-fourth-without-third = gracz M siedzi przy planszy dla czterech: dodaj też gracza G
fault-first-not-seated = first_player { $player } nie gra na tej planszy (jej gracze: { $seated })
fault-track-fillable = trasa ma { $squares } pól, a jej { $players } graczy ma { $pieces } pionków: trasa potrzebuje więcej pól niż pionków, inaczej pionki mogą ją wypełnić i nikt się nie ruszy

## Pasek zapisu i pasek analizy

record-save = Zapisz (S)
record-first = |◀
record-back = ◀
record-forward = ▶
record-last = ▶|
record-play = Odtwórz
record-continue = Graj dalej (C)
record-saved = Zapis partii w { $file }
record-not-saved = Nie można zapisać partii w { $file }: { $error }
record-not-written = Partia nie jest już zapisywana w { $file }: { $error }
record-cannot-keep = Zapisz (S) nie może przechowywać partii: { $error }
record-replay = Powtórka: { $shown }/{ $total }{ $last }
record-replay-playing = Powtórka, odtwarzanie: { $shown }/{ $total }{ $last }
record-shown-action = : { $action }
record-shown-roll = : rzut { $roll }
record-shown-start = : początek
analysis-analyse = Analizuj (A)
analysis-offer = A analizuje partię: szansę wygranej przy każdej decyzji.
analysis-running = Analiza: { $done } z { $total } decyzji, po { $seconds } s. A przerywa.
analysis-stopped = Analiza przerwana.
analysis-decision = Ruch { $move }: { $player } { $decision } — { $verdict ->
        [blunder] poważny błąd
        [mistake] błąd
        [inaccuracy] niedokładność
       *[fine] dobrze
    }.{ $better ->
        [none] {""}
       *[other] {"\u000A"}Lepiej: { $better }.
    }
analysis-counts = Poważne błędy: { $blunders } · błędy: { $mistakes } · niedokładności: { $inaccuracies }. Słupek: szansa wygranej decydującego; kliknij, aby tam przejść.

## Podpowiedzi i dowody

hint-analysis-line = { $line }
hint-searching = Podpowiedź: silnik szuka…
hint-shown = Podpowiedź: { $action } — { $why }
hint-none = Brak podpowiedzi: { $why }
hint-none-replay = najpierw graj dalej od powtórki (C)
hint-none-over = partia jest skończona
hint-none-network = w partii przez sieć podpowiedzi są wyłączone
hint-none-not-human = podpowiedź jest na kolejkę człowieka
hint-none-nothing = silnik nie znalazł żadnego ruchu
hint-cave-completes = domyka twoją linię: wygrywasz
hint-cave-you-win = wygrywasz { $bricks } { $bricks ->
        [one] cegłą
       *[other] cegłami
    } więcej, cokolwiek zagrają { $other }
hint-cave-holds-out = { $other } mogą wymusić linię { $bricks } { $bricks ->
        [one] cegłą
       *[other] cegłami
    } więcej; tak bronisz się najdłużej
hint-cave-tie = remis przy najlepszej grze od tego miejsca
hint-cave-only-brick = jedyna cegła, która nie przegrywa od razu
hint-cave-choice = wybór silnika, patrzącego { $depth } cegieł naprzód
hint-patolli-captures = bije { $piece } i odsyła go do puli
hint-patolli-scores = { $piece } schodzi do domu
hint-patolli-arm-end = kończy na końcu ramienia: rzucasz jeszcze raz
hint-patolli-enters = nowy pionek wchodzi na trasę
hint-patolli-choice = wybór silnika dla tego rzutu, z myślą o kolejnych rzutach
hint-patolli-pass = przy tym rzucie nic lepszego niż pas
hint-penguins-place = start z miejscem do ruchu, wybór silnika
hint-penguins-eats = zjada { $fish } { $fish ->
        [one] rybę
        [few] ryby
       *[many] ryb
    }; wybór silnika, patrzącego { $depth } ruchów naprzód
hint-penguins-choice = wybór silnika
proof-tie = Udowodnione przez SI: remis przy najlepszej grze.
proof-wins = Udowodnione przez SI: { $player } wygrywają { $bricks ->
        [one] następną cegłą
       *[other] następnymi { $bricks } cegłami
    }, cokolwiek zagrają { $other }.

## Edytor plansz

editor-1-fish = 1 ryba
editor-2-fish = 2 ryby
editor-3-fish = 3 ryby
editor-arm-end-3 = Koniec ramienia 3
editor-back-home = Na start
editor-beans = Fasolki
editor-begin-here-b = Zacznij tu B
editor-boards = Plansze
editor-clear = Wyczyść
editor-columns = Kolumny
editor-dice = Kostki
editor-die-0-5 = Kostka 0-5
editor-draw = Rysuj
editor-drawn = Losowana
editor-end-e = Meta (E)
editor-first = Zaczyna
editor-floes = Kry
editor-forbidden = Nie wolno
editor-grid = Siatka
editor-height = Wysokość
editor-hex = Sześciokąty
editor-lap-on = Dalej w koło
editor-line = Linia
editor-middle-2 = Środek 2
editor-name = Nazwa
editor-new-seed = Nowe ziarno
editor-no-name = (nazwa pliku)
editor-not-saved = { $file } (niezapisany)
editor-overshoot = Za końcem
editor-paint = Maluj
editor-painted = Malowana
editor-penguins-boards = Plansza
editor-play = Graj
editor-players = Gracze
editor-preview = Podgląd
editor-redo = Ponów
editor-reverse = Odwróć
editor-rows = Wiersze
editor-save = Zapisz
editor-seed = ziarno { $seed }
editor-square = Kwadraty
editor-start-s = Start (S)
editor-title = Edytor plansz: { $game }
editor-track = Trasa
editor-track-1 = Trasa 1
editor-triangle-4 = Trójkąt 4
editor-type = Wpisz
editor-undo = Cofnij
editor-water = Woda
editor-water-0 = Woda 0
editor-width = Szerokość

## Słowa edytora

editor-built-in-copy = Plansza wbudowana: Zapisz tworzy kopię, { $file }
editor-leave-unsaved = Jeszcze niezapisane: Ctrl+S zapisuje; wyjdź jeszcze raz, aby porzucić zmiany
editor-undone = Cofnięto
editor-nothing-to-undo = Nie ma czego cofnąć
editor-redone = Ponowiono
editor-nothing-to-redo = Nie ma czego ponowić
editor-saved = Zapisano { $file }
editor-save-refused = Nie zapisano: { $reason }
editor-not-played = Zapisano, ale nie da się zagrać: { $reason }
io-not-found = tego tam nie ma
io-permission = system na to nie pozwala (brak uprawnień)
io-read-only = dysk jest tylko do odczytu
io-disk-full = dysk jest pełny
io-exists = coś o tej nazwie już tam jest
io-is-a-folder = to jest folder
io-not-a-folder = część ścieżki nie jest folderem
io-system-says = { $detail }
write-no-folder = folder { $folder } nie istnieje
write-is-a-folder = { $path } to folder
write-not-writable = w folderze { $folder } nie można nic zapisać: { $reason }
editor-cannot-make-folder = nie można utworzyć folderu { $folder }: { $reason }
editor-cannot-write = nie można zapisać { $file }: { $reason }
editor-back-from-match = Powrót z partii na tej planszy
boards-title = Edycja plansz
boards-new-file = { $file } to nowy plik: wybierz jego grę
boards-from = Plansze z { $source }; plansza wbudowana zapisuje się jako kopia.
boards-entry = { $name } — { $game }, { $file }
boards-entry-built-in = { $name } — { $game }, { $file } (wbudowana)
boards-new = Nowa plansza:
boards-back = Wróć do menu (Esc)
canvas-painted = Plansza malowana: każda partia gra na niej
canvas-preview = Podgląd: każda partia losuje własną planszę ze swojego ziarna
canvas-cave-line = Wygrywa linia z { $length } cegieł
canvas-nothing = Z tych ustawień nie powstaje żadna plansza

## Jak czytnik ekranu nazywa części planszy

spoken-cave-board = Magnetyczna jaskinia, { $width } na { $height }, wygrywa { $length } w linii
spoken-cave-cell = { $cell }, { $what ->
        [black] czarna cegła
        [white] biała cegła
        [legal] puste, możesz tu postawić cegłę
       *[empty] puste
    }{ $line ->
        [yes] , w zwycięskiej linii
       *[no] {""}
    }
spoken-penguins-board = Pingwiny, plansza { $cols } na { $rows }
spoken-floe = kra { $floe }, { $fish ->
        [0] bez ryb
        [1] jedna ryba
        [2] dwie ryby
        [3] trzy ryby
       *[other] { $fish } ryb
    }{ $penguin ->
        [none] { $placeable ->
            [yes] , możesz tu postawić pingwina
           *[no] {""}
        }
       *[other] , pingwin { $penguin }
    }
spoken-penguin = pingwin { $player } na krze { $floe }
spoken-square = pole { $square }, { $piece ->
        [none] puste
       *[other] pionek { $piece } gracza { $owner }
    }{ $kind ->
        [middle] , pole środka
        [arm-end] , koniec ramienia
       *[plain] {""}
    }
spoken-piece = pionek { $piece } gracza { $owner }, { $place ->
        [pool] w puli
        [scored] w domu
       *[track] na polu { $square }{ $kind ->
            [middle] , pole środka
            [arm-end] , koniec ramienia
           *[plain] {""}
        }
    }

## Strona zasad

rules-close = F1 albo Esc zamyka zasady.

## Karty i kostka Patolli

dice-rolled = Gracz { $player } wyrzucił { $roll }
dice-turn-lost = Gracz { $player } wyrzucił 0
    traci kolejkę
dice-extra-roll = Gracz { $player } wyrzucił { $roll }
    dodatkowy rzut
dice-match-over = Partia jest skończona
dice-referee-rolls = Sędzia rzuca
patolli-card = Gracz { $player } · { $seat }
patolli-card-compact = { $player } · { $seat }
patolli-card-pool = Pula
patolli-card-scored = W domu { $scored } z 6
patolli-card-home = { $scored } z 6 w domu
patolli-banner = Wygrywa gracz { $player } { $scores }

## Zagadki

puzzle-none = Nie udało się otworzyć żadnej zagadki.
puzzle-next = Następna zagadka (P)
puzzle-head = Zagadka { $number } z { $total } ({ $name }, trudność { $difficulty }): { $task }
puzzle-progress = { $state }   Seria { $streak } · rozwiązane { $solved }{ $refused ->
        [0] {""}
       *[other] {" "}· odrzucone: { $refused } (zobacz terminal)
    }
puzzle-task-cave = Ruch mają { $player } i wygrywają w { $bricks } cegłach. Znajdź pierwszą.
puzzle-task-penguins = Ruch ma gracz { $player }: jeden ruch { $ending ->
        [wins] wygrywa o { $fish } ryb
        [ties] remisuje
       *[loses] przegrywa tylko o { $fish } ryb
    } przy najlepszej grze. Znajdź go.
puzzle-first-move = Twój ruch. H pokazuje podpowiedź.
puzzle-solving = Dobrze! Graj dalej: silnik się broni.
puzzle-solved = Rozwiązane! P – następna zagadka.
puzzle-cave-wrong-first = { $brick } nie wygrywa. Wygrywała cegła { $solution }; silnik rozgrywa odparcie.
puzzle-cave-lets-go = { $brick } wypuszcza wygraną; silnik rozgrywa resztę.
puzzle-penguins-wrong = { $action } kończy się { $margin } przy najlepszej grze; { $shown } kończy się { $best }. Silnik rozgrywa resztę.

## The menu's line about the board in use

menu-board-cave = jaskinia { $width }x{ $height }, wygrywa { $line } w linii
menu-board-track = tor o { $squares } polach dla { $players } graczy
menu-board-drawn = { $grid ->
        [hex] plansze heksagonalne
       *[other] plansze
    } losowane z ziarna, { $water } % wody
menu-board-fixed = { $grid ->
        [hex] stała plansza heksagonalna
       *[other] stała plansza
    } { $cols }x{ $rows }
menu-board-line = { $board } · plansze: { $source }
menu-layout-error = Błąd w pliku planszy (zostaje ostatnia dobra): { $error }
menu-cannot-start = Nie można zacząć: { $reason }
menu-cannot-host = nie można otworzyć gry: { $reason }
host-no-guest-seat = żadne miejsce nie jest dla gościa: ustaw co najmniej jedno miejsce jako Gość
host-cannot-listen = nie można nasłuchiwać na { $address }: { $reason }
host-address-in-use = inny program używa tego portu
host-address-not-here = ten adres nie należy do tego komputera
host-address-forbidden = system nie pozwala tu nasłuchiwać
host-no-random = ten komputer nie dał liczb losowych dla kluczy: { $detail }
host-resume-without-seeds = jej kości nie pochodzą z ziaren graczy: zacznij nową partię
host-own-join = to okno nie mogło dołączyć do własnej partii: { $reason }
boards-source-variable = folder wskazany przez $TABLERO_LEVELS
boards-source-working-folder = levels/ w tym folderze
boards-source-beside-program = levels/ obok programu
boards-source-user-data = levels/ w twoim folderze danych
boards-source-built-in = wbudowane
boards-source-given = folder pliku planszy
board-classic-cave = Klasyczna jaskinia
board-bigger-cave = Większa jaskinia
board-assignment-cross = Krzyż z zadania
board-cross-for-four = Krzyż dla czterech
board-smaller-cross = Mniejszy krzyż
board-drawn-floes = Losowane kry
board-seed-board = Plansza z ziarna
board-hex-floes = Kry heksagonalne
setup-players = W Pingwiny grają od 2 do 4 graczy, a nie { $players }
setup-penguins-each = od { $min } do { $max } pingwinów na gracza, a nie { $each }
setup-patolli-seats = ta plansza ma miejsca dla { $players }; daj każdemu jedno miejsce, a nie { $seats }
match-dropped-moves = Nowa jaskinia usunęła { $count ->
        [one] ruch otwarcia { $cells }: już się nie mieści
       *[other] ruchy otwarcia { $cells }: już się nie mieszczą
    }

## A designer's file, and where it is wrong

layout-error-at = { $file }:{ $line }:{ $column }: { $problem }
layout-undrawable = edytor nie umie narysować tej planszy: { $fault }
layout-other-game = to plansza do gry { $found }, a nie { $wanted }
layout-puzzle-refused = zagadka `{ $name }` odrzucona: { $reason }
read-not-found = nie ma takiego pliku
read-permission = brak uprawnień do odczytu pliku
read-failed = nie można odczytać pliku: { $detail }
read-not-a-file = to nie jest zwykły plik
read-too-large = plik jest za duży: ponad { $limit } bajtów
ron-eof = plik kończy się za wcześnie: coś nie zostało zamknięte
ron-expected-token = tu powinno być `{ $token }`
ron-expected-kind = tu powinna być { $kind ->
        [boolean] wartość true albo false
        [integer] liczba całkowita
        [float] liczba
        [string] tekst w podwójnym cudzysłowie
        [char] litera w pojedynczym cudzysłowie
        [identifier] nazwa
        [unit] para nawiasów ()
       *[other] wartość
    }
ron-expected-named = tu powinno być `{ $name }(…)`
ron-struct-name = tu powinno być `{ $expected }`, a nie `{ $found }`
ron-integer-range = ta liczba jest poza zakresem
ron-unexpected-char = `{ $char }` nie powinno tu stać
ron-trailing = coś stoi za końcem wartości
ron-unclosed-comment = komentarz nie został zamknięty
ron-unknown-variant = `{ $found }` to żadne z: { $expected }
ron-unknown-field = tu nie ma pola `{ $found }`; pola to { $expected }
ron-missing-field = brakuje pola `{ $field }`
ron-duplicate-field = pole `{ $field }` występuje dwa razy
ron-wrong-value = { $found } tu nie pasuje: potrzeba { $expected }
ron-wrong-length = { $found } wartości tam, gdzie potrzeba { $expected }
ron-other = { $detail }

## A record that does not replay

match-record-does-not-replay = zapisu partii nie da się odtworzyć: { $reason }
record-other-game = gra w zapisie nie zgadza się z jego planszą
record-budget = czas na ruch to ponad 0 i najwyżej 60 sekund, a nie { $budget }
record-roll-refused = ruch { $entry }: rzut { $roll } odrzucony: { $reason }
record-before-roll = ruch { $entry }: `{ $action }` stoi przed należnym rzutem
record-unreadable = ruch { $entry } nie jest ruchem tej gry
record-illegal = ruch { $entry }: `{ $action }` jest tu niedozwolony: { $reason }
record-dice-unfair = kości nie są tymi, które dają ziarna graczy
record-roll-not-from-seeds = ruch { $entry }: rzut { $found } nie wynika z ziaren graczy (wychodzi { $expected })

## Joining a match over the network

join-title = Dołącz do gry
join-explanation = Wklej otrzymane zaproszenie (Ctrl+V lub Wklej) albo je wpisz. Tab przechodzi między polami.
join-invitation = Zaproszenie
join-name = Twoje imię
join-paste = Wklej
join-join = Dołącz (Enter)
join-back = Wróć (Esc)
join-not-an-invitation = To nie jest zaproszenie: { $reason }.
join-connecting = Łączenie z { $address }…
join-nothing-pasted = Nic nie wklejono: { $reason }.
join-failed = Nie udało się dołączyć: { $reason }.
join-refused = nikt nie prowadzi gry pod tym adresem (albo gra już się skończyła)
join-no-answer = gospodarz nie odpowiada
join-unreachable = z tego miejsca nie da się dotrzeć pod ten adres
join-handshake-timeout = gospodarz nie dokończył powitania na czas
join-handshake-failed = powitanie się nie udało: zaproszenie jest błędne albo odpowiedział inny komputer
join-garbled = wiadomości gospodarza dotarły zmienione albo nieczytelne
join-closed = gospodarz zamknął połączenie
join-not-welcomed = gospodarz nas nie wpuścił: { $reason }
join-unfair-dice = kości gospodarza nie są uczciwe
join-host-broke-rules = gospodarz przysłał partię, na którą nie pozwalają zasady
join-no-welcome = gospodarz odpowiedział na nasze powitanie czymś innym niż zaproszeniem do gry
join-no-random-seed = ten komputer nie dał liczby losowej dla kości: { $detail }
invitation-scheme = zaproszenie zaczyna się od `tablero://`
invitation-role = po `tablero://` zaproszenie ma `play@` albo `watch@`
invitation-parts = zaproszenie ma adres, klucz i sekret, rozdzielone `/`
invitation-address = adres `{ $address }` nie ma portu (jak `192.168.1.5:4077`)
invitation-key = klucz gospodarza to nie 52 litery w base 32
invitation-secret = sekret to nie cztery grupy po cztery litery (jak `abcd-efgh-jkmn-pqrs`)
clipboard-no-text = w schowku nie ma tekstu
clipboard-busy = schowka używa inny program
clipboard-unavailable = tutaj nie ma schowka

## The waiting room

room-hosting = Prowadzisz grę: { $game }
room-watching = Oglądasz: { $game }
room-over-network = { $game } przez sieć
room-invitation-play = Zaproszenie do gry
room-invitation-watch = Zaproszenie do oglądania
room-copy = Kopiuj
room-seats = Miejsca
room-cancel = Anuluj (Esc)
room-nothing-to-copy = Nie ma zaproszenia do skopiowania.
room-copied = { $role ->
        [play] Zaproszenie do gry
       *[other] Zaproszenie do oglądania
    } skopiowane: wklej je osobie, którą zapraszasz.
room-not-copied = { $role ->
        [play] Nie udało się skopiować zaproszenia do gry
       *[other] Nie udało się skopiować zaproszenia do oglądania
    } ({ $reason }): przeczytaj je na głos.
room-seat-player = Gracz { $player }: { $who }
room-seat = { $seat }: { $who }
room-waiting-for-seats = Czekamy, aż gospodarz powie, kto gdzie siedzi…
room-every-seat-taken = Wszystkie miejsca zajęte: gra się zaczyna.
room-send-invitation = { $guests ->
        [one] Wyślij zaproszenie do gry swojemu gościowi; gra zacznie się, gdy dołączy.
       *[other] Wyślij zaproszenie do gry swoim gościom ({ $guests }); gra zacznie się, gdy wszystkie miejsca będą zajęte.
    }
    Każdy z zaproszeniem do oglądania może śledzić grę.
room-starting = Gra się zaczyna.
room-starts-when-full = Gra zacznie się, gdy wszystkie miejsca będą zajęte.

## The network line

net-host = gospodarz
net-host-ai = SI gospodarza
net-guest-by-ai = { $name } (gra SI gospodarza)
net-free = gość (wolne)
net-ai-plays-seat = SI gospodarza gra na miejscu { $seat }, dopóki jego gość jest nieobecny.
net-you = ty
net-away = { $who } (nieobecny)
net-asks-undo = { $who } prosi o cofnięcie ruchów: Y tak, N nie
net-refused = Odrzucono: { $reason }.
net-undo-declined = Ruchy nie zostaną cofnięte: { $reason }.
net-host-says = Gospodarz mówi: { $reason }.
net-lost = Utracono połączenie z gospodarzem: { $reason }.
net-match-stops = Gra zostaje przerwana: { $reason }
net-chosen-roll = rzut { $found } to nie { $expected } z kości: został wybrany
net-refused-entry = `{ $action }` odrzucono: { $reason }
net-refused-roll = rzut { $roll } odrzucono: { $reason }
net-unreadable-entry = `{ $action }` nie jest ruchem tej gry
net-refused-no-seat = nie masz miejsca: widzowie nie grają
net-refused-not-playing = partia nie jest w toku
net-refused-not-your-turn = to nie twoja kolej
net-refused-rules = zasady nie pozwalają na `{ $action }`
net-refused-unexpected = gospodarz nie oczekiwał teraz tej wiadomości
net-refused-nobody-asks = nikt nie prosi o cofnięcie ruchów
net-refused-no-move = nie masz ruchu do cofnięcia
net-refused-undo-waiting = prośba o cofnięcie ruchów już czeka
net-undo-says-no = { $who } mówi nie
net-undo-left = { $who } opuszcza grę
net-undo-went-on = partia toczyła się dalej
net-stop-match-over = partia się skończyła
net-stop-host-left = gospodarz wyszedł
net-stop-host-could-not-join = gospodarz nie mógł dołączyć do własnej partii
net-stop-cannot-start = z ziaren graczy gospodarz nie może zacząć partii
net-stop-seats-taken = wszystkie miejsca dla gości są zajęte
net-stop-no-commitment = gracz Patolli zobowiązuje się do ziarna, gdy dołącza
net-stop-seed-not-hex = wysłane ziarno to nie 64 cyfry szesnastkowe
net-stop-seed-not-committed = wysłane ziarno nie jest tym, do którego się zobowiązano
net-stop-guest-left = opuszczasz grę
net-stop-flood = w jednej sekundzie przyszło więcej niż { $limit } wiadomości
net-stop-garbled = wiadomość przyszła zmieniona, nieczytelna lub za długa
net-unknown-take-back = gospodarz cofnął ruchy, których to okno nigdy nie miało
net-another-player = inny gracz
net-thinking = Myśli: { $who }…
net-waiting-for = Czekamy na decyzję: { $who }…

## The puzzles' note on the menu

puzzles-none-opened = Nie udało się otworzyć żadnej zagadki: odrzucone: { $refused } (szczegóły w terminalu); pierwsza: { $first }
puzzles-none-in-levels = Nie udało się otworzyć żadnej zagadki: w używanych planszach nie ma żadnej.

## Arrows that point the way a line is read

glyph-previous = ◀
glyph-next = ▶

## Why a puzzle does not hold

puzzle-name-twice = name: nazwa `{ $name }` występuje dwa razy
puzzle-moves-not-cells = moves: `{ $text }` to nie nazwa pola (litera kolumny i numer wiersza, jak D7)
puzzle-illegal-brick = moves: cegła { $number } jest niedozwolona
puzzle-already-over = moves: partia już się skończyła
puzzle-solution-not-cell = solution: `{ $text }` to nie nazwa pola (litera kolumny i numer wiersza, jak D7)
puzzle-solution-illegal = solution: zasady na nie nie pozwalają w tej pozycji
puzzle-wins-in-range = wins_in: { $wins_in } nie mieści się w przedziale od { $min } do { $max }
puzzle-not-proved = nie udowodniono w ciągu { $seconds } s
puzzle-not-won = żadna cegła nie wygrywa: pozycja nie jest wygrana
puzzle-two-winning-bricks = rozwiązanie nie jest jedyne: wygrywają i { $first }, i { $second }
puzzle-other-brick = solution: { $given } nie wygrywa; wygrywa { $winning }
puzzle-wins-in = wins_in: rozwiązanie wygrywa w { $found }, a nie w { $given }
puzzle-players = scores: zagadka ma dwóch graczy, a nie { $players }
puzzle-solution-not-slide = solution: to nie ruch `x1 y1 x2 y2`
puzzle-too-large = końcówka jest za duża, by rozwiązać ją dokładnie
puzzle-two-best-slides = rozwiązanie nie jest jedyne: { $best } i { $other } kończą się na { $margin }
puzzle-not-best = solution: { $given } to nie najlepszy ruch; najlepszy to { $best }
puzzle-margin = margin: rozwiązanie kończy się na { $found }, a nie { $given }
midgame-players = scores: po jednym dla każdego z 2 do { $max } graczy, a nie { $players }
midgame-penguin-of-nobody = board: pingwin gracza { $penguin }, a wyniki ma tylko { $players } graczy
midgame-to-move = to_move: gracz { $player } nie jest żadnym z { $players } graczy
midgame-too-many-penguins = board: za dużo pingwinów
midgame-cannot-slide = to_move: gracz { $player } nie może się ruszyć
midgame-too-large = board: za dużo wierszy lub kolumn
midgame-no-fields = board: brak pól
midgame-row-length = board: wiersz { $row } ma { $fields } pól, pierwszy ma { $width }
midgame-field = board: `{ $text }` to nie pole: dwie cyfry, ryby (0-3), a potem gracz (0-{ $max })
