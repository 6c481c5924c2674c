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
