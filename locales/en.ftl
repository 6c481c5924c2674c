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
# Error pages' titles; what they say follows as said- messages.
error-not-found = Page not found
error-gone = Deleted
error-no-longer-here = No longer here
error-conflict = Changed meanwhile
error-bad-request = That did not work
error-forbidden = Not allowed
error-sign-in-required = Sign in required
error-second-factor-required = Two-step sign-in required
error-too-large = Too large
error-too-many-attempts = Too many attempts
error-unavailable = Temporarily unavailable
error-busy = Busy
error-internal = Something went wrong
said-there-is-nothing-at-this-address = There is nothing at this address.
said-what-was-here-was-deleted = What was here was deleted, and nothing will take its place.
said-please-sign-in = Please sign in.
said-the-blog-cannot-reach-its-storage = The blog cannot reach its storage right now. Nothing was changed; please try again in a moment.
said-an-unexpected-error-happened = An unexpected error happened on our side. It has been logged.
said-this-site-requires-two-step = This site requires two-step sign-in of your account: add an authenticator app or a passkey on your security page first.
said-an-administrator-s-account-is-kept = An administrator's account is not deleted: another administrator makes it an author or a reader first.
said-this-account-still-has-posts = This account still has posts (drafts and scheduled ones included): delete them from the desk first.
# The QR code's description, for screen readers; $name is the user name.
authenticator-qr-title = QR code of the authenticator secret for { $name }

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

## Administration: the site's settings, users, pages and moderation log

## The site's settings (admin/site.html)

site-what = What the site calls itself, in every page's header and title, its feeds and link previews.
site-saved = Saved.
# The site's name, a field of its settings.
site-title = Title
site-tagline = Tagline, under the title (may be empty)
site-description = Description, for search engines and link previews
# "en", "fr" and "en-GB" are language codes and stay as they are.
site-language = Language, a code such as en, fr or en-GB
site-footer = Footer, a line of plain text at the foot of every page (may be empty)
site-privacy = Privacy
site-own-images-only = Show images from this site's own files only
site-own-images-only-what = Readers' browsers then fetch no image from another site (which would tell it who reads what): texts that show one are refused, images already in posts from elsewhere and authors' pictures from elsewhere are not shown, and imports fetch the images of other sites into this site's files where the address rules allow.
# The heading of the settings about the fediverse.
site-fediverse = Fediverse
site-fediverse-off = Keep this site off the fediverse
# WebFinger and NodeInfo are names of protocols and stay as they are.
site-fediverse-off-what = Readers on Mastodon and other ActivityPub servers can follow the site and its authors, see its posts and reply to them. Kept off, the site has no actors, answers no WebFinger or NodeInfo request, takes no activity and delivers nothing (what is waiting goes out once it is back on).
site-fediverse-pages = Send static pages to the fediverse too
# "Ticking it" and "unticking it": the checkbox above, "Send static pages to the fediverse too".
site-fediverse-pages-what = Pages (About, Contact) then reach followers as posts do when they are published, revised or withdrawn; they take no replies, as they take no comments. Ticking it sends the pages published in the last two days (and those withdrawn when it was last unticked); unticking it withdraws the pages sent.
# Followed by four choices: site-second-factor-nobody, -admins, -staff and -everyone.
site-second-factor = Two-step sign-in required of
site-second-factor-nobody = nobody (each account chooses)
site-second-factor-admins = administrators
site-second-factor-staff = authors and administrators
site-second-factor-everyone = every account
site-second-factor-what = An account it covers signs in with its password and a code from an authenticator app or a passkey (or with a passkey alone). One that has neither yet is sent to add one when it signs in, and can write, publish, moderate or change the site only once it has.
# The heading of the section about the site's e-mail.
site-mail = Mail
# The page reads: site-mail-on-through <the SMTP server>site-mail-on-from <the sender's address>site-mail-on-end
site-mail-on-through = Mail goes through
# Between the SMTP server and the address mail comes from (a space follows).
site-mail-on-from = , from
# After the address mail comes from: the end of the sentence.
site-mail-on-end = .
# $address is the administrator's own e-mail address.
site-mail-test-sent = A test message went to { $address }: check that it arrived.
# A button; $address is the administrator's own e-mail address.
site-mail-send-test = Send a test message to { $address }
# The page reads: site-mail-off-start --smtp-url site-mail-off-and --mail-from site-mail-off-or SIBYL_SMTP_URL site-mail-off-and SIBYL_MAIL_FROMsite-mail-off-end
# (the options and variables of Sibyl's command line stay as they are).
site-mail-off-start = Mail is off: this site sends no mail. Start Sibyl with
# Between two options of the command line.
site-mail-off-and = and
# Opens the bracket around the two variables of the environment.
site-mail-off-or = (or
# Closes the bracket, right after the last variable, and ends the sentence.
site-mail-off-end = ) to turn it on.

## The administrators' list of accounts (admin/users.html)

# The heading when the list shows the site's members rather than every account.
admin-users-members = Members
admin-users-find-by = Find by user name or e-mail
# A button.
admin-users-find = Find
# The list of first letters the accounts are shelved under.
admin-users-shelves = Accounts by first letter
# The first shelf: the newest accounts.
admin-users-newest = newest
# The last shelf: user names beginning with neither a letter nor a digit.
admin-users-shelf-other = other
# A column: the account's role.
admin-users-role = Role
# A column: active, banned or deleted.
admin-users-status = Status
# A column: when the account was made.
admin-users-joined = Joined
# A link to a writer's desk (their drafts and posts).
admin-users-desk = desk
# After the role of the administrator's own account.
admin-users-you = (you)
# $name is the account's user name.
admin-users-role-of = Role of { $name }
# A button that gives the account the chosen role.
admin-users-set = Set
admin-users-deleted = deleted
admin-users-banned = banned
admin-users-active = active
admin-users-ban = Ban
admin-users-unban = Unban
admin-users-next = Next page

## The administrators' list of the site's pages (admin/pages.html)

# $max is the largest number of pages a site can have.
admin-pages-what = The site's pages (About, Contact): written and revised like posts, listed in the navigation once published, never on the home page, in feeds or under tags. At most { $max }.
admin-pages-new = New page
admin-pages-none = No pages yet.
# A column: the page's title.
admin-pages-title = Title
# A column: published or draft.
admin-pages-status = Status
# A column: when the page was made.
admin-pages-made = Made
admin-pages-published = Published, in the navigation
admin-pages-draft = Draft

## The log of comment moderation (admin/comment_log.html)

comment-log-title = Moderation log
# $month is a month written as its year and number, such as 2026-11.
comment-log-heading = Moderation log, { $month }
comment-log-none = Nothing was moderated this month.
# Columns: when a comment was moderated, by whom, which comment, the state it was moved from and to, and why.
comment-log-when = When
comment-log-who = Who
comment-log-comment = Comment
comment-log-from = From
comment-log-to = To
comment-log-reason = Reason
# A link to the comment; $title is the title of the post it is on.
comment-log-on = on { $title }
# The states of a comment, in the columns From and To.
comment-log-pending = pending
comment-log-approved = approved
comment-log-rejected = rejected
comment-log-spam = spam
comment-log-deleted = deleted
comment-log-older = Older entries

## Writing, editing and reviewing posts

## Writing a post or a page (posts/write.html)

# The page's title when a static page is being written.
write-new-page = New page
write-heading-post = Write a post
write-heading-page = Write a page
# "About" and "Contact" are examples of static pages.
write-page-what = A page (About, Contact) is listed in the site's navigation, not on the home page, in feeds or under tags.
# The editor-… messages are shared by the forms that write, edit and suggest a text.
# Heading above the rendered preview; editor-not-saved follows it in smaller type.
editor-preview-heading = Preview
editor-not-saved = (not saved)
editor-title = Title
editor-text = Text (Markdown)
editor-tags = Tags, separated by commas
# Label of the field for the text's language code (en, en_US).
editor-language = Language: a code such as en or en_US, or empty
# A button: saves, then asks when to publish.
editor-save-schedule = Save and schedule…
editor-save-draft = Save draft
# A button that shows the text as it would be published.
editor-preview = Preview
# Heading of the section with the post's images and other files.
editor-files = Files
write-files-what = Images and other files are kept with the post they belong to: save this one as a draft, and the editor opens with its files, ready for uploads.
write-save-add-files = Save draft and add files

## Editing a post, a page or a translation (posts/edit.html)

post-edit-heading = Edit post
# $language: the translation's language, named in itself (Deutsch, Français).
post-edit-heading-translation = Edit the { $language } translation
editor-view-post = View the post
editor-view-page = View the page
# In the line under the heading, after a link to the history; $revision is a number.
post-edit-from-revision = editing from revision { $revision }
# In the line under the heading: the text is published; an Unpublish button follows.
post-edit-published = published
post-edit-discard-draft = Discard the draft
# On a translation's editor; $tags: the original post's tags, separated by commas.
post-edit-tags-of-post = Tags belong to the post: { $tags }
post-edit-message = What changed (shown in the history)
post-edit-save = Save a new revision
post-edit-save-publish = Save and publish
post-edit-no-files = No files yet. Images are shown scaled to fit; other files are offered for download.
# A button beside an uploaded file: puts its Markdown into the text.
post-edit-insert = Insert into the text
# A button beside an uploaded file.
post-edit-remove = Remove
post-edit-add-files = Add images or files
post-edit-upload = Upload
post-edit-files-log = Processing log of the post's files

## Deleting a post or a page (posts/delete.html)

# $title: the post's title.
post-delete-heading = Delete “{ $title }”?
post-delete-what-post = This deletes the post for good, with everything that belongs to it:
post-delete-what-page = This deletes the page for good, with everything that belongs to it:
# An item of the list after post-delete-what-post or post-delete-what-page.
post-delete-revisions =
    { $count ->
        [one] its text and its { $count } revision, with every translation and draft;
       *[other] its text and its { $count } revisions, with every translation and draft;
    }
# An item of the list; comments approved and waiting.
post-delete-comments =
    { $count ->
        [one] its { $count } comment and the suggestions made for it;
       *[other] its { $count } comments and the suggestions made for it;
    }
post-delete-files = its files (images and attachments), unless another post uses the same file;
post-delete-place = its place on the home page, in feeds, tags, the archive, the sitemap and search.
# The post's short link (an address, in code type) comes between post-delete-address-before and post-delete-address-after.
post-delete-address-before = Its address and its short link (
post-delete-address-after = ) will tell visitors it was deleted; no other post will take them. This cannot be undone.
# The button that deletes.
post-delete-confirm = Delete for good
# A link back to the post, deleting nothing.
post-delete-keep = Keep it

## Scheduling a draft's publication (posts/schedule.html)

# The page's title.
schedule-title = Schedule
# $title: the draft's title.
schedule-heading = Schedule “{ $title }”
schedule-back = Back to the draft
# The date and time of publication comes between schedule-live-before and schedule-live-after.
schedule-live-before = Goes live on
schedule-live-after = .
schedule-cancel = Cancel the schedule
schedule-date-time = Date and time
schedule-zone = Time zone
schedule-what = It stays a draft until then, and goes live with that date: on the home page, in feeds and sitemaps, and to its tags.
# The button, when the draft is scheduled already.
schedule-change = Change the time
# The button, when the draft is not scheduled yet.
schedule-button = Schedule

## Suggesting an edit (posts/suggest.html)

# After a link back to the post and a “·”; $revision is a number.
suggest-based-on = based on revision { $revision }. The author sees your version side by side with theirs.
suggest-back = Back to the post
suggest-note = A note for the author
suggest-send = Send the suggestion

## One suggestion (posts/suggestion.html)

# $id: the suggestion's identifier, such as example.com/3.
suggest-title = Suggestion { $id }
# $name: who suggested it. The date it was sent follows.
suggest-from = From { $name },
# After the date the suggestion was sent; $revision: the revision it was based on.
suggest-on-revision = , on revision { $revision }
# $revision: the post's current revision, newer than the one the suggestion was based on.
suggest-newer-base = (the post is at revision { $revision } now: accepting replaces the newer text, which stays in the history)
# A suggestion's state: waiting for a decision.
suggest-state-open = open
suggest-state-accepted = accepted
suggest-state-rejected = rejected
suggest-all = All suggestions
suggest-accept = Accept as a new revision
suggest-reject = Reject

## A post's suggestions (posts/suggestions.html)

# $title: the post's title.
suggest-list-heading = Suggestions for “{ $title }”
suggest-none = Nobody has suggested an edit yet.
# Column headings of the table of suggestions.
suggest-col-suggestion = Suggestion
# Who sent the suggestion.
suggest-col-from = From
# When the suggestion was sent.
suggest-col-sent = Sent
suggest-col-note = Note
suggest-col-state = State

## A post's history (posts/history.html)

# $title: the post's title.
history-heading = History of “{ $title }”
# $language: the translation's language, named in itself (Deutsch, Français).
history-heading-translation = History of “{ $title }” ({ $language })
# The name of the table of revisions, for screen readers.
history-revisions = Revisions
# Column headings of the table. From and To: the two revisions to compare (radio buttons).
history-col-from = From
history-col-to = To
history-col-revision = Revision
history-col-title = Title
# When the revision was saved.
history-col-saved = Saved
# Who saved the revision.
history-col-by = By
history-col-note = Note
# Labels of the radio buttons for screen readers; $revision is a number.
history-compare-from = Compare from revision { $revision }
history-compare-to = Compare to revision { $revision }
# After the number of the current revision.
history-current = (current)
# The button that shows the changes between the two revisions chosen.
history-compare = Compare
history-newest = Newest revisions
history-older = Older revisions

## One revision (posts/revision.html)

# $number: the revision's number.
revision-title = Revision { $number }
# $number: the revision's number; $author: who saved it. The date follows.
revision-saved = Revision { $number }, saved by { $author } on
revision-saved-current = Revision { $number } (the current one), saved by { $author } on
# After the date; $message: the note saved with the revision.
revision-saved-after = : { $message }.
revision-restore = Restore this revision

## The changes between two revisions (posts/diff.html)

# The page's title.
diff-title = Changes
# $from and $to: the numbers of the two revisions compared.
diff-heading = Revision { $from } → { $to }
# A link to one of the two revisions; $number is its number.
diff-revision = revision { $number }

## Account security

## The security page: two-step sign-in, passkeys, sessions and API tokens

# Under the page's heading, after a link to the account's page; "it" is the account.
security-signed-in-here = every browser and program signed in to it
# Followed by the date and time the authenticator app was added, then by
# security-codes-left-before, the number of unused recovery codes and security-codes-left-after.
security-factors-on = Signing in asks for a code from your authenticator app after your password (added
# Closes the bracket opened in security-factors-on and begins the next sentence, up to the
# number of unused recovery codes. End it with { " " } where a space must come before the number.
security-codes-left-before = ).{ " " }
# After the number of unused recovery codes ($count). Begin it with { " " } where a space
# must come after the number.
security-codes-left-after =
    { $count ->
        [one] { " " }of your recovery codes are unused.
       *[other] { " " }of your recovery codes are unused.
    }
security-replace-authenticator = Move to another authenticator app
security-new-codes = Make new recovery codes
security-remove-authenticator = Remove the authenticator app
security-factors-passkey = After your password, signing in asks for your passkey. An authenticator app can be a second way to pass that step.
security-factors-off = Your account signs in with its password alone. With an authenticator app or a passkey, a stolen password is not enough.
security-passkeys = Passkeys
security-passkeys-what = A passkey signs you in without your password: your device keeps it, and unlocks it with your fingerprint, face or PIN. Nobody can phish it, and the site keeps no secret of it.
security-no-passkeys = Your account has no passkey.
# In a passkey's line; { $site } is the address of the site it was made on.
security-passkey-elsewhere = made on { $site }, signs in there only
# In a passkey's line, before the date and time it was added.
security-passkey-added = added
# In a passkey's or an API token's line, before the date and time it was last used.
security-last-used = last used
# In a passkey's line, instead of security-last-used and a date.
security-passkey-never-used = never used yet
# The label of the list choosing the passkey to remove.
security-passkey = Passkey
security-remove-passkey = Remove this passkey
# The field naming a new passkey: the device or manager that keeps it ("Laptop", "Phone").
security-passkey-name = Name (where it is kept)
security-add-passkey = Add a passkey
security-passkeys-not-here = Passkeys work on sites served under a host name over HTTPS (or on localhost); this site's address is not one.
security-browsers = Signed-in browsers
# Beside the browser showing the page, in the list of signed-in browsers.
security-this-one = this one
# In a session's line; { $address } is an IP address (or "an unknown address", in English).
# Before it, an API token's line has how the token was made, in English.
security-from = from { $address }
# In a session's line, when it signed in to another site of the same deployment.
security-on-site = on { $site }
# In a browser's line, before the date and time its session began.
security-began = began
# In a browser's line, before the date and time it last made a request.
security-last-seen = last seen
# Read out by screen readers for the button ending a session; { $what } is the browser and
# system ("Firefox 131 on Linux", in English), { $address } its IP address.
security-end-session = End the session of { $what } from { $address }
# The button ending one session.
security-end = End
security-end-others = Sign out everywhere else
security-end-others-what = Signs out every other browser and revokes every API token at once.
security-also-ended = Changing your password, or an administrator's suspension, also ends every other session and token.
security-tokens = API tokens
# The sentence reads: [before] /api/openapi.json[middle] Authorization: Token …[after]
# (the address and the header are not translated).
security-tokens-api-before = Programs using the JSON API (described at
security-tokens-api-middle = ) sign in with a token: send it as
security-tokens-api-after = .
# The sentence reads: [before]the token's name (in bold)[after]. Keep the spaces around
# the name with { " " } where the language needs them.
security-token-made-before = The token{ " " }
security-token-made-after = { " " }was made. Copy it now: it is not shown again.
# The label of the field holding a token just made.
security-token = Token
security-no-tokens = No program is signed in to your account.
# In an API token's line, before the date and time it was made (or signed in, for a program
# that signed in through the API).
security-token-made-on = on
# In an API token's line, before the date and time it stops working.
security-token-until = works until
# Read out by screen readers for the button revoking a token; { $what } is the token's name.
security-revoke-token = Revoke the token { $what }
# The button revoking one API token.
security-revoke = Revoke
# The heading of the form making an API token, and its button.
security-make-token = Make a token
# The field naming a new API token: the program that will use it.
security-token-name = Name (what will use it)

## Adding an authenticator app

# The page's title and heading, and the link to it on the security page.
authenticator-add = Add an authenticator app
# The link back to the security page.
authenticator-sessions-and-security = Sessions and security
# The sentence reads: [before][link][after], the link going to the security page. Keep the
# spaces around the link with { " " } where the language needs them.
authenticator-required-before = This site requires two-step sign-in of your account: add an authenticator app here, or a passkey on your{ " " }
authenticator-required-link = security page
authenticator-required-after = , to go on.
authenticator-replacing = This replaces the authenticator your account has: its codes will work no more.
# Followed by a QR code.
authenticator-step-scan = In an authenticator app (such as Aegis, FreeOTP, Google Authenticator or 1Password), add an account by scanning this code:
# After the QR code; followed by the secret key, in groups of four characters.
authenticator-step-type = or by typing this key:
authenticator-step-code = Type the six-digit code the app now shows, and your password.
authenticator-code = Code from the app
authenticator-add-button = Add the authenticator
authenticator-ends-sessions = Adding it signs out every other browser and revokes every API token of your account.

## Recovery codes, shown once

recovery-codes = Recovery codes
recovery-authenticator-added = Your authenticator was added: signing in now asks for one of its codes after your password.
# The paragraph reads: [before][strong, in bold][after]. Keep the spaces around the bold
# part with { " " } where the language needs them.
recovery-what-before = If you lose your authenticator, each of these codes signs you in once in place of its code. Keep them somewhere safe, apart from your password:{ " " }
recovery-what-strong = they are not shown again
recovery-what-after = , and any codes you had before work no more.
recovery-download = Download them as a text file
recovery-back = Back to sessions and security

## Accounts, subscriptions, the desk and files

## Deleting an account (account/delete.html)

account-delete-title = Delete an account
account-delete-own-question = Delete your account?
# { $name } is the account's user name.
account-delete-other-question = Delete the account { $name }?
# A link back to the page the deletion was asked from.
account-delete-back = Back
# A list of what happens follows the colon.
account-delete-own-intro = This deletes your account for good:
# Before the account's user name (shown in bold); "account-delete-other-intro-after" follows the name.
account-delete-other-intro-before = This deletes the account
# After the account's user name (shown in bold); a list of what happens follows the colon.
account-delete-other-intro-after = for good:
# The items of the list after "This deletes … for good:"; "it" is the account.
account-delete-signed-out = it is signed out everywhere and can never sign in again;
account-delete-comments-removed = its comments are removed;
# “deleted user” is the name the comments then show: the site stores it in English, so keep it as it is.
account-delete-comments-stay = its comments stay, signed “deleted user”;
account-delete-names-freed = its user name and e-mail address are freed: anyone may sign up with them;
account-delete-erased = its name, profile and address are erased; the revisions and suggestions it wrote stay, with the name they were written under.
account-delete-cannot-undo = This cannot be undone.
account-delete-password = Your password
# The button of one's own account.
account-delete-mine = Delete my account
# The button of another's account (an administrator deleting it).
account-delete-this = Delete this account
# A link that leaves the page without deleting the account.
account-delete-keep = Keep it

## An account deleted (account/deleted.html)

deleted-title = Account deleted
# { $name } is the account's user name.
deleted-own = Your account { $name } is deleted, and you are signed out.
deleted-other = The account { $name } is deleted.
# A link to the site's home page.
deleted-home = Home

## Confirming a new e-mail address (account/confirm_email.html)

confirm-title = Confirm your e-mail address
confirm-done-title = Your e-mail address is changed
# One sentence in three parts: "confirm-done-before" [user name, in bold] "confirm-done-middle" [new address, in bold] "confirm-done-after".
confirm-done-before = The account
confirm-done-middle = now has the address
# Follows the new address without a space: the end of the sentence.
confirm-done-after = .
confirm-back-to-account = Back to your account
# One sentence in three parts: "confirm-ask-before" [user name, in bold] "confirm-ask-middle" [new address, in bold] "confirm-ask-after".
confirm-ask-before = The account
confirm-ask-middle = will have the address
# Follows the new address without a space.
confirm-ask-after = : sign-in, password reset links and notices go there from then on.
confirm-button = Confirm this address

## Setting up a new site (account/setup.html)

# The page's title, in the browser's tab.
setup-title = Set up
setup-intro = Create the administrator account. It can write posts and, later, manage users and comments.
setup-display-name = Display name (optional)
setup-create = Create administrator

## Confirming or ending a subscription (subscriptions/subscription.html)

subscription-title = Subscription
subscription-confirm-title = Confirm your subscription
subscription-unsubscribe-title = Unsubscribe
# What a subscription is to: { $about } is one of subscription-about-site, -author and -author-gone; { $site } is the site's title. It fills { $what } in the messages below.
subscription-about-on = { $about } on { $site }
# What a subscription is to; it fills { $about } in subscription-about-on.
subscription-about-site = every new post
subscription-about-author = new posts by { $name }
# An author whose account is gone.
subscription-about-author-gone = an author's new posts
# { $email } is the subscriber's address; { $what } is "subscription-about-on". Before confirming.
subscription-will-receive = { $email } will receive { $what }.
# Before unsubscribing.
subscription-receives = { $email } receives { $what }.
subscription-confirm-button = Confirm
subscription-unsubscribe-button = Unsubscribe
subscription-subscribed-title = You are subscribed
subscription-unsubscribed-title = You are unsubscribed
# Once confirmed.
subscription-subscribed = { $email } will receive { $what }. Every message has a link to unsubscribe.
# Once unsubscribed.
subscription-unsubscribed = { $email } no longer receives { $what }.
# A link to the site's home page.
subscription-home = Home

## A writer's desk (desk.html)

desk-yours = Your desk
# { $name } is the writer's display name: an administrator looks at another writer's desk.
desk-of = { $name }'s desk
desk-write-post = Write a post
desk-download = Download your posts as Markdown (zip)
desk-followers = Followers on the fediverse
# The tabs (Drafts, Scheduled, Published), for screen readers.
desk-tabs = Posts by state
# The table of posts, for screen readers.
desk-table = Posts
# Column headings of the table of posts. The second column's heading (Started, Goes live, Published) comes from the site.
desk-title = Title
desk-comments-waiting = Comments waiting
desk-suggestions-open = Suggestions open
desk-tools = Tools
# In the column "Comments waiting": how many comments on the post await moderation (a link to moderate them).
desk-pending = { $count } waiting
# In the column "Comments waiting", when no comment waits.
desk-no-comments = none
# In the column "Suggestions open": how many suggestions await a decision (a link to them).
desk-suggested = { $count } open
# In the column "Suggestions open", when no suggestion is open.
desk-no-suggestions = none

## Files (binaries/admin.html, binaries/log.html, binaries/table.html)

# OK, ERROR and RETRY are statuses shown as they are: keep them.
files-admin-intro = Every file attached on this site, newest first, and the state of its bytes (OK, ERROR, RETRY). The log of a post's files is linked from each context.
files-no-older = No older files.
files-none-yet = No file has been attached yet.
# The table of files, for screen readers.
files-table = Files
# Column headings of the table of files (the first column, of thumbnails, has none).
files-file = File
files-context = Context
files-type = Type
files-size = Size
# A file's size; $count is in bytes (under 1 KiB), $size a number with at most one decimal.
size-bytes =
    { $count ->
        [one] 1 byte
       *[other] { $count } bytes
    }
size-kib = { $size } KiB
size-mib = { $size } MiB
size-gib = { $size } GiB
# A file's state in the binary service: stored and usable; refused for good; a fetch that failed and will be tried again; its original is gone.
file-status-ok = Ready
file-status-error = Refused
file-status-retry = To be fetched again
file-status-missing = Missing
files-status = Status
# When the file was attached.
files-added = Added
# A link to one file's processing log, after the file's reference.
files-log = log
# A link to the processing log of all the files of the post the file is attached to.
files-post-log = post's log
files-newest = Newest files
files-older = Older files
files-log-title = Files log
# { $title } is the post's title.
files-of-post = Files of “{ $title }”
# { $context } is a code naming what the files belong to.
files-of-context = Files of { $context }
# A link to the post.
files-the-post = The post
files-edit-attachments = Edit its attachments
files-all-log = The log of all its files
# Before a code naming what the files belong to (the post); lowercase, after other links.
files-context-code = context
files-post-none = The post has no files now.
files-processing-log = Processing log
files-nothing-logged = Nothing was logged.
# Column headings of the processing log.
files-when = When
files-reference = Reference
files-what-happened = What happened

## Mail
# Mail goes to a member in the language they chose, else in the site's; to a subscriber
# in the site's. { $site } is always the site's title.

# The end of a sentence that closes on a link.
mail-full-stop = .

## What a subscription is to

mail-about-site = everything new on { $site }
mail-about-site-posts = the posts of { $site }
# { $author } is an author's display name.
mail-about-author = { $author }'s posts on { $site }

## Confirming a subscription

mail-subscribe-subject = Confirm your subscription to { $site }
mail-subscribe-title = Confirm your subscription
# { $about } is one of the "What a subscription is to" messages.
mail-subscribe-asked = Someone, probably you, asked to receive { $about } by e-mail.
mail-subscribe-open =
    { $count ->
        [one] To confirm, open this link within an hour:
       *[other] To confirm, open this link within { $count } hours:
    }
mail-subscribe-link = Confirm the subscription
# After the link "Confirm the subscription".
mail-subscribe-within =
    { $count ->
        [one] within an hour.
       *[other] within { $count } hours.
    }
mail-subscribe-not-you = If it was not you, ignore this message: nothing will be sent.

## A new post, to its subscribers

# Under the post's title: { $author } wrote it.
mail-post-byline = by { $author }, on { $site }
mail-post-read = Read it: { $url }
mail-post-read-link = Read it on { $site }
mail-post-why = You receive this because you subscribed to { $about }.
mail-post-unsubscribe = Unsubscribe in one click: { $url }
mail-post-unsubscribe-link = Unsubscribe
# After the link "Unsubscribe".
mail-post-one-click = in one click.

## A password reset link

mail-reset-subject = Your password on { $site }
mail-reset-asked = Someone, probably you, asked to reset the password of the account { $username } on { $site }.
mail-reset-open =
    { $count ->
        [one] To choose a new password, open this link within a minute (it works once):
       *[other] To choose a new password, open this link within { $count } minutes (it works once):
    }
mail-reset-link = Choose a new password
# After the link "Choose a new password".
mail-reset-within =
    { $count ->
        [one] within a minute (the link works once).
       *[other] within { $count } minutes (the link works once).
    }
mail-not-you = If it was not you, ignore this message: nothing changes.

## Confirming a new e-mail address

mail-confirm-subject = Confirm your e-mail address on { $site }
mail-confirm-title = Confirm your address on { $site }
mail-confirm-asked = Someone, probably you, asked to change the e-mail address of the account { $username } on { $site } to { $address }.
mail-confirm-open =
    { $count ->
        [one] To confirm this address, open this link within an hour (it works once):
       *[other] To confirm this address, open this link within { $count } hours (it works once):
    }
mail-confirm-link = Confirm this address
# After the link "Confirm this address".
mail-confirm-within =
    { $count ->
        [one] within an hour (the link works once).
       *[other] within { $count } hours (the link works once).
    }

## The old address told of a new one

mail-changed-subject = Your e-mail address on { $site } was changed
mail-changed-title = Your address on { $site } was changed
mail-changed-what = The e-mail address of the account { $username } on { $site } was changed to { $address }.
mail-changed-then = Mail for this account goes there from now on. If you did not ask for this, reply to this message or ask an administrator of { $site } at once.

## An address asked for that has an account

mail-taken-subject = Someone asked for your address on { $site }
mail-taken-what = Someone asked to give this address to an account on { $site }, signing up or changing an account's address. It already has an account there, { $username }, so nothing changed.
mail-taken-sign-in = If it was you, sign in: { $url }
mail-taken-reset = Forgot your password? Ask for a new one: { $url }
# "If it was you, <link>sign in</link>."
mail-taken-if-you = If it was you,
mail-taken-sign-in-link = sign in
mail-taken-forgot = Forgot your password?
mail-taken-ask-link = Ask for a new one
mail-taken-not-you = If it was not you, you need do nothing.

## A new sign-in

mail-sign-in-subject = A new sign-in to your account on { $site }
mail-sign-in-recovery-subject = A recovery code was used to sign in to your account on { $site }
mail-sign-in-title = A new sign-in on { $site }
# Followed by one of the four ways below, then a colon and the browser.
mail-sign-in-what = The account { $username } on { $site } was signed in to { $how }:
mail-sign-in-browser = from a browser it had not used before
mail-sign-in-api = by a program, through the JSON API
mail-sign-in-recovery =
    { $count ->
        [one] using one of its recovery codes (1 left unused)
       *[other] using one of its recovery codes ({ $count } left unused)
    }
mail-sign-in-api-recovery =
    { $count ->
        [one] by a program, through the JSON API, using one of its recovery codes (1 left unused)
       *[other] by a program, through the JSON API, using one of its recovery codes ({ $count } left unused)
    }
# { $browser } names the browser and system ("Firefox on Linux"); { $when } a date and time.
mail-sign-in-where = { $browser }, from the address { $address }, on { $when }.
mail-sign-in-you = If this was you, there is nothing to do.
mail-sign-in-not-you = If it was not, change your password at once and end the sessions you do not know on your account's security page:
# "…end the sessions you do not know on <link>your account's security page</link>."
mail-sign-in-not-you-before = If it was not, change your password at once and end the sessions you do not know on
mail-sign-in-security-link = your account's security page

## A test message

mail-test-subject = A test message from { $site }
mail-test-title = A test message from { $site }
mail-test-from = This is a test message from { $site } ({ $url }).
# Followed by the site's title as a link.
mail-test-from-before = This is a test message from
mail-test-through = It went through { $server }. If you read it, the site's mail works.

## The fediverse, the network of sites, and comment moderation

## The administrators' fediverse page (admin/federation.html)

federation-intro = The site and each of its authors can be followed from Mastodon and other fediverse servers. What they publish is delivered to their followers' servers.
# A heading, and the name of the table of the site's accounts with followers.
federation-followers = Followers
# A column: the site's account (the site itself, or one of its authors).
federation-account = Account
# A column: how many accounts follow it.
federation-follower-count = Followers
federation-site-followers = The site's followers, and whether they wait for approval
# A heading: activities (posts, edits) being sent to other servers.
federation-deliveries = Deliveries
federation-sending =
    { $count ->
        [0] Nothing is being delivered.
        [one] 1 activity is being delivered.
       *[other] { $count } activities are being delivered.
    }
# Followed by federation-retry-explained.
federation-per-server = Deliveries per server.
# Shown instead of federation-per-server when only the oldest activities are counted.
federation-per-server-counted =
    { $count ->
        [one] Deliveries per server, counted over the { $count } oldest activity being delivered.
       *[other] Deliveries per server, counted over the { $count } oldest activities being delivered.
    }
# "Deliver now" is the button federation-deliver-now: quote it as it is translated there.
federation-retry-explained = One that fails is tried again later and later, over about five days; "Deliver now" tries those waiting at once.
# The name of the table of deliveries per server.
federation-deliveries-per-server = Deliveries per server
# A column: a server's name.
federation-server = Server
# A column: how many deliveries to the server are waiting.
federation-waiting = Waiting
# A column: how many deliveries failed and will be tried again.
federation-failed = Failed, to try again
# A column: how many deliveries were given up.
federation-given-up = Given up
# A column: when the next delivery attempt is made.
federation-next-attempt = Next attempt
# A column: why the last failed delivery failed.
federation-last-failure = Last failure
# A button (and its column), which has the deliveries waiting for a server tried at once.
federation-deliver-now = Deliver now
# The button federation-deliver-now, as screen readers name it; $server is a server's name.
federation-deliver-now-to = Deliver now to { $server }
# A heading, and the name of its table.
federation-failing = Servers failing every delivery
federation-none-failing = None: every server answers.
federation-set-aside = A server that fails every delivery for a day is set aside: its deliveries end until it answers, sends this site something, or 30 days pass.
# A column: the date since which every delivery to the server fails.
federation-failing-since = Failing since
# A column: what the server answered last.
federation-last-answer = Last answer
# A button (and its column).
federation-deliver-again = Deliver again
# The button federation-deliver-again, as screen readers name it; $server is a server's name.
federation-deliver-again-to = Deliver again to { $server }
# A heading, and the name of its table.
federation-blocks = Blocked servers and accounts
federation-blocks-explained = What a blocked server or account sends is refused, nothing is delivered to it, and its follows end. A server's block covers the servers under its name.
# The field in which a server or account to block is typed.
federation-block-target = Server or account
# An example in the empty field: a server's name, or an account's address (keep them as they are).
federation-block-placeholder = example.social or https://example.social/users/someone
federation-delete-comments = Also delete its comments on this site
# A button that blocks the server or account typed.
federation-block = Block
federation-no-blocks = Nothing is blocked.
# A column: the server or account blocked.
federation-blocked = Blocked
# A column: whether what is blocked is a server or an account (federation-kind-server, federation-kind-account).
federation-kind = Kind
federation-kind-server = Server
federation-kind-account = Account
# A column: the date of the block.
federation-since = Since
# A column: the administrator who made the block.
federation-blocked-by = By
# A button (and its column).
federation-unblock = Unblock
# The button federation-unblock, as screen readers name it; $target is the server or account.
federation-unblock-target = Unblock { $target }
federation-more-blocks = More blocks

## A writer's followers on the fediverse (desk_fediverse.html)

fediverse-title = Followers on the fediverse
# $handle is an account's fediverse address, such as @alice@blog.example.com; fediverse-follower-count follows.
fediverse-can-be-followed = { $handle } can be followed from Mastodon and other fediverse servers.
# "it" is the account of fediverse-can-be-followed.
fediverse-follower-count =
    { $count ->
        [one] 1 account follows it.
       *[other] { $count } accounts follow it.
    }
# A checkbox: new follows wait until the writer approves them.
fediverse-approve-myself = Approve new followers myself
fediverse-approval-explained = When this is on, a follow waits below until you approve it; when it is off, follows are accepted at once.
# A heading: the follows waiting.
fediverse-waiting = Waiting for your approval
fediverse-none-waiting = No follow is waiting.
# The name of the table of follows waiting.
fediverse-waiting-table = Follows waiting for approval
# A column: the account asking to follow.
fediverse-account = Account
# A column: when it asked.
fediverse-since = Since
# A column holding the buttons fediverse-approve and fediverse-reject.
fediverse-decision = Decision
# A button: the follow is accepted.
fediverse-approve = Approve
# The button fediverse-approve, as screen readers name it; $follower is the account's address.
fediverse-approve-follower = Approve { $follower }
# A button: the follow is refused.
fediverse-reject = Reject
# The button fediverse-reject, as screen readers name it; $follower is the account's address.
fediverse-reject-follower = Reject { $follower }

## The network administrators' list of sites (admin/network.html)

# Every site one installation of Sibyl serves.
network-title = Network
network-intro = Every site this deployment serves, with its administrators and its counts. Each site's own administrators manage its members, posts and comments.
network-none = No site is registered.
# The name of the table of sites.
network-sites = Sites
# A column: the site's address.
network-site = Site
# A column: network-status-live, network-status-suspended or network-status-deleting.
network-status = Status
# A site's status: served.
network-status-live = live
# A site's status: not served, its readers told it is suspended.
network-status-suspended = suspended
# A site's status: being deleted.
network-status-deleting = deleting
# A column: when the site was registered.
network-registered = Registered
# A column: the site's administrators' user names.
network-administrators = Administrators
# A column: how many posts the site has.
network-posts-written = Posts written
# A column: how many comments the site has published.
network-comments = Comments
# A column: the site's other addresses.
network-aliases = Aliases
# A button: the site is no longer served.
network-suspend = Suspend
# A button: a suspended site is served again.
network-serve-again = Serve again
# After the number of the site's comments: how many comments wait for moderation.
network-pending = ({ $count } waiting)
network-next-page = Next page
# A heading.
network-register = Register a site
# A field: the new site's address.
network-url = Its URL
# An example in the empty field (keep it, or use another example address).
network-url-placeholder = https://blog.example.com
network-first-admin = Its first administrator (an account's user name or e-mail address)
# A button.
network-register-button = Register

## Comment moderation (admin/comments.html)

# A link from one post's moderation page to the post.
moderation-view-post = View the post
# A link to the log of moderation.
moderation-log = Moderation log
# The name of the row of links to the lists of comments below.
moderation-lists = Lists
# The lists of comments, each followed by its count in brackets: those awaiting moderation,
# those marked as spam, those rejected; then the counts of those approved and deleted.
moderation-state-pending = pending
moderation-state-spam = spam
moderation-state-rejected = rejected
moderation-state-approved = approved
moderation-state-deleted = deleted
moderation-nothing-here = Nothing here.
# Followed by the address of the comment's author on the fediverse.
moderation-from-fediverse = from the fediverse:
# Before the title of the post the comment is on.
moderation-on = on
# Said of a comment that answers another.
moderation-a-reply = a reply
# A button: the comment's author may no longer comment.
moderation-ban-commenter = Ban this commenter
moderation-reason = Reason (optional, kept in the log)
# Buttons, for the comments ticked.
moderation-approve = Approve
moderation-reject = Reject
# A button: the comments ticked are marked as spam.
moderation-spam = Spam
# A link to the next page of the list: older comments.
moderation-older = Older
# A heading: accounts banned from commenting.
moderation-bans = Commenter bans
# A button: the account named may no longer comment.
moderation-ban = Ban
# A button: the account named may comment again.
moderation-unban = Lift the ban
moderation-bans-explained = A banned commenter's comments are refused with a message; nothing of theirs reaches the lists.

## The site's comment settings (admin/comment_settings.html)

comment-settings-title = Comment settings
comment-settings-saved = Saved.
comment-settings-guests = Visitors without an account may comment, with a name and an e-mail address that is never shown
comment-settings-trust-approved = Comments by someone who has had a comment approved skip the queue
comment-settings-close-after = Close comments this many days after a post is published (0: never)
# Followed by two choices: comment-settings-deleted-keep and comment-settings-deleted-remove.
comment-settings-deleted-accounts = When an account is deleted, its comments
# "deleted user" is the name such comments are signed with, in English whatever the language: keep it in English.
comment-settings-deleted-keep = stay, signed “deleted user”
comment-settings-deleted-remove = are removed

## Said by the server
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/account.rs
said-this-site-already-has-an = This site already has an administrator.

# web/account_deletion.rs
said-your-own-account-is-deleted = Your own account is deleted from your account page.
said-accounts-are-shared-with-the = Accounts are shared with the other sites of this deployment: ban the member here instead.

# web/admin.rs
said-this-site-lists-its-members = This site lists its members newest first, without shelves.
said-that-page-of-accounts-does = That page of accounts does not exist.

# web/comment_section.rs
said-this-page-of-comments-does = This page of comments does not exist. Start again from the post.

# web/desk.rs
said-the-desk-has-the-tabs = The desk has the tabs drafts, scheduled and published.
said-only-an-administrator-opens-another = Only an administrator opens another writer's desk.

# web/email_change.rs
said-this-link-has-expired-or = This link has expired or was used already: each link works once, for a day. Ask for a new one from your account page.
said-another-account-took-that-address = Another account took that address meanwhile, so nothing changed. Choose another from your account page.

# web/error.rs
said-this-form-has-expired-or = This form has expired or did not come from this site. Go back, reload the page and try again.
said-the-form-was-not-sent = The form was not sent as a web form.

# web/fediverse_followers.rs
said-the-actor-is-the-site = The actor is the site's (site) or your own (nothing).
said-the-decision-is-approve-or = The decision is approve or reject.
said-approved-the-account-follows-and = Approved: the account follows, and its server is told.
said-rejected-its-server-is-told = Rejected: its server is told.

# web/history.rs
said-this-page-link-is-broken = This page link is broken. Start again from the newest revisions.

# web/lists.rs
said-a-page-starts-after-one = A page starts after one post or before one, not both.

# web/locales.rs
said-the-address-s-query-could = The address's query could not be read.

# web/network.rs
said-only-the-network-s-administrators = Only the network's administrators can do this.
said-that-is-not-a-page = That is not a page of this list.

# web/passkeys.rs
said-this-account-has-been-suspended = This account has been suspended.

# web/post_download.rs
said-you-have-downloaded-your-posts = You have downloaded your posts often enough for now.

# web/posts.rs
said-only-an-administrator-makes-the = Only an administrator makes the site's pages.
said-a-new-text-is-a = A new text is a post or a page.
said-choose-publish-save-and-schedule = Choose Publish, Save and schedule, Save draft, Preview or Save draft and add files.

# web/schedule.rs
said-this-post-went-live-before = This post went live before the schedule could be cancelled: unpublish it if it should not be out.
said-this-post-is-published-unpublish = This post is published: unpublish it first to schedule it.

# web/second_factor.rs
said-this-sign-in-has-expired = This sign-in has expired or was used: sign in again with your password.

# web/security.rs
said-only-a-signed-in-browser = Only a signed-in browser can do this.
said-ended-that-browser-is-signed = Ended: that browser is signed out, or that token works no more.
said-your-new-authenticator-app-was = Your new authenticator app was added: the old one's codes work no more. Every other session was ended.
said-your-authenticator-app-and-its = Your authenticator app and its recovery codes were removed. Every other session was ended.
said-your-new-passkey-was-added = Your new passkey was added: it signs you in without your password, and after your password it is asked for. Every other session was ended.
said-the-passkey-was-removed-it = The passkey was removed: it signs you in no more. Every other session was ended.
said-every-other-session-of-your = Every other session of your account was ended: every other browser is signed out, and every token works no more.
said-too-many-wrong-passwords-for = Too many wrong passwords for this account.

# web/sign_in.rs
said-wrong-user-name-e-mail = Wrong user name, e-mail address or password.

# web/site_admin.rs
said-mail-is-off-on-this = Mail is off on this site: start Sibyl with --smtp-url and --mail-from to send mail.
said-your-account-has-no-confirmed = Your account has no confirmed address yet: confirm one from your account page first.
said-enough-test-messages-for-now = Enough test messages for now.

# web/sitemaps.rs
said-there-is-no-such-sitemap = There is no such sitemap: /sitemap.xml names every month's.

# web/tags.rs
said-this-page-link-is-broken-2 = This page link is broken. Start again from the first page of tags.

# web/moderation/admin.rs
said-close-comments-after-a-number = Close comments after a number of days from 0 (never) to 3650, and say what becomes of a deleted account's comments.

# web/moderation/decisions.rs
said-choose-approve-reject-spam-or = Choose Approve, Reject, Spam or Delete.
said-a-comment-of-another-post = A comment of another post was picked on this post's page.
said-choose-ban-or-unban = Choose Ban or Unban.
said-there-is-no-such-account = There is no such account.

# web/moderation/mod.rs
said-only-the-post-s-author = Only the post's author or an administrator moderates its comments.
said-this-page-link-is-broken-3 = This page link is broken. Start again from the first page of the list.

# web/binaries/editor.rs
said-this-post-has-no-such = This post has no such attachment.
said-you-have-uploaded-many-times = You have uploaded many times just now.

# web/binaries/files.rs
said-there-is-no-such-file = There is no such file.
said-that-page-of-files-does = That page of files does not exist.

# web/binaries/images.rs
said-many-images-were-scaled-for = Many images were scaled for you just now.

# web/binaries/mod.rs
said-only-the-post-s-author-2 = Only the post's author or an administrator can change its attachments.

# web/settings/mod.rs
said-your-profile-was-saved = Your profile was saved.
said-the-language-of-your-pages = The language of your pages was saved.
said-your-user-name-was-changed = Your user name was changed.
said-your-e-mail-address-was = Your e-mail address was changed.
said-we-sent-a-link-to = We sent a link to the new address: your address changes when you follow it (within a day). Until then it stays as it is.
said-your-password-was-changed-your = Your password was changed; your other sessions were signed out.
said-welcome-we-mailed-a-link = Welcome! We mailed a link to the address you gave: it becomes your account's when you follow it (within a day). Until then, sign in with your user name.

# web/suggestions/mod.rs
said-only-the-post-s-author-3 = Only the post's author or an administrator reviews suggestions.
said-that-revision-of-the-post = That revision of the post does not exist.
said-you-are-suggesting-changes-too = You are suggesting changes too fast.

# web/suggestions/review.rs
said-this-suggestion-was-already-accepted = This suggestion was already accepted or rejected.

## Said by the server (continued)
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/suggestions/review.rs
said-the-post-kept-changing-while = The post kept changing while the suggestion was being saved; it will be saved shortly.

# web/subscriptions/links.rs
said-this-link-no-longer-works = This link no longer works: a confirmation link works once, for two days, and an unsubscribe link until it was used. Subscribe again at /subscribe.

# web/subscriptions/mod.rs
said-this-site-sends-no-mail = This site sends no mail, so it has no subscribers by e-mail: follow its feed instead (/feed.xml).

# web/password_reset/mod.rs
said-mail-is-off-on-this-2 = Mail is off on this site, so no link can be sent: ask an administrator to set a new password (sibyl user reset-password).

# web/password_reset/new_password.rs
said-this-link-has-expired-or-2 = This link has expired or was used already: each link works once, for an hour. Ask for a new one at /password/forgot.

# app/accounts.rs
said-this-site-has-not-been = This site has not been set up yet.
said-too-many-sign-in-attempts = Too many sign-in attempts from your address.
said-too-many-failed-sign-ins = Too many failed sign-ins for this account.
said-too-many-sign-ups-for = Too many sign-ups for this e-mail address.
said-too-many-sign-ups-from = Too many sign-ups from your address.

# app/comments.rs
said-this-comment-looks-automated-and = This comment looks automated and was not posted.
said-the-comment-form-has-expired = The comment form has expired or was not made by this site. Reload the page and try again.
said-you-can-no-longer-comment = You can no longer comment on this site.
said-there-is-no-such-comment = There is no such comment on this post.
said-a-reply-answers-a-published = A reply answers a published comment on the same post.
said-only-its-author-can-change = Only its author can change a comment.
said-only-the-post-s-author-4 = Only the post's author or an administrator can close its comments.
said-pick-at-least-one-comment = Pick at least one comment.
said-too-many-comments-have-come = Too many comments have come from your address.
said-you-are-commenting-too-fast = You are commenting too fast.

# app/confirmations.rs
said-enough-confirmation-links-have-been = Enough confirmation links have been asked for.

# app/passkeys.rs
said-too-many-second-steps-have = Too many second steps have failed from your address.
said-too-many-second-steps-have-2 = Too many second steps have failed for this account: wait a while.

# app/posts.rs
said-only-the-post-s-author-5 = Only the post's author or an administrator can do this.
said-someone-saved-this-text-a = Someone saved this text a moment ago. Open it again and retry.
said-the-post-is-already-written = The post is already written in that language.

# app/sessions.rs
said-that-session-has-ended-already = That session has ended already, or is not yours.

# app/federation/blocks.rs
said-name-the-server-example-social = Name the server (example.social) or account (https://example.social/users/someone) to block.
said-give-the-account-s-address = Give the account's address as its profile links to it (https://example.social/users/someone), or its server's name.
said-a-server-is-blocked-by = A server is blocked by its name, whatever its port: leave the port out.
said-that-is-this-site-s = That is this site's own server: it cannot block itself.

# app/federation/mod.rs
said-the-page-s-cursor-cannot = The page's cursor cannot be read.

# app/federation/remote.rs
said-too-many-keys-were-fetched = Too many keys were fetched from your server lately.

# app/federation/replies.rs
said-this-actor-is-replying-too = This actor is replying too fast.
said-this-server-s-accounts-are = This server's accounts are replying too fast.

# app/federation/requests.rs
said-only-the-account-s-author = Only the account's author or an administrator decides who follows it.
said-no-such-follow-is-waiting = No such follow is waiting.
said-that-account-or-its-server = That account or its server is blocked: its follow was dropped.

# domain/comment.rs
said-a-comment-needs-some-text = A comment needs some text.
said-this-comment-is-too-long = This comment is too long once formatted: shorten it, or use fewer links and fewer characters such as & < > and quotes, which take several bytes each on the page.
said-please-give-a-name-to = Please give a name to sign your comment with.
said-a-name-has-at-most = A name has at most 60 characters, on one line.
said-a-reason-is-one-line = A reason is one line of at most 200 characters.

# domain/post.rs
said-a-description-cannot-hold-control = A description cannot hold control characters.
said-a-revision-note-has-at = A revision note has at most 200 characters.
said-a-revision-note-is-one = A revision note is one line of text.
said-the-tags-field-has-at = The tags field has at most 1024 characters.

# domain/schedule.rs
said-give-the-date-and-time = Give the date and time to publish at, such as 2026-12-24T09:30.
said-that-time-has-passed-schedule = That time has passed: schedule a time to come, or publish now.

# domain/search.rs
said-type-a-word-or-two = Type a word or two to search for.

# domain/session.rs
said-give-the-token-a-name = Give the token a name, such as the program that will use it.
said-a-token-s-name-is = A token's name is one line of text.

# domain/site.rs
said-the-site-needs-a-title = The site needs a title.
said-the-site-needs-a-language = The site needs a language, such as en, fr or en-GB.

# domain/user.rs
said-a-user-name-may-contain = A user name may contain only letters, digits, '_', '-' and '.'.
said-a-user-name-cannot-mix = A user name cannot mix alphabets (for example Latin and Cyrillic letters that look alike).
said-enter-an-e-mail-address = Enter an e-mail address such as name@example.com.
said-user-names-starting-with-deleted = User names starting with "deleted-" are kept for deleted accounts.
said-enter-an-address-that-receives = Enter an address that receives mail.
said-the-two-passwords-differ = The two passwords differ.
said-a-bio-cannot-contain-control = A bio cannot contain control characters.
said-a-homepage-is-an-address = A homepage is an address starting with https:// or http://, at most 200 characters.
said-a-picture-is-the-address = A picture is the address of an image, starting with https://, at most 500 characters.
said-a-display-name-has-at = A display name has at most 64 characters and no control characters.

# domain/post/body.rs
said-a-post-needs-some-text = A post needs some text.

# domain/post/names.rs
said-a-post-needs-a-title = A post needs a title.
said-a-title-cannot-contain-control = A title cannot contain control characters.
said-a-tag-cannot-be-empty = A tag cannot be empty.

## The deployment's own pages, which name no site

deployment-bad-request = Bad request
deployment-unavailable = Unavailable
deployment-unavailable-why = This site cannot be reached just now. Please try again in a moment.
deployment-suspended = Site suspended
deployment-suspended-why = This site is suspended for now. Please come back later.
deployment-unknown = Not found
deployment-unknown-why = No site is served at this address.
said-the-request-names-no-host = The request names no host.

## Said by the server: the writer's desk

said-desk-drafts = Drafts
said-desk-scheduled = Scheduled
said-desk-published = Published
said-desk-started = Started
said-desk-goes-live = Goes live
said-desk-no-drafts = No drafts: what you save as a draft waits here.
said-desk-nothing-scheduled = Nothing scheduled: a draft's page and its editor schedule it.
said-desk-nothing-published = Nothing published yet.

## What the editor's and the passkey forms' scripts say
# { $time }, { $status }, { $reason }: filled in by the script.

editor-autosaved = Draft saved at { $time }.
editor-autosave-failed = The draft could not be saved ({ $status }).
editor-autosave-unreachable = The draft could not be saved: the site is not answering.
passkey-cannot-make = This browser cannot make passkeys.
passkey-cannot-use = This browser cannot use passkeys: sign in from one that can.
passkey-asking = Asking your device…
passkey-checking = Checking…
passkey-not-used = No passkey was used: { $reason }

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# app/comments.rs
said-comments-close-days-after-a = Comments close { $days } days after a post is published; this one is closed.
said-this-post-has-reached-its = This post has reached its limit of { $max-comments-per-post } comments and takes no more.
said-a-comment-can-be-changed = A comment can be changed for { $edit-window-minutes } minutes after it is written; this one no longer can.
said-at-most-comments-can-be = At most { $max-picks } comments can be moved at once.
said-nothing-was-changed = Nothing was changed: { $value }.

# app/factors.rs
said-qr-code-of-the-authenticator = QR code of the authenticator secret for { $value }

# app/formatting.rs
said-this-site-shows-images-from = This site shows images from its own files only, and { $url } is on another site: take it out, save, then add the picture to the post's files and insert it from there.
said-the-server-could-not-format = The server could not format this text within { $value } seconds, as it is busy with others; nothing was saved. Please try again in a moment.

# app/passkeys.rs
said-give-the-passkey-a-name = Give the passkey a name of 1 to { $max-name-chars } characters (where it is kept: “Laptop”, “Phone”).
said-your-account-has-passkeys-the = Your account has { $max-passkeys } passkeys, the most it may have: remove one first.

# app/posts.rs
said-a-post-can-be-translated = A post can be translated into at most { $value } languages.

# app/federation/blocks.rs
said-an-address-longer-than-characters = An address longer than { $max-id-length } characters names no account.
said-the-site-blocks-servers-and = The site blocks { $max-blocks } servers and accounts already, the most there can be: unblock one first.

# app/federation/requests.rs
said-this-account-has-followers-the = This account has { $max-remote-followers } followers, the most it can have: reject some follows, or wait for some to end.

# domain/comment.rs
said-a-comment-has-at-most = A comment has at most { $value } characters; this one has { $chars }.
said-this-comment-takes-too-many-bytes = This comment is too long: it takes { $value } bytes, and a comment takes at most { $value2 } (2,000 characters of most scripts, fewer of those whose characters take 3 or 4 bytes, such as Chinese or emoji).
said-a-comment-has-at-most-2 = A comment has at most { $value } links; this one has { $links }.

# domain/markdown.rs
said-this-text-has-ampersands-more = This text has { $ampersands } ampersands (&), more than the { $max-ampersands } a post may have. Write "and" for some, or split the text into several posts.
said-this-text-makes-more-than = This text makes more than { $max-elements } elements (paragraphs, list items, table cells, emphasis, links...); split it into several posts.
said-this-text-makes-at-least = This text makes at least { $value } KiB of HTML once formatted, more than the { $value2 } KiB a post may have (a link or image given by reference repeats its address wherever it is used). Shorten it, or split it into several posts.

# domain/password.rs
said-a-password-has-at-least = A password has at least { $value } characters.
said-a-password-has-at-most = A password has at most { $value } characters.

# domain/post.rs
said-an-author-keeps-at-most = An author keeps at most { $max-drafts-per-author } drafts on a site. Publish or delete one of them first.
said-a-site-has-at-most = A site has at most { $max-pages } pages. Change one of them instead.
said-a-description-is-characters-long = A description is { $count } characters long; at most { $excerpt-chars } fit.
said-a-title-has-at-most = A title has at most { $value } characters.
said-a-post-body-has-at = A post body has at most { $value } KiB of Markdown.

# domain/schedule.rs
said-a-post-can-be-scheduled = A post can be scheduled at most { $max-days-ahead } days ahead.
said-the-site-has-posts-waiting = The site has { $max-scheduled } posts waiting to be published: publish or unschedule some first.

# domain/search.rs
said-a-search-is-at-most = A search is at most { $max-query-chars } characters long; this one has { $length }.
said-a-search-has-at-most = A search has at most { $max-query-words } different words; this one has { $value }.

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# domain/session.rs
said-a-token-s-name-has = A token's name has at most { $max-label } characters.

# domain/site.rs
said-no-such-choice-of-who = No such choice of who signs in in two steps: { $text }.
said-the-cannot-hold-control-characters = The { $field } cannot hold control characters.
said-the-is-characters-long-at = The { $field } is { $count } characters long; at most { $max } fit.

# domain/user.rs
said-a-user-name-has-to = A user name has { $value } to { $value2 } characters.
said-an-e-mail-address-has = An e-mail address has at most { $value } characters.
said-a-bio-has-at-most = A bio has at most { $value } characters.

# domain/post/names.rs
said-a-tag-has-at-most = A tag has at most { $value } characters.
said-the-tag-may-contain-only = The tag { $tag } may contain only letters, digits, spaces and - _ . + #
said-a-post-has-at-most = A post has at most { $value } tags.

# web/admin.rs
said-no-account-is-called = No account is called { $value }.
said-there-is-no-shelf-in = There is no shelf { $shelf } in the directory.
said-you-cannot-your-own-account = You cannot { $what } your own account; ask another administrator.

# web/archive.rs
said-there-is-no-month-an = There is no month { $year }/{ $number }: an archive month is like /archive/2026/11.
said-nothing-was-published-in-the = Nothing was published in { $value }. The archive lists the months with posts.

# web/error.rs
said-the-form-is-too-large = The form is too large: at most { $value } KiB can be sent.
said-the-form-could-not-be = The form could not be read: { $other }.

# web/feeds.rs
said-no-post-is-tagged-so = No post is tagged “{ $value }”, so it has no feed.

# web/history.rs
said-this-post-has-no-revision = This post has no revision { $number }.

# web/lists.rs
said-this-page-link-is-broken-from = This page link is broken. Start again from { $start }.
# Where a reader starts again after a broken page link; each fills { $start } in said-this-page-link-is-broken-from.
said-start-the-first-page-of-month = the first page of { $month }
said-start-the-first-page-of-the-tag = the first page of the tag
said-start-the-desk-s-first-page = the desk's first page
said-start-the-author-s-first-page = the author's first page
said-start-the-home-page = the home page
said-there-are-no-older-posts = There are no older posts. Go back to { $start }.

# web/locales.rs
said-this-post-has-no-translation = This post has no translation into { $value } ({ $value2 }) yet.

# web/revisions.rs
said-you-are-starting-the-translation = You are starting the { $value } translation from the original text. It stays a draft until you publish it.
said-this-is-your-draft-saved = This is your draft, saved { $value } from revision { $value2 }; it is not a revision yet.{ $changed }
said-someone-saved-this-text-revision = Someone saved this text (revision { $value }) after you opened it. Your text is below: compare it with the history, then save again.

# web/routes.rs
said-the-address-s-query-could-not-why = The address's query could not be read: { $why }.

# web/site_admin.rs
said-no-message-went = No message went: { $e }.
said-the-setting-is-a-box = The { $setting } setting is a box to tick or leave empty.

# web/sites.rs
said-the-request-s-host-is = The request's host is not one: { $e }.

# web/tags.rs
said-no-post-is-tagged = No post is tagged “{ $value }”.

# web/suggestions/mod.rs
said-this-post-has-reached-its-2 = This post has reached its limit of { $max-suggestions-per-post } suggestions and takes no more.

# web/suggestions/review.rs
said-this-post-has-no-suggestion = This post has no suggestion { $id }.

## Descriptions and titles the handlers make
# { $name }: an author's display name; { $tag }: a tag; { $title }: a post's title;
# { $admins }: administrators' names, separated by commas.

author-description = Posts by { $name }.
tag-description = Posts tagged “{ $tag }”.
moderation-comments-on = Comments on “{ $title }”
network-admins-and-more = { $admins } and more

## Notices after a decision on the moderation desk and on /admin/federation, and how the
## fediverse took a post.

# After a bulk decision: how many comments were approved.
moderation-done-approved =
    { $count ->
        [one] 1 comment approved.
       *[other] { $count } comments approved.
    }
moderation-done-rejected =
    { $count ->
        [one] 1 comment rejected.
       *[other] { $count } comments rejected.
    }
moderation-done-spam =
    { $count ->
        [one] 1 comment marked as spam.
       *[other] { $count } comments marked as spam.
    }
moderation-done-deleted =
    { $count ->
        [one] 1 comment deleted.
       *[other] { $count } comments deleted.
    }
# $name is the display name of the commenter banned or let back.
moderation-done-banned = { $name } can no longer comment.
moderation-done-unbanned = { $name } can comment again.
# $target is a server's host name or an account's address.
federation-done-blocked = { $target } is blocked: { $follows ->
        [one] 1 follow
       *[other] { $follows } follows
    } ended, { $comments ->
        [one] 1 comment
       *[other] { $comments } comments
    } deleted.
federation-done-unblocked = { $target } is no longer blocked: what it sends is taken again (its follows and comments do not come back).
# $server is a host name; $count the deliveries to it made due at once.
federation-done-retried = { $server } is delivered to now: { $count ->
        [one] 1 waiting delivery
       *[other] { $count } waiting deliveries
    } due at once.
# Follows federation-done-retried when the server had been set aside.
federation-done-retried-aside = It is no longer set aside: new deliveries go at once.
# Under a post: how many times people on the fediverse liked it ($likes) and shared it ($shares).
fediverse-reactions-liked = Liked { $likes ->
        [1] once
        [2] twice
       *[other] { $likes } times
    } on the fediverse.
fediverse-reactions-shared = Shared { $shares ->
        [1] once
        [2] twice
       *[other] { $shares } times
    } on the fediverse.
fediverse-reactions-both = Liked { $likes ->
        [1] once
        [2] twice
       *[other] { $likes } times
    } and shared { $shares ->
        [1] once
        [2] twice
       *[other] { $shares } times
    } on the fediverse.

## Refusals that begin with what was refused (quoted as it was given).

said-value-is-not-a-site-status-to-set = { $status } is not a status a site can be set to.
said-value-is-not-a-revision-number = { $number } is not a revision number.
said-value-is-not-a-moderation-list = { $list } is not a moderation list: pending, spam or rejected.
said-value-does-not-name-a-comment = { $value } does not name a comment.
said-value-is-not-a-user-name = { $name } is not a user name.
said-value-is-not-an-account = { $id } is not an account.
said-value-is-not-a-month = { $month } is not a month such as 2026-11.
said-value-is-not-a-language-spoken = { $language } is not a language these pages speak: choose one from the list.
# $message is a refusal already said (such as "You are commenting too fast.").
said-value-wait-and-try-again = { $message } Please wait up to { $minutes } minutes and try again.
# $why is what stopped it, said in its own sentence.
said-value-comments-were-moved-then = { $moved } of { $total } comments were moved; then this one could not be: { $why }
said-value-is-not-blocked = { $target } is not blocked.
said-value-is-not-a-comment-id = { $id } is not a comment id.
said-value-is-not-a-comment-state = { $state } is not a comment state.
said-value-is-not-a-host-name = { $host } is not a host name: { $why }
said-value-is-not-a-locale = { $locale } is not a locale: use a language such as en, or a language and country such as en_US
said-value-is-not-a-page-path = { $path } is not a page path: lowercase words of letters, digits and dashes, separated by /
said-value-is-not-a-site-s-status = { $status } is not a site's status
said-value-is-not-a-language-code = { $code } is not a language code: use one such as en, fr or en-GB.
said-value-is-not-an-origin = { $origin } is not an origin: { $why }
said-value-is-not-an-origin-write = { $origin } is not an origin: write a scheme and host, such as https://app.example.com
said-value-does-not-exist-in-zone = { $time } does not exist in { $zone }: the clocks skip that hour. Choose another time.
said-value-is-not-a-post-address = { $address } is not a post address
said-this-text-nests-too-deep = This text nests quotes, lists or HTML elements more than { $depth } levels deep (a list item counts two: the list and the item). Make the deepest parts flatter.
said-this-comment-nests-too-deep = This comment nests quotes, lists or HTML elements more than { $depth } levels deep (a list item counts two: the list and the item). Make the deepest parts flatter.

## What the security page says of a session's program and address.

# How a session's browser reads: $browser ("Firefox 131") on $system ("Linux").
agent-on = { $browser } on { $system }
agent-unknown-on = An unknown browser on { $system }
agent-unknown = An unknown browser
# A session whose program sent no user agent.
agent-unnamed = An unnamed program
# Before the address an API session was made from.
security-made-through-api = signed in through the API
# An API token, made on the account page in $browser ("Firefox 131 on Linux").
security-made-in = made in { $browser }
# A session from before addresses were kept.
security-unknown-address = an unknown address
