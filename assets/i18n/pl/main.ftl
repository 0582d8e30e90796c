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
