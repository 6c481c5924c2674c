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
