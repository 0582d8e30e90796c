# كلمات Tablero بالعربية: القائمة وصفحة الإعدادات.

## القائمة

menu-subtitle = ألعاب لوحية من ثلاثة واجبات جامعية
menu-hint = اختر لعبة من اليمين، واللاعبين واللوحة من هنا.
menu-black-first = الأسود (يبدأ)
menu-white = الأبيض
menu-player-l = اللاعب L (A–F)
menu-player-n = اللاعب N (1–6)
menu-player-g = اللاعب G (G–L)
menu-player-m = اللاعب M (M–R)
menu-player-a-first = اللاعب A (يبدأ)
menu-player-b = اللاعب B
menu-player-c = اللاعب C
menu-player-d = اللاعب D
menu-human = إنسان
menu-ai = الحاسوب
menu-guest = ضيف
menu-off = لا يلعب
menu-penguins-each = بطاريق لكل لاعب
menu-rows-columns = صفوف × أعمدة
menu-seed = البذرة (اكتب أرقامًا)
menu-new-seed = بذرة جديدة
menu-ai-level = مستوى الحاسوب
menu-level-easy = سهل
menu-level-medium = متوسط
menu-level-hard = صعب
menu-ai-time = وقت الحاسوب لكل نقلة
menu-board = اللوحة
menu-start = ابدأ (Enter)
menu-host = استضف (Enter)
menu-edit-boards = حرّر اللوحات
menu-join = انضم إلى مباراة
menu-puzzles = ألغاز
game-magnetic-cave = الكهف المغناطيسي
game-patolli = باتولي
game-penguins = البطاريق
card-magnetic-cave = خمسة في خط واحد، بين جدارين مغناطيسيين.
card-patolli = سباق الأزتيك حول صليب، بنرد واحد.
card-penguins = انزلق على الجليد وكُل أكثر السمك.

## صفحة الإعدادات

settings-button = الإعدادات (F2)
settings-title = الإعدادات
settings-close = إغلاق (F2)
settings-language = اللغة
settings-language-about = كلمات القوائم والصفحات؛ تحتفظ اللوحة بترميزها.
settings-colours = الألوان
settings-colours-standard = عادية
settings-colours-high-contrast = تباين عالٍ
settings-colours-about = كلاهما يميّز اللاعبين والمربعات والعلامات لكل أنواع رؤية الألوان؛ التباين العالي يرسم على الأسود، والنص بنسبة 7:1 أو أكثر.
settings-text-size = حجم النص
settings-text-size-percent = { $percent }٪
settings-text-size-about = اللوحات الجانبية والصفحات والأزرار؛ ما لا يتسع يُمرَّر (بعجلة الفأرة أو بمفتاح Tab).
settings-screen-reader = قارئ الشاشة
settings-screen-reader-all = كل شيء
settings-screen-reader-moves = النقلات فقط
settings-screen-reader-off = لا شيء
settings-screen-reader-about = ما يعلنه: كل شيء (النقلات والرميات والرفض والنتائج ودور من، وسطر التلميح)، أو النقلات والنتائج فقط، أو لا شيء.
settings-animation = الحركة
settings-animation-normal = عادية
settings-animation-fast = سريعة
settings-animation-off = بلا حركة
settings-animation-about = سريعة: الانزلاق والنرد ونقلات الحاسوب في ثلث الوقت. بلا حركة: كل قطعة في مكانها فورًا، ونقلة الحاسوب حالما تُقرَّر.

## عنوان النافذة

title-match = Tablero — { $game } — { $state }
title-to-move = دور { $player }
title-thinking = { $player } يفكر
title-replay = إعادة عرض
title-rolling = رمي النرد

## لوحة كل مباراة

match-player = اللاعب { $letter }
match-hint = تلميح (H)
match-rules = القواعد (F1)
match-undo = تراجع (U)
match-new-game = مباراة جديدة (N)
match-menu = القائمة
match-nothing-played = لم يُلعب شيء بعد.
match-took-back = { $count ->
        [zero] لم يُتراجع عن شيء
        [one] تُرُوجع عن نقلة واحدة
        [two] تُرُوجع عن نقلتين
        [few] تُرُوجع عن { $count } نقلات
       *[other] تُرُوجع عن { $count } نقلة
    }
match-turn-lost = خسر { $player } الدور
match-refused = مرفوض: { $reason }
match-layout-error = خطأ في ملف اللوحة، وتبقى آخر لوحة سليمة:
    { $error }
match-rules-offer = جديد على { $game }؟ F1 يفتح القواعد.
match-replay-to-move = إعادة عرض: دور { $player }
match-replay-steps = تنقّل بـ ◀ ▶؛ C يتابع اللعب من هنا.
match-ai-thinking = { $player } (الحاسوب) يفكر…
match-ai-to-move = دور { $player } (الحاسوب)
match-budget-left = بقي من وقته { $seconds } ث
match-ai-line = الحاسوب: { $level ->
        [easy] سهل
        [medium] متوسط
       *[hard] صعب
    }، حتى { $seconds } ث للنقلة
match-new-game-or-menu = مباراة جديدة (N) أو القائمة (Esc).
match-play-again-or-menu = العب مجددًا (N) أو عُد إلى القائمة (Esc).
seat-human = إنسان
seat-ai = الحاسوب
list-one = { $item }
list-and = { $rest } و{ $last }

## لماذا رُفض الطلب

refusal-not-your-turn-ai = ليس دورك: الحاسوب يلعب { $player }
refusal-not-your-turn-human = ليس دورك: لاعب بشري يلعب { $player }
refusal-nothing-to-undo = لا شيء للتراجع عنه
refusal-replaying = هذه إعادة عرض: اضغط C (متابعة) للعب من هنا
refusal-game-over = انتهت اللعبة

## ما يسمعه قارئ الشاشة

spoken-new-match = مباراة جديدة في { $game }
spoken-rolled = رمى { $player } { $roll }
spoken-turn-lost = رمى { $player } 0 وخسر الدور
spoken-cave-places = { $player } يضع في { $cell }

## لوحة الكهف المغناطيسي

cave-black = الأسود
cave-white = الأبيض
cave-wins = فاز { $player }
cave-tie = تعادل
cave-wins-line = فاز { $player }: { $from }-{ $to }
cave-tie-full = تعادل: امتلأ الكهف.
cave-play-again = العب مجددًا (N) أو عُد إلى القائمة.
cave-click-cell = انقر خانة مضيئة.
cave-size-line = كهف { $width }x{ $height }، يفوز من يصفّ { $length } في خط
cave-seat-line = { $player }: { $seat }
cave-no-moves = لا نقلات بعد.
cave-moves = النقلات (الأسود، الأبيض):
cave-refused-cell = { $cell }: { $reason }
cave-illegal-off-board = { $cell } خارج الكهف { $width }x{ $height }
cave-illegal-occupied = في { $cell } طوبة أصلًا
cave-illegal-not-stacked = { $cell } غير مسنودة: يجب أن تلمس الطوبة جدارًا أو تقع مباشرة يسار طوبة أخرى أو يمينها
cave-illegal-no-dice = لا نرد في الكهف المغناطيسي

## لوحة البطاريق

penguins-wins = فاز اللاعب { $player }
penguins-tie = تعادل بين { $players }
penguins-log-placed = وضع { $player } بطريقًا في { $floe }: سمكة واحدة
penguins-log-slid = انزلق { $player } { $from } ← { $to }: { $fish ->
        [zero] لا سمك
        [one] سمكة واحدة
        [two] سمكتان
        [few] { $fish } سمكات
       *[other] { $fish } سمكة
    }
penguins-log-skipped = لا يستطيع { $player } التحرك فيُتجاوز دوره
penguins-skipped = لا يستطيع اللاعب { $player } التحرك فيُتجاوز دوره.
penguins-player-line = { $player } { $seat }: { $fish ->
        [zero] لا سمك
        [one] سمكة واحدة
        [two] سمكتان
        [few] { $fish } سمكات
       *[other] { $fish } سمكة
    }، وُضع { $placed }/{ $penguins }
penguins-board-seed = { $grid ->
        [hex] لوحة سداسية
       *[square] لوحة
    } { $cols }x{ $rows }، البذرة { $seed }
penguins-board-fixed = { $grid ->
        [hex] لوحة سداسية ثابتة
       *[square] لوحة ثابتة
    } { $cols }x{ $rows }
penguins-over-wins = فاز اللاعب { $player }!
penguins-over-tie = تعادل بين { $players }!
penguins-ranking = { $place }. { $player }: { $fish ->
        [zero] لا سمك
        [one] سمكة واحدة
        [two] سمكتان
        [few] { $fish } سمكات
       *[other] { $fish } سمكة
    }
penguins-place = { $player }: ضع بطريقًا.
penguins-place-how = انقر قطعة جليد مؤطرة فيها سمكة واحدة.
penguins-chosen = { $player }: اخترت البطريق في { $floe }.
penguins-chosen-how = انقر قطعة جليد مؤطرة لتنزلق إليها (Esc: اختر من جديد).
penguins-move = { $player }: حرّك بطريقًا.
penguins-move-how = انقر أحد بطاريقك المطوّقة.
penguins-illegal-placement-phase = هذه مرحلة وضع البطاريق
penguins-illegal-movement-phase = هذه مرحلة التحريك
penguins-illegal-no-dice = لا نرد في البطاريق
penguins-illegal-off-board = { $floe } خارج اللوحة
penguins-illegal-not-placeable = يوضع البطريق على قطعة جليد حرة فيها سمكة واحدة بالضبط؛ و{ $floe } ليست كذلك
penguins-illegal-no-penguin = ليس لك بطريق في { $floe }
penguins-illegal-not-reachable-square = لا يستطيع البطريق في { $from } الانزلاق إلى { $to }: الحركة مستقيمة إلى أعلى أو أسفل أو يسار أو يمين فوق جليد حر
penguins-illegal-not-reachable-hex = لا يستطيع البطريق في { $from } الانزلاق إلى { $to }: الحركة مستقيمة على أحد الخطوط الستة عبر أضلاع القطعة، فوق جليد حر

## لوحة باتولي

patolli-wins = فاز اللاعب { $player }
patolli-pass = تمرير (P)
patolli-legend-middle = الوسط: هنا يكون الأسر
patolli-legend-arm-end = طرف الذراع: إنهاء النقلة هنا يمنح رمية أخرى
patolli-legend-start = يبدأ { $player } من المربع الملوّن وينتهي عند ★
patolli-die = نرد من 0 إلى 5
patolli-beans = { $beans ->
        [zero] لا حبوب
        [one] حبة واحدة
        [two] حبتان
        [few] { $beans } حبات
       *[other] { $beans } حبة
    }
patolli-overshoot-continue = بعد النهاية: يتابع الدوران
patolli-overshoot-forbidden = بعد النهاية: غير مسموح
patolli-overshoot-back = بعد النهاية: يعود إلى البداية
patolli-board-line = { $squares } مربعًا، { $dice }
patolli-seed = البذرة { $seed }
patolli-seed-ai = البذرة { $seed }، الحاسوب { $level ->
        [easy] سهل
        [medium] متوسط
       *[hard] صعب
    }، { $seconds } ث للقرار
patolli-over = فاز اللاعب { $player }، { $scores }.
patolli-replay = إعادة عرض: دور اللاعب { $player }.
patolli-replay-roll = إعادة عرض: يلعب اللاعب { $player } رمية { $roll }.
patolli-rolls = اللاعب { $player } يرمي…
patolli-rolled = رمى اللاعب { $player } { $roll }.
patolli-ai-thinking = رمى اللاعب { $player } (الحاسوب) { $roll } وهو يفكر…
patolli-ai-rolled = رمى اللاعب { $player } (الحاسوب) { $roll }
patolli-only-pass = رمى اللاعب { $player } { $roll }: لا قطعة تستطيع التحرك ولا الدخول.
patolli-only-pass-how = لا يمكنك إلا التمرير: اضغط P أو انقر تمرير.
patolli-chosen-lands = اللاعب { $player }، الرمية { $roll }: تصل القطعة { $piece } إلى المربع { $square }.
patolli-chosen-scores = اللاعب { $player }، الرمية { $roll }: القطعة { $piece } تُسجَّل.
patolli-chosen-stuck = اللاعب { $player }، الرمية { $roll }: لا تستطيع القطعة { $piece } التحرك.
patolli-chosen-how = انقرها مرة أخرى أو انقر هدفها، أو اضغط Enter للتحريك؛ Esc لاختيار غيرها.
patolli-opening = اللاعب { $player }، الرمية { $roll }: في دورك الأول تضع قطعة.
patolli-opening-how = انقر مخزونك.
patolli-to-play = دور اللاعب { $player } ليلعب رمية { $roll }.
patolli-to-play-how = انقر قطعة مطوّقة لترى أين تصل؛ انقر مخزونك لتضع قطعة؛ P للتمرير.
patolli-log-turn-lost = رمى { $player } 0: خسر الدور
patolli-log-passed = مرّر { $player }.
patolli-log-placed = وضع { $player } { $piece } في المربع { $square }.
patolli-log-moved = حرّك { $player } { $piece } من { $from } إلى { $to }{ $captured ->
        [none] {""}
       *[other] ، وأسر { $captured } (يعود إلى مخزونه)
    }.{ $extra ->
        [yes] {" "}طرف الذراع: رمية أخرى.
       *[no] {""}
    }
patolli-log-scored = حرّك { $player } { $piece } من { $from } إلى البيت وسجّل{ $captured ->
        [none] {""}
       *[other] ، وأسر { $captured } (يعود إلى مخزونه)
    }.{ $extra ->
        [yes] {" "}طرف الذراع: رمية أخرى.
       *[no] {""}
    }
patolli-log-overshot = تجاوز { $player } بـ { $piece } نهايتها: تعود إلى المخزون{ $captured ->
        [none] {""}
       *[other] ، وأسر { $captured } (يعود إلى مخزونه)
    }.{ $extra ->
        [yes] {" "}طرف الذراع: رمية أخرى.
       *[no] {""}
    }
patolli-illegal-must-roll = ارمِ أولًا
patolli-illegal-already-rolled = رميت { $roll } من قبل: حرّك أو ضع قطعة أو مرّر
patolli-illegal-bad-roll = { $roll } ليست رمية لهذا النرد
patolli-illegal-not-yours = القطعة { $piece } ليست لك
patolli-illegal-opening = في دورك الأول يجب أن تضع قطعة على مربع بدايتك
patolli-illegal-not-on-board = القطعة { $piece } ليست على اللوحة
patolli-illegal-not-in-pool = القطعة { $piece } ليست في مخزونك
patolli-illegal-start-occupied = مربع بدايتك { $square } مشغول
patolli-illegal-own-piece = ستقع القطعة { $piece } على قطعتك { $blocker } في المربع { $square }
patolli-illegal-occupied = في المربع { $square } القطعة { $blocker }؛ الأسر في مربعات الوسط فقط
patolli-illegal-end-occupied = مربع نهايتك { $square } تشغله قطعة خصم: لا يمكنك التسجيل هناك
patolli-illegal-overshoot = تحتاج القطعة { $piece } إلى { $needed } بالضبط لتُسجَّل؛ و{ $roll } تتجاوز النهاية

## تنبيهات

patolli-not-your-pool = هذا مخزون اللاعب { $owner }؛ الدور للاعب { $player }.
patolli-pool-empty = مخزونك فارغ.
penguins-choose-first = انقر أولًا أحد بطاريقك، ثم قطعة جليد خضراء.
penguins-not-your-penguin = هذا بطريق اللاعب { $owner }؛ الدور للاعب { $player }.
penguins-stuck = البطريق في { $floe } عالق: لا جليد حرًّا بجانبه.

## فحوص محرر اللوحات

editor-no-game-yet = لا تصلح هذه اللوحة للعب بعد:
editor-problem = • { $problem }
editor-more-problems = … و{ $more } غيرها

## ما يمنع اللوحة من أن تصلح للعب

fault-cave-width = يجب أن يكون width (العرض) بين 1 و{ $max }، لا { $value }
fault-cave-height = يجب أن يكون height (الارتفاع) بين 1 و{ $max }، لا { $value }
fault-cave-no-line = كهف 1x1 لا يتسع لأي خط: اجعل العرض أو الارتفاع 2 على الأقل
fault-cave-win-length = يجب أن يكون win_length بين 2 و{ $max } (الضلع الأطول للكهف)، لا { $value }
fault-cave-unreachable = لا يمكن بلوغ win_length { $value }: كهف من { $cells } خانة يعطي كل لاعب { $bricks } طوبة على الأكثر
fault-dice-no-beans = Beans(0) يرمي 0 دائمًا: سيضيع كل دور ولن تتحرك أي قطعة أبدًا
fault-dice-too-many = في Beans({ $beans }) حبوب كثيرة جدًا: من 1 إلى { $max }
fault-track-too-short = في المسار { $squares } مربعات؛ المسار المغلق يحتاج 4 على الأقل
fault-track-repeated = مربع المسار { $later } يكرر خانة المربع { $earlier } { $cell }
fault-track-not-adjacent = مربعا المسار { $from } { $a } و{ $to } { $b } غير متجاورين أفقيًا أو رأسيًا
fault-track-off-grid = مربع المسار { $index } في { $cell } خارج الشبكة: الصفوف والأعمدة من 0 إلى { $max }
fault-track-off-track = يشير { $field } إلى المربع { $index }، لكن مربعات المسار من 0 إلى { $last }
fault-track-start-is-end = يجب أن تكون بداية اللاعب { $player } ونهايته مربعين مختلفين
fault-track-end-on-start = مربع نهاية اللاعب { $player } ({ $square }) هو مربع بداية اللاعب { $other }، حيث قد تبقى قطعه إلى الأبد: لن يسجّل { $player } أبدًا
fault-track-shared-start = يبدأ اللاعبان { $player } و{ $other } كلاهما من المربع { $square }
fault-track-players = تتسع اللوحة من 2 إلى 4 لاعبين (L، N، G، M)، لا { $players }
fault-side = يجب أن يكون { $field } من { $min } إلى { $max }، لا { $side }
fault-water = water (الماء) نسبة من 0 إلى { $max }، لا { $water }
fault-fish-weights-overflow = مجموع أوزان السمك كبير جدًا
fault-no-fish-weight = يجب أن يكون وزن سمك واحد على الأقل فوق 0
fault-board-size = اللوحة الثابتة فيها من { $min } إلى { $max } صفوف من { $min } إلى { $max } خانات؛ وهذه { $rows } صفوف من { $cols }
fault-row-length = في الصف { $row } { $fields } خانات؛ وفي الصف 0 { $cols }
fault-fish = الصف { $row }، الخانة { $col }: `{ $found }` ليس من 0 إلى 3 أسماك
fault-too-few-ones = في اللوحة { $ones } قطعة جليد بسمكة واحدة فقط؛ وأصغر مباراة (لاعبان، بطريق لكل منهما) تحتاج 2
fault-no-one-fish-floe = لا قطعة جليد بسمكة واحدة في اللوحة ليوضع عليها بطريق
fault-too-few-fields = لوحة { $cols }x{ $rows } فيها { $capacity } خانة، وهذا قليل لـ { $penguins } بطاريق
fault-too-few-floes = في اللوحة { $capacity } قطع جليد بسمكة واحدة، وهذا قليل لـ { $penguins } بطاريق (يوضع كل بطريق على قطعة خاصة به)
fault-fourth-without-third = اللاعب M على لوحة لأربعة: أضف اللاعب G أيضًا
fault-first-not-seated = first_player { $player } لا يلعب على هذه اللوحة (لاعبوها: { $seated })
fault-track-fillable = في المسار { $squares } مربعًا ولدى لاعبيه الـ{ $players } { $pieces } قطعة: يحتاج المسار مربعات أكثر من القطع، وإلا ملأته القطع ولم يستطع أحد الحركة

## شريط التسجيل وشريط التحليل

record-save = حفظ (S)
record-first = ▶|
record-back = ▶
record-forward = ◀
record-last = |◀
record-play = تشغيل
record-continue = متابعة (C)
record-saved = حُفظ التسجيل في { $file }
record-not-saved = تعذّر حفظ التسجيل في { $file }: { $error }
record-not-written = لم يعد التسجيل يُكتب في { $file }: { $error }
record-cannot-keep = لا يستطيع حفظ (S) الاحتفاظ بالتسجيلات: { $error }
record-replay = إعادة عرض: { $shown }/{ $total }{ $last }
record-replay-playing = إعادة عرض جارية: { $shown }/{ $total }{ $last }
record-shown-action = : { $action }
record-shown-roll = : رمى { $roll }
record-shown-start = : البداية
analysis-analyse = حلّل (A)
analysis-offer = A يحلل المباراة: فرصة الفوز عند كل قرار.
analysis-running = جارٍ التحليل: { $done } من { $total } قرارات، { $seconds } ث لكل منها. A يوقفه.
analysis-stopped = توقف التحليل.
analysis-decision = النقلة { $move }: { $player } { $decision } — { $verdict ->
        [blunder] خطأ فادح
        [mistake] خطأ
        [inaccuracy] عدم دقة
       *[fine] جيدة
    }.{ $better ->
        [none] {""}
       *[other] {"\u000A"}الأفضل: { $better }.
    }
analysis-counts = أخطاء فادحة: { $blunders } · أخطاء: { $mistakes } · عدم دقة: { $inaccuracies }. كل عمود: فرصة فوز صاحب القرار؛ انقره للانتقال إليه.

## التلميحات والبراهين

hint-analysis-line = { $line }
hint-searching = تلميح: المحرك يبحث…
hint-shown = تلميح: { $action } — { $why }
hint-none = لا تلميح: { $why }
hint-none-replay = تابع اللعب من إعادة العرض أولًا (C)
hint-none-over = انتهت المباراة
hint-none-network = التلميحات معطلة في المباراة عبر الشبكة
hint-none-not-human = التلميح لدور لاعب بشري
hint-none-nothing = لم يجد المحرك شيئًا يفعله
hint-cave-completes = تُكمل خطك: تفوز
hint-cave-you-win = تفوز بـ{ $bricks } طوبات أخرى، مهما لعب { $other }
hint-cave-holds-out = يستطيع { $other } فرض خط بـ{ $bricks } طوبات أخرى؛ بهذه تصمد أطول
hint-cave-tie = تعادل مع أفضل لعب من هنا
hint-cave-only-brick = الطوبة الوحيدة التي لا تخسر فورًا
hint-cave-choice = اختيار المحرك، ناظرًا { $depth } طوبات إلى الأمام
hint-patolli-captures = تأسر { $piece } وتعيدها إلى مخزونها
hint-patolli-scores = تُسجَّل { $piece }
hint-patolli-arm-end = تنتهي عند طرف ذراع: ترمي مجددًا
hint-patolli-enters = تدخل قطعة جديدة إلى المسار
hint-patolli-choice = اختيار المحرك لهذه الرمية، موازنًا الرميات القادمة
hint-patolli-pass = لا شيء أفضل من التمرير بهذه الرمية
hint-penguins-place = بداية فيها مجال للحركة، اختيار المحرك
hint-penguins-eats = يأكل { $fish ->
        [zero] لا سمك
        [one] سمكة واحدة
        [two] سمكتين
        [few] { $fish } سمكات
       *[other] { $fish } سمكة
    }؛ اختيار المحرك، ناظرًا { $depth } نقلات إلى الأمام
hint-penguins-choice = اختيار المحرك
proof-tie = برهن الحاسوب: تعادل مع أفضل لعب.
proof-wins = برهن الحاسوب: يفوز { $player } { $bricks ->
        [one] بطوبته التالية
        [two] بطوبتيه التاليتين
       *[other] بطوباته الـ{ $bricks } التالية
    }، مهما لعب { $other }.

## محرر اللوحات

editor-1-fish = سمكة واحدة
editor-2-fish = سمكتان
editor-3-fish = 3 سمكات
editor-arm-end-3 = طرف ذراع 3
editor-back-home = إلى البداية
editor-beans = حبوب
editor-begin-here-b = ابدأ هنا B
editor-boards = اللوحات
editor-clear = امسح
editor-columns = الأعمدة
editor-dice = النرد
editor-die-0-5 = نرد 0-5
editor-draw = ارسم
editor-drawn = عشوائية
editor-end-e = النهاية (E)
editor-first = الأول
editor-floes = الجليد
editor-forbidden = ممنوع
editor-grid = الشبكة
editor-height = الارتفاع
editor-hex = سداسيات
editor-lap-on = دورة أخرى
editor-line = الخط
editor-middle-2 = الوسط 2
editor-name = الاسم
editor-new-seed = بذرة جديدة
editor-no-name = (اسم الملف)
editor-not-saved = { $file } (غير محفوظ)
editor-overshoot = بعد النهاية
editor-paint = لوّن
editor-painted = مرسومة
editor-penguins-boards = اللوحة
editor-play = العب
editor-players = اللاعبون
editor-preview = معاينة
editor-redo = أعد
editor-reverse = اعكس
editor-rows = الصفوف
editor-save = احفظ
editor-seed = البذرة { $seed }
editor-square = مربعات
editor-start-s = البداية (S)
editor-title = محرر اللوحات: { $game }
editor-track = المسار
editor-track-1 = المسار 1
editor-triangle-4 = مثلث 4
editor-type = اكتب
editor-undo = تراجع
editor-water = الماء
editor-water-0 = ماء 0
editor-width = العرض

## كلمات المحرر

editor-built-in-copy = لوحة مدمجة: الحفظ يكتب نسخة، { $file }
editor-leave-unsaved = لم تُحفظ بعد: Ctrl+S يحفظ؛ اخرج مرة أخرى لتتخلى عن التغييرات
editor-undone = تم التراجع
editor-nothing-to-undo = لا شيء للتراجع عنه
editor-redone = أُعيد
editor-nothing-to-redo = لا شيء لإعادته
editor-saved = حُفظت { $file }
editor-save-refused = لم تُحفظ: { $reason }
editor-not-played = حُفظت، لكن لا يمكن لعبها: { $reason }
io-not-found = ليس موجودًا هناك
io-permission = هذا النظام لا يسمح بذلك (لا إذن)
io-read-only = القرص للقراءة فقط
io-disk-full = القرص ممتلئ
io-exists = يوجد هناك شيء بهذا الاسم
io-is-a-folder = إنه مجلد
io-not-a-folder = جزء من المسار ليس مجلدًا
io-system-says = { $detail }
write-no-folder = المجلد { $folder } غير موجود
write-is-a-folder = { $path } مجلد
write-not-writable = لا يمكن كتابة شيء في { $folder }: { $reason }
editor-cannot-make-folder = تعذّر إنشاء المجلد { $folder }: { $reason }
editor-cannot-write = تعذّرت كتابة { $file }: { $reason }
editor-back-from-match = عدت من المباراة على هذه اللوحة
boards-title = تحرير اللوحات
boards-new-file = { $file } ملف جديد: اختر لعبته
boards-from = اللوحات من { $source }؛ اللوحة المدمجة تُحفظ نسخةً.
boards-entry = { $name } — { $game }، { $file }
boards-entry-built-in = { $name } — { $game }، { $file } (مدمجة)
boards-new = لوحة جديدة:
boards-back = عُد إلى القائمة (Esc)
canvas-painted = لوحة مرسومة: كل مباراة تلعب عليها
canvas-preview = معاينة: كل مباراة تسحب لوحتها من بذرتها
canvas-cave-line = يفوز من يصفّ { $length } طوبات في خط
canvas-nothing = هذه الإعدادات لا ترسم لوحة

## كيف يسمّي قارئ الشاشة أجزاء اللوحة

spoken-cave-board = الكهف المغناطيسي، { $width } في { $height }، يفوز من يصفّ { $length } في خط
spoken-cave-cell = { $cell }، { $what ->
        [black] طوبة سوداء
        [white] طوبة بيضاء
        [legal] فارغة، يمكنك وضع طوبة هنا
       *[empty] فارغة
    }{ $line ->
        [yes] ، في الخط الفائز
       *[no] {""}
    }
spoken-penguins-board = البطاريق، { $cols } في { $rows } قطعة جليد
spoken-floe = قطعة الجليد { $floe }، { $fish ->
        [0] بلا سمك
        [1] سمكة واحدة
        [2] سمكتان
        [3] ثلاث سمكات
       *[other] { $fish } سمكات
    }{ $penguin ->
        [none] { $placeable ->
            [yes] ، يمكنك وضع بطريق هنا
           *[no] {""}
        }
       *[other] ، البطريق { $penguin }
    }
spoken-penguin = البطريق { $player } على قطعة الجليد { $floe }
spoken-square = المربع { $square }، { $piece ->
        [none] فارغ
       *[other] القطعة { $piece } للاعب { $owner }
    }{ $kind ->
        [middle] ، مربع في الوسط
        [arm-end] ، طرف ذراع
       *[plain] {""}
    }
spoken-piece = القطعة { $piece } للاعب { $owner }، { $place ->
        [pool] في المخزون
        [scored] سُجّلت
       *[track] في المربع { $square }{ $kind ->
            [middle] ، مربع في الوسط
            [arm-end] ، طرف ذراع
           *[plain] {""}
        }
    }

## صفحة القواعد

rules-close = F1 أو Esc يغلق القواعد.

## بطاقات باتولي ونردها

dice-rolled = رمى اللاعب { $player } { $roll }
dice-turn-lost = رمى اللاعب { $player } 0
    خسر الدور
dice-extra-roll = رمى اللاعب { $player } { $roll }
    رمية أخرى
dice-match-over = انتهت المباراة
dice-referee-rolls = الحكم يرمي
patolli-card = اللاعب { $player } · { $seat }
patolli-card-compact = { $player } · { $seat }
patolli-card-pool = المخزون
patolli-card-scored = سُجّل { $scored } من 6
patolli-card-home = { $scored } من 6 في البيت
patolli-banner = فاز اللاعب { $player } { $scores }

## الألغاز

puzzle-none = تعذّر فتح أي لغز.
puzzle-next = اللغز التالي (P)
puzzle-head = اللغز { $number } من { $total } ({ $name }، الصعوبة { $difficulty }): { $task }
puzzle-progress = { $state }   السلسلة { $streak } · المحلولة { $solved }{ $refused ->
        [0] {""}
       *[other] {" "}· المرفوضة { $refused } (انظر الطرفية)
    }
puzzle-task-cave = دور { $player } ويفوز في { $bricks } طوبات. جد الأولى.
puzzle-task-penguins = دور اللاعب { $player }: انزلاقة واحدة { $ending ->
        [wins] تفوز بفارق { $fish } سمكات
        [ties] تعادل
       *[loses] تخسر بفارق { $fish } سمكات فقط
    } مع أفضل لعب. جدها.
puzzle-first-move = دورك. H يُظهر تلميحًا.
puzzle-solving = صحيح! تابع: المحرك يدافع.
puzzle-solved = حُلّ! P للغز التالي.
puzzle-cave-wrong-first = { $brick } لا تفوز. الطوبة الفائزة كانت { $solution }؛ المحرك يلعب الرد.
puzzle-cave-lets-go = { $brick } تضيّع الفوز؛ المحرك يكمل اللعب.
puzzle-penguins-wrong = { $action } تنتهي بـ{ $margin } مع أفضل لعب؛ و{ $shown } تنتهي بـ{ $best }. المحرك يكمل اللعب.

## The menu's line about the board in use

menu-board-cave = كهف { $width }x{ $height }، يفوز من يصفّ { $line } في خط
menu-board-track = مسار من { $squares } مربعًا لـ { $players } لاعبين
menu-board-drawn = { $grid ->
        [hex] لوحات سداسية
       *[other] لوحات
    } تُسحب من البذرة، والماء { $water } ٪
menu-board-fixed = { $grid ->
        [hex] لوحة سداسية ثابتة
       *[other] لوحة ثابتة
    } { $cols }x{ $rows }
menu-board-line = { $board } · اللوحات: { $source }
menu-layout-error = خطأ في ملف اللوحة (تبقى آخر لوحة سليمة): { $error }
menu-cannot-start = لا يمكن البدء: { $reason }
menu-cannot-host = تعذّرت الاستضافة: { $reason }
host-no-guest-seat = لا مقعد للضيوف: اجعل مقعدًا واحدًا على الأقل للضيف
host-cannot-listen = تعذّر الاستماع على { $address }: { $reason }
host-address-in-use = برنامج آخر يستخدم هذا المنفذ
host-address-not-here = هذا العنوان ليس لهذا الحاسوب
host-address-forbidden = هذا النظام لا يسمح بالاستماع هناك
host-no-random = لم يعطِ هذا الحاسوب أرقامًا عشوائية للمفاتيح: { $detail }
host-resume-without-seeds = نردها لا يأتي من بذور اللاعبين: ابدأ مباراة جديدة
host-own-join = لم تستطع هذه النافذة الانضمام إلى مباراتها: { $reason }
boards-source-variable = المجلد الذي يسمّيه $TABLERO_LEVELS{"\u200E"}
boards-source-working-folder = مجلد levels/{"\u200E"} في هذا المجلد
boards-source-beside-program = مجلد levels/{"\u200E"} بجانب البرنامج
boards-source-user-data = مجلد levels/{"\u200E"} في مجلد بياناتك
boards-source-built-in = اللوحات المدمجة
boards-source-given = مجلد ملف اللوحة
board-classic-cave = الكهف الكلاسيكي
board-bigger-cave = كهف أكبر
board-assignment-cross = صليب الواجب
board-cross-for-four = صليب لأربعة
board-smaller-cross = صليب أصغر
board-drawn-floes = جليد مسحوب
board-seed-board = لوحة البذرة
board-hex-floes = جليد سداسي
setup-players = البطاريق لعبة لـ 2 إلى 4 لاعبين، لا { $players }
setup-penguins-each = من { $min } إلى { $max } بطاريق لكل لاعب، لا { $each }
setup-patolli-seats = هذه اللوحة تُجلس { $players }؛ أعطِ كل لاعب مقعدًا واحدًا، لا { $seats }
match-dropped-moves = أسقط الكهف الجديد { $count ->
        [one] نقلة الافتتاح { $cells }: لم تعد تتسع لها
       *[other] نقلات الافتتاح { $cells }: لم تعد تتسع لها
    }

## A designer's file, and where it is wrong

layout-error-at = { $file }:{ $line }:{ $column }: { $problem }
layout-undrawable = لا يستطيع المحرر رسم هذه اللوحة: { $fault }
layout-other-game = هذه لوحة لـ { $found }، لا لـ { $wanted }
layout-puzzle-refused = رُفض اللغز `{ $name }`: { $reason }
read-not-found = الملف غير موجود
read-permission = لا إذن بقراءة الملف
read-failed = تتعذّر قراءة الملف: { $detail }
read-not-a-file = ليس ملفًا عاديًا
read-too-large = الملف كبير جدًا: أكثر من { $limit } بايت
ron-eof = ينتهي الملف قبل أوانه: شيء ما لم يُغلق
ron-expected-token = يُنتظر هنا `{ $token }`
ron-expected-kind = يُنتظر هنا { $kind ->
        [boolean] true أو false
        [integer] عدد صحيح
        [float] عدد
        [string] نص بين علامتي تنصيص مزدوجتين
        [char] حرف بين علامتي تنصيص مفردتين
        [identifier] اسم
        [unit] ()
       *[other] قيمة
    }
ron-expected-named = يُنتظر هنا `{ $name }(…)`
ron-struct-name = يُنتظر هنا `{ $expected }`، لا `{ $found }`
ron-integer-range = هذا العدد خارج النطاق
ron-unexpected-char = `{ $char }` غير متوقع هنا
ron-trailing = يوجد شيء بعد نهاية القيمة
ron-unclosed-comment = تعليق لم يُغلق
ron-unknown-variant = `{ $found }` ليس من بين { $expected }
ron-unknown-field = لا يوجد هنا حقل `{ $found }`؛ الحقول هي { $expected }
ron-missing-field = الحقل `{ $field }` ناقص
ron-duplicate-field = الحقل `{ $field }` مكرر
ron-wrong-value = { $found } لا يصلح هنا: يُنتظر { $expected }
ron-wrong-length = { $found } قيم حيث يُنتظر { $expected }
ron-other = { $detail }

## A record that does not replay

match-record-does-not-replay = لا يمكن إعادة تشغيل سجل المباراة: { $reason }
record-other-game = لعبة السجل ليست لعبة لوحته
record-budget = الوقت أكثر من 0 وعلى الأكثر 60 ثانية، لا { $budget }
record-roll-refused = النقلة { $entry }: الرمية { $roll } مرفوضة: { $reason }
record-before-roll = النقلة { $entry }: `{ $action }` تأتي قبل الرمية المستحقة
record-unreadable = النقلة { $entry } ليست نقلة في هذه اللعبة
record-illegal = النقلة { $entry }: `{ $action }` غير مسموحة هنا: { $reason }
record-dice-unfair = النرد ليس الذي تعطيه بذور اللاعبين
record-roll-not-from-seeds = النقلة { $entry }: الرمية { $found } لا تنتج عن بذور اللاعبين (تنتج { $expected })

## Joining a match over the network

join-title = انضم إلى مباراة
join-explanation = الصق الدعوة التي وصلتك (Ctrl+V أو الصق) أو اكتبها. Tab ينقل بين الحقلين.
join-invitation = الدعوة
join-name = اسمك
join-paste = الصق
join-join = انضم (Enter)
join-back = رجوع (Esc)
join-not-an-invitation = هذه ليست دعوة: { $reason }.
join-connecting = جارٍ الاتصال بـ { $address }…
join-nothing-pasted = لم يُلصق شيء: { $reason }.
join-failed = تعذّر الانضمام: { $reason }.
join-refused = لا أحد يستضيف مباراة على هذا العنوان (أو انتهت المباراة)
join-no-answer = المضيف لا يجيب
join-unreachable = لا يمكن الوصول إلى هذا العنوان من هنا
join-handshake-timeout = لم يُتمّ المضيف التحية في الوقت
join-handshake-failed = فشلت التحية: الدعوة خاطئة، أو أجاب جهاز آخر
join-garbled = وصلت رسائل المضيف مُغيَّرة أو غير مقروءة
join-closed = أغلق المضيف الاتصال
join-not-welcomed = لم يسمح لنا المضيف بالدخول: { $reason }
join-unfair-dice = نرد المضيف غير نزيه
join-host-broke-rules = أرسل المضيف مباراة لا تسمح بها القواعد
join-no-welcome = ردّ المضيف على تحيتنا بشيء غير الترحيب
join-no-random-seed = لم يعطِ هذا الحاسوب رقمًا عشوائيًا للنرد: { $detail }
invitation-scheme = تبدأ الدعوة بـ `tablero://`
invitation-role = بعد `tablero://` تقول الدعوة `play@` أو `watch@`
invitation-parts = للدعوة عنوان ومفتاح وسرّ، تفصل بينها `/`
invitation-address = العنوان `{ $address }` بلا منفذ (مثل `192.168.1.5:4077`)
invitation-key = مفتاح المضيف ليس 52 حرفًا بترميز base 32
invitation-secret = السرّ ليس أربع مجموعات من أربعة أحرف (مثل `abcd-efgh-jkmn-pqrs`)
clipboard-no-text = لا نص في الحافظة
clipboard-busy = برنامج آخر يستخدم الحافظة
clipboard-unavailable = لا حافظة هنا

## The waiting room

room-hosting = تستضيف { $game }
room-watching = تشاهد { $game }
room-over-network = { $game } عبر الشبكة
room-invitation-play = دعوة للعب
room-invitation-watch = دعوة للمشاهدة
room-copy = انسخ
room-seats = المقاعد
room-cancel = إلغاء (Esc)
room-nothing-to-copy = لا دعوة لنسخها.
room-copied = { $role ->
        [play] نُسخت دعوة اللعب
       *[other] نُسخت دعوة المشاهدة
    }: الصقها لمن تدعوه.
room-not-copied = { $role ->
        [play] تعذّر نسخ دعوة اللعب
       *[other] تعذّر نسخ دعوة المشاهدة
    } ({ $reason }): اقرأها له بدلًا من ذلك.
room-seat-player = اللاعب { $player }: { $who }
room-seat = { $seat }: { $who }
room-waiting-for-seats = بانتظار أن يقول المضيف من يجلس أين…
room-every-seat-taken = كل المقاعد مشغولة: المباراة تبدأ.
room-send-invitation = { $guests ->
        [one] أرسل دعوة اللعب إلى ضيفك؛ تبدأ المباراة حين ينضم.
       *[other] أرسل دعوة اللعب إلى ضيوفك ({ $guests })؛ تبدأ المباراة حين تُشغل كل المقاعد.
    }
    يستطيع كل من معه دعوة المشاهدة أن يتابع المباراة.
room-starting = المباراة تبدأ.
room-starts-when-full = تبدأ المباراة حين تُشغل كل المقاعد.

## The network line

net-host = المضيف
net-host-ai = حاسوب المضيف
net-guest-by-ai = { $name } (يلعب حاسوب المضيف)
net-free = ضيف (شاغر)
net-ai-plays-seat = يلعب حاسوب المضيف المقعد { $seat } ما دام ضيفه غائبًا.
net-you = أنت
net-away = { $who } (غائب)
net-asks-undo = { $who } يطلب التراجع عن نقلات: Y نعم، N لا
net-refused = مرفوض: { $reason }.
net-undo-declined = لن يُتراجع عن أي نقلة: { $reason }.
net-host-says = يقول المضيف: { $reason }.
net-lost = انقطع الاتصال بالمضيف: { $reason }.
net-match-stops = تتوقف المباراة: { $reason }
net-chosen-roll = الرمية { $found } ليست { $expected } التي يعطيها النرد: لقد اختيرت
net-refused-entry = `{ $action }` مرفوضة: { $reason }
net-refused-roll = الرمية { $roll } مرفوضة: { $reason }
net-unreadable-entry = `{ $action }` ليست نقلة في هذه اللعبة
net-refused-no-seat = ليس لك مقعد: المشاهدون لا يلعبون
net-refused-not-playing = المباراة ليست جارية
net-refused-not-your-turn = ليس دورك
net-refused-rules = القواعد لا تسمح بـ `{ $action }`
net-refused-unexpected = لم يكن المضيف ينتظر هذه الرسالة الآن
net-refused-nobody-asks = لا أحد يطلب التراجع عن نقلات
net-refused-no-move = ليست لك نقلة تتراجع عنها
net-refused-undo-waiting = هناك طلب تراجع ينتظر بالفعل
net-undo-says-no = { $who } يقول لا
net-undo-left = { $who } غادر
net-undo-went-on = استمرت المباراة
net-stop-match-over = انتهت المباراة
net-stop-host-left = غادر المضيف
net-stop-host-could-not-join = لم يستطع المضيف الانضمام إلى مباراته
net-stop-cannot-start = بذور اللاعبين لا تصنع مباراة يستطيع المضيف بدءها
net-stop-seats-taken = كل مقاعد الضيوف مشغولة
net-stop-no-commitment = لاعب باتولي يلتزم ببذرة عند انضمامه
net-stop-seed-not-hex = البذرة المرسلة ليست 64 رقمًا ست عشريًا
net-stop-seed-not-committed = البذرة المرسلة ليست التي التُزم بها
net-stop-guest-left = لقد غادرت
net-stop-flood = وصلت أكثر من { $limit } رسالة في ثانية واحدة
net-stop-garbled = وصلت رسالة متغيرة أو غير مقروءة أو طويلة جدًا
net-unknown-take-back = تراجع المضيف عن نقلات لم تعرفها هذه النافذة قط
net-another-player = لاعب آخر
net-thinking = يفكّر: { $who }…
net-waiting-for = بانتظار قرار { $who }…

## The puzzles' note on the menu

puzzles-none-opened = تعذّر فتح أي لغز: رُفض { $refused } (التفاصيل في الطرفية)، وأولها: { $first }
puzzles-none-in-levels = تعذّر فتح أي لغز: المستويات المستخدمة لا تحوي أيًّا منها.

## Arrows that point the way a line is read

glyph-previous = ▶
glyph-next = ◀

## Why a puzzle does not hold

puzzle-name-twice = name: الاسم `{ $name }` مستعمل مرتين
puzzle-moves-not-cells = moves: `{ $text }` ليس اسم خانة (حرف عمود ورقم صف، مثل D7)
puzzle-illegal-brick = moves: الطوبة { $number } غير مسموحة
puzzle-already-over = moves: المباراة منتهية أصلًا
puzzle-solution-not-cell = solution: `{ $text }` ليس اسم خانة (حرف عمود ورقم صف، مثل D7)
puzzle-solution-illegal = solution: القواعد لا تسمح به في هذا الموقف
puzzle-wins-in-range = wins_in: { $wins_in } ليس من { $min } إلى { $max }
puzzle-not-proved = لم يُبرهن خلال { $seconds } ث
puzzle-not-won = لا طوبة تفوز: الموقف غير رابح
puzzle-two-winning-bricks = الحل ليس وحيدًا: { $first } و{ $second } كلاهما يفوز
puzzle-other-brick = solution: { $given } لا يفوز؛ بل { $winning }
puzzle-wins-in = wins_in: الحل يفوز في { $found }، لا في { $given }
puzzle-players = scores: للغز لاعبان، لا { $players }
puzzle-solution-not-slide = solution: ليس انزلاقًا `x1 y1 x2 y2`
puzzle-too-large = النهاية أكبر من أن تُحل بدقة
puzzle-two-best-slides = الحل ليس وحيدًا: { $best } و{ $other } كلاهما ينتهي بـ { $margin }
puzzle-not-best = solution: { $given } ليس أفضل انزلاق؛ الأفضل { $best }
puzzle-margin = margin: الحل ينتهي بـ { $found }، لا { $given }
midgame-players = scores: واحدة لكل من 2 إلى { $max } لاعبين، لا { $players }
midgame-penguin-of-nobody = board: بطريق للاعب { $penguin }، لكن النقاط لـ { $players } لاعبين فقط
midgame-to-move = to_move: اللاعب { $player } ليس من اللاعبين الـ { $players }
midgame-too-many-penguins = board: بطاريق كثيرة جدًا
midgame-cannot-slide = to_move: اللاعب { $player } لا يستطيع الانزلاق
midgame-too-large = board: صفوف أو أعمدة كثيرة جدًا
midgame-no-fields = board: لا خانات
midgame-row-length = board: في الصف { $row } { $fields } خانات، وفي الأول { $width }
midgame-field = board: `{ $text }` ليست خانة: رقمان، السمك (0-3) ثم اللاعب (0-{ $max })
