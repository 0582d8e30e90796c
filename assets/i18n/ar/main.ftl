# كلمات Tablero بالعربية: القائمة وصفحة الإعدادات.

## القائمة

menu-subtitle = ألعاب لوحية من ثلاثة واجبات جامعية
menu-hint = اختر لعبة من اليسار، واللاعبين واللوحة من هنا.
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
