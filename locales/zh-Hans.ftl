# Sibyl 界面的简体中文译文（全角标点，中文与拉丁字母之间留空格）。

## Dates

date-at-time = { $date } { $time }（UTC）

## Every page's frame

site-nav = 网站
search-posts = 搜索文章
search-placeholder = 搜索
search-button = 搜索
nav-archive = 归档
nav-tags = 标签
nav-desk = 工作台
nav-write = 写文章
nav-comments = 评论
nav-users = 用户
nav-files = 文件
nav-pages = 页面
nav-fediverse = 联邦宇宙
nav-site = 网站设置
log-out = 退出登录
log-in = 登录
sign-up = 注册

## Error pages

error-reference = 报告此问题时，请附上参考编号：
error-home = 返回首页
error-not-found = 页面未找到
error-gone = 已删除
error-no-longer-here = 已不在此处
error-conflict = 期间已被更改
error-bad-request = 操作未成功
error-forbidden = 不允许
error-sign-in-required = 需要登录
error-second-factor-required = 需要两步验证登录
error-too-large = 内容过大
error-too-many-attempts = 尝试次数过多
error-unavailable = 暂时不可用
error-busy = 服务繁忙
error-internal = 出错了
said-there-is-nothing-at-this-address = 此地址没有任何内容。
said-what-was-here-was-deleted = 此处的内容已被删除，且不会有内容取而代之。
said-please-sign-in = 请登录。
said-the-blog-cannot-reach-its-storage = 博客暂时无法访问其存储。未作任何更改；请稍后再试。
said-an-unexpected-error-happened = 我们这边发生了意外错误，已记录在案。
said-this-site-requires-two-step = 本站要求您的账号使用两步验证登录：请先在安全页面添加身份验证器应用或通行密钥。
said-an-administrator-s-account-is-kept = 管理员的账号不会被删除：需先由另一位管理员将其改为作者或读者。
said-this-account-still-has-posts = 此账号仍有文章（包括草稿和定时发布的文章）：请先在工作台删除它们。
authenticator-qr-title = { $name } 的身份验证器密钥二维码

## Lists of posts

byline = 作者：
comment-count =
    { $count ->
        [0] 暂无评论
       *[other] { $count } 条评论
    }
more-posts = 更多文章
newer-posts = ← 较新的文章
older-posts = 较早的文章 →
feed-link = 订阅此列表（Atom 订阅源）
nothing-published = 尚未发布任何内容。
no-older-posts = 没有更早的文章了。

## The home page

welcome = 欢迎使用 Sibyl
welcome-no-admin = 本站尚无管理员。
welcome-set-up = 设置本站
welcome-then = 设置时会创建第一个账号，之后即可开始写作。
subscribe-site = 通过电子邮件接收新文章

## The archive

archive = 归档
archive-description = 所有发布过文章的月份。
archive-month = { $month }发布的文章
archive-month-description = { $month }发布的文章。
other-months = 其他月份
all-months = 所有月份

## Tags

tags = 标签
tags-none = 还没有文章添加标签。
tag-posts =
    { $count ->
       *[other] { $count } 篇文章
    }
more-tags = 更多标签
more-tags-link = 更多标签 →
tagged = 标签：{ $tag }
tagged-heading = 标签“{ $tag }”

## Search

search = 搜索
search-quoted = “{ $query }”
this-search = 本次搜索
search-words = 搜索词（找到的每篇文章，其标题、正文或标签中都含有这些词）
search-none-newest = 最新的文章中没有同时含有这些词的，接下来将搜索较早的文章。
search-none = 没有已发布的文章同时含有这些词。
more-results = 更多结果
more-results-link = 更多结果 →

## An author's page

author-posts = 文章
author-no-posts = 尚无已发布的文章。
author-subscribe = 通过电子邮件接收 { $name } 的新文章

## A post's page

languages = 语言
in-languages-post = 本文语言版本：
in-languages-page = 本页语言版本：
draft-post = 本文是草稿：只有编辑者可以看到。
draft-page = 本页是草稿：只有编辑者可以看到。
draft-translation = 此译文是草稿：只有编辑者可以看到。
publish = 发布
publish-anew = 使用今天的日期，而非首次发布的日期
scheduled-for = 定时发布于
change-or-cancel = 修改或取消
or = 或
schedule-it = 定时发布
suggestion-sent = 谢谢！你的修改建议已发送给作者。
suggest-edit = 建议修改
editing = 编辑
edit = 编辑
history = 历史版本
suggestions = 修改建议
unpublish = 取消发布
delete = 删除
updated = 更新于
short-link = 短链接：
translations = 译文
translations-none = 暂无。
draft-mark = （草稿）
translate-into = 翻译为
translate-example = fr 或 fr_CA
translate-start = 开始

## Comments

comments = 评论
comment-moderation = 评论审核
moderate-comments = 审核评论
reopen-comments = 重新开放评论
close-comments = 关闭评论
older-comments = 较早的评论
newer-comments = 较新的评论
no-newer-comments = 暂无更新的评论。
no-comments-yet = 暂无评论。
from-fediverse = 来自联邦宇宙
edited = 已编辑
reply = 回复
awaiting-moderation = 等待审核
awaiting-moderation-mark = 等待审核
reply-to = 回复 { $name }
cancel-reply = （取消）
write-comment = 发表评论
your-name = 你的名字
your-email = 你的电子邮件地址（不会公开）
leave-empty = 此栏请留空
comment-field = 评论：支持段落、*强调*、`代码` 和 [链接](https://example.com)
comments-moderated = 评论经审核后才会显示。
send = 发送
sign-in = 登录

## Signing in and up

password-reset-done = 新密码已设置，请用它登录。
user-name-or-email = 用户名或电子邮件地址
password = 密码
forgot-password = 忘记密码？
passkey-instead = 也可以不用密码，使用本设备或手机上的通行密钥：
sign-in-passkey = 使用通行密钥登录
sign-up-why = 有了账号即可登录；管理员可以将你设为作者。
user-name-rules = 用户名（3 至 32 个字母、数字或 _ - .）
email = 电子邮件地址
password-rules = 密码（至少 10 个字符）
password-again = 再次输入密码
create-account = 创建账号
have-account = 已有账号？

## Passwords forgotten

forgotten-password = 忘记密码
reset-mail-off = 本站不发送邮件，因此无法发送链接。请联系管理员为你设置新密码。
reset-sent = 如果有账号使用地址 { $address }，一封带链接的邮件正在发送。链接只能使用一次，一小时内有效。没有收到？请查看垃圾邮件，或几分钟后再试。
back-to-log-in = 返回登录
reset-ask = 请填写账号的电子邮件地址：我们会把设置新密码的链接发到这里。
email-address = 电子邮件地址
send-link = 发送链接
new-password = 新密码
choose-new-password = 设置新密码
new-password-rules = 新密码（至少 10 个字符）
same-again = 再次输入
set-password = 保存新密码
reset-ends-sessions = 此账号的所有会话都将结束：请用新密码重新登录。

## Subscribing by e-mail

subscribe = 订阅
subscribe-to-author = 订阅 { $name } 的文章
subscribe-to-site = 订阅 { $site }
subscribe-mail-off = 本站不发送邮件，因此没有邮件订阅者。
follow-feed = 请改用订阅源关注。
subscribe-sent = 除非 { $address } 已经订阅，一封带确认链接的邮件正在发送。链接两天内有效；在你点击之前不会发送任何内容。
subscribe-what-author = 这位作者的每篇新文章都会通过邮件发送：标题、开头几行和链接。每封邮件都附有一键退订的链接。
subscribe-what-site = 每篇新文章都会通过邮件发送：标题、开头几行和链接。每封邮件都附有一键退订的链接。

## The language of an account's pages

# This language's name, in itself.
language-name = 简体中文
language-setting = 语言
language-of-pages = 页面语言
language-of-browser = 跟随浏览器
save-language = 保存语言

## An account's own page

your-account = 我的账号
signed-in-as = 当前登录身份：
role-admin = 管理员
role-author = 作者
role-reader = 读者
network-admin-you = 你是本部署的网络管理员之一：
network-every-site = 查看它提供的所有网站
profile = 个人资料
display-name = 显示名称
bio = 个人简介
homepage = 个人主页
picture = 头像（你的图片地址）
save-profile = 保存个人资料
user-name = 用户名
new-user-name = 新用户名
current-password = 当前密码
change-user-name = 修改用户名
no-confirmed-address = 你的账号还没有已确认的地址：请点击发送到注册地址的链接，或在此填写一个地址。
new-email-address = 新的电子邮件地址
change-email-address = 修改电子邮件地址
email-change-mailed = 我们会向新地址发送一个链接；点击后新地址即生效。
email-change-at-once = 本站不发送邮件，因此新地址立即生效，但未经确认。
new-password-again = 再次输入新密码
change-password = 修改密码
sessions-and-tokens = 会话与令牌
see-sessions = 查看你的账号在哪里登录
sessions-what = 每个浏览器和 API 令牌都可以单独结束，也可以为程序创建令牌。
delete-account = 删除账号
delete-account-what = 你将被永久退出登录，你的用户名和地址也将被释放。

## Editing a comment

edit-your-comment = 编辑评论
comment-on = 所属文章：
comment-edit-window = 评论发表后 15 分钟内可以修改。
save = 保存
delete-this-comment = 删除此评论

## The second step of signing in

two-step-sign-in = 两步验证登录
second-step-code = 密码正确。请输入身份验证器应用为本站显示的六位数代码，或一个恢复代码。
code = 代码
second-step-passkey = 密码正确。请使用你在本站的通行密钥。
second-step-or-passkey = 或者改用通行密钥：
use-passkey = 使用通行密钥
second-step-no-https = 你的账号第二步验证是通行密钥，而浏览器只向使用 HTTPS（或 localhost）的网站提供通行密钥：本站地址不符合要求。请联系网站运营者为你的账号关闭两步验证。
second-step-lost = 身份验证器、通行密钥和恢复代码都丢失了？网站运营者可以为你的账号关闭两步验证。

comments-closed-page = 页面不接受评论。
comments-closed-unpublished = 文章发布后即可评论。
comments-closed-by-editors = 本文的评论已关闭。
comments-closed-after =
    { $count ->
       *[other] 文章发布 { $count } 天后关闭评论；本文的评论已关闭。
    }
comments-sign-in = 登录后即可评论。
comment-published = 谢谢！你的评论已发布。
comment-pending = 谢谢！你的评论正在等待审核。

## Administration: the site's settings, users, pages and moderation log

## The site's settings (admin/site.html)

site-what = 网站的自称，显示在每个页面的页眉和标题、订阅源以及链接预览中。
site-saved = 已保存。
site-title = 标题
site-tagline = 副标题，显示在标题下方（可留空）
site-description = 描述，供搜索引擎和链接预览使用
site-language = 语言，填写语言代码，例如 en、fr 或 en-GB
site-footer = 页脚，每个页面底部的一行纯文本（可留空）
site-privacy = 隐私
site-own-images-only = 只显示本站文件中的图片
site-own-images-only-what = 这样，读者的浏览器不会从其他网站加载任何图片（否则那些网站就能知道谁在读什么）：显示外站图片的文本会被拒绝，文章中已有的外站图片和来自外站的作者头像不会显示，导入时会在地址规则允许的情况下把外站图片抓取到本站文件中。
site-fediverse = 联邦宇宙
site-fediverse-off = 本站不接入联邦宇宙
site-fediverse-off-what = Mastodon 和其他 ActivityPub 服务器上的读者可以关注本站及其作者、查看文章并回复。不接入时，本站没有任何参与者（actor），不响应 WebFinger 或 NodeInfo 请求，不接收任何活动，也不投递任何内容（等待中的内容会在重新接入后发出）。
site-fediverse-pages = 也将静态页面发送到联邦宇宙
site-fediverse-pages-what = 这样，页面（关于、联系方式）在发布、修改或撤回时会像文章一样送达关注者；页面不接受回复，正如它们不接受评论。勾选后，会发送最近两天内发布的页面（以及上次取消勾选时撤回的页面）；取消勾选则会撤回已发送的页面。
site-second-factor = 须使用两步验证登录的账号
site-second-factor-nobody = 无（由各账号自行决定）
site-second-factor-admins = 管理员
site-second-factor-staff = 作者和管理员
site-second-factor-everyone = 所有账号
site-second-factor-what = 受此要求约束的账号须使用密码加上身份验证器应用的代码或通行密钥登录（也可以只用通行密钥）。尚未设置两者之一的账号会在登录时被引导添加，添加之后才能写作、发布、审核或更改网站设置。
site-mail = 邮件
site-mail-on-through = 邮件通过
site-mail-on-from = 发送，发件地址为
site-mail-on-end = 。
site-mail-test-sent = 测试邮件已发送至 { $address }：请检查是否收到。
site-mail-send-test = 向 { $address } 发送测试邮件
site-mail-off-start = 邮件功能已关闭：本站不发送任何邮件。要开启，请在启动 Sibyl 时加上
site-mail-off-and = 和
site-mail-off-or = （或
site-mail-off-end = ）。

## The administrators' list of accounts (admin/users.html)

admin-users-members = 成员
admin-users-find-by = 按用户名或电子邮件地址查找
admin-users-find = 查找
admin-users-shelves = 按首字母浏览账号
admin-users-newest = 最新
admin-users-shelf-other = 其他
admin-users-role = 角色
admin-users-status = 状态
admin-users-joined = 加入时间
admin-users-desk = 工作台
admin-users-you = （你）
admin-users-role-of = { $name } 的角色
admin-users-set = 设置
admin-users-deleted = 已删除
admin-users-banned = 已封禁
admin-users-active = 正常
admin-users-ban = 封禁
admin-users-unban = 解封
admin-users-next = 下一页

## The administrators' list of the site's pages (admin/pages.html)

admin-pages-what = 网站的页面（关于、联系方式）：像文章一样撰写和修改，发布后列在导航中，但从不出现在首页、订阅源或标签下。最多 { $max } 个。
admin-pages-new = 新建页面
admin-pages-none = 暂无页面。
admin-pages-title = 标题
admin-pages-status = 状态
admin-pages-made = 创建时间
admin-pages-published = 已发布，显示在导航中
admin-pages-draft = 草稿

## The log of comment moderation (admin/comment_log.html)

comment-log-title = 审核日志
comment-log-heading = 审核日志：{ $month }
comment-log-none = 本月没有审核记录。
comment-log-when = 时间
comment-log-who = 操作者
comment-log-comment = 评论
comment-log-from = 原状态
comment-log-to = 新状态
comment-log-reason = 原因
comment-log-on = 对《{ $title }》的评论
comment-log-pending = 待审核
comment-log-approved = 已通过
comment-log-rejected = 已拒绝
comment-log-spam = 垃圾评论
comment-log-deleted = 已删除
comment-log-older = 较早的记录

## Writing, editing and reviewing posts

## Writing a post or a page (posts/write.html)

write-new-page = 新页面
write-heading-post = 写文章
write-heading-page = 写页面
write-page-what = 页面（如“关于”“联系方式”）显示在网站导航中，不会出现在首页、订阅源或标签下。
editor-preview-heading = 预览
editor-not-saved = （未保存）
editor-title = 标题
editor-text = 正文（Markdown）
editor-tags = 标签（用逗号分隔）
editor-language = 语言：填写 en、en_US 这样的代码，也可留空
editor-save-schedule = 保存并定时发布…
editor-save-draft = 保存草稿
editor-preview = 预览
editor-files = 文件
write-files-what = 图片和其他文件随所属文章一起保存：先把本文存为草稿，编辑器就会打开它的文件区，供你上传。
write-save-add-files = 保存草稿并添加文件

## Editing a post, a page or a translation (posts/edit.html)

post-edit-heading = 编辑文章
post-edit-heading-translation = 编辑 { $language } 译文
editor-view-post = 查看文章
editor-view-page = 查看页面
post-edit-from-revision = 基于版本 { $revision } 编辑
post-edit-published = 已发布
post-edit-discard-draft = 丢弃草稿
post-edit-tags-of-post = 标签属于原文：{ $tags }
post-edit-message = 修改说明（显示在历史版本中）
post-edit-save = 保存为新版本
post-edit-save-publish = 保存并发布
post-edit-no-files = 暂无文件。图片会缩放到合适大小显示；其他文件提供下载。
post-edit-insert = 插入正文
post-edit-remove = 移除
post-edit-add-files = 添加图片或文件
post-edit-upload = 上传
post-edit-files-log = 本文文件的处理日志

## Deleting a post or a page (posts/delete.html)

post-delete-heading = 删除“{ $title }”？
post-delete-what-post = 这将永久删除这篇文章及其所有相关内容：
post-delete-what-page = 这将永久删除此页面及其所有相关内容：
post-delete-revisions =
    { $count ->
       *[other] 正文及其 { $count } 个版本，包括所有译文和草稿；
    }
post-delete-comments =
    { $count ->
       *[other] { $count } 条评论，以及针对它的修改建议；
    }
post-delete-files = 它的文件（图片和附件），除非其他文章也使用同一文件；
post-delete-place = 它在首页、订阅源、标签、归档、站点地图和搜索中的位置。
post-delete-address-before = 它的地址和短链接（
post-delete-address-after = ）将告知访客内容已被删除；其他文章不会占用它们。此操作无法撤销。
post-delete-confirm = 永久删除
post-delete-keep = 保留

## Scheduling a draft's publication (posts/schedule.html)

schedule-title = 定时发布
schedule-heading = 定时发布“{ $title }”
schedule-back = 返回草稿
schedule-live-before = 将于
schedule-live-after = 发布。
schedule-cancel = 取消定时发布
schedule-date-time = 日期和时间
schedule-zone = 时区
schedule-what = 在此之前它仍是草稿，届时将以该日期发布：出现在首页、订阅源和站点地图中，以及其标签下。
schedule-change = 修改时间
schedule-button = 定时发布

## Suggesting an edit (posts/suggest.html)

suggest-based-on = 基于版本 { $revision }。作者会将你的版本与其原文并排对照。
suggest-back = 返回文章
suggest-note = 给作者的留言
suggest-send = 发送修改建议

## One suggestion (posts/suggestion.html)

suggest-title = 修改建议 { $id }
suggest-from = 来自 { $name }，
suggest-on-revision = ，基于版本 { $revision }
suggest-newer-base = （文章现已更新到版本 { $revision }：接受后将替换较新的正文，较新的正文仍保留在历史版本中）
suggest-state-open = 待处理
suggest-state-accepted = 已接受
suggest-state-rejected = 已拒绝
suggest-all = 全部修改建议
suggest-accept = 接受为新版本
suggest-reject = 拒绝

## A post's suggestions (posts/suggestions.html)

suggest-list-heading = 对“{ $title }”的修改建议
suggest-none = 还没有人提出修改建议。
suggest-col-suggestion = 修改建议
suggest-col-from = 提出者
suggest-col-sent = 发送时间
suggest-col-note = 留言
suggest-col-state = 状态

## A post's history (posts/history.html)

history-heading = “{ $title }”的历史版本
history-heading-translation = “{ $title }”的历史版本（{ $language }）
history-revisions = 版本
history-col-from = 从
history-col-to = 到
history-col-revision = 版本
history-col-title = 标题
history-col-saved = 保存时间
history-col-by = 作者
history-col-note = 说明
history-compare-from = 从版本 { $revision } 开始比较
history-compare-to = 比较到版本 { $revision }
history-current = （当前）
history-compare = 比较
history-newest = 最新版本
history-older = 较早的版本

## One revision (posts/revision.html)

revision-title = 版本 { $number }
revision-saved = 版本 { $number }，由 { $author } 保存于
revision-saved-current = 版本 { $number }（当前版本），由 { $author } 保存于
revision-saved-after = ：{ $message }。
revision-restore = 恢复此版本

## The changes between two revisions (posts/diff.html)

diff-title = 更改
diff-heading = 版本 { $from } → { $to }
diff-revision = 版本 { $number }

## Account security

## The security page: two-step sign-in, passkeys, sessions and API tokens

security-signed-in-here = 所有登录了此账号的浏览器和程序
security-factors-on = 登录时，输入密码后还需输入身份验证器应用中的代码（添加于
security-codes-left-before = ）。你还有{ " " }
security-codes-left-after =
    { $count ->
       *[other] { " " }个恢复代码未使用。
    }
security-replace-authenticator = 换用其他身份验证器应用
security-new-codes = 生成新的恢复代码
security-remove-authenticator = 移除身份验证器应用
security-factors-passkey = 输入密码后，登录时还需使用你的通行密钥。身份验证器应用可以作为通过这一步的第二种方式。
security-factors-off = 你的账号仅凭密码即可登录。启用身份验证器应用或通行密钥后，仅凭被盗的密码无法登录。
security-passkeys = 通行密钥
security-passkeys-what = 通行密钥让你无需密码即可登录：它保存在你的设备上，用指纹、面容或 PIN 解锁。它无法被钓鱼窃取，本站也不保存它的任何机密。
security-no-passkeys = 你的账号没有通行密钥。
security-passkey-elsewhere = 创建于 { $site }，只能在该网站登录
security-passkey-added = 添加于
security-last-used = 上次使用于
security-passkey-never-used = 尚未使用
security-passkey = 通行密钥
security-remove-passkey = 移除此通行密钥
security-passkey-name = 名称（保存在哪里）
security-add-passkey = 添加通行密钥
security-passkeys-not-here = 通行密钥只适用于以主机名通过 HTTPS 访问的网站（或 localhost）；本站地址不符合要求。
security-browsers = 已登录的浏览器
security-this-one = 当前浏览器
security-from = 来自 { $address }
security-on-site = 登录到 { $site }
security-began = 开始于
security-last-seen = 上次活动于
security-end-session = 结束来自 { $address } 的 { $what } 会话
security-end = 结束
security-end-others = 退出其他所有登录
security-end-others-what = 一次性让其他所有浏览器退出登录，并撤销所有 API 令牌。
security-also-ended = 修改密码或被管理员停用时，其他所有会话和令牌也会随之结束。
security-tokens = API 令牌
security-tokens-api-before = 使用 JSON API（说明见
security-tokens-api-middle = ）的程序通过令牌登录：请以
security-tokens-api-after = { " " }的形式发送。
security-token-made-before = 令牌{ " " }
security-token-made-after = { " " }已创建。请立即复制：它不会再次显示。
security-token = 令牌
security-no-tokens = 没有程序登录你的账号。
security-token-made-on = 开始于
security-token-until = 有效期至
security-revoke-token = 撤销令牌 { $what }
security-revoke = 撤销
security-make-token = 创建令牌
security-token-name = 名称（由什么程序使用）

## Adding an authenticator app

authenticator-add = 添加身份验证器应用
authenticator-sessions-and-security = 会话与安全
authenticator-required-before = 本站要求你的账号使用两步验证登录：请在此添加身份验证器应用，或在你的
authenticator-required-link = 安全页面
authenticator-required-after = 添加通行密钥，然后才能继续。
authenticator-replacing = 这将替换你账号现有的身份验证器：它的代码将不再有效。
authenticator-step-scan = 在身份验证器应用（例如 Aegis、FreeOTP、Google Authenticator 或 1Password）中扫描此二维码，添加账号：
authenticator-step-type = 或输入此密钥：
authenticator-step-code = 输入应用现在显示的六位数代码，以及你的密码。
authenticator-code = 应用中的代码
authenticator-add-button = 添加身份验证器
authenticator-ends-sessions = 添加后，其他所有浏览器都将退出登录，你账号的所有 API 令牌都将被撤销。

## Recovery codes, shown once

recovery-codes = 恢复代码
recovery-authenticator-added = 你的身份验证器已添加：现在登录时，输入密码后还需输入它的一个代码。
recovery-what-before = 如果你丢失了身份验证器，这些代码中的每一个都可以代替它的代码让你登录一次。请将它们妥善保存在安全的地方，并与密码分开存放：
recovery-what-strong = 它们不会再次显示
recovery-what-after = ，你之前的所有代码都将失效。
recovery-download = 下载为文本文件
recovery-back = 返回会话与安全

## Accounts, subscriptions, the desk and files

## Deleting an account (account/delete.html)

account-delete-title = 删除账号
account-delete-own-question = 删除你的账号？
account-delete-other-question = 删除账号 { $name }？
account-delete-back = 返回
account-delete-own-intro = 这将永久删除你的账号：
account-delete-other-intro-before = 账号
account-delete-other-intro-after = 将被永久删除：
account-delete-signed-out = 该账号在所有地方退出登录，且再也无法登录；
account-delete-comments-removed = 其评论将被删除；
account-delete-comments-stay = 其评论将保留，署名为“deleted user”；
account-delete-names-freed = 其用户名和电子邮件地址将被释放：任何人都可以用它们注册；
account-delete-erased = 其名称、个人资料和地址将被清除；它写下的修订和修改建议会保留，署名仍为写下时所用的名字。
account-delete-cannot-undo = 此操作无法撤销。
account-delete-password = 你的密码
account-delete-mine = 删除我的账号
account-delete-this = 删除此账号
account-delete-keep = 保留账号

## An account deleted (account/deleted.html)

deleted-title = 账号已删除
deleted-own = 你的账号 { $name } 已删除，你也已退出登录。
deleted-other = 账号 { $name } 已删除。
deleted-home = 首页

## Confirming a new e-mail address (account/confirm_email.html)

confirm-title = 确认你的电子邮件地址
confirm-done-title = 你的电子邮件地址已更改
confirm-done-before = 账号
confirm-done-middle = 的地址现在是
confirm-done-after = 。
confirm-back-to-account = 返回我的账号
confirm-ask-before = 账号
confirm-ask-middle = 的地址将改为
confirm-ask-after = ：此后登录、密码重置链接和通知都将使用这个地址。
confirm-button = 确认此地址

## Setting up a new site (account/setup.html)

setup-title = 设置
setup-intro = 创建管理员账号。它可以写文章，之后还可以管理用户和评论。
setup-display-name = 显示名称（可选）
setup-create = 创建管理员

## Confirming or ending a subscription (subscriptions/subscription.html)

subscription-title = 订阅
subscription-confirm-title = 确认你的订阅
subscription-unsubscribe-title = 退订
subscription-about-on = { $site } 上的 { $about }
subscription-about-site = 每篇新文章
subscription-about-author = { $name } 的新文章
subscription-about-author-gone = 某位作者的新文章
subscription-will-receive = { $email } 将收到 { $what }。
subscription-receives = { $email } 目前会收到 { $what }。
subscription-confirm-button = 确认
subscription-unsubscribe-button = 退订
subscription-subscribed-title = 订阅成功
subscription-unsubscribed-title = 已退订
subscription-subscribed = { $email } 将收到 { $what }。每封邮件都附有退订链接。
subscription-unsubscribed = { $email } 将不再收到 { $what }。
subscription-home = 首页

## A writer's desk (desk.html)

desk-yours = 我的工作台
desk-of = { $name } 的工作台
desk-write-post = 写文章
desk-download = 下载你的文章（Markdown 格式，zip 压缩包）
desk-followers = 联邦宇宙上的关注者
desk-tabs = 按状态查看文章
desk-table = 文章
desk-title = 标题
desk-comments-waiting = 待审核评论
desk-suggestions-open = 待处理建议
desk-tools = 操作
desk-pending = { $count } 条待审核
desk-no-comments = 无
desk-suggested = { $count } 条待处理
desk-no-suggestions = 无

## Files (binaries/admin.html, binaries/log.html, binaries/table.html)

files-admin-intro = 本站附加的每个文件（最新的在前）及其数据状态（OK、ERROR、RETRY）。每个上下文都链接到其文章的文件日志。
files-no-older = 没有更早的文件了。
files-none-yet = 尚未附加任何文件。
files-table = 文件
files-file = 文件
files-context = 上下文
files-type = 类型
files-size = 大小
size-bytes = { $count } 字节
size-kib = { $size } KiB
size-mib = { $size } MiB
size-gib = { $size } GiB
file-status-ok = 就绪
file-status-error = 已拒绝
file-status-retry = 将重新获取
file-status-missing = 缺失
files-status = 状态
files-added = 添加时间
files-log = 日志
files-post-log = 文章日志
files-newest = 最新的文件
files-older = 较早的文件
files-log-title = 文件日志
files-of-post = “{ $title }”的文件
files-of-context = { $context } 的文件
files-the-post = 文章
files-edit-attachments = 编辑其附件
files-all-log = 其所有文件的日志
files-context-code = 上下文
files-post-none = 这篇文章目前没有文件。
files-processing-log = 处理日志
files-nothing-logged = 没有任何日志记录。
files-when = 时间
files-reference = 编号
files-what-happened = 事件

## Mail
# Mail goes to a member in the language they chose, else in the site's; to a subscriber
# in the site's. { $site } is always the site's title.

# The end of a sentence that closes on a link.
mail-full-stop = 。

## What a subscription is to

mail-about-site = { $site } 的所有新内容
mail-about-site-posts = { $site } 的文章
# { $author } is an author's display name.
mail-about-author = { $author } 在 { $site } 上的文章

## Confirming a subscription

mail-subscribe-subject = 确认订阅 { $site }
mail-subscribe-title = 确认订阅
# { $about } is one of the "What a subscription is to" messages.
mail-subscribe-asked = 有人（可能是你本人）申请通过电子邮件接收 { $about }。
mail-subscribe-open = 如需确认，请在 { $count } 小时内打开此链接：
mail-subscribe-link = 点此确认订阅
# After the link "Confirm the subscription".
mail-subscribe-within = （{ $count } 小时内有效）。
mail-subscribe-not-you = 如果不是你本人，请忽略此邮件：我们不会发送任何内容。

## A new post, to its subscribers

# Under the post's title: { $author } wrote it.
mail-post-byline = { $author } 发表于 { $site }
mail-post-read = 阅读全文：{ $url }
mail-post-read-link = 在 { $site } 上阅读全文
mail-post-why = 你收到这封邮件，是因为你订阅了 { $about }。
mail-post-unsubscribe = 一键退订：{ $url }
mail-post-unsubscribe-link = 一键退订
# After the link "Unsubscribe": nothing more is needed in Chinese.
mail-post-one-click = { "" }

## A password reset link

mail-reset-subject = 你在 { $site } 的密码
mail-reset-asked = 有人（可能是你本人）申请重置 { $site } 上账号 { $username } 的密码。
mail-reset-open = 如需设置新密码，请在 { $count } 分钟内打开此链接（仅可使用一次）：
mail-reset-link = 点此设置新密码
# After the link "Choose a new password".
mail-reset-within = （{ $count } 分钟内有效，仅可使用一次）。
mail-not-you = 如果不是你本人，请忽略此邮件：账号不会有任何变化。

## Confirming a new e-mail address

mail-confirm-subject = 确认你在 { $site } 的电子邮件地址
mail-confirm-title = 确认你在 { $site } 的地址
mail-confirm-asked = 有人（可能是你本人）申请将 { $site } 上账号 { $username } 的电子邮件地址改为 { $address }。
mail-confirm-open = 如需确认此地址，请在 { $count } 小时内打开此链接（仅可使用一次）：
mail-confirm-link = 点此确认此地址
# After the link "Confirm this address".
mail-confirm-within = （{ $count } 小时内有效，仅可使用一次）。

## The old address told of a new one

mail-changed-subject = 你在 { $site } 的电子邮件地址已更改
mail-changed-title = 你在 { $site } 的地址已更改
mail-changed-what = { $site } 上账号 { $username } 的电子邮件地址已改为 { $address }。
mail-changed-then = 今后此账号的邮件都将发往该地址。如果这不是你的操作，请立即回复此邮件，或联系 { $site } 的管理员。

## An address asked for that has an account

mail-taken-subject = 有人申请在 { $site } 上使用你的地址
mail-taken-what = 有人在 { $site } 上注册或修改账号地址时，申请将此地址用于某个账号。此地址在该网站已有账号 { $username }，因此没有任何变化。
mail-taken-sign-in = 如果是你本人，请登录：{ $url }
mail-taken-reset = 忘记密码？申请新密码：{ $url }
# "If it was you, <link>sign in</link>."
mail-taken-if-you = 如果是你本人，请
mail-taken-sign-in-link = 登录
mail-taken-forgot = 忘记密码？
mail-taken-ask-link = 申请新密码
mail-taken-not-you = 如果不是你本人，无需任何操作。

## A new sign-in

mail-sign-in-subject = 你在 { $site } 的账号有新的登录
mail-sign-in-recovery-subject = 有人使用恢复代码登录了你在 { $site } 的账号
mail-sign-in-title = { $site } 上的新登录
# Followed by one of the four ways below, then a colon and the browser.
# Chinese: the way is put between 已 and 登录 ("已{ $how }登录：").
mail-sign-in-what = 你在 { $site } 上的账号 { $username } 已{ $how }登录：
mail-sign-in-browser = 通过一个此前从未用过的浏览器
mail-sign-in-api = 由程序通过 JSON API 接口
mail-sign-in-recovery =
    { $count ->
        [0] 使用一个恢复代码（恢复代码已全部用完）
       *[other] 使用一个恢复代码（还剩 { $count } 个未使用）
    }
mail-sign-in-api-recovery =
    { $count ->
        [0] 由程序通过 JSON API 接口、使用一个恢复代码（恢复代码已全部用完）
       *[other] 由程序通过 JSON API 接口、使用一个恢复代码（还剩 { $count } 个未使用）
    }
# { $browser } names the browser and system ("Firefox on Linux"); { $when } a date and time.
mail-sign-in-where = { $browser }，来自地址 { $address }，时间为 { $when }。
mail-sign-in-you = 如果是你本人，无需任何操作。
mail-sign-in-not-you = 如果不是你本人，请立即修改密码，并在账号安全页面结束你不认识的会话：
# "…end the sessions you do not know on <link>your account's security page</link>."
# Chinese: a whole sentence, then "please go to" before the link.
mail-sign-in-not-you-before = 如果不是你本人，请立即修改密码，并结束你不认识的会话。请前往
mail-sign-in-security-link = 账号安全页面

## A test message

mail-test-subject = 来自 { $site } 的测试邮件
mail-test-title = 来自 { $site } 的测试邮件
mail-test-from = 这是一封测试邮件，发自 { $site }（{ $url }）。
# Followed by the site's title as a link.
mail-test-from-before = 这是一封测试邮件，发自
mail-test-through = 它经由 { $server } 发出。如果你能读到它，说明本站的邮件功能正常。

## The fediverse, the network of sites, and comment moderation

## The administrators' fediverse page (admin/federation.html)

federation-intro = 本站及其每位作者都可以在 Mastodon 和其他联邦宇宙服务器上被关注。他们发布的内容会投递到关注者所在的服务器。
federation-followers = 关注者
federation-account = 账号
federation-follower-count = 关注者数
federation-site-followers = 本站的关注者，以及他们是否在等待批准
federation-deliveries = 投递
federation-sending =
    { $count ->
        [0] 当前没有正在投递的内容。
       *[other] 正在投递 { $count } 项活动。
    }
federation-per-server = 各服务器的投递情况。
federation-per-server-counted =
    { $count ->
       *[other] 各服务器的投递情况，按正在投递的最早 { $count } 项活动统计。
    }
federation-retry-explained = 投递失败后会以越来越长的间隔重试，持续约五天；“立即投递”会马上重试等待中的投递。
federation-deliveries-per-server = 各服务器的投递情况
federation-server = 服务器
federation-waiting = 等待中
federation-failed = 失败，待重试
federation-given-up = 已放弃
federation-next-attempt = 下次尝试
federation-last-failure = 最近一次失败
federation-deliver-now = 立即投递
federation-deliver-now-to = 立即投递到 { $server }
federation-failing = 每次投递都失败的服务器
federation-none-failing = 无：每个服务器都有响应。
federation-set-aside = 如果某个服务器连续一天每次投递都失败，就会被搁置：停止向它投递，直到它有响应、向本站发送内容，或满 30 天为止。
federation-failing-since = 开始失败于
federation-last-answer = 最近一次响应
federation-deliver-again = 重新投递
federation-deliver-again-to = 重新投递到 { $server }
federation-blocks = 已屏蔽的服务器和账号
federation-blocks-explained = 被屏蔽的服务器或账号发来的内容会被拒收，本站不再向其投递任何内容，其关注关系也随之结束。屏蔽一个服务器也会屏蔽其域名下的所有服务器。
federation-block-target = 服务器或账号
federation-block-placeholder = example.social 或 https://example.social/users/someone
federation-delete-comments = 同时删除其在本站的评论
federation-block = 屏蔽
federation-no-blocks = 没有屏蔽任何对象。
federation-blocked = 屏蔽对象
federation-kind = 类型
federation-kind-server = 服务器
federation-kind-account = 账号
federation-since = 屏蔽时间
federation-blocked-by = 操作者
federation-unblock = 解除屏蔽
federation-unblock-target = 解除屏蔽 { $target }
federation-more-blocks = 更多屏蔽对象

## A writer's followers on the fediverse (desk_fediverse.html)

fediverse-title = 联邦宇宙上的关注者
fediverse-can-be-followed = 可以在 Mastodon 和其他联邦宇宙服务器上关注 { $handle }。
fediverse-follower-count =
    { $count ->
       *[other] 已有 { $count } 个账号关注。
    }
fediverse-approve-myself = 由我亲自批准新的关注者
fediverse-approval-explained = 开启后，新的关注请求会在下方等待你批准；关闭后，关注请求会立即被接受。
fediverse-waiting = 等待你批准
fediverse-none-waiting = 没有等待中的关注请求。
fediverse-waiting-table = 等待批准的关注请求
fediverse-account = 账号
fediverse-since = 请求时间
fediverse-decision = 处理
fediverse-approve = 批准
fediverse-approve-follower = 批准 { $follower }
fediverse-reject = 拒绝
fediverse-reject-follower = 拒绝 { $follower }

## The network administrators' list of sites (admin/network.html)

network-title = 网络
network-intro = 本部署提供的所有网站，以及各自的管理员和统计数字。每个网站的成员、文章和评论由该网站自己的管理员管理。
network-none = 尚未注册任何网站。
network-sites = 网站
network-site = 网站
network-status = 状态
network-status-live = 运行中
network-status-suspended = 已暂停
network-status-deleting = 删除中
network-registered = 注册时间
network-administrators = 管理员
network-posts-written = 已写文章
network-comments = 评论
network-aliases = 别名
network-suspend = 暂停
network-serve-again = 恢复服务
network-pending = （{ $count } 条待审核）
network-next-page = 下一页
network-register = 注册网站
network-url = 网站 URL
network-url-placeholder = https://blog.example.com
network-first-admin = 首位管理员（某个账号的用户名或电子邮件地址）
network-register-button = 注册

## Comment moderation (admin/comments.html)

moderation-view-post = 查看文章
moderation-log = 审核日志
moderation-lists = 列表
moderation-state-pending = 待审核
moderation-state-spam = 垃圾评论
moderation-state-rejected = 已拒绝
moderation-state-approved = 已批准
moderation-state-deleted = 已删除
moderation-nothing-here = 这里什么都没有。
moderation-from-fediverse = 来自联邦宇宙：
moderation-on = 所属文章：
moderation-a-reply = 回复
moderation-ban-commenter = 禁止此人评论
moderation-reason = 原因（可选，会记入日志）
moderation-approve = 批准
moderation-reject = 拒绝
moderation-spam = 标为垃圾评论
moderation-older = 更早
moderation-bans = 禁止评论的用户
moderation-ban = 禁止
moderation-unban = 解除禁止
moderation-bans-explained = 被禁止评论者发表的评论会被拒绝，并显示一条提示；其任何内容都不会进入列表。

## The site's comment settings (admin/comment_settings.html)

comment-settings-title = 评论设置
comment-settings-saved = 已保存。
comment-settings-guests = 没有账号的访客也可以评论，需填写名字和电子邮件地址（地址不会公开）
comment-settings-trust-approved = 曾有评论获得批准的人，其评论无需排队审核
comment-settings-close-after = 文章发布多少天后关闭评论（0：永不关闭）
comment-settings-deleted-accounts = 账号被删除后，其评论
comment-settings-deleted-keep = 保留，署名为“deleted user”
comment-settings-deleted-remove = 被移除

## Said by the server
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/account.rs
said-this-site-already-has-an = 本站已有管理员。

# web/account_deletion.rs
said-your-own-account-is-deleted = 要删除你自己的账号，请在你的账号页面操作。
said-accounts-are-shared-with-the = 账号由本部署的其他网站共享：请改为在此封禁该成员。

# web/admin.rs
said-this-site-lists-its-members = 本站按从新到旧列出成员，不按首字母分组。
said-that-page-of-accounts-does = 该账号列表页不存在。

# web/comment_section.rs
said-this-page-of-comments-does = 该评论页不存在。请从文章重新开始。

# web/desk.rs
said-the-desk-has-the-tabs = 工作台的标签页只有“草稿”“定时发布”和“已发布”。
said-only-an-administrator-opens-another = 只有管理员才能打开其他作者的工作台。

# web/email_change.rs
said-this-link-has-expired-or = 此链接已过期或已被使用：每个链接只能使用一次，一天内有效。请在你的账号页面重新申请。
said-another-account-took-that-address = 在此期间另一个账号已使用该地址，因此没有做任何更改。请在你的账号页面另选一个地址。

# web/error.rs
said-this-form-has-expired-or = 此表单已过期或并非来自本站。请返回并刷新页面，然后重试。
said-the-form-was-not-sent = 该表单未以网页表单的形式提交。

# web/fediverse_followers.rs
said-the-actor-is-the-site = actor 只能是网站的（site）或你自己的（留空）。
said-the-decision-is-approve-or = 决定只能是“批准”或“拒绝”。
said-approved-the-account-follows-and = 已批准：该账号现已开始关注，并已通知其服务器。
said-rejected-its-server-is-told = 已拒绝：已通知其服务器。

# web/history.rs
said-this-page-link-is-broken = 此页面链接无效。请从最新的版本重新开始。

# web/lists.rs
said-a-page-starts-after-one = 一页只能从某篇文章之后或之前开始，不能两者兼有。

# web/locales.rs
said-the-address-s-query-could = 无法读取地址中的查询参数。

# web/network.rs
said-only-the-network-s-administrators = 只有网络管理员才能执行此操作。
said-that-is-not-a-page = 这不是此列表中的页面。

# web/passkeys.rs
said-this-account-has-been-suspended = 此账号已被暂停使用。

# web/post_download.rs
said-you-have-downloaded-your-posts = 你下载文章的次数已经够多了，请稍后再试。

# web/posts.rs
said-only-an-administrator-makes-the = 只有管理员才能创建网站的页面。
said-a-new-text-is-a = 新内容只能是文章或页面。
said-choose-publish-save-and-schedule = 请选择“发布”“保存并定时发布”“保存草稿”“预览”或“保存草稿并添加文件”。

# web/schedule.rs
said-this-post-went-live-before = 在定时发布被取消之前，这篇文章已经发布：如果它不应公开，请取消发布。
said-this-post-is-published-unpublish = 这篇文章已发布：请先取消发布，再设置定时发布。

# web/second_factor.rs
said-this-sign-in-has-expired = 此次登录已过期或已被使用：请用密码重新登录。

# web/security.rs
said-only-a-signed-in-browser = 只有已登录的浏览器才能执行此操作。
said-ended-that-browser-is-signed = 已结束：该浏览器已退出登录，或该令牌已失效。
said-your-new-authenticator-app-was = 已添加新的身份验证器应用：旧应用的代码不再有效。其他所有会话均已结束。
said-your-authenticator-app-and-its = 你的身份验证器应用及其恢复代码已被移除。其他所有会话均已结束。
said-your-new-passkey-was-added = 已添加新的通行密钥：它可以让你无需密码即可登录，输入密码后也会要求使用它。其他所有会话均已结束。
said-the-passkey-was-removed-it = 通行密钥已移除：它不能再让你登录。其他所有会话均已结束。
said-every-other-session-of-your = 你账号的其他所有会话均已结束：其他所有浏览器都已退出登录，所有令牌都已失效。
said-too-many-wrong-passwords-for = 此账号的密码错误次数过多。

# web/sign_in.rs
said-wrong-user-name-e-mail = 用户名、电子邮件地址或密码错误。

# web/site_admin.rs
said-mail-is-off-on-this = 本站已关闭邮件功能：请使用 --smtp-url 和 --mail-from 启动 Sibyl 以发送邮件。
said-your-account-has-no-confirmed = 你的账号还没有已确认的地址：请先在你的账号页面确认一个地址。
said-enough-test-messages-for-now = 测试邮件已经够多了，请稍后再试。

# web/sitemaps.rs
said-there-is-no-such-sitemap = 没有这个站点地图：/sitemap.xml 列出了每个月的站点地图。

# web/tags.rs
said-this-page-link-is-broken-2 = 此页面链接无效。请从标签的第一页重新开始。

# web/moderation/admin.rs
said-close-comments-after-a-number = 请设置文章发布多少天后关闭评论（0 到 3650，0 为永不关闭），并选择已删除账号的评论如何处理。

# web/moderation/decisions.rs
said-choose-approve-reject-spam-or = 请选择“批准”“拒绝”“标为垃圾评论”或“删除”。
said-a-comment-of-another-post = 在这篇文章的页面上选中了另一篇文章的评论。
said-choose-ban-or-unban = 请选择“禁止评论”或“解除禁止”。
said-there-is-no-such-account = 没有这个账号。

# web/moderation/mod.rs
said-only-the-post-s-author = 只有文章作者或管理员才能审核其评论。
said-this-page-link-is-broken-3 = 此页面链接无效。请从列表的第一页重新开始。

# web/binaries/editor.rs
said-this-post-has-no-such = 这篇文章没有这个附件。
said-you-have-uploaded-many-times = 你刚才上传的次数太多了。

# web/binaries/files.rs
said-there-is-no-such-file = 没有这个文件。
said-that-page-of-files-does = 该文件列表页不存在。

# web/binaries/images.rs
said-many-images-were-scaled-for = 刚才为你缩放的图片太多了。

# web/binaries/mod.rs
said-only-the-post-s-author-2 = 只有文章作者或管理员才能修改其附件。

# web/settings/mod.rs
said-your-profile-was-saved = 个人资料已保存。
said-the-language-of-your-pages = 页面语言已保存。
said-your-user-name-was-changed = 用户名已修改。
said-your-e-mail-address-was = 电子邮件地址已修改。
said-we-sent-a-link-to = 我们已向新地址发送了一个链接：你点击链接后（一天内有效），地址才会更改。在此之前，地址保持不变。
said-your-password-was-changed-your = 密码已修改；你的其他会话均已退出登录。
said-welcome-we-mailed-a-link = 欢迎！我们已向你填写的地址发送了一个链接：你点击链接后（一天内有效），它将成为你账号的地址。在此之前，请用用户名登录。

# web/suggestions/mod.rs
said-only-the-post-s-author-3 = 只有文章作者或管理员才能审阅修改建议。
said-that-revision-of-the-post = 这篇文章没有这个版本。
said-you-are-suggesting-changes-too = 你提交修改建议的速度太快了。

# web/suggestions/review.rs
said-this-suggestion-was-already-accepted = 此修改建议已被接受或拒绝。

## Said by the server (continued)
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/suggestions/review.rs
said-the-post-kept-changing-while = 保存修改建议时文章一直在变动；建议稍后会保存。

# web/subscriptions/links.rs
said-this-link-no-longer-works = 此链接已失效：确认链接只能使用一次，两天内有效；退订链接使用后即失效。请在 /subscribe 重新订阅。

# web/subscriptions/mod.rs
said-this-site-sends-no-mail = 本站不发送邮件，因此没有邮件订阅者：请改用订阅源关注（/feed.xml）。

# web/password_reset/mod.rs
said-mail-is-off-on-this-2 = 本站不发送邮件，因此无法发送链接：请联系管理员设置新密码（sibyl user reset-password）。

# web/password_reset/new_password.rs
said-this-link-has-expired-or-2 = 此链接已过期或已被使用：每个链接只能使用一次，一小时内有效。请在 /password/forgot 重新申请。

# app/accounts.rs
said-this-site-has-not-been = 本站尚未设置。
said-too-many-sign-in-attempts = 来自你的网络地址的登录尝试过多。
said-too-many-failed-sign-ins = 此账号登录失败次数过多。
said-too-many-sign-ups-for = 此电子邮件地址的注册次数过多。
said-too-many-sign-ups-from = 来自你的网络地址的注册次数过多。

# app/comments.rs
said-this-comment-looks-automated-and = 这条评论看起来是自动发送的，未予发布。
said-the-comment-form-has-expired = 评论表单已过期，或并非由本站生成。请刷新页面后重试。
said-you-can-no-longer-comment = 你已不能在本站发表评论。
said-there-is-no-such-comment = 本文没有这条评论。
said-a-reply-answers-a-published = 回复只能针对同一篇文章下已发布的评论。
said-only-its-author-can-change = 只有评论者本人可以修改评论。
said-only-the-post-s-author-4 = 只有文章作者或管理员可以关闭其评论。
said-pick-at-least-one-comment = 请至少选择一条评论。
said-too-many-comments-have-come = 来自你的网络地址的评论过多。
said-you-are-commenting-too-fast = 你评论得太快了。

# app/confirmations.rs
said-enough-confirmation-links-have-been = 确认链接已经申请得够多了。

# app/passkeys.rs
said-too-many-second-steps-have = 来自你的网络地址的第二步验证失败次数过多。
said-too-many-second-steps-have-2 = 此账号的第二步验证失败次数过多：请稍等一会儿。

# app/posts.rs
said-only-the-post-s-author-5 = 只有文章作者或管理员可以执行此操作。
said-someone-saved-this-text-a = 刚刚有人保存了这段文本。请重新打开后再试。
said-the-post-is-already-written = 这篇文章已有该语言的版本。

# app/sessions.rs
said-that-session-has-ended-already = 该会话已经结束，或不属于你。

# app/federation/blocks.rs
said-name-the-server-example-social = 请填写要屏蔽的服务器（example.social）或账号（https://example.social/users/someone）。
said-give-the-account-s-address = 请填写账号的地址，即其个人资料链接到的地址（https://example.social/users/someone），或其服务器的名称。
said-a-server-is-blocked-by = 服务器按名称屏蔽，与端口无关：请去掉端口。
said-that-is-this-site-s = 这是本站自己的服务器：本站不能屏蔽自己。

# app/federation/mod.rs
said-the-page-s-cursor-cannot = 无法读取该页的游标。

# app/federation/remote.rs
said-too-many-keys-were-fetched = 最近从你的服务器获取的密钥过多。

# app/federation/replies.rs
said-this-actor-is-replying-too = 此参与者回复得太快。
said-this-server-s-accounts-are = 此服务器上的账号回复得太快。

# app/federation/requests.rs
said-only-the-account-s-author = 只有该账号所属的作者或管理员可以决定谁能关注它。
said-no-such-follow-is-waiting = 没有这样的待处理关注。
said-that-account-or-its-server = 该账号或其服务器已被屏蔽：其关注已被丢弃。

# domain/comment.rs
said-a-comment-needs-some-text = 评论需要有内容。
said-this-comment-is-too-long = 此评论排版后过长：请缩短，或减少链接以及 & < > 和引号之类的字符，它们在页面上各占好几个字节。
said-please-give-a-name-to = 请填写用于评论署名的名字。
said-a-name-has-at-most = 名字最多 60 个字符，且只能有一行。
said-a-reason-is-one-line = 理由只能有一行，最多 200 个字符。

# domain/post.rs
said-a-description-cannot-hold-control = 描述不能包含控制字符。
said-a-revision-note-has-at = 版本说明最多 200 个字符。
said-a-revision-note-is-one = 版本说明只能有一行文字。
said-the-tags-field-has-at = 标签栏最多 1024 个字符。

# domain/schedule.rs
said-give-the-date-and-time = 请填写发布的日期和时间，例如 2026-12-24T09:30。
said-that-time-has-passed-schedule = 该时间已过：请设定一个将来的时间定时发布，或立即发布。

# domain/search.rs
said-type-a-word-or-two = 请输入一两个要搜索的词。

# domain/session.rs
said-give-the-token-a-name = 请为令牌起个名字，例如将使用它的程序的名称。
said-a-token-s-name-is = 令牌名称只能有一行文字。

# domain/site.rs
said-the-site-needs-a-title = 网站需要一个标题。
said-the-site-needs-a-language = 网站需要设置语言，例如 en、fr 或 en-GB。

# domain/user.rs
said-a-user-name-may-contain = 用户名只能包含字母、数字、'_'、'-' 和 '.'。
said-a-user-name-cannot-mix = 用户名不能混用不同的字母表（例如外形相似的拉丁字母和西里尔字母）。
said-enter-an-e-mail-address = 请输入电子邮件地址，例如 name@example.com。
said-user-names-starting-with-deleted = 以“deleted-”开头的用户名保留给已删除的账号。
said-enter-an-address-that-receives = 请输入一个能收到邮件的地址。
said-the-two-passwords-differ = 两次输入的密码不一致。
said-a-bio-cannot-contain-control = 个人简介不能包含控制字符。
said-a-homepage-is-an-address = 个人主页须是以 https:// 或 http:// 开头的地址，最多 200 个字符。
said-a-picture-is-the-address = 头像须是图片的地址，以 https:// 开头，最多 500 个字符。
said-a-display-name-has-at = 显示名称最多 64 个字符，且不能包含控制字符。

# domain/post/body.rs
said-a-post-needs-some-text = 文章需要有正文。

# domain/post/names.rs
said-a-post-needs-a-title = 文章需要有标题。
said-a-title-cannot-contain-control = 标题不能包含控制字符。
said-a-tag-cannot-be-empty = 标签不能为空。

## The deployment's own pages, which name no site

deployment-bad-request = 请求有误
deployment-unavailable = 暂时无法访问
deployment-unavailable-why = 现在无法访问此网站，请稍后再试。
deployment-suspended = 网站已暂停
deployment-suspended-why = 此网站目前已暂停，请稍后再来。
deployment-unknown = 未找到
deployment-unknown-why = 此地址上没有网站。
said-the-request-names-no-host = 请求中没有主机名。

## Said by the server: the writer's desk

said-desk-drafts = 草稿
said-desk-scheduled = 定时发布
said-desk-published = 已发布
said-desk-started = 开始于
said-desk-goes-live = 上线时间
said-desk-no-drafts = 没有草稿：你保存为草稿的内容会在这里等候。
said-desk-nothing-scheduled = 没有定时发布的文章：在草稿页面或编辑器中设置发布时间。
said-desk-nothing-published = 还没有发布任何内容。

## What the editor's and the passkey forms' scripts say
# { $time }, { $status }, { $reason }: filled in by the script.

editor-autosaved = 草稿已于 { $time } 保存。
editor-autosave-failed = 草稿未能保存（{ $status }）。
editor-autosave-unreachable = 草稿未能保存：网站没有响应。
passkey-cannot-make = 此浏览器无法创建通行密钥。
passkey-cannot-use = 此浏览器无法使用通行密钥：请换用支持的浏览器登录。
passkey-asking = 正在询问你的设备…
passkey-checking = 正在验证…
passkey-not-used = 未使用通行密钥：{ $reason }

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# app/comments.rs
said-comments-close-days-after-a = 文章发布 { $days } 天后即关闭评论；这篇文章的评论已关闭。
said-this-post-has-reached-its = 这篇文章的评论已达到 { $max-comments-per-post } 条的上限，不再接受新评论。
said-a-comment-can-be-changed = 评论发表后 { $edit-window-minutes } 分钟内可以修改；这条评论已不能再修改。
said-at-most-comments-can-be = 一次最多只能移动 { $max-picks } 条评论。
said-nothing-was-changed = 未做任何更改：{ $value }。

# app/factors.rs
said-qr-code-of-the-authenticator = { $value } 的身份验证器密钥二维码

# app/formatting.rs
said-this-site-shows-images-from = 本站只显示本站文件中的图片，而 { $url } 位于其他网站：请将其删除并保存，然后把图片添加到文章的文件中，再从那里插入。
said-the-server-could-not-format = 服务器正忙于处理其他文本，未能在 { $value } 秒内完成此文本的排版；未保存任何内容。请稍后再试。

# app/passkeys.rs
said-give-the-passkey-a-name = 请为通行密钥起一个 1 到 { $max-name-chars } 个字符的名称（写明保存在哪里，例如“笔记本电脑”“手机”）。
said-your-account-has-passkeys-the = 你的账号已有 { $max-passkeys } 个通行密钥，已达上限：请先移除一个。

# app/posts.rs
said-a-post-can-be-translated = 一篇文章最多可以翻译成 { $value } 种语言。

# app/federation/blocks.rs
said-an-address-longer-than-characters = 长度超过 { $max-id-length } 个字符的地址不对应任何账号。
said-the-site-blocks-servers-and = 本站已屏蔽 { $max-blocks } 个服务器和账号，已达上限：请先解除一个屏蔽。

# app/federation/requests.rs
said-this-account-has-followers-the = 此账号已有 { $max-remote-followers } 个关注者，已达上限：请拒绝一些关注，或等待部分关注结束。

# domain/comment.rs
said-a-comment-has-at-most = 评论最多 { $value } 个字符；这条评论有 { $chars } 个。
said-this-comment-takes-too-many-bytes = 此评论过长：它占 { $value } 字节，而评论最多只能占 { $value2 } 字节（大多数文字约为 2,000 个字符；中文或表情符号等每个字符占 3 或 4 字节的文字则更少）。
said-a-comment-has-at-most-2 = 评论最多包含 { $value } 个链接；这条评论有 { $links } 个。

# domain/markdown.rs
said-this-text-has-ampersands-more = 此文本含有 { $ampersands } 个“&”符号，超过了每篇文章允许的 { $max-ampersands } 个。请把其中一些改写为“和”，或把文本拆分成几篇文章。
said-this-text-makes-more-than = 此文本生成的元素（段落、列表项、表格单元格、强调、链接……）超过 { $max-elements } 个；请把它拆分成几篇文章。
said-this-text-makes-at-least = 此文本排版后生成的 HTML 至少有 { $value } KiB，超过了每篇文章允许的 { $value2 } KiB（以引用方式给出的链接或图片，每次使用都会重复其地址）。请缩短文本，或把它拆分成几篇文章。

# domain/password.rs
said-a-password-has-at-least = 密码至少 { $value } 个字符。
said-a-password-has-at-most = 密码最多 { $value } 个字符。

# domain/post.rs
said-an-author-keeps-at-most = 每位作者在一个网站上最多保留 { $max-drafts-per-author } 篇草稿。请先发布或删除其中一篇。
said-a-site-has-at-most = 一个网站最多有 { $max-pages } 个页面。请改为修改现有的页面。
said-a-description-is-characters-long = 描述长 { $count } 个字符；最多只能容纳 { $excerpt-chars } 个。
said-a-title-has-at-most = 标题最多 { $value } 个字符。
said-a-post-body-has-at = 文章正文最多 { $value } KiB 的 Markdown。

# domain/schedule.rs
said-a-post-can-be-scheduled = 文章最多可以提前 { $max-days-ahead } 天定时发布。
said-the-site-has-posts-waiting = 本站已有 { $max-scheduled } 篇文章等待发布：请先发布其中一些，或取消它们的定时发布。

# domain/search.rs
said-a-search-is-at-most = 搜索内容最多 { $max-query-chars } 个字符；本次搜索有 { $length } 个。
said-a-search-has-at-most = 搜索最多包含 { $max-query-words } 个不同的词；本次搜索有 { $value } 个。

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# domain/session.rs
said-a-token-s-name-has = 令牌名称最多 { $max-label } 个字符。

# domain/site.rs
said-no-such-choice-of-who = 没有这个两步验证登录的适用范围选项：{ $text }。
said-the-cannot-hold-control-characters = “{ $field }”字段不能包含控制字符。
said-the-is-characters-long-at = “{ $field }”字段长 { $count } 个字符，最多只能有 { $max } 个。

# domain/user.rs
said-a-user-name-has-to = 用户名须为 { $value } 到 { $value2 } 个字符。
said-an-e-mail-address-has = 电子邮件地址最多 { $value } 个字符。
said-a-bio-has-at-most = 个人简介最多 { $value } 个字符。

# domain/post/names.rs
said-a-tag-has-at-most = 标签最多 { $value } 个字符。
said-the-tag-may-contain-only = 标签 { $tag } 只能包含字母、数字、空格和 - _ . + #
said-a-post-has-at-most = 一篇文章最多 { $value } 个标签。

# web/admin.rs
said-no-account-is-called = 没有名为 { $value } 的账号。
said-there-is-no-shelf-in = 目录中没有 { $shelf } 这一栏。
said-you-cannot-your-own-account = 你不能对自己的账号执行此操作（“{ $what }”）；请让其他管理员来做。

# web/archive.rs
said-there-is-no-month-an = 没有 { $year }/{ $number } 这个月份：归档月份的地址形如 /archive/2026/11。
said-nothing-was-published-in-the = { $value }没有发布任何内容。归档只列出有文章的月份。

# web/error.rs
said-the-form-is-too-large = 表单过大：最多只能发送 { $value } KiB。
said-the-form-could-not-be = 无法读取表单：{ $other }。

# web/feeds.rs
said-no-post-is-tagged-so = 没有文章使用标签“{ $value }”，因此它没有订阅源。

# web/history.rs
said-this-post-has-no-revision = 这篇文章没有第 { $number } 个版本。

# web/lists.rs
said-this-page-link-is-broken-from = 此页面链接无效。请从这里重新开始：{ $start }。
said-start-the-first-page-of-month = { $month } 的第一页
said-start-the-first-page-of-the-tag = 该标签的第一页
said-start-the-desk-s-first-page = 工作台的第一页
said-start-the-author-s-first-page = 该作者的第一页
said-start-the-home-page = 首页
said-there-are-no-older-posts = 没有更早的文章了。请返回：{ $start }。

# web/locales.rs
said-this-post-has-no-translation = 这篇文章还没有 { $value }（{ $value2 }）译文。

# web/revisions.rs
said-you-are-starting-the-translation = 你正在以原文为基础开始撰写 { $value } 译文。在你发布之前，它一直是草稿。
said-this-is-your-draft-saved = 这是你的草稿（保存于 { $value }），基于第 { $value2 } 个版本；它还不是一个版本。{ $changed }
said-someone-saved-this-text-revision = 在你打开这段文本之后，有人保存了它（第 { $value } 个版本）。你的文本在下方：请先与历史版本比较，然后再保存。

# web/routes.rs
said-the-address-s-query-could-not-why = 无法读取地址中的查询参数：{ $why }。

# web/site_admin.rs
said-no-message-went = 邮件未能发出：{ $e }。
said-the-setting-is-a-box = “{ $setting }”设置是一个复选框，只能勾选或留空。

# web/sites.rs
said-the-request-s-host-is = 请求中的主机名无效：{ $e }。

# web/tags.rs
said-no-post-is-tagged = 没有文章使用标签“{ $value }”。

# web/suggestions/mod.rs
said-this-post-has-reached-its-2 = 这篇文章的修改建议已达上限（{ $max-suggestions-per-post } 条），不再接受新的建议。

# web/suggestions/review.rs
said-this-post-has-no-suggestion = 这篇文章没有编号为 { $id } 的修改建议。

## Descriptions and titles the handlers make
# { $name }: an author's display name; { $tag }: a tag; { $title }: a post's title;
# { $admins }: administrators' names, separated by commas.

author-description = { $name } 的文章。
tag-description = 带有标签“{ $tag }”的文章。
moderation-comments-on = “{ $title }”的评论
network-admins-and-more = { $admins } 等

## Notices after a decision on the moderation desk and on /admin/federation, and how the
## fediverse took a post.

moderation-done-approved = 已批准 { $count } 条评论。
moderation-done-rejected = 已拒绝 { $count } 条评论。
moderation-done-spam = 已将 { $count } 条评论标记为垃圾评论。
moderation-done-deleted = 已删除 { $count } 条评论。
moderation-done-banned = { $name } 已不能再发表评论。
moderation-done-unbanned = { $name } 可以再次发表评论。
federation-done-blocked = 已屏蔽 { $target }：结束了 { $follows } 个关注关系，删除了 { $comments } 条评论。
federation-done-unblocked = 已取消屏蔽 { $target }：其发来的内容会重新被接收（其关注关系和评论不会恢复）。
federation-done-retried = 现在恢复向 { $server } 投递：{ $count } 个等待中的投递立即到期。
federation-done-retried-aside = 该服务器不再被搁置：新的投递会立即发出。
fediverse-reactions-liked = 在联邦宇宙中被点赞 { $likes } 次。
fediverse-reactions-shared = 在联邦宇宙中被转发 { $shares } 次。
fediverse-reactions-both = 在联邦宇宙中被点赞 { $likes } 次、转发 { $shares } 次。

## Refusals that begin with what was refused (quoted as it was given).

said-value-is-not-a-site-status-to-set = { $status } 不是网站可以设置的状态。
said-value-is-not-a-revision-number = { $number } 不是版本号。
said-value-is-not-a-moderation-list = { $list } 不是审核列表：应为 pending、spam 或 rejected。
said-value-does-not-name-a-comment = { $value } 不指向任何评论。
said-value-is-not-a-user-name = { $name } 不是用户名。
said-value-is-not-an-account = { $id } 不是账号。
said-value-is-not-a-month = { $month } 不是月份，月份应形如 2026-11。
said-value-is-not-a-language-spoken = { $language } 不是这些页面使用的语言：请从列表中选择一种。
said-value-wait-and-try-again = { $message } 请等待最多 { $minutes } 分钟后再试。
said-value-comments-were-moved-then = { $total } 条评论中已移动 { $moved } 条；随后这一条无法移动：{ $why }
said-value-is-not-blocked = { $target } 未被屏蔽。
said-value-is-not-a-comment-id = { $id } 不是评论编号。
said-value-is-not-a-comment-state = { $state } 不是评论状态。
said-value-is-not-a-host-name = { $host } 不是主机名：{ $why }
said-value-is-not-a-locale = { $locale } 不是语言区域：请使用语言（如 en）或语言加国家（如 en_US）
said-value-is-not-a-page-path = { $path } 不是页面路径：应为由小写字母、数字和连字符组成的词，以 / 分隔
said-value-is-not-a-site-s-status = { $status } 不是网站的状态
said-value-is-not-a-language-code = { $code } 不是语言代码：请使用 en、fr 或 en-GB 这样的代码。
said-value-is-not-an-origin = { $origin } 不是源：{ $why }
said-value-is-not-an-origin-write = { $origin } 不是源：请写出协议和主机，如 https://app.example.com
said-value-does-not-exist-in-zone = { $time } 在 { $zone } 时区中不存在：时钟会跳过这一小时。请选择其他时间。
said-value-is-not-a-post-address = { $address } 不是文章地址
said-this-text-nests-too-deep = 此文本中引用、列表或 HTML 元素的嵌套超过 { $depth } 层（一个列表项算两层：列表和列表项）。请减少最深处的嵌套。
said-this-comment-nests-too-deep = 此评论中引用、列表或 HTML 元素的嵌套超过 { $depth } 层（一个列表项算两层：列表和列表项）。请减少最深处的嵌套。

## What the security page says of a session's program and address.

agent-on = { $system } 上的 { $browser }
agent-unknown-on = { $system } 上的未知浏览器
agent-unknown = 未知浏览器
agent-unnamed = 未署名的程序
security-made-through-api = 通过 API 登录
security-made-in = 创建于 { $browser }
security-unknown-address = 未知地址
