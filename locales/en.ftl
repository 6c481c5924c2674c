# Sibyl's interface in English: the catalog every other language is checked against.
# Each message's id is what templates ask for; `{ $name }` is a placeable the page fills.

## Dates

# A day and a time of day, always in UTC.
date-at-time = { $date } at { $time } UTC

## Every page's frame

site-nav = Site
search-posts = Search posts
search-placeholder = Search
search-button = Search
nav-archive = Archive
nav-tags = Tags
nav-desk = Desk
nav-write = Write
nav-comments = Comments
nav-users = Users
nav-files = Files
nav-pages = Pages
nav-fediverse = Fediverse
nav-site = Site
log-out = Log out
log-in = Log in
sign-up = Sign up

## Error pages

error-reference = If you report this, quote the reference
error-home = Back to the home page

## Lists of posts

# Before the author's name, which links to their page.
byline = By
comment-count =
    { $count ->
        [0] No comments
        [one] 1 comment
       *[other] { $count } comments
    }
more-posts = More posts
newer-posts = ← Newer posts
older-posts = Older posts →
feed-link = Subscribe to this list (Atom feed)
nothing-published = Nothing has been published yet.
no-older-posts = No older posts.

## The home page

welcome = Welcome to Sibyl
welcome-no-admin = This site has no administrator yet.
welcome-set-up = Set up this site
welcome-then = Setting it up creates the first account, and you can start writing.
subscribe-site = New posts by e-mail

## The archive

archive = Archive
archive-description = Every month in which posts were published.
archive-month = Published in { $month }
archive-month-description = Posts published in { $month }.
other-months = Other months
all-months = All months

## Tags

tags = Tags
tags-none = No post has a tag yet.
tag-posts =
    { $count ->
        [one] 1 post
       *[other] { $count } posts
    }
more-tags = More tags
more-tags-link = More tags →
tagged = Tagged { $tag }
tagged-heading = Tagged “{ $tag }”

## Search

search = Search
search-quoted = “{ $query }”
this-search = This search
search-words = Words that every post found has, in its title, text or tags
search-none-newest = None of the newest posts has all of these words: older ones are searched next.
search-none = No published post has all of these words.
more-results = More results
more-results-link = More results →

## An author's page

author-posts = Posts
author-no-posts = No published posts yet.
author-subscribe = New posts by { $name }, by e-mail

## A post's page

languages = Languages
in-languages-post = This post in:
in-languages-page = This page in:
draft-post = This post is a draft: only its editors can see it.
draft-page = This page is a draft: only its editors can see it.
draft-translation = This translation is a draft: only its editors can see it.
publish = Publish
# A choice beside Publish, followed by the date of the first publication in brackets.
publish-anew = with today's date, not its first publication's
# Followed by the date and time, then a colon.
scheduled-for = Scheduled for
change-or-cancel = change or cancel
# Between Publish and the link to schedule it.
or = or
schedule-it = schedule it
suggestion-sent = Thank you: your suggestion was sent to the author.
suggest-edit = Suggest an edit
editing = Editing
edit = Edit
history = History
suggestions = Suggestions
unpublish = Unpublish
delete = Delete
# Before the date of the post's last revision.
updated = updated
short-link = Short link:
translations = Translations
translations-none = None yet.
draft-mark = (draft)
translate-into = Translate into
translate-example = fr or fr_CA
translate-start = Start

## Comments

comments = Comments
comment-moderation = Comment moderation
moderate-comments = Moderate comments
reopen-comments = Reopen comments
close-comments = Close comments
older-comments = Older comments
newer-comments = Newer comments
no-newer-comments = No newer comments yet.
no-comments-yet = No comments yet.
from-fediverse = from the fediverse
edited = edited
reply = Reply
awaiting-moderation = Awaiting moderation
awaiting-moderation-mark = awaiting moderation
reply-to = Reply to { $name }
cancel-reply = (cancel)
write-comment = Write a comment
your-name = Your name
your-email = Your e-mail address (never shown)
# A field robots fill in and people do not see.
leave-empty = Leave this empty
comment-field = Comment: paragraphs, *emphasis*, `code` and [links](https://example.com)
comments-moderated = Comments are moderated before they appear.
send = Send
sign-in = Sign in

## Signing in and up

password-reset-done = Your new password is set: log in with it.
user-name-or-email = User name or e-mail
password = Password
forgot-password = Forgot your password?
passkey-instead = Or, with a passkey on this device or your phone, no password:
sign-in-passkey = Sign in with a passkey
sign-up-why = An account lets you sign in; an administrator can make you an author.
user-name-rules = User name (3 to 32 letters, digits, _ - .)
email = E-mail
password-rules = Password (at least 10 characters)
password-again = Password again
create-account = Create account
have-account = Already have an account?

## Passwords forgotten

forgotten-password = Forgotten password
reset-mail-off = This site sends no mail, so no link can be sent. Ask an administrator to set a new password for you.
reset-sent = If an account has the address { $address }, a message with a link is on its way. The link works once, for an hour. Nothing came? Look in the spam folder, or ask again in a few minutes.
back-to-log-in = Back to log in
reset-ask = Give your account's e-mail address: a link to choose a new password will be sent there.
email-address = E-mail address
send-link = Send me a link
new-password = New password
choose-new-password = Choose a new password
new-password-rules = New password (at least 10 characters)
same-again = The same again
set-password = Set the new password
reset-ends-sessions = Every session of the account ends: sign in again with the new password.

## Subscribing by e-mail

subscribe = Subscribe
subscribe-to-author = Subscribe to { $name }'s posts
subscribe-to-site = Subscribe to { $site }
subscribe-mail-off = This site sends no mail, so it has no subscribers by e-mail.
follow-feed = Follow its feed instead.
subscribe-sent = Unless { $address } is subscribed already, a message with a link to confirm is on its way. The link works for two days; nothing is sent until you follow it.
subscribe-what-author = Each new post by this author by e-mail: its title, its first lines and a link. Every message has a link that unsubscribes you in one click.
subscribe-what-site = Each new post by e-mail: its title, its first lines and a link. Every message has a link that unsubscribes you in one click.

## The language of an account's pages

# This language's name, in itself.
language-name = English
language-setting = Language
language-of-pages = The language of these pages
language-of-browser = My browser's
save-language = Save the language

## An account's own page

your-account = Your account
# Before the account's user name.
signed-in-as = Signed in as
role-admin = admin
role-author = author
role-reader = reader
network-admin-you = You are one of this deployment's network administrators:
network-every-site = every site it serves
profile = Profile
display-name = Display name
bio = Bio
homepage = Homepage
picture = Picture (the address of an image of you)
save-profile = Save profile
user-name = User name
new-user-name = New user name
current-password = Current password
change-user-name = Change user name
no-confirmed-address = Your account has no confirmed address yet: follow the link mailed to the address you signed up with, or give one here.
new-email-address = New e-mail address
change-email-address = Change e-mail address
email-change-mailed = A link is sent to the new address; it counts once you follow it.
email-change-at-once = Mail is off on this site, so the new address counts at once, unconfirmed.
new-password-again = New password again
change-password = Change password
sessions-and-tokens = Sessions and tokens
see-sessions = See where your account is signed in
sessions-what = Every browser and API token, each of which you can end, and tokens for programs.
delete-account = Delete your account
delete-account-what = You are signed out for good, and your user name and address are freed.

## Editing a comment

edit-your-comment = Edit your comment
# Before the title of the post the comment is on.
comment-on = On
comment-edit-window = A comment can be changed for 15 minutes after it is written.
save = Save
delete-this-comment = Delete this comment

## The second step of signing in

two-step-sign-in = Two-step sign-in
second-step-code = Your password was right. Now type the six-digit code your authenticator app shows for this site, or one of your recovery codes.
code = Code
second-step-passkey = Your password was right. Now use your passkey for this site.
second-step-or-passkey = Or use your passkey instead:
use-passkey = Use your passkey
second-step-no-https = Your account's second step is a passkey, and browsers offer passkeys only to sites served over HTTPS (or on localhost): this site's address is not one. Ask the site's operator to turn two-step sign-in off for your account.
second-step-lost = Lost your authenticator, your passkeys and your recovery codes? The site's operator can turn two-step sign-in off for your account.

comments-closed-page = Pages take no comments.
comments-closed-unpublished = Comments open when the post is published.
comments-closed-by-editors = Comments on this post are closed.
comments-closed-after =
    { $count ->
        [one] Comments close 1 day after a post is published; this one is closed.
       *[other] Comments close { $count } days after a post is published; this one is closed.
    }
comments-sign-in = Sign in to comment.
comment-published = Thank you: your comment is published.
comment-pending = Thank you: your comment awaits moderation.
