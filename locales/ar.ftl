# واجهة Sibyl بالعربية الفصحى الحديثة (تُكتب من اليمين إلى اليسار؛ الأسهم معكوسة).

## Dates

date-at-time = { $date } الساعة { $time } بالتوقيت العالمي

## Every page's frame

site-nav = الموقع
search-posts = البحث في التدوينات
search-placeholder = بحث
search-button = بحث
nav-archive = الأرشيف
nav-tags = الوسوم
nav-desk = المكتب
nav-write = اكتب
nav-comments = التعليقات
nav-users = المستخدمون
nav-files = الملفات
nav-pages = الصفحات
nav-fediverse = الفديفرس
nav-site = إعدادات الموقع
log-out = تسجيل الخروج
log-in = تسجيل الدخول
sign-up = إنشاء حساب

## Error pages

error-reference = إن أبلغت عن هذه المشكلة فاذكر الرقم المرجعي
error-home = العودة إلى الصفحة الرئيسية
error-not-found = الصفحة غير موجودة
error-gone = محذوف
error-no-longer-here = لم يعد موجودًا هنا
error-conflict = تغيّر في الأثناء
error-bad-request = لم ينجح ذلك
error-forbidden = غير مسموح
error-sign-in-required = يلزم تسجيل الدخول
error-second-factor-required = يلزم تسجيل الدخول بخطوتين
error-too-large = كبير جدًا
error-too-many-attempts = محاولات كثيرة جدًا
error-unavailable = غير متاح مؤقتًا
error-busy = مشغول
error-internal = حدث خطأ ما
said-there-is-nothing-at-this-address = لا يوجد شيء في هذا العنوان.
said-what-was-here-was-deleted = حُذف ما كان هنا، ولن يحلّ محله شيء.
said-please-sign-in = يُرجى تسجيل الدخول.
said-the-blog-cannot-reach-its-storage = لا تستطيع المدونة الوصول إلى مخزنها الآن. لم يتغير شيء؛ يُرجى المحاولة من جديد بعد قليل.
said-an-unexpected-error-happened = حدث خطأ غير متوقع من جهتنا، وقد سُجّل.
said-this-site-requires-two-step = يشترط هذا الموقع تسجيل الدخول بخطوتين لحسابك: أضف أولًا تطبيق مصادقة أو مفتاح مرور في صفحة الأمان.
said-an-administrator-s-account-is-kept = لا يُحذف حساب المسؤول: يجعله مسؤول آخر كاتبًا أو قارئًا أولًا.
said-this-account-still-has-posts = لا تزال لهذا الحساب تدوينات (بما فيها المسودات والمجدولة): احذفها من المكتب أولًا.
authenticator-qr-title = رمز QR لمفتاح تطبيق المصادقة الخاص بـ{ $name }

## Lists of posts

byline = بقلم
comment-count =
    { $count ->
        [0] لا تعليقات
        [one] تعليق واحد
        [two] تعليقان
        [few] { $count } تعليقات
        [many] { $count } تعليقًا
       *[other] { $count } تعليق
    }
more-posts = مزيد من التدوينات
newer-posts = → تدوينات أحدث
older-posts = تدوينات أقدم ←
feed-link = اشترك في هذه القائمة (موجز Atom)
nothing-published = لم يُنشر شيء بعد.
no-older-posts = لا توجد تدوينات أقدم.

## The home page

welcome = مرحبًا بك في Sibyl
welcome-no-admin = ليس لهذا الموقع مدير بعد.
welcome-set-up = إعداد هذا الموقع
welcome-then = يُنشئ الإعداد الحساب الأول، وبعدها يمكنك أن تبدأ الكتابة.
subscribe-site = التدوينات الجديدة عبر البريد الإلكتروني

## The archive

archive = الأرشيف
archive-description = كل الأشهر التي نُشرت فيها تدوينات.
archive-month = منشور في { $month }
archive-month-description = التدوينات المنشورة في { $month }.
other-months = أشهر أخرى
all-months = كل الأشهر

## Tags

tags = الوسوم
tags-none = لا توجد تدوينة موسومة بعد.
tag-posts =
    { $count ->
        [0] لا تدوينات
        [one] تدوينة واحدة
        [two] تدوينتان
        [few] { $count } تدوينات
        [many] { $count } تدوينة
       *[other] { $count } تدوينة
    }
more-tags = مزيد من الوسوم
more-tags-link = مزيد من الوسوم ←
tagged = الوسم { $tag }
tagged-heading = الوسم «{ $tag }»

## Search

search = البحث
search-quoted = «{ $query }»
this-search = هذا البحث
search-words = كلمات تحتويها كل تدوينة يُعثر عليها، في عنوانها أو نصها أو وسومها
search-none-newest = لا تحتوي أيٌّ من أحدث التدوينات على كل هذه الكلمات: سيُبحث في الأقدم بعدها.
search-none = لا توجد تدوينة منشورة تحتوي على كل هذه الكلمات.
more-results = مزيد من النتائج
more-results-link = مزيد من النتائج ←

## An author's page

author-posts = التدوينات
author-no-posts = لا توجد تدوينات منشورة بعد.
author-subscribe = تدوينات { $name } الجديدة عبر البريد الإلكتروني

## A post's page

languages = اللغات
in-languages-post = هذه التدوينة متاحة باللغات:
in-languages-page = هذه الصفحة متاحة باللغات:
draft-post = هذه التدوينة مسودة: لا يراها إلا محرروها.
draft-page = هذه الصفحة مسودة: لا يراها إلا محرروها.
draft-translation = هذه الترجمة مسودة: لا يراها إلا محرروها.
publish = نشر
publish-anew = بتاريخ اليوم، لا بتاريخ نشرها الأول
scheduled-for = مجدولة للنشر في
change-or-cancel = تعديل أو إلغاء
or = أو
schedule-it = جدولة النشر
suggestion-sent = شكرًا لك: أُرسل اقتراحك إلى الكاتب.
suggest-edit = اقترح تعديلًا
editing = التحرير
edit = تحرير
history = السجل
suggestions = الاقتراحات
unpublish = إلغاء النشر
delete = حذف
updated = حُدّثت في
short-link = رابط مختصر:
translations = الترجمات
translations-none = لا توجد بعد.
draft-mark = (مسودة)
translate-into = ترجمة إلى
translate-example = fr أو fr_CA
translate-start = ابدأ

## Comments

comments = التعليقات
comment-moderation = الإشراف على التعليقات
moderate-comments = الإشراف على التعليقات
reopen-comments = إعادة فتح التعليقات
close-comments = إغلاق التعليقات
older-comments = تعليقات أقدم
newer-comments = تعليقات أحدث
no-newer-comments = لا توجد تعليقات أحدث بعد.
no-comments-yet = لا توجد تعليقات بعد.
from-fediverse = من الفديفرس
edited = معدَّل
reply = رد
awaiting-moderation = بانتظار الموافقة
awaiting-moderation-mark = بانتظار الموافقة
reply-to = الرد على { $name }
cancel-reply = (إلغاء)
write-comment = اكتب تعليقًا
your-name = اسمك
your-email = بريدك الإلكتروني (لن يظهر أبدًا)
leave-empty = اترك هذا الحقل فارغًا
comment-field = التعليق: فقرات و*تأكيد* و`شيفرة` و[روابط](https://example.com)
comments-moderated = تخضع التعليقات للمراجعة قبل ظهورها.
send = إرسال
sign-in = تسجيل الدخول

## Signing in and up

password-reset-done = عُيّنت كلمة مرورك الجديدة: سجّل الدخول بها.
user-name-or-email = اسم المستخدم أو البريد الإلكتروني
password = كلمة المرور
forgot-password = نسيت كلمة المرور؟
passkey-instead = أو بلا كلمة مرور، بمفتاح مرور على هذا الجهاز أو على هاتفك:
sign-in-passkey = تسجيل الدخول بمفتاح مرور
sign-up-why = يتيح لك الحساب تسجيل الدخول، ويمكن للمدير أن يجعلك كاتبًا.
user-name-rules = اسم المستخدم (من 3 إلى 32 حرفًا أو رقمًا أو _ - .)
email = البريد الإلكتروني
password-rules = كلمة المرور (10 أحرف على الأقل)
password-again = أعد كتابة كلمة المرور
create-account = إنشاء الحساب
have-account = لديك حساب بالفعل؟

## Passwords forgotten

forgotten-password = نسيت كلمة المرور
reset-mail-off = لا يرسل هذا الموقع بريدًا، فلا يمكن إرسال رابط. اطلب من أحد المديرين تعيين كلمة مرور جديدة لك.
reset-sent = إن كان لحسابٍ العنوان { $address } فرسالة فيها رابط في طريقها إليه. يعمل الرابط مرة واحدة خلال ساعة. لم يصلك شيء؟ تحقق من مجلد الرسائل غير المرغوب فيها، أو اطلب مجددًا بعد دقائق.
back-to-log-in = العودة إلى تسجيل الدخول
reset-ask = اكتب عنوان البريد الإلكتروني لحسابك: سيُرسل إليه رابط لاختيار كلمة مرور جديدة.
email-address = البريد الإلكتروني
send-link = أرسل لي رابطًا
new-password = كلمة مرور جديدة
choose-new-password = اختر كلمة مرور جديدة
new-password-rules = كلمة المرور الجديدة (10 أحرف على الأقل)
same-again = أعد كتابتها
set-password = حفظ كلمة المرور الجديدة
reset-ends-sessions = تنتهي كل جلسات الحساب: سجّل الدخول مجددًا بكلمة المرور الجديدة.

## Subscribing by e-mail

subscribe = اشترك
subscribe-to-author = الاشتراك في تدوينات { $name }
subscribe-to-site = الاشتراك في { $site }
subscribe-mail-off = لا يرسل هذا الموقع بريدًا، فليس له مشتركون عبر البريد.
follow-feed = تابع موجزه بدلًا من ذلك.
subscribe-sent = ما لم يكن { $address } مشتركًا من قبل، فرسالة فيها رابط للتأكيد في طريقها إليه. يعمل الرابط يومين، ولا يُرسل شيء حتى تتبعه.
subscribe-what-author = كل تدوينة جديدة لهذا الكاتب عبر البريد: عنوانها وأسطرها الأولى ورابط إليها. في كل رسالة رابط لإلغاء الاشتراك بنقرة واحدة.
subscribe-what-site = كل تدوينة جديدة عبر البريد: عنوانها وأسطرها الأولى ورابط إليها. في كل رسالة رابط لإلغاء الاشتراك بنقرة واحدة.

## The language of an account's pages

# This language's name, in itself.
language-name = العربية
language-setting = اللغة
language-of-pages = لغة هذه الصفحات
language-of-browser = لغة متصفحي
save-language = حفظ اللغة

## An account's own page

your-account = حسابك
signed-in-as = مسجّل الدخول باسم
role-admin = مدير
role-author = كاتب
role-reader = قارئ
network-admin-you = أنت أحد مديري الشبكة في هذا النشر:
network-every-site = كل المواقع التي يخدمها
profile = الملف الشخصي
display-name = الاسم المعروض
bio = نبذة عنك
homepage = الصفحة الشخصية
picture = الصورة (عنوان صورة لك)
save-profile = حفظ الملف الشخصي
user-name = اسم المستخدم
new-user-name = اسم المستخدم الجديد
current-password = كلمة المرور الحالية
change-user-name = تغيير اسم المستخدم
no-confirmed-address = ليس لحسابك عنوان مؤكد بعد: اتبع الرابط المرسل إلى العنوان الذي سجّلت به، أو اكتب عنوانًا هنا.
new-email-address = البريد الإلكتروني الجديد
change-email-address = تغيير البريد الإلكتروني
email-change-mailed = يُرسل رابط إلى العنوان الجديد، ويُعتمد العنوان حين تتبعه.
email-change-at-once = لا يرسل هذا الموقع بريدًا، فيُعتمد العنوان الجديد فورًا دون تأكيد.
new-password-again = أعد كتابة كلمة المرور الجديدة
change-password = تغيير كلمة المرور
sessions-and-tokens = الجلسات والرموز
see-sessions = اعرف أين سُجّل الدخول إلى حسابك
sessions-what = كل متصفح وكل رمز API، ويمكنك إنهاء كلٍّ منها، ورموز للبرامج.
delete-account = حذف حسابك
delete-account-what = يُسجَّل خروجك نهائيًا، ويصبح اسم المستخدم والعنوان متاحَين لغيرك.

## Editing a comment

edit-your-comment = تحرير تعليقك
comment-on = على
comment-edit-window = يمكن تعديل التعليق خلال 15 دقيقة من كتابته.
save = حفظ
delete-this-comment = حذف هذا التعليق

## The second step of signing in

two-step-sign-in = تسجيل الدخول بخطوتين
second-step-code = كلمة مرورك صحيحة. اكتب الآن الرمز المكوّن من ستة أرقام الذي يعرضه تطبيق المصادقة لهذا الموقع، أو أحد رموز الاسترداد.
code = الرمز
second-step-passkey = كلمة مرورك صحيحة. استخدم الآن مفتاح المرور الخاص بهذا الموقع.
second-step-or-passkey = أو استخدم مفتاح المرور بدلًا من ذلك:
use-passkey = استخدام مفتاح المرور
second-step-no-https = الخطوة الثانية لحسابك مفتاح مرور، والمتصفحات لا تعرض مفاتيح المرور إلا للمواقع المخدومة عبر HTTPS (أو على localhost)، وعنوان هذا الموقع ليس منها. اطلب من مشغّل الموقع إيقاف تسجيل الدخول بخطوتين لحسابك.
second-step-lost = فقدت تطبيق المصادقة ومفاتيح المرور ورموز الاسترداد؟ يستطيع مشغّل الموقع إيقاف تسجيل الدخول بخطوتين لحسابك.

comments-closed-page = لا تقبل الصفحات تعليقات.
comments-closed-unpublished = تُفتح التعليقات عند نشر التدوينة.
comments-closed-by-editors = التعليقات على هذه التدوينة مغلقة.
comments-closed-after =
    { $count ->
        [one] تُغلق التعليقات بعد يوم واحد من نشر التدوينة، وهذه أُغلقت تعليقاتها.
        [two] تُغلق التعليقات بعد يومين من نشر التدوينة، وهذه أُغلقت تعليقاتها.
        [few] تُغلق التعليقات بعد { $count } أيام من نشر التدوينة، وهذه أُغلقت تعليقاتها.
        [many] تُغلق التعليقات بعد { $count } يومًا من نشر التدوينة، وهذه أُغلقت تعليقاتها.
       *[other] تُغلق التعليقات بعد { $count } يوم من نشر التدوينة، وهذه أُغلقت تعليقاتها.
    }
comments-sign-in = سجّل الدخول لتعلّق.
comment-published = شكرًا لك: نُشر تعليقك.
comment-pending = شكرًا لك: تعليقك بانتظار الموافقة.

## Administration: the site's settings, users, pages and moderation log

## The site's settings (admin/site.html)

site-what = الاسم الذي يُعرّف به الموقع نفسه، في ترويسة كل صفحة وعنوانها، وفي موجزاته ومعاينات الروابط.
site-saved = حُفظ.
site-title = العنوان
site-tagline = الشعار، تحت العنوان (يمكن تركه فارغًا)
site-description = الوصف، لمحركات البحث ومعاينات الروابط
site-language = اللغة، برمز مثل en أو fr أو en-GB
site-footer = التذييل، سطر نص عادي أسفل كل صفحة (يمكن تركه فارغًا)
site-privacy = الخصوصية
site-own-images-only = عرض الصور من ملفات هذا الموقع فقط
site-own-images-only-what = لا تجلب متصفحات القراء عندها أي صورة من موقع آخر (كان سيعرف بذلك من يقرأ ماذا): تُرفض النصوص التي تعرض صورة كهذه، ولا تُعرض الصور الخارجية الموجودة في التدوينات ولا صور الكتّاب الخارجية، وتجلب عمليات الاستيراد صور المواقع الأخرى إلى ملفات هذا الموقع حيث تسمح قواعد العناوين.
site-fediverse = الفديفرس
site-fediverse-off = إبقاء هذا الموقع خارج الفديفرس
site-fediverse-off-what = يستطيع القراء على Mastodon وخوادم ActivityPub الأخرى متابعة الموقع وكتّابه ورؤية تدويناته والرد عليها. وحين يبقى خارجه لا يكون للموقع فاعلون، ولا يجيب عن أي طلب WebFinger أو NodeInfo، ولا يقبل أي نشاط ولا يُسلّم شيئًا (ويُرسَل ما ينتظر حين يعود).
site-fediverse-pages = إرسال الصفحات الثابتة إلى الفديفرس أيضًا
site-fediverse-pages-what = تصل الصفحات (من نحن، اتصل بنا) عندها إلى المتابعين كما تصل التدوينات حين تُنشر أو تُراجَع أو تُسحب، ولا تقبل ردودًا كما لا تقبل تعليقات. يُرسل تحديد الخانة الصفحاتِ المنشورة في اليومين الأخيرين (والتي سُحبت حين أُلغي تحديدها آخر مرة)، ويسحب إلغاء تحديدها الصفحاتِ المرسلة.
site-second-factor = من يُلزَم بتسجيل الدخول بخطوتين
site-second-factor-nobody = لا أحد (يختار كل حساب بنفسه)
site-second-factor-admins = المديرون
site-second-factor-staff = الكتّاب والمديرون
site-second-factor-everyone = كل الحسابات
site-second-factor-what = يسجّل الحساب المشمول الدخول بكلمة مروره ورمز من تطبيق مصادقة أو بمفتاح مرور (أو بمفتاح مرور وحده). والحساب الذي ليس لديه أيٌّ منهما بعد يُطلب منه إضافة أحدهما عند تسجيل الدخول، ولا يستطيع الكتابة أو النشر أو الإشراف أو تغيير الموقع إلا بعد ذلك.
site-mail = البريد
site-mail-on-through = يمرّ البريد عبر
site-mail-on-from = ، من العنوان
site-mail-on-end = .
site-mail-test-sent = أُرسلت رسالة تجريبية إلى { $address }: تحقق من وصولها.
site-mail-send-test = إرسال رسالة تجريبية إلى { $address }
site-mail-off-start = البريد متوقف: لا يرسل هذا الموقع بريدًا. شغّل Sibyl مع
site-mail-off-and = و
site-mail-off-or = (أو
site-mail-off-end = ) لتفعيله.

## The administrators' list of accounts (admin/users.html)

admin-users-members = الأعضاء
admin-users-find-by = البحث باسم المستخدم أو البريد الإلكتروني
admin-users-find = بحث
admin-users-shelves = الحسابات حسب الحرف الأول
admin-users-newest = الأحدث
admin-users-shelf-other = أخرى
admin-users-role = الدور
admin-users-status = الحالة
admin-users-joined = تاريخ الانضمام
admin-users-desk = المكتب
admin-users-you = (أنت)
admin-users-role-of = دور { $name }
admin-users-set = تعيين
admin-users-deleted = محذوف
admin-users-banned = محظور
admin-users-active = نشط
admin-users-ban = حظر
admin-users-unban = إلغاء الحظر
admin-users-next = الصفحة التالية

## The administrators' list of the site's pages (admin/pages.html)

admin-pages-what = صفحات الموقع (من نحن، اتصل بنا): تُكتب وتُراجَع كالتدوينات، وتُدرج في قائمة التنقل بعد نشرها، ولا تظهر أبدًا في الصفحة الرئيسية ولا في الموجزات ولا تحت الوسوم. الحد الأقصى { $max }.
admin-pages-new = صفحة جديدة
admin-pages-none = لا توجد صفحات بعد.
admin-pages-title = العنوان
admin-pages-status = الحالة
admin-pages-made = تاريخ الإنشاء
admin-pages-published = منشورة، في قائمة التنقل
admin-pages-draft = مسودة

## The log of comment moderation (admin/comment_log.html)

comment-log-title = سجل الإشراف
comment-log-heading = سجل الإشراف، { $month }
comment-log-none = لم تجرِ أي عملية إشراف هذا الشهر.
comment-log-when = الوقت
comment-log-who = المشرف
comment-log-comment = التعليق
comment-log-from = الحالة السابقة
comment-log-to = الحالة الجديدة
comment-log-reason = السبب
comment-log-on = على { $title }
comment-log-pending = بانتظار الموافقة
comment-log-approved = مقبول
comment-log-rejected = مرفوض
comment-log-spam = مزعج
comment-log-deleted = محذوف
comment-log-older = إدخالات أقدم

## Writing, editing and reviewing posts

## Writing a post or a page (posts/write.html)

write-new-page = صفحة جديدة
write-heading-post = اكتب تدوينة
write-heading-page = اكتب صفحة
write-page-what = تظهر الصفحة (مثل «من نحن» و«اتصل بنا») في قائمة تنقّل الموقع، لا في الصفحة الرئيسية ولا في الموجزات ولا تحت الوسوم.
editor-preview-heading = معاينة
editor-not-saved = (غير محفوظة)
editor-title = العنوان
editor-text = النص (Markdown)
editor-tags = الوسوم، مفصولة بفواصل
editor-language = اللغة: رمز مثل en أو en_US، أو اتركه فارغًا
editor-save-schedule = حفظ وجدولة…
editor-save-draft = حفظ المسودة
editor-preview = معاينة
editor-files = الملفات
write-files-what = تُحفظ الصور والملفات الأخرى مع التدوينة التي تخصها: احفظ هذه التدوينة مسودةً، فيُفتح المحرر مع ملفاتها جاهزًا للرفع.
write-save-add-files = حفظ المسودة وإضافة ملفات

## Editing a post, a page or a translation (posts/edit.html)

post-edit-heading = تحرير التدوينة
post-edit-heading-translation = تحرير الترجمة إلى { $language }
editor-view-post = عرض التدوينة
editor-view-page = عرض الصفحة
post-edit-from-revision = التحرير انطلاقًا من المراجعة { $revision }
post-edit-published = منشورة
post-edit-discard-draft = التخلي عن المسودة
post-edit-tags-of-post = الوسوم تابعة للتدوينة: { $tags }
post-edit-message = ما الذي تغيّر (يظهر في السجل)
post-edit-save = حفظ مراجعة جديدة
post-edit-save-publish = حفظ ونشر
post-edit-no-files = لا ملفات بعد. تُعرض الصور مصغّرة لتلائم المساحة، وتُتاح الملفات الأخرى للتنزيل.
post-edit-insert = إدراج في النص
post-edit-remove = إزالة
post-edit-add-files = إضافة صور أو ملفات
post-edit-upload = رفع
post-edit-files-log = سجل معالجة ملفات التدوينة

## Deleting a post or a page (posts/delete.html)

post-delete-heading = حذف «{ $title }»؟
post-delete-what-post = يحذف هذا الإجراء التدوينة نهائيًا مع كل ما يتبعها:
post-delete-what-page = يحذف هذا الإجراء الصفحة نهائيًا مع كل ما يتبعها:
post-delete-revisions =
    { $count ->
        [zero] نصها، مع كل ترجمة ومسودة؛
        [one] نصها ومراجعتها الوحيدة، مع كل ترجمة ومسودة؛
        [two] نصها ومراجعتاها الاثنتان، مع كل ترجمة ومسودة؛
        [few] نصها ومراجعاتها الـ{ $count }، مع كل ترجمة ومسودة؛
        [many] نصها ومراجعاتها البالغة { $count } مراجعةً، مع كل ترجمة ومسودة؛
       *[other] نصها ومراجعاتها البالغة { $count } مراجعة، مع كل ترجمة ومسودة؛
    }
post-delete-comments =
    { $count ->
        [zero] الاقتراحات المقدَّمة لها (لا تعليقات عليها)؛
        [one] تعليقها الوحيد والاقتراحات المقدَّمة لها؛
        [two] تعليقاها الاثنان والاقتراحات المقدَّمة لها؛
        [few] تعليقاتها الـ{ $count } والاقتراحات المقدَّمة لها؛
        [many] تعليقاتها البالغة { $count } تعليقًا والاقتراحات المقدَّمة لها؛
       *[other] تعليقاتها البالغة { $count } تعليق والاقتراحات المقدَّمة لها؛
    }
post-delete-files = ملفاتها (الصور والمرفقات)، ما لم تستخدم تدوينة أخرى الملف نفسه؛
post-delete-place = مكانها في الصفحة الرئيسية والموجزات والوسوم والأرشيف وخريطة الموقع والبحث.
post-delete-address-before = عنوانها ورابطها المختصر (
post-delete-address-after = ) سيُخبران الزوار بأنها حُذفت، ولن تأخذهما أي تدوينة أخرى. لا يمكن التراجع عن هذا.
post-delete-confirm = حذف نهائي
post-delete-keep = الإبقاء عليها

## Scheduling a draft's publication (posts/schedule.html)

schedule-title = جدولة النشر
schedule-heading = جدولة نشر «{ $title }»
schedule-back = العودة إلى المسودة
schedule-live-before = تُنشر في
schedule-live-after = .
schedule-cancel = إلغاء الجدولة
schedule-date-time = التاريخ والوقت
schedule-zone = المنطقة الزمنية
schedule-what = تبقى مسودة حتى ذلك الحين، ثم تُنشر بذلك التاريخ: في الصفحة الرئيسية والموجزات وخرائط الموقع وتحت وسومها.
schedule-change = تغيير الوقت
schedule-button = جدولة

## Suggesting an edit (posts/suggest.html)

suggest-based-on = مبنيّ على المراجعة { $revision }. يرى الكاتب نسختك بجانب نسخته.
suggest-back = العودة إلى التدوينة
suggest-note = ملاحظة للكاتب
suggest-send = إرسال الاقتراح

## One suggestion (posts/suggestion.html)

suggest-title = الاقتراح { $id }
suggest-from = من { $name }،
suggest-on-revision = ، مبنيّ على المراجعة { $revision }
suggest-newer-base = (التدوينة الآن في المراجعة { $revision }: القبول يستبدل النص الأحدث، الذي يبقى في السجل)
suggest-state-open = مفتوح
suggest-state-accepted = مقبول
suggest-state-rejected = مرفوض
suggest-all = كل الاقتراحات
suggest-accept = القبول كمراجعة جديدة
suggest-reject = رفض

## A post's suggestions (posts/suggestions.html)

suggest-list-heading = الاقتراحات على «{ $title }»
suggest-none = لم يقترح أحد تعديلًا بعد.
suggest-col-suggestion = الاقتراح
suggest-col-from = من
suggest-col-sent = أُرسل في
suggest-col-note = الملاحظة
suggest-col-state = الحالة

## A post's history (posts/history.html)

history-heading = سجل «{ $title }»
history-heading-translation = سجل «{ $title }» ({ $language })
history-revisions = المراجعات
history-col-from = من
history-col-to = إلى
history-col-revision = المراجعة
history-col-title = العنوان
history-col-saved = تاريخ الحفظ
history-col-by = الكاتب
history-col-note = الملاحظة
history-compare-from = المقارنة من المراجعة { $revision }
history-compare-to = المقارنة حتى المراجعة { $revision }
history-current = (الحالية)
history-compare = مقارنة
history-newest = أحدث المراجعات
history-older = مراجعات أقدم

## One revision (posts/revision.html)

revision-title = المراجعة { $number }
revision-saved = المراجعة { $number }، حفظها { $author } في
revision-saved-current = المراجعة { $number } (الحالية)، حفظها { $author } في
revision-saved-after = : { $message }.
revision-restore = استعادة هذه المراجعة

## The changes between two revisions (posts/diff.html)

diff-title = التغييرات
diff-heading = المراجعة { $from } ← { $to }
diff-revision = المراجعة { $number }

## Account security

## The security page: two-step sign-in, passkeys, sessions and API tokens

security-signed-in-here = كل المتصفحات والبرامج المسجَّل دخولها إليه
security-factors-on = يطلب تسجيل الدخول بعد كلمة المرور رمزًا من تطبيق المصادقة (أُضيف في
security-codes-left-before = ). لم يُستخدم بعدُ{ " " }
security-codes-left-after =
    { $count ->
        [zero] { " " }من رموز الاسترداد.
        [one] { " " }من رموز الاسترداد.
        [two] { " " }من رموز الاسترداد.
        [few] { " " }من رموز الاسترداد.
        [many] { " " }من رموز الاسترداد.
       *[other] { " " }من رموز الاسترداد.
    }
security-replace-authenticator = الانتقال إلى تطبيق مصادقة آخر
security-new-codes = إنشاء رموز استرداد جديدة
security-remove-authenticator = إزالة تطبيق المصادقة
security-factors-passkey = بعد كلمة المرور، يطلب تسجيل الدخول مفتاح المرور الخاص بك. ويمكن أن يكون تطبيق المصادقة طريقة ثانية لاجتياز هذه الخطوة.
security-factors-off = يُسجَّل الدخول إلى حسابك بكلمة المرور وحدها. مع تطبيق مصادقة أو مفتاح مرور، لا تكفي كلمة مرور مسروقة.
security-passkeys = مفاتيح المرور
security-passkeys-what = يسجّل مفتاح المرور دخولك بلا كلمة مرور: يحتفظ به جهازك ويفتحه ببصمتك أو وجهك أو رمز PIN. لا يمكن لأحد سرقته بالتصيّد، ولا يحتفظ الموقع بأي سرّ منه.
security-no-passkeys = ليس لحسابك مفتاح مرور.
security-passkey-elsewhere = أُنشئ على { $site }، ولا يسجّل الدخول إلا هناك
security-passkey-added = أُضيف في
security-last-used = آخر استخدام في
security-passkey-never-used = لم يُستخدم بعد
security-passkey = مفتاح المرور
security-remove-passkey = إزالة مفتاح المرور هذا
security-passkey-name = الاسم (أين يُحفظ)
security-add-passkey = إضافة مفتاح مرور
security-passkeys-not-here = تعمل مفاتيح المرور على المواقع المخدومة باسم مضيف عبر HTTPS (أو على localhost)، وعنوان هذا الموقع ليس منها.
security-browsers = المتصفحات المسجَّل دخولها
security-this-one = هذا المتصفح
security-from = من { $address }
security-on-site = على { $site }
security-began = بدأت في
security-last-seen = آخر نشاط في
security-end-session = إنهاء جلسة { $what } من { $address }
security-end = إنهاء
security-end-others = تسجيل الخروج من كل مكان آخر
security-end-others-what = يسجّل خروج كل المتصفحات الأخرى ويلغي كل رموز API دفعة واحدة.
security-also-ended = تغيير كلمة المرور، أو إيقاف المدير لحسابك، ينهي أيضًا كل الجلسات والرموز الأخرى.
security-tokens = رموز API
security-tokens-api-before = تسجّل البرامج التي تستخدم JSON API (الموصوفة في
security-tokens-api-middle = ) دخولها برمز: أرسله بالصيغة
security-tokens-api-after = .
security-token-made-before = أُنشئ الرمز{ " " }
security-token-made-after = . انسخه الآن: لن يُعرض مرة أخرى.
security-token = الرمز
security-no-tokens = لم يسجّل أي برنامج الدخول إلى حسابك.
security-token-made-on = في
security-token-until = صالح حتى
security-revoke-token = إلغاء الرمز { $what }
security-revoke = إلغاء
security-make-token = إنشاء رمز
security-token-name = الاسم (ما الذي سيستخدمه)

## Adding an authenticator app

authenticator-add = إضافة تطبيق مصادقة
authenticator-sessions-and-security = الجلسات والأمان
authenticator-required-before = يشترط هذا الموقع تسجيل الدخول بخطوتين لحسابك: أضف تطبيق مصادقة هنا، أو مفتاح مرور في{ " " }
authenticator-required-link = صفحة الأمان
authenticator-required-after = ، كي تتابع.
authenticator-replacing = يحل هذا محل تطبيق المصادقة الحالي لحسابك: لن تعمل رموزه بعد الآن.
authenticator-step-scan = في تطبيق مصادقة (مثل Aegis أو FreeOTP أو Google Authenticator أو 1Password)، أضف حسابًا بمسح هذا الرمز:
authenticator-step-type = أو بكتابة هذا المفتاح:
authenticator-step-code = اكتب الرمز المكوّن من ستة أرقام الذي يعرضه التطبيق الآن، وكلمة مرورك.
authenticator-code = الرمز من التطبيق
authenticator-add-button = إضافة تطبيق المصادقة
authenticator-ends-sessions = تؤدي إضافته إلى تسجيل خروج كل المتصفحات الأخرى وإلغاء كل رموز API لحسابك.

## Recovery codes, shown once

recovery-codes = رموز الاسترداد
recovery-authenticator-added = أُضيف تطبيق المصادقة: يطلب تسجيل الدخول الآن أحد رموزه بعد كلمة المرور.
recovery-what-before = إن فقدت تطبيق المصادقة، فكل رمز من هذه الرموز يسجّل دخولك مرة واحدة بدلًا من رمزه. احفظها في مكان آمن، بعيدًا عن كلمة المرور:{ " " }
recovery-what-strong = لن تُعرض مرة أخرى
recovery-what-after = ، وأي رموز كانت لديك من قبل لم تعد تعمل.
recovery-download = تنزيلها في ملف نصي
recovery-back = العودة إلى الجلسات والأمان

## Accounts, subscriptions, the desk and files

## Deleting an account (account/delete.html)

account-delete-title = حذف حساب
account-delete-own-question = حذف حسابك؟
account-delete-other-question = حذف الحساب { $name }؟
account-delete-back = رجوع
account-delete-own-intro = سيُحذف حسابك نهائيًا:
account-delete-other-intro-before = سيُحذف الحساب
account-delete-other-intro-after = نهائيًا:
account-delete-signed-out = يُسجَّل خروجه من كل مكان، ولن يستطيع تسجيل الدخول مجددًا أبدًا؛
account-delete-comments-removed = تُزال تعليقاته؛
account-delete-comments-stay = تبقى تعليقاته موقّعة باسم «deleted user»؛
account-delete-names-freed = يصبح اسم المستخدم وعنوان البريد الإلكتروني متاحَين: يمكن لأي أحد التسجيل بهما؛
account-delete-erased = يُمحى اسمه وملفه الشخصي وعنوانه، وتبقى المراجعات والاقتراحات التي كتبها بالاسم الذي كُتبت به.
account-delete-cannot-undo = لا يمكن التراجع عن ذلك.
account-delete-password = كلمة مرورك
account-delete-mine = احذف حسابي
account-delete-this = احذف هذا الحساب
account-delete-keep = الإبقاء عليه

## An account deleted (account/deleted.html)

deleted-title = حُذف الحساب
deleted-own = حُذف حسابك { $name }، وسُجّل خروجك.
deleted-other = حُذف الحساب { $name }.
deleted-home = الصفحة الرئيسية

## Confirming a new e-mail address (account/confirm_email.html)

confirm-title = أكّد عنوان بريدك الإلكتروني
confirm-done-title = تغيّر عنوان بريدك الإلكتروني
confirm-done-before = صار للحساب
confirm-done-middle = العنوان
confirm-done-after = .
confirm-back-to-account = العودة إلى حسابك
confirm-ask-before = سيصبح للحساب
confirm-ask-middle = العنوان
confirm-ask-after = : ومن بعدها يُستخدم لتسجيل الدخول ولروابط إعادة تعيين كلمة المرور وللإشعارات.
confirm-button = تأكيد هذا العنوان

## Setting up a new site (account/setup.html)

setup-title = الإعداد
setup-intro = أنشئ حساب المدير. يمكنه كتابة التدوينات، ولاحقًا إدارة المستخدمين والتعليقات.
setup-display-name = الاسم المعروض (اختياري)
setup-create = إنشاء حساب المدير

## Confirming or ending a subscription (subscriptions/subscription.html)

subscription-title = الاشتراك
subscription-confirm-title = أكّد اشتراكك
subscription-unsubscribe-title = إلغاء الاشتراك
subscription-about-on = { $about } على { $site }
subscription-about-site = كل تدوينة جديدة
subscription-about-author = التدوينات الجديدة من { $name }
subscription-about-author-gone = التدوينات الجديدة لكاتب
subscription-will-receive = سيتلقى { $email } { $what }.
subscription-receives = يتلقى { $email } { $what }.
subscription-confirm-button = تأكيد
subscription-unsubscribe-button = إلغاء الاشتراك
subscription-subscribed-title = تم اشتراكك
subscription-unsubscribed-title = أُلغي اشتراكك
subscription-subscribed = سيتلقى { $email } { $what }. في كل رسالة رابط لإلغاء الاشتراك.
subscription-unsubscribed = لم يعد { $email } يتلقى { $what }.
subscription-home = الصفحة الرئيسية

## A writer's desk (desk.html)

desk-yours = مكتبك
desk-of = مكتب { $name }
desk-write-post = اكتب تدوينة
desk-download = نزّل تدويناتك بصيغة Markdown (ملف zip)
desk-followers = المتابعون في الفديفرس
desk-tabs = التدوينات حسب الحالة
desk-table = التدوينات
desk-title = العنوان
desk-comments-waiting = تعليقات بانتظار الموافقة
desk-suggestions-open = اقتراحات مفتوحة
desk-tools = إجراءات
desk-pending =
    { $count ->
        [zero] لا تعليقات بانتظار الموافقة
        [one] تعليق واحد بانتظار الموافقة
        [two] تعليقان بانتظار الموافقة
        [few] { $count } تعليقات بانتظار الموافقة
        [many] { $count } تعليقًا بانتظار الموافقة
       *[other] { $count } تعليق بانتظار الموافقة
    }
desk-no-comments = لا شيء
desk-suggested =
    { $count ->
        [zero] لا اقتراحات مفتوحة
        [one] اقتراح واحد مفتوح
        [two] اقتراحان مفتوحان
        [few] { $count } اقتراحات مفتوحة
        [many] { $count } اقتراحًا مفتوحًا
       *[other] { $count } اقتراح مفتوح
    }
desk-no-suggestions = لا شيء

## Files (binaries/admin.html, binaries/log.html, binaries/table.html)

files-admin-intro = كل ملف أُرفق في هذا الموقع، الأحدث أولًا، وحالة بياناته (OK وERROR وRETRY). سجل ملفات التدوينة مرتبط من كل سياق.
files-no-older = لا توجد ملفات أقدم.
files-none-yet = لم يُرفق أي ملف بعد.
files-table = الملفات
files-file = الملف
files-context = السياق
files-type = النوع
files-size = الحجم
size-bytes =
    { $count ->
        [zero] { $count } بايت
        [one] بايت واحد
        [two] بايتان
        [few] { $count } بايتات
        [many] { $count } بايتًا
       *[other] { $count } بايت
    }
size-kib = { $size } KiB
size-mib = { $size } MiB
size-gib = { $size } GiB
file-status-ok = جاهز
file-status-error = مرفوض
file-status-retry = سيُجلب مرة أخرى
file-status-missing = مفقود
files-status = الحالة
files-added = أُضيف في
files-log = السجل
files-post-log = سجل التدوينة
files-newest = أحدث الملفات
files-older = ملفات أقدم
files-log-title = سجل الملفات
files-of-post = ملفات «{ $title }»
files-of-context = ملفات { $context }
files-the-post = التدوينة
files-edit-attachments = تحرير مرفقاتها
files-all-log = سجل كل ملفاتها
files-context-code = السياق
files-post-none = ليس للتدوينة ملفات الآن.
files-processing-log = سجل المعالجة
files-nothing-logged = لم يُسجَّل شيء.
files-when = الوقت
files-reference = المرجع
files-what-happened = ما حدث

## Mail
# Mail goes to a member in the language they chose, else in the site's; to a subscriber
# in the site's. { $site } is always the site's title.

# The end of a sentence that closes on a link.
mail-full-stop = .

## What a subscription is to

mail-about-site = كل جديد على { $site }
mail-about-site-posts = تدوينات { $site }
# { $author } is an author's display name.
mail-about-author = تدوينات { $author } على { $site }

## Confirming a subscription

mail-subscribe-subject = أكّد اشتراكك في { $site }
mail-subscribe-title = أكّد اشتراكك
# { $about } is one of the "What a subscription is to" messages.
mail-subscribe-asked = طلب أحدهم، وربما كنت أنت، تلقّي { $about } عبر البريد الإلكتروني.
mail-subscribe-open =
    { $count ->
        [zero] للتأكيد، افتح هذا الرابط خلال { $count } ساعة:
        [one] للتأكيد، افتح هذا الرابط خلال ساعة واحدة:
        [two] للتأكيد، افتح هذا الرابط خلال ساعتين:
        [few] للتأكيد، افتح هذا الرابط خلال { $count } ساعات:
        [many] للتأكيد، افتح هذا الرابط خلال { $count } ساعةً:
       *[other] للتأكيد، افتح هذا الرابط خلال { $count } ساعة:
    }
mail-subscribe-link = أكّد الاشتراك
# After the link "Confirm the subscription".
mail-subscribe-within =
    { $count ->
        [zero] خلال { $count } ساعة.
        [one] خلال ساعة واحدة.
        [two] خلال ساعتين.
        [few] خلال { $count } ساعات.
        [many] خلال { $count } ساعةً.
       *[other] خلال { $count } ساعة.
    }
mail-subscribe-not-you = إن لم تكن أنت، فتجاهل هذه الرسالة: لن يُرسل شيء.

## A new post, to its subscribers

# Under the post's title: { $author } wrote it.
mail-post-byline = بقلم { $author }، على { $site }
mail-post-read = اقرأ التدوينة: { $url }
mail-post-read-link = اقرأ التدوينة على { $site }
mail-post-why = تصلك هذه الرسالة لأنك اشتركت في { $about }.
mail-post-unsubscribe = ألغِ الاشتراك بنقرة واحدة: { $url }
mail-post-unsubscribe-link = ألغِ الاشتراك
# After the link "Unsubscribe".
mail-post-one-click = بنقرة واحدة.

## A password reset link

mail-reset-subject = كلمة مرورك على { $site }
mail-reset-asked = طلب أحدهم، وربما كنت أنت، إعادة تعيين كلمة مرور الحساب { $username } على { $site }.
mail-reset-open =
    { $count ->
        [zero] لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال { $count } دقيقة (يعمل مرة واحدة فقط):
        [one] لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال دقيقة واحدة (يعمل مرة واحدة فقط):
        [two] لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال دقيقتين (يعمل مرة واحدة فقط):
        [few] لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال { $count } دقائق (يعمل مرة واحدة فقط):
        [many] لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال { $count } دقيقةً (يعمل مرة واحدة فقط):
       *[other] لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال { $count } دقيقة (يعمل مرة واحدة فقط):
    }
mail-reset-link = اختر كلمة مرور جديدة
# After the link "Choose a new password".
mail-reset-within =
    { $count ->
        [zero] خلال { $count } دقيقة (يعمل الرابط مرة واحدة فقط).
        [one] خلال دقيقة واحدة (يعمل الرابط مرة واحدة فقط).
        [two] خلال دقيقتين (يعمل الرابط مرة واحدة فقط).
        [few] خلال { $count } دقائق (يعمل الرابط مرة واحدة فقط).
        [many] خلال { $count } دقيقةً (يعمل الرابط مرة واحدة فقط).
       *[other] خلال { $count } دقيقة (يعمل الرابط مرة واحدة فقط).
    }
mail-not-you = إن لم تكن أنت، فتجاهل هذه الرسالة: لن يتغير شيء.

## Confirming a new e-mail address

mail-confirm-subject = أكّد بريدك الإلكتروني على { $site }
mail-confirm-title = أكّد عنوانك على { $site }
mail-confirm-asked = طلب أحدهم، وربما كنت أنت، تغيير البريد الإلكتروني للحساب { $username } على { $site } إلى { $address }.
mail-confirm-open =
    { $count ->
        [zero] لتأكيد هذا العنوان، افتح هذا الرابط خلال { $count } ساعة (يعمل مرة واحدة فقط):
        [one] لتأكيد هذا العنوان، افتح هذا الرابط خلال ساعة واحدة (يعمل مرة واحدة فقط):
        [two] لتأكيد هذا العنوان، افتح هذا الرابط خلال ساعتين (يعمل مرة واحدة فقط):
        [few] لتأكيد هذا العنوان، افتح هذا الرابط خلال { $count } ساعات (يعمل مرة واحدة فقط):
        [many] لتأكيد هذا العنوان، افتح هذا الرابط خلال { $count } ساعةً (يعمل مرة واحدة فقط):
       *[other] لتأكيد هذا العنوان، افتح هذا الرابط خلال { $count } ساعة (يعمل مرة واحدة فقط):
    }
mail-confirm-link = أكّد هذا العنوان
# After the link "Confirm this address".
mail-confirm-within =
    { $count ->
        [zero] خلال { $count } ساعة (يعمل الرابط مرة واحدة فقط).
        [one] خلال ساعة واحدة (يعمل الرابط مرة واحدة فقط).
        [two] خلال ساعتين (يعمل الرابط مرة واحدة فقط).
        [few] خلال { $count } ساعات (يعمل الرابط مرة واحدة فقط).
        [many] خلال { $count } ساعةً (يعمل الرابط مرة واحدة فقط).
       *[other] خلال { $count } ساعة (يعمل الرابط مرة واحدة فقط).
    }

## The old address told of a new one

mail-changed-subject = تغيّر بريدك الإلكتروني على { $site }
mail-changed-title = تغيّر عنوانك على { $site }
mail-changed-what = تغيّر البريد الإلكتروني للحساب { $username } على { $site } إلى { $address }.
mail-changed-then = من الآن فصاعدًا تُرسل رسائل هذا الحساب إلى ذلك العنوان. إن لم تطلب ذلك، فردّ على هذه الرسالة أو تواصل فورًا مع أحد مديري { $site }.

## An address asked for that has an account

mail-taken-subject = طلب أحدهم استخدام عنوانك على { $site }
mail-taken-what = طلب أحدهم ربط هذا العنوان بحساب على { $site }، عند إنشاء حساب أو تغيير عنوان حساب. لهذا العنوان حساب هناك بالفعل، هو { $username }، فلم يتغير شيء.
mail-taken-sign-in = إن كنت أنت، فسجّل الدخول: { $url }
mail-taken-reset = نسيت كلمة المرور؟ اطلب كلمة مرور جديدة: { $url }
# "If it was you, <link>sign in</link>."
mail-taken-if-you = إن كنت أنت،
mail-taken-sign-in-link = فسجّل الدخول
mail-taken-forgot = نسيت كلمة المرور؟
mail-taken-ask-link = اطلب كلمة مرور جديدة
mail-taken-not-you = إن لم تكن أنت، فلا حاجة إلى فعل أي شيء.

## A new sign-in

mail-sign-in-subject = تسجيل دخول جديد إلى حسابك على { $site }
mail-sign-in-recovery-subject = استُخدم رمز استرداد لتسجيل الدخول إلى حسابك على { $site }
mail-sign-in-title = تسجيل دخول جديد على { $site }
# Followed by one of the four ways below, then a colon and the browser.
mail-sign-in-what = سُجّل الدخول إلى الحساب { $username } على { $site } { $how }:
mail-sign-in-browser = من متصفح لم يُستخدم معه من قبل
mail-sign-in-api = من برنامج عبر واجهة JSON البرمجية
mail-sign-in-recovery =
    { $count ->
        [zero] باستخدام أحد رموز الاسترداد الخاصة به (لم يبقَ منها أي رمز غير مستخدم)
        [one] باستخدام أحد رموز الاسترداد الخاصة به (بقي منها رمز واحد غير مستخدم)
        [two] باستخدام أحد رموز الاسترداد الخاصة به (بقي منها رمزان غير مستخدمَين)
        [few] باستخدام أحد رموز الاسترداد الخاصة به (بقيت منها { $count } رموز غير مستخدمة)
        [many] باستخدام أحد رموز الاسترداد الخاصة به (بقي منها { $count } رمزًا غير مستخدم)
       *[other] باستخدام أحد رموز الاسترداد الخاصة به (بقي منها { $count } رمز غير مستخدم)
    }
mail-sign-in-api-recovery =
    { $count ->
        [zero] من برنامج عبر واجهة JSON البرمجية، باستخدام أحد رموز الاسترداد الخاصة به (لم يبقَ منها أي رمز غير مستخدم)
        [one] من برنامج عبر واجهة JSON البرمجية، باستخدام أحد رموز الاسترداد الخاصة به (بقي منها رمز واحد غير مستخدم)
        [two] من برنامج عبر واجهة JSON البرمجية، باستخدام أحد رموز الاسترداد الخاصة به (بقي منها رمزان غير مستخدمَين)
        [few] من برنامج عبر واجهة JSON البرمجية، باستخدام أحد رموز الاسترداد الخاصة به (بقيت منها { $count } رموز غير مستخدمة)
        [many] من برنامج عبر واجهة JSON البرمجية، باستخدام أحد رموز الاسترداد الخاصة به (بقي منها { $count } رمزًا غير مستخدم)
       *[other] من برنامج عبر واجهة JSON البرمجية، باستخدام أحد رموز الاسترداد الخاصة به (بقي منها { $count } رمز غير مستخدم)
    }
# { $browser } names the browser and system ("Firefox on Linux"); { $when } a date and time.
mail-sign-in-where = { $browser }، من العنوان { $address }، في { $when }.
mail-sign-in-you = إن كنت أنت، فلا حاجة إلى فعل أي شيء.
mail-sign-in-not-you = وإن لم تكن أنت، فغيّر كلمة مرورك فورًا وأنهِ الجلسات التي لا تعرفها من صفحة أمان حسابك:
# "…end the sessions you do not know on <link>your account's security page</link>."
mail-sign-in-not-you-before = وإن لم تكن أنت، فغيّر كلمة مرورك فورًا وأنهِ الجلسات التي لا تعرفها من
mail-sign-in-security-link = صفحة أمان حسابك

## A test message

mail-test-subject = رسالة تجريبية من { $site }
mail-test-title = رسالة تجريبية من { $site }
mail-test-from = هذه رسالة تجريبية من { $site } ({ $url }).
# Followed by the site's title as a link.
mail-test-from-before = هذه رسالة تجريبية من
mail-test-through = مرّت هذه الرسالة عبر { $server }. إن كنت تقرؤها فبريد الموقع يعمل.

## The fediverse, the network of sites, and comment moderation

## The administrators' fediverse page (admin/federation.html)

federation-intro = يمكن متابعة الموقع وكل واحد من كتّابه من Mastodon وغيره من خوادم الفديفرس. وما ينشرونه يُسلَّم إلى خوادم متابعيهم.
federation-followers = المتابعون
federation-account = الحساب
federation-follower-count = عدد المتابعين
federation-site-followers = متابعو الموقع، وهل ينتظرون الموافقة
federation-deliveries = عمليات التسليم
federation-sending =
    { $count ->
        [0] لا يجري تسليم أي شيء.
        [one] يجري تسليم نشاط واحد.
        [two] يجري تسليم نشاطين.
        [few] يجري تسليم { $count } أنشطة.
        [many] يجري تسليم { $count } نشاطًا.
       *[other] يجري تسليم { $count } نشاط.
    }
federation-per-server = عمليات التسليم لكل خادم.
federation-per-server-counted =
    { $count ->
        [one] عمليات التسليم لكل خادم، محسوبةً على أقدم نشاط قيد التسليم.
        [two] عمليات التسليم لكل خادم، محسوبةً على أقدم نشاطين قيد التسليم.
        [few] عمليات التسليم لكل خادم، محسوبةً على أقدم { $count } أنشطة قيد التسليم.
        [many] عمليات التسليم لكل خادم، محسوبةً على أقدم { $count } نشاطًا قيد التسليم.
       *[other] عمليات التسليم لكل خادم، محسوبةً على أقدم { $count } نشاط قيد التسليم.
    }
federation-retry-explained = يُعاد تسليم ما يفشل بعد فترات تطول شيئًا فشيئًا، على مدى خمسة أيام تقريبًا؛ و«تسليم الآن» يعيد محاولة المنتظر منها فورًا.
federation-deliveries-per-server = عمليات التسليم لكل خادم
federation-server = الخادم
federation-waiting = بالانتظار
federation-failed = فاشلة، ستُعاد محاولتها
federation-given-up = متروكة
federation-next-attempt = المحاولة التالية
federation-last-failure = آخر فشل
federation-deliver-now = تسليم الآن
federation-deliver-now-to = تسليم الآن إلى { $server }
federation-failing = خوادم يفشل كل تسليم إليها
federation-none-failing = لا شيء: كل الخوادم تستجيب.
federation-set-aside = الخادم الذي يفشل كل تسليم إليه طوال يوم يُنحّى جانبًا: يتوقف التسليم إليه حتى يستجيب، أو يرسل شيئًا إلى هذا الموقع، أو تمضي 30 يومًا.
federation-failing-since = يفشل منذ
federation-last-answer = آخر استجابة
federation-deliver-again = إعادة التسليم
federation-deliver-again-to = إعادة التسليم إلى { $server }
federation-blocks = الخوادم والحسابات المحظورة
federation-blocks-explained = يُرفض ما يرسله الخادم أو الحساب المحظور، ولا يُسلَّم إليه شيء، وتنتهي متابعاته. وحظر الخادم يشمل الخوادم التي تندرج تحت اسمه.
federation-block-target = خادم أو حساب
federation-block-placeholder = example.social أو https://example.social/users/someone
federation-delete-comments = حذف تعليقاته على هذا الموقع أيضًا
federation-block = حظر
federation-no-blocks = لا يوجد شيء محظور.
federation-blocked = المحظور
federation-kind = النوع
federation-kind-server = خادم
federation-kind-account = حساب
federation-since = منذ
federation-blocked-by = بواسطة
federation-unblock = إلغاء الحظر
federation-unblock-target = إلغاء حظر { $target }
federation-more-blocks = مزيد من المحظورات

## A writer's followers on the fediverse (desk_fediverse.html)

fediverse-title = المتابعون على الفديفرس
fediverse-can-be-followed = يمكن متابعة { $handle } من Mastodon وغيره من خوادم الفديفرس.
fediverse-follower-count =
    { $count ->
        [0] لا يتابعه أي حساب.
        [one] يتابعه حساب واحد.
        [two] يتابعه حسابان.
        [few] يتابعه { $count } حسابات.
        [many] يتابعه { $count } حسابًا.
       *[other] يتابعه { $count } حساب.
    }
fediverse-approve-myself = الموافقة على المتابعين الجدد بنفسي
fediverse-approval-explained = حين يكون هذا مفعّلًا، تنتظر المتابعة أدناه حتى توافق عليها؛ وحين يكون معطّلًا، تُقبل المتابعات فورًا.
fediverse-waiting = بانتظار موافقتك
fediverse-none-waiting = لا توجد متابعة بالانتظار.
fediverse-waiting-table = متابعات بانتظار الموافقة
fediverse-account = الحساب
fediverse-since = منذ
fediverse-decision = القرار
fediverse-approve = موافقة
fediverse-approve-follower = الموافقة على { $follower }
fediverse-reject = رفض
fediverse-reject-follower = رفض { $follower }

## The network administrators' list of sites (admin/network.html)

network-title = الشبكة
network-intro = كل المواقع التي يخدمها هذا النشر، مع مديريها وأعدادها. ومديرو كل موقع هم من يديرون أعضاءه وتدويناته وتعليقاته.
network-none = لا يوجد موقع مسجّل.
network-sites = المواقع
network-site = الموقع
network-status = الحالة
network-status-live = يعمل
network-status-suspended = معلّق
network-status-deleting = قيد الحذف
network-registered = تاريخ التسجيل
network-administrators = المديرون
network-posts-written = التدوينات المكتوبة
network-comments = التعليقات
network-aliases = العناوين البديلة
network-suspend = تعليق
network-serve-again = استئناف الخدمة
network-pending =
    { $count ->
        [one] (تعليق واحد بالانتظار)
        [two] (تعليقان بالانتظار)
        [few] ({ $count } تعليقات بالانتظار)
        [many] ({ $count } تعليقًا بالانتظار)
       *[other] ({ $count } تعليق بالانتظار)
    }
network-next-page = الصفحة التالية
network-register = تسجيل موقع
network-url = عنوان URL الخاص به
network-url-placeholder = https://blog.example.com
network-first-admin = مديره الأول (اسم المستخدم لحساب ما أو بريده الإلكتروني)
network-register-button = تسجيل

## Comment moderation (admin/comments.html)

moderation-view-post = عرض التدوينة
moderation-log = سجل الإشراف
moderation-lists = القوائم
moderation-state-pending = بالانتظار
moderation-state-spam = مزعجة
moderation-state-rejected = مرفوضة
moderation-state-approved = موافق عليها
moderation-state-deleted = محذوفة
moderation-nothing-here = لا شيء هنا.
moderation-from-fediverse = من الفديفرس:
moderation-on = على
moderation-a-reply = رد
moderation-ban-commenter = منع هذا المعلّق
moderation-reason = السبب (اختياري، يُحفظ في السجل)
moderation-approve = موافقة
moderation-reject = رفض
moderation-spam = مزعج
moderation-older = الأقدم
moderation-bans = منع المعلّقين
moderation-ban = منع
moderation-unban = رفع المنع
moderation-bans-explained = تُرفض تعليقات المعلّق الممنوع مع رسالة، ولا يصل شيء منه إلى القوائم.

## The site's comment settings (admin/comment_settings.html)

comment-settings-title = إعدادات التعليقات
comment-settings-saved = تم الحفظ.
comment-settings-guests = يمكن للزوار الذين ليس لديهم حساب التعليق، باسم وعنوان بريد إلكتروني لا يظهر أبدًا
comment-settings-trust-approved = تتخطى تعليقاتُ من سبقت الموافقة على تعليق له قائمةَ الانتظار
comment-settings-close-after = إغلاق التعليقات بعد هذا العدد من الأيام من نشر التدوينة (0: أبدًا)
comment-settings-deleted-accounts = عند حذف حساب، فإن تعليقاته
comment-settings-deleted-keep = تبقى، موقّعة باسم «deleted user»
comment-settings-deleted-remove = تُزال

## Said by the server
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/account.rs
said-this-site-already-has-an = لهذا الموقع مدير بالفعل.

# web/account_deletion.rs
said-your-own-account-is-deleted = يُحذف حسابك أنت من صفحة حسابك.
said-accounts-are-shared-with-the = الحسابات مشتركة مع المواقع الأخرى في هذا النشر: احظر العضو هنا بدلًا من ذلك.

# web/admin.rs
said-this-site-lists-its-members = يعرض هذا الموقع أعضاءه من الأحدث إلى الأقدم، دون تقسيمهم حسب الحرف الأول.
said-that-page-of-accounts-does = صفحة الحسابات هذه غير موجودة.

# web/comment_section.rs
said-this-page-of-comments-does = صفحة التعليقات هذه غير موجودة. ابدأ من جديد من التدوينة.

# web/desk.rs
said-the-desk-has-the-tabs = علامات التبويب في المكتب هي «المسودات» و«المجدولة» و«المنشورة».
said-only-an-administrator-opens-another = لا يفتح مكتبَ كاتب آخر إلا المدير.

# web/email_change.rs
said-this-link-has-expired-or = انتهت صلاحية هذا الرابط أو استُخدم من قبل: يعمل كل رابط مرة واحدة خلال يوم. اطلب رابطًا جديدًا من صفحة حسابك.
said-another-account-took-that-address = أخذ حساب آخر هذا العنوان في هذه الأثناء، فلم يتغير شيء. اختر عنوانًا آخر من صفحة حسابك.

# web/error.rs
said-this-form-has-expired-or = انتهت صلاحية هذا النموذج أو لم يأتِ من هذا الموقع. ارجع وأعد تحميل الصفحة ثم حاول مجددًا.
said-the-form-was-not-sent = لم يُرسل النموذج بصيغة نموذج ويب.

# web/fediverse_followers.rs
said-the-actor-is-the-site = الفاعل إما فاعل الموقع (site) وإما فاعلك أنت (فارغ).
said-the-decision-is-approve-or = القرار إما «موافقة» وإما «رفض».
said-approved-the-account-follows-and = تمت الموافقة: صار الحساب متابِعًا، وأُبلغ خادمه بذلك.
said-rejected-its-server-is-told = رُفض: أُبلغ خادمه بذلك.

# web/history.rs
said-this-page-link-is-broken = رابط الصفحة هذا معطوب. ابدأ من جديد من أحدث المراجعات.

# web/lists.rs
said-a-page-starts-after-one = تبدأ الصفحة بعد تدوينة أو قبل تدوينة، لا الاثنين معًا.

# web/locales.rs
said-the-address-s-query-could = تعذّرت قراءة معاملات الاستعلام في العنوان.

# web/network.rs
said-only-the-network-s-administrators = لا يستطيع فعل هذا إلا مديرو الشبكة.
said-that-is-not-a-page = هذه ليست صفحة من هذه القائمة.

# web/passkeys.rs
said-this-account-has-been-suspended = هذا الحساب معلَّق.

# web/post_download.rs
said-you-have-downloaded-your-posts = نزّلت تدويناتك مرات كافية في الوقت الحالي.

# web/posts.rs
said-only-an-administrator-makes-the = لا يُنشئ صفحات الموقع إلا المدير.
said-a-new-text-is-a = النص الجديد إما تدوينة وإما صفحة.
said-choose-publish-save-and-schedule = اختر «نشر» أو «حفظ وجدولة» أو «حفظ المسودة» أو «معاينة» أو «حفظ المسودة وإضافة ملفات».

# web/schedule.rs
said-this-post-went-live-before = نُشرت هذه التدوينة قبل أن يتسنى إلغاء جدولتها: ألغِ نشرها إن كان لا ينبغي أن تكون منشورة.
said-this-post-is-published-unpublish = هذه التدوينة منشورة: ألغِ نشرها أولًا لتجدولها.

# web/second_factor.rs
said-this-sign-in-has-expired = انتهت صلاحية تسجيل الدخول هذا أو استُخدم من قبل: سجّل الدخول مجددًا بكلمة مرورك.

# web/security.rs
said-only-a-signed-in-browser = لا يستطيع فعل هذا إلا متصفح مسجّل الدخول.
said-ended-that-browser-is-signed = أُنهيت الجلسة: سُجّل خروج ذلك المتصفح، أو لم يعد ذلك الرمز يعمل.
said-your-new-authenticator-app-was = أُضيف تطبيق المصادقة الجديد: لم تعد رموز التطبيق القديم تعمل. وأُنهيت كل الجلسات الأخرى.
said-your-authenticator-app-and-its = أُزيل تطبيق المصادقة ورموز الاسترداد الخاصة به. وأُنهيت كل الجلسات الأخرى.
said-your-new-passkey-was-added = أُضيف مفتاح المرور الجديد: يسجّل دخولك بلا كلمة مرور، ويُطلب بعد كلمة المرور. وأُنهيت كل الجلسات الأخرى.
said-the-passkey-was-removed-it = أُزيل مفتاح المرور: لم يعد يسجّل دخولك. وأُنهيت كل الجلسات الأخرى.
said-every-other-session-of-your = أُنهيت كل الجلسات الأخرى لحسابك: سُجّل خروج كل المتصفحات الأخرى، ولم يعد أي رمز يعمل.
said-too-many-wrong-passwords-for = كلمات مرور خاطئة كثيرة جدًا لهذا الحساب.

# web/sign_in.rs
said-wrong-user-name-e-mail = اسم المستخدم أو البريد الإلكتروني أو كلمة المرور غير صحيح.

# web/site_admin.rs
said-mail-is-off-on-this = البريد معطّل في هذا الموقع: شغّل Sibyl مع الخيارين --smtp-url و --mail-from لإرسال البريد.
said-your-account-has-no-confirmed = ليس لحسابك عنوان مؤكد بعد: أكّد عنوانًا من صفحة حسابك أولًا.
said-enough-test-messages-for-now = يكفي هذا القدر من رسائل الاختبار في الوقت الحالي.

# web/sitemaps.rs
said-there-is-no-such-sitemap = لا توجد خريطة موقع كهذه: يذكر /sitemap.xml خريطة كل شهر.

# web/tags.rs
said-this-page-link-is-broken-2 = رابط الصفحة هذا معطوب. ابدأ من جديد من الصفحة الأولى للوسوم.

# web/moderation/admin.rs
said-close-comments-after-a-number = حدّد بعد كم يومًا تُغلق التعليقات، من 0 (أبدًا) إلى 3650، وما يحدث لتعليقات الحساب المحذوف.

# web/moderation/decisions.rs
said-choose-approve-reject-spam-or = اختر «موافقة» أو «رفض» أو «مزعج» أو «حذف».
said-a-comment-of-another-post = اختير تعليق على تدوينة أخرى في صفحة هذه التدوينة.
said-choose-ban-or-unban = اختر «منع» أو «رفع المنع».
said-there-is-no-such-account = لا يوجد حساب كهذا.

# web/moderation/mod.rs
said-only-the-post-s-author = لا يشرف على تعليقات التدوينة إلا كاتبها أو المدير.
said-this-page-link-is-broken-3 = رابط الصفحة هذا معطوب. ابدأ من جديد من الصفحة الأولى للقائمة.

# web/binaries/editor.rs
said-this-post-has-no-such = ليس لهذه التدوينة مرفق كهذا.
said-you-have-uploaded-many-times = رفعت ملفات مرات كثيرة للتو.

# web/binaries/files.rs
said-there-is-no-such-file = لا يوجد ملف كهذا.
said-that-page-of-files-does = صفحة الملفات هذه غير موجودة.

# web/binaries/images.rs
said-many-images-were-scaled-for = غُيّر حجم صور كثيرة لك للتو.

# web/binaries/mod.rs
said-only-the-post-s-author-2 = لا يستطيع تغيير مرفقات التدوينة إلا كاتبها أو المدير.

# web/settings/mod.rs
said-your-profile-was-saved = حُفظ ملفك الشخصي.
said-the-language-of-your-pages = حُفظت لغة صفحاتك.
said-your-user-name-was-changed = تغيّر اسم المستخدم الخاص بك.
said-your-e-mail-address-was = تغيّر بريدك الإلكتروني.
said-we-sent-a-link-to = أرسلنا رابطًا إلى العنوان الجديد: يتغير عنوانك حين تتبعه (خلال يوم). وحتى ذلك الحين يبقى كما هو.
said-your-password-was-changed-your = تغيّرت كلمة مرورك، وسُجّل خروج جلساتك الأخرى.
said-welcome-we-mailed-a-link = مرحبًا بك! أرسلنا رابطًا إلى العنوان الذي كتبته: يصبح عنوان حسابك حين تتبعه (خلال يوم). وحتى ذلك الحين، سجّل الدخول باسم المستخدم.

# web/suggestions/mod.rs
said-only-the-post-s-author-3 = لا يراجع الاقتراحات إلا كاتب التدوينة أو المدير.
said-that-revision-of-the-post = مراجعة التدوينة هذه غير موجودة.
said-you-are-suggesting-changes-too = تقترح تعديلات بسرعة كبيرة.

# web/suggestions/review.rs
said-this-suggestion-was-already-accepted = قُبل هذا الاقتراح أو رُفض من قبل.

## Said by the server (continued)
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/suggestions/review.rs
said-the-post-kept-changing-while = ظلت التدوينة تتغير أثناء حفظ الاقتراح؛ سيُحفظ بعد قليل.

# web/subscriptions/links.rs
said-this-link-no-longer-works = لم يعد هذا الرابط يعمل: يعمل رابط التأكيد مرة واحدة خلال يومين، ويعمل رابط إلغاء الاشتراك إلى أن يُستخدم. اشترك مجددًا من /subscribe.

# web/subscriptions/mod.rs
said-this-site-sends-no-mail = لا يرسل هذا الموقع بريدًا، فليس له مشتركون عبر البريد: تابع موجزه بدلًا من ذلك (/feed.xml).

# web/password_reset/mod.rs
said-mail-is-off-on-this-2 = البريد معطّل في هذا الموقع، فلا يمكن إرسال رابط: اطلب من أحد المديرين تعيين كلمة مرور جديدة (sibyl user reset-password).

# web/password_reset/new_password.rs
said-this-link-has-expired-or-2 = انتهت صلاحية هذا الرابط أو استُخدم من قبل: يعمل كل رابط مرة واحدة خلال ساعة. اطلب رابطًا جديدًا من /password/forgot.

# app/accounts.rs
said-this-site-has-not-been = لم يُعَدّ هذا الموقع بعد.
said-too-many-sign-in-attempts = محاولات تسجيل دخول كثيرة جدًا من عنوانك.
said-too-many-failed-sign-ins = محاولات تسجيل دخول فاشلة كثيرة جدًا لهذا الحساب.
said-too-many-sign-ups-for = طلبات إنشاء حساب كثيرة جدًا بهذا البريد الإلكتروني.
said-too-many-sign-ups-from = طلبات إنشاء حساب كثيرة جدًا من عنوانك.

# app/comments.rs
said-this-comment-looks-automated-and = يبدو هذا التعليق آليًا، فلم يُنشر.
said-the-comment-form-has-expired = انتهت صلاحية نموذج التعليق أو لم يُنشئه هذا الموقع. أعد تحميل الصفحة وحاول مجددًا.
said-you-can-no-longer-comment = لم يعد بإمكانك التعليق على هذا الموقع.
said-there-is-no-such-comment = لا يوجد تعليق كهذا على هذه التدوينة.
said-a-reply-answers-a-published = الرد يكون على تعليق منشور في التدوينة نفسها.
said-only-its-author-can-change = لا يعدّل التعليقَ إلا كاتبه.
said-only-the-post-s-author-4 = لا يغلق تعليقات التدوينة إلا كاتبها أو مدير.
said-pick-at-least-one-comment = اختر تعليقًا واحدًا على الأقل.
said-too-many-comments-have-come = وصلت تعليقات كثيرة جدًا من عنوانك.
said-you-are-commenting-too-fast = أنت تعلّق بسرعة كبيرة.

# app/confirmations.rs
said-enough-confirmation-links-have-been = طُلب ما يكفي من روابط التأكيد.

# app/passkeys.rs
said-too-many-second-steps-have = فشلت محاولات كثيرة جدًا للخطوة الثانية من عنوانك.
said-too-many-second-steps-have-2 = فشلت محاولات كثيرة جدًا للخطوة الثانية لهذا الحساب: انتظر قليلًا.

# app/posts.rs
said-only-the-post-s-author-5 = لا يفعل هذا إلا كاتب التدوينة أو مدير.
said-someone-saved-this-text-a = حفظ أحدهم هذا النص قبل لحظات. افتحه مجددًا وأعد المحاولة.
said-the-post-is-already-written = التدوينة مكتوبة بتلك اللغة من قبل.

# app/sessions.rs
said-that-session-has-ended-already = انتهت تلك الجلسة من قبل، أو ليست لك.

# app/federation/blocks.rs
said-name-the-server-example-social = اذكر الخادم (example.social) أو الحساب (https://example.social/users/someone) المراد حظره.
said-give-the-account-s-address = اكتب عنوان الحساب كما يربط إليه ملفه الشخصي (https://example.social/users/someone)، أو اسم خادمه.
said-a-server-is-blocked-by = يُحظر الخادم باسمه أيًّا كان منفذه: احذف المنفذ.
said-that-is-this-site-s = هذا خادم الموقع نفسه: لا يمكنه أن يحظر نفسه.

# app/federation/mod.rs
said-the-page-s-cursor-cannot = تتعذر قراءة مؤشر الصفحة.

# app/federation/remote.rs
said-too-many-keys-were-fetched = جُلبت مفاتيح كثيرة جدًا من خادمك مؤخرًا.

# app/federation/replies.rs
said-this-actor-is-replying-too = هذا الفاعل يرد بسرعة كبيرة.
said-this-server-s-accounts-are = حسابات هذا الخادم ترد بسرعة كبيرة.

# app/federation/requests.rs
said-only-the-account-s-author = لا يقرر من يتابع الحساب إلا الكاتب صاحبه أو مدير.
said-no-such-follow-is-waiting = لا توجد متابعة كهذه بالانتظار.
said-that-account-or-its-server = ذلك الحساب أو خادمه محظور: أُسقطت متابعته.

# domain/comment.rs
said-a-comment-needs-some-text = يحتاج التعليق إلى نص.
said-this-comment-is-too-long = هذا التعليق طويل جدًا بعد تنسيقه: اختصره، أو قلّل الروابط والمحارف مثل & < > وعلامات الاقتباس، إذ يشغل كلٌّ منها عدة بايتات في الصفحة.
said-please-give-a-name-to = يُرجى كتابة اسم توقّع به تعليقك.
said-a-name-has-at-most = الاسم 60 حرفًا على الأكثر، في سطر واحد.
said-a-reason-is-one-line = السبب سطر واحد من 200 حرف على الأكثر.

# domain/post.rs
said-a-description-cannot-hold-control = لا يجوز أن يحتوي الوصف على محارف تحكم.
said-a-revision-note-has-at = ملاحظة المراجعة 200 حرف على الأكثر.
said-a-revision-note-is-one = ملاحظة المراجعة سطر واحد من النص.
said-the-tags-field-has-at = حقل الوسوم 1024 حرفًا على الأكثر.

# domain/schedule.rs
said-give-the-date-and-time = اكتب تاريخ النشر ووقته، مثل 2026-12-24T09:30.
said-that-time-has-passed-schedule = مضى ذلك الوقت: جدوِل النشر لوقت قادم، أو انشر الآن.

# domain/search.rs
said-type-a-word-or-two = اكتب كلمة أو كلمتين للبحث عنهما.

# domain/session.rs
said-give-the-token-a-name = سمِّ الرمز، باسم البرنامج الذي سيستخدمه مثلًا.
said-a-token-s-name-is = اسم الرمز سطر واحد من النص.

# domain/site.rs
said-the-site-needs-a-title = يحتاج الموقع إلى عنوان.
said-the-site-needs-a-language = يحتاج الموقع إلى لغة، مثل en أو fr أو en-GB.

# domain/user.rs
said-a-user-name-may-contain = لا يجوز أن يحتوي اسم المستخدم إلا على حروف وأرقام و'_' و'-' و'.'.
said-a-user-name-cannot-mix = لا يجوز أن يخلط اسم المستخدم بين الأبجديات (مثل الحروف اللاتينية والسيريلية المتشابهة في الشكل).
said-enter-an-e-mail-address = اكتب عنوان بريد إلكتروني مثل name@example.com.
said-user-names-starting-with-deleted = أسماء المستخدمين التي تبدأ بـ«deleted-» محجوزة للحسابات المحذوفة.
said-enter-an-address-that-receives = اكتب عنوانًا يستقبل البريد.
said-the-two-passwords-differ = كلمتا المرور مختلفتان.
said-a-bio-cannot-contain-control = لا يجوز أن تحتوي النبذة على محارف تحكم.
said-a-homepage-is-an-address = الصفحة الشخصية عنوان يبدأ بـ https:// أو http://، من 200 حرف على الأكثر.
said-a-picture-is-the-address = الصورة عنوانُ صورةٍ يبدأ بـ https://، من 500 حرف على الأكثر.
said-a-display-name-has-at = الاسم المعروض 64 حرفًا على الأكثر، بلا محارف تحكم.

# domain/post/body.rs
said-a-post-needs-some-text = تحتاج التدوينة إلى نص.

# domain/post/names.rs
said-a-post-needs-a-title = تحتاج التدوينة إلى عنوان.
said-a-title-cannot-contain-control = لا يجوز أن يحتوي العنوان على محارف تحكم.
said-a-tag-cannot-be-empty = لا يجوز أن يكون الوسم فارغًا.

## The deployment's own pages, which name no site

deployment-bad-request = طلب غير صالح
deployment-unavailable = غير متاح
deployment-unavailable-why = لا يمكن الوصول إلى هذا الموقع الآن. يُرجى المحاولة بعد قليل.
deployment-suspended = الموقع معلّق
deployment-suspended-why = هذا الموقع معلّق حاليًا. يُرجى العودة لاحقًا.
deployment-unknown = غير موجود
deployment-unknown-why = لا يُقدَّم أي موقع على هذا العنوان.
said-the-request-names-no-host = لا يذكر الطلب أي مضيف.

## Said by the server: the writer's desk

said-desk-drafts = المسودات
said-desk-scheduled = المجدولة
said-desk-published = المنشورة
said-desk-started = بدأت
said-desk-goes-live = تُنشر في
said-desk-no-drafts = لا مسودات: ما تحفظه مسودةً ينتظر هنا.
said-desk-nothing-scheduled = لا شيء مجدول: تُجدوَل المسودة من صفحتها أو من محرّرها.
said-desk-nothing-published = لم يُنشر شيء بعد.

## What the editor's and the passkey forms' scripts say
# { $time }, { $status }, { $reason }: filled in by the script.

editor-autosaved = حُفظت المسودة في { $time }.
editor-autosave-failed = تعذّر حفظ المسودة ({ $status }).
editor-autosave-unreachable = تعذّر حفظ المسودة: الموقع لا يستجيب.
passkey-cannot-make = لا يستطيع هذا المتصفح إنشاء مفاتيح مرور.
passkey-cannot-use = لا يستطيع هذا المتصفح استخدام مفاتيح المرور: سجّل الدخول من متصفح يستطيع ذلك.
passkey-asking = جارٍ سؤال جهازك…
passkey-checking = جارٍ التحقق…
passkey-not-used = لم يُستخدم أي مفتاح مرور: { $reason }

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# app/comments.rs
said-comments-close-days-after-a = تُغلق التعليقات حين تمضي على نشر التدوينة أيامٌ عددها { $days }، وقد أُغلقت تعليقات هذه التدوينة.
said-this-post-has-reached-its = بلغت هذه التدوينة الحد الأقصى لعدد التعليقات ({ $max-comments-per-post })، فلا تقبل المزيد.
said-a-comment-can-be-changed = يمكن تعديل التعليق خلال الدقائق الـ{ $edit-window-minutes } التي تلي كتابته، ولم يعد ممكنًا تعديل هذا التعليق.
said-at-most-comments-can-be = الحد الأقصى لعدد التعليقات التي يمكن نقلها دفعة واحدة: { $max-picks }.
said-nothing-was-changed = لم يُغيَّر شيء: { $value }.

# app/factors.rs
said-qr-code-of-the-authenticator = رمز QR لمفتاح المصادقة السري للحساب { $value }

# app/formatting.rs
said-this-site-shows-images-from = لا يعرض هذا الموقع إلا الصور الموجودة في ملفاته، والعنوان { $url } على موقع آخر: احذفه واحفظ، ثم أضف الصورة إلى ملفات التدوينة وأدرجها من هناك.
said-the-server-could-not-format = لم يتمكن الخادم من تنسيق هذا النص في المهلة المحددة (عدد الثواني: { $value }) لانشغاله بنصوص أخرى، ولم يُحفظ شيء. يُرجى المحاولة بعد قليل.

# app/passkeys.rs
said-give-the-passkey-a-name = أعطِ مفتاح المرور اسمًا غير فارغ لا يزيد عدد أحرفه على { $max-name-chars } (أين يُحفظ: «الحاسوب المحمول»، «الهاتف»).
said-your-account-has-passkeys-the = لدى حسابك الحد الأقصى من مفاتيح المرور ({ $max-passkeys }): أزِل واحدًا منها أولًا.

# app/posts.rs
said-a-post-can-be-translated = الحد الأقصى لعدد اللغات التي تُترجم إليها التدوينة: { $value }.

# app/federation/blocks.rs
said-an-address-longer-than-characters = العنوان الذي يزيد عدد أحرفه على { $max-id-length } لا يدل على أي حساب.
said-the-site-blocks-servers-and = يحظر الموقع بالفعل الحد الأقصى من الخوادم والحسابات ({ $max-blocks }): ألغِ حظر واحد منها أولًا.

# app/federation/requests.rs
said-this-account-has-followers-the = لهذا الحساب الحد الأقصى من المتابعين ({ $max-remote-followers }): ارفض بعض المتابعات، أو انتظر حتى ينتهي بعضها.

# domain/comment.rs
said-a-comment-has-at-most = الحد الأقصى لعدد أحرف التعليق { $value }، وعدد أحرف هذا التعليق { $chars }.
said-this-comment-takes-too-many-bytes = هذا التعليق طويل جدًا: حجمه بالبايت { $value }، والحد الأقصى لحجم التعليق بالبايت { $value2 } (أي 2000 حرف في معظم أنظمة الكتابة، وأقل في الأنظمة التي يشغل كل حرف منها 3 أو 4 بايتات، كالصينية والرموز التعبيرية).
said-a-comment-has-at-most-2 = الحد الأقصى لعدد الروابط في التعليق { $value }، وعدد الروابط في هذا التعليق { $links }.

# domain/markdown.rs
said-this-text-has-ampersands-more = في هذا النص علامات & عددها { $ampersands }، وهذا أكثر من الحد المسموح به للتدوينة ({ $max-ampersands }). اكتب «و» بدلًا من بعضها، أو قسّم النص على عدة تدوينات.
said-this-text-makes-more-than = ينتج هذا النص عناصر (فقرات، وعناصر قوائم، وخلايا جداول، وتأكيدات، وروابط…) يزيد عددها على { $max-elements }؛ قسّمه على عدة تدوينات.
said-this-text-makes-at-least = ينتج هذا النص بعد تنسيقه ما لا يقل عن { $value } KiB من HTML، وهذا أكثر من { $value2 } KiB، وهو الحد المسموح به للتدوينة (فالرابط أو الصورة المعطاة بمرجع يتكرر عنوانها حيثما استُخدمت). اختصره، أو قسّمه على عدة تدوينات.

# domain/password.rs
said-a-password-has-at-least = الحد الأدنى لعدد أحرف كلمة المرور { $value }.
said-a-password-has-at-most = الحد الأقصى لعدد أحرف كلمة المرور { $value }.

# domain/post.rs
said-an-author-keeps-at-most = الحد الأقصى لعدد المسودات التي يحتفظ بها الكاتب في الموقع { $max-drafts-per-author }. انشر إحداها أو احذفها أولًا.
said-a-site-has-at-most = الحد الأقصى لعدد صفحات الموقع { $max-pages }. عدّل إحداها بدلًا من ذلك.
said-a-description-is-characters-long = عدد أحرف الوصف { $count }، والحد الأقصى { $excerpt-chars }.
said-a-title-has-at-most = الحد الأقصى لعدد أحرف العنوان { $value }.
said-a-post-body-has-at = الحد الأقصى لحجم نص التدوينة بصيغة Markdown هو { $value } KiB.

# domain/schedule.rs
said-a-post-can-be-scheduled = الحد الأقصى لعدد الأيام التي يمكن أن تُجدوَل التدوينة قبلها: { $max-days-ahead }.
said-the-site-has-posts-waiting = في الموقع تدوينات تنتظر النشر عددها { $max-scheduled }، وهو الحد الأقصى: انشر بعضها أو ألغِ جدولتها أولًا.

# domain/search.rs
said-a-search-is-at-most = الحد الأقصى لعدد أحرف البحث { $max-query-chars }، وعدد أحرف هذا البحث { $length }.
said-a-search-has-at-most = الحد الأقصى لعدد الكلمات المختلفة في البحث { $max-query-words }، وعدد الكلمات المختلفة في هذا البحث { $value }.

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# domain/session.rs
said-a-token-s-name-has = لا يتجاوز عدد أحرف اسم الرمز { $max-label }.

# domain/site.rs
said-no-such-choice-of-who = لا يوجد خيار كهذا لمن يسجّل الدخول بخطوتين: { $text }.
said-the-cannot-hold-control-characters = لا يجوز أن يحتوي الحقل «{ $field }» على محارف تحكم.
said-the-is-characters-long-at = الحقل «{ $field }» طويل جدًا: عدد أحرفه { $count }، والحد الأقصى { $max }.

# domain/user.rs
said-a-user-name-has-to = يتراوح عدد أحرف اسم المستخدم بين { $value } و{ $value2 }.
said-an-e-mail-address-has = لا يتجاوز عدد أحرف عنوان البريد الإلكتروني { $value }.
said-a-bio-has-at-most = لا يتجاوز عدد أحرف النبذة { $value }.

# domain/post/names.rs
said-a-tag-has-at-most = لا يتجاوز عدد أحرف الوسم { $value }.
said-the-tag-may-contain-only = لا يجوز أن يحتوي الوسم { $tag } إلا على حروف وأرقام ومسافات و - _ . + #
said-a-post-has-at-most = لا يتجاوز عدد وسوم التدوينة { $value }.

# web/admin.rs
said-no-account-is-called = لا يوجد حساب باسم { $value }.
said-there-is-no-shelf-in = لا يوجد قسم { $shelf } في الدليل.
said-you-cannot-your-own-account = لا يمكنك تنفيذ هذا الإجراء («{ $what }») على حسابك أنت؛ اطلب ذلك من مدير آخر.

# web/archive.rs
said-there-is-no-month-an = لا يوجد شهر { $year }/{ $number }: يُكتب شهر الأرشيف على هذا النحو: /archive/2026/11.
said-nothing-was-published-in-the = لم يُنشر شيء في { $value }. يعرض الأرشيف الأشهر التي فيها تدوينات.

# web/error.rs
said-the-form-is-too-large = النموذج كبير جدًا: الحد الأقصى لما يمكن إرساله { $value } KiB.
said-the-form-could-not-be = تعذّرت قراءة النموذج: { $other }.

# web/feeds.rs
said-no-post-is-tagged-so = لا توجد تدوينة موسومة بـ«{ $value }»، فليس لهذا الوسم موجز.

# web/history.rs
said-this-post-has-no-revision = ليس لهذه التدوينة مراجعة رقم { $number }.

# web/lists.rs
said-this-page-link-is-broken-from = رابط الصفحة هذا معطوب. ابدأ من جديد من هنا: { $start }.
said-start-the-first-page-of-month = الصفحة الأولى من { $month }
said-start-the-first-page-of-the-tag = الصفحة الأولى للوسم
said-start-the-desk-s-first-page = الصفحة الأولى من المكتب
said-start-the-author-s-first-page = الصفحة الأولى للكاتب
said-start-the-home-page = الصفحة الرئيسية
said-there-are-no-older-posts = لا توجد تدوينات أقدم. ارجع إلى البداية: { $start }.

# web/locales.rs
said-this-post-has-no-translation = ليست لهذه التدوينة ترجمة إلى { $value } ({ $value2 }) بعد.

# web/revisions.rs
said-you-are-starting-the-translation = أنت تبدأ الترجمة إلى { $value } من النص الأصلي. وتبقى مسودة حتى تنشرها.
said-this-is-your-draft-saved = هذه مسودتك (حُفظت: { $value })، وهي مبنية على المراجعة { $value2 }؛ وليست مراجعة بعد.{ $changed }
said-someone-saved-this-text-revision = حفظ أحدهم هذا النص (المراجعة { $value }) بعد أن فتحته. نصك أدناه: قارنه بالسجل، ثم احفظه مجددًا.

# web/routes.rs
said-the-address-s-query-could-not-why = تعذّرت قراءة معاملات الاستعلام في العنوان: { $why }.

# web/site_admin.rs
said-no-message-went = لم تُرسَل أي رسالة: { $e }.
said-the-setting-is-a-box = الإعداد «{ $setting }» خانة تُحدَّد أو تُترك فارغة.

# web/sites.rs
said-the-request-s-host-is = مضيف الطلب غير صالح: { $e }.

# web/tags.rs
said-no-post-is-tagged = لا توجد تدوينة موسومة بـ«{ $value }».

# web/suggestions/mod.rs
said-this-post-has-reached-its-2 = بلغت هذه التدوينة حدها الأقصى من الاقتراحات ({ $max-suggestions-per-post }) ولا تقبل المزيد.

# web/suggestions/review.rs
said-this-post-has-no-suggestion = ليس لهذه التدوينة اقتراح رقم { $id }.

## Descriptions and titles the handlers make
# { $name }: an author's display name; { $tag }: a tag; { $title }: a post's title;
# { $admins }: administrators' names, separated by commas.

author-description = تدوينات { $name }.
tag-description = تدوينات موسومة بـ«{ $tag }».
moderation-comments-on = التعليقات على «{ $title }»
network-admins-and-more = { $admins } وغيرهم

## Notices after a decision on the moderation desk and on /admin/federation, and how the
## fediverse took a post.

moderation-done-approved =
    { $count ->
        [one] تمت الموافقة على تعليق واحد.
        [two] تمت الموافقة على تعليقين.
        [few] تمت الموافقة على { $count } تعليقات.
        [many] تمت الموافقة على { $count } تعليقًا.
       *[other] تمت الموافقة على { $count } تعليق.
    }
moderation-done-rejected =
    { $count ->
        [one] تم رفض تعليق واحد.
        [two] تم رفض تعليقين.
        [few] تم رفض { $count } تعليقات.
        [many] تم رفض { $count } تعليقًا.
       *[other] تم رفض { $count } تعليق.
    }
moderation-done-spam =
    { $count ->
        [one] تم وسم تعليق واحد بأنه مزعج.
        [two] تم وسم تعليقين بأنهما مزعجان.
        [few] تم وسم { $count } تعليقات بأنها مزعجة.
        [many] تم وسم { $count } تعليقًا بأنها مزعجة.
       *[other] تم وسم { $count } تعليق بأنها مزعجة.
    }
moderation-done-deleted =
    { $count ->
        [one] تم حذف تعليق واحد.
        [two] تم حذف تعليقين.
        [few] تم حذف { $count } تعليقات.
        [many] تم حذف { $count } تعليقًا.
       *[other] تم حذف { $count } تعليق.
    }
moderation-done-banned = لم يعد بإمكان { $name } التعليق.
moderation-done-unbanned = صار بإمكان { $name } التعليق من جديد.
federation-done-blocked = تم حظر { $target }: عدد المتابعات المنتهية { $follows }، وعدد التعليقات المحذوفة { $comments }.
federation-done-unblocked = أُلغي حظر { $target }: صار ما يرسله مقبولًا من جديد (لا تعود متابعاته ولا تعليقاته).
federation-done-retried = استُؤنف التسليم إلى { $server }: عدد التسليمات المنتظرة التي صارت مستحقة فورًا { $count }.
federation-done-retried-aside = لم يعد الخادم منحّى جانبًا: تخرج التسليمات الجديدة فورًا.
fediverse-reactions-liked = أُعجب به في الفديفرس { $likes ->
        [1] مرة واحدة
        [2] مرتين
        [few] { $likes } مرات
        [many] { $likes } مرةً
       *[other] { $likes } مرة
    }.
fediverse-reactions-shared = أُعيد نشره في الفديفرس { $shares ->
        [1] مرة واحدة
        [2] مرتين
        [few] { $shares } مرات
        [many] { $shares } مرةً
       *[other] { $shares } مرة
    }.
fediverse-reactions-both = في الفديفرس أُعجب به { $likes ->
        [1] مرة واحدة
        [2] مرتين
        [few] { $likes } مرات
        [many] { $likes } مرةً
       *[other] { $likes } مرة
    } وأُعيد نشره { $shares ->
        [1] مرة واحدة
        [2] مرتين
        [few] { $shares } مرات
        [many] { $shares } مرةً
       *[other] { $shares } مرة
    }.

## Refusals that begin with what was refused (quoted as it was given).

said-value-is-not-a-site-status-to-set = { $status } ليست حالة يمكن أن يُضبط عليها موقع.
said-value-is-not-a-revision-number = { $number } ليس رقم مراجعة.
said-value-is-not-a-moderation-list = { $list } ليست قائمة إشراف: pending أو spam أو rejected.
said-value-does-not-name-a-comment = { $value } لا يشير إلى أي تعليق.
said-value-is-not-a-user-name = { $name } ليس اسم مستخدم.
said-value-is-not-an-account = { $id } ليس حسابًا.
said-value-is-not-a-month = { $month } ليس شهرًا مثل 2026-11.
said-value-is-not-a-language-spoken = { $language } ليست لغة من لغات هذه الصفحات: اختر واحدة من القائمة.
said-value-wait-and-try-again = { $message } يُرجى الانتظار مدة تصل إلى { $minutes } دقيقة ثم المحاولة من جديد.
said-value-comments-were-moved-then = نُقل { $moved } من أصل { $total } من التعليقات، ثم تعذّر نقل هذا التعليق: { $why }
said-value-is-not-blocked = { $target } غير محظور.
said-value-is-not-a-comment-id = { $id } ليس معرّف تعليق.
said-value-is-not-a-comment-state = { $state } ليست حالة تعليق.
said-value-is-not-a-host-name = { $host } ليس اسم مضيف: { $why }
said-value-is-not-a-locale = { $locale } ليس إعدادًا محليًا: استخدم لغة مثل en، أو لغة وبلدًا مثل en_US
said-value-is-not-a-page-path = { $path } ليس مسار صفحة: كلمات من حروف لاتينية صغيرة وأرقام وشرطات، تفصل بينها /
said-value-is-not-a-site-s-status = { $status } ليست حالة موقع
said-value-is-not-a-language-code = { $code } ليس رمز لغة: استخدم رمزًا مثل en أو fr أو en-GB.
said-value-is-not-an-origin = { $origin } ليس أصلًا (origin): { $why }
said-value-is-not-an-origin-write = { $origin } ليس أصلًا (origin): اكتب المخطط والمضيف، مثل https://app.example.com
said-value-does-not-exist-in-zone = { $time } غير موجود في { $zone }: تقفز الساعات فوق تلك الساعة. اختر وقتًا آخر.
said-value-is-not-a-post-address = { $address } ليس عنوان تدوينة
said-this-text-nests-too-deep = يتجاوز تداخل الاقتباسات أو القوائم أو عناصر HTML في هذا النص { $depth } مستوى (يُحسب عنصر القائمة مستويين: القائمة والعنصر). اجعل أعمق الأجزاء أقل تداخلًا.
said-this-comment-nests-too-deep = يتجاوز تداخل الاقتباسات أو القوائم أو عناصر HTML في هذا التعليق { $depth } مستوى (يُحسب عنصر القائمة مستويين: القائمة والعنصر). اجعل أعمق الأجزاء أقل تداخلًا.

## What the security page says of a session's program and address.

agent-on = { $browser } على { $system }
agent-unknown-on = متصفح غير معروف على { $system }
agent-unknown = متصفح غير معروف
agent-unnamed = برنامج بلا اسم
security-made-through-api = سُجّل دخوله عبر واجهة API
security-made-in = أُنشئ في { $browser }
security-unknown-address = عنوان غير معروف
