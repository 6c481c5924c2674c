# Sibyls Oberfläche auf Deutsch (Sie-Form, wie in Blog-Software üblich).

## Dates

date-at-time = { $date } um { $time } UTC

## Every page's frame

site-nav = Website
search-posts = Beiträge durchsuchen
search-placeholder = Suchen
search-button = Suchen
nav-archive = Archiv
nav-tags = Schlagwörter
nav-desk = Schreibtisch
nav-write = Schreiben
nav-comments = Kommentare
nav-users = Benutzer
nav-files = Dateien
nav-pages = Seiten
nav-fediverse = Fediverse
nav-site = Website
log-out = Abmelden
log-in = Anmelden
sign-up = Registrieren

## Error pages

error-reference = Wenn Sie diesen Fehler melden, nennen Sie bitte die Kennung
error-home = Zurück zur Startseite
error-not-found = Seite nicht gefunden
error-gone = Gelöscht
error-no-longer-here = Nicht mehr hier
error-conflict = Inzwischen geändert
error-bad-request = Das hat nicht geklappt
error-forbidden = Nicht erlaubt
error-sign-in-required = Anmeldung erforderlich
error-second-factor-required = Anmeldung in zwei Schritten erforderlich
error-too-large = Zu groß
error-too-many-attempts = Zu viele Versuche
error-unavailable = Vorübergehend nicht verfügbar
error-busy = Ausgelastet
error-internal = Etwas ist schiefgegangen
said-there-is-nothing-at-this-address = Unter dieser Adresse gibt es nichts.
said-what-was-here-was-deleted = Was hier war, wurde gelöscht, und nichts tritt an seine Stelle.
said-please-sign-in = Bitte melden Sie sich an.
said-the-blog-cannot-reach-its-storage = Der Blog erreicht seinen Speicher gerade nicht. Nichts wurde geändert; bitte versuchen Sie es gleich noch einmal.
said-an-unexpected-error-happened = Bei uns ist ein unerwarteter Fehler aufgetreten. Er wurde protokolliert.
said-this-site-requires-two-step = Diese Website verlangt für Ihr Konto die Anmeldung in zwei Schritten: Fügen Sie zuerst auf Ihrer Sicherheitsseite eine Authenticator-App oder einen Passkey hinzu.
said-an-administrator-s-account-is-kept = Das Konto eines Administrators wird nicht gelöscht: Ein anderer Administrator macht es zuerst zum Autor oder Leser.
said-this-account-still-has-posts = Dieses Konto hat noch Beiträge (auch Entwürfe und geplante): Löschen Sie sie zuerst am Schreibtisch.
authenticator-qr-title = QR-Code des Authenticator-Schlüssels für { $name }

## Lists of posts

byline = Von
comment-count =
    { $count ->
        [0] Keine Kommentare
        [one] 1 Kommentar
       *[other] { $count } Kommentare
    }
more-posts = Weitere Beiträge
newer-posts = ← Neuere Beiträge
older-posts = Ältere Beiträge →
feed-link = Diese Liste abonnieren (Atom-Feed)
nothing-published = Bisher wurde nichts veröffentlicht.
no-older-posts = Keine älteren Beiträge.

## The home page

welcome = Willkommen bei Sibyl
welcome-no-admin = Diese Website hat noch keinen Administrator.
welcome-set-up = Diese Website einrichten
welcome-then = Beim Einrichten entsteht das erste Konto, danach können Sie mit dem Schreiben beginnen.
subscribe-site = Neue Beiträge per E-Mail

## The archive

archive = Archiv
archive-description = Alle Monate, in denen Beiträge erschienen sind.
archive-month = Erschienen im { $month }
archive-month-description = Beiträge, die im { $month } erschienen sind.
other-months = Andere Monate
all-months = Alle Monate

## Tags

tags = Schlagwörter
tags-none = Bisher hat kein Beitrag ein Schlagwort.
tag-posts =
    { $count ->
        [one] 1 Beitrag
       *[other] { $count } Beiträge
    }
more-tags = Weitere Schlagwörter
more-tags-link = Weitere Schlagwörter →
tagged = Schlagwort { $tag }
tagged-heading = Schlagwort „{ $tag }“

## Search

search = Suche
search-quoted = „{ $query }“
this-search = Diese Suche
search-words = Wörter, die jeder gefundene Beitrag in Titel, Text oder Schlagwörtern enthält
search-none-newest = Keiner der neuesten Beiträge enthält alle diese Wörter: Als Nächstes werden ältere durchsucht.
search-none = Kein veröffentlichter Beitrag enthält alle diese Wörter.
more-results = Weitere Ergebnisse
more-results-link = Weitere Ergebnisse →

## An author's page

author-posts = Beiträge
author-no-posts = Noch keine veröffentlichten Beiträge.
author-subscribe = Neue Beiträge von { $name } per E-Mail

## A post's page

languages = Sprachen
in-languages-post = Dieser Beitrag auf:
in-languages-page = Diese Seite auf:
draft-post = Dieser Beitrag ist ein Entwurf: Nur seine Bearbeiter können ihn sehen.
draft-page = Diese Seite ist ein Entwurf: Nur ihre Bearbeiter können sie sehen.
draft-translation = Diese Übersetzung ist ein Entwurf: Nur ihre Bearbeiter können sie sehen.
publish = Veröffentlichen
publish-anew = mit dem heutigen Datum statt dem der ersten Veröffentlichung
scheduled-for = Geplant für den
change-or-cancel = ändern oder absagen
or = oder
schedule-it = planen
suggestion-sent = Danke! Ihr Vorschlag wurde an den Autor geschickt.
suggest-edit = Änderung vorschlagen
editing = Bearbeiten
edit = Bearbeiten
history = Versionen
suggestions = Vorschläge
unpublish = Zurückziehen
delete = Löschen
updated = aktualisiert am
short-link = Kurzlink:
translations = Übersetzungen
translations-none = Noch keine.
draft-mark = (Entwurf)
translate-into = Übersetzen in
translate-example = fr oder fr_CA
translate-start = Beginnen

## Comments

comments = Kommentare
comment-moderation = Kommentarmoderation
moderate-comments = Kommentare moderieren
reopen-comments = Kommentare wieder öffnen
close-comments = Kommentare schließen
older-comments = Ältere Kommentare
newer-comments = Neuere Kommentare
no-newer-comments = Noch keine neueren Kommentare.
no-comments-yet = Noch keine Kommentare.
from-fediverse = aus dem Fediverse
edited = bearbeitet
reply = Antworten
awaiting-moderation = Warten auf Freigabe
awaiting-moderation-mark = wartet auf Freigabe
reply-to = Antwort an { $name }
cancel-reply = (abbrechen)
write-comment = Einen Kommentar schreiben
your-name = Ihr Name
your-email = Ihre E-Mail-Adresse (wird nie angezeigt)
leave-empty = Dieses Feld leer lassen
comment-field = Kommentar: Absätze, *Hervorhebung*, `Code` und [Links](https://example.com)
comments-moderated = Kommentare werden vor dem Erscheinen geprüft.
send = Senden
sign-in = Anmelden

## Signing in and up

password-reset-done = Ihr neues Passwort ist gesetzt: Melden Sie sich damit an.
user-name-or-email = Benutzername oder E-Mail-Adresse
password = Passwort
forgot-password = Passwort vergessen?
passkey-instead = Oder ohne Passwort, mit einem Passkey auf diesem Gerät oder Ihrem Telefon:
sign-in-passkey = Mit einem Passkey anmelden
sign-up-why = Mit einem Konto können Sie sich anmelden; ein Administrator kann Sie zum Autor machen.
user-name-rules = Benutzername (3 bis 32 Buchstaben, Ziffern, _ - .)
email = E-Mail-Adresse
password-rules = Passwort (mindestens 10 Zeichen)
password-again = Passwort wiederholen
create-account = Konto anlegen
have-account = Sie haben schon ein Konto?

## Passwords forgotten

forgotten-password = Passwort vergessen
reset-mail-off = Diese Website verschickt keine E-Mails, daher kann kein Link gesendet werden. Bitten Sie einen Administrator, Ihnen ein neues Passwort zu setzen.
reset-sent = Falls ein Konto die Adresse { $address } hat, ist eine Nachricht mit einem Link unterwegs. Der Link funktioniert einmal, eine Stunde lang. Nichts angekommen? Sehen Sie im Spam-Ordner nach oder fragen Sie in ein paar Minuten erneut.
back-to-log-in = Zurück zur Anmeldung
reset-ask = Geben Sie die E-Mail-Adresse Ihres Kontos an: Dorthin wird ein Link geschickt, mit dem Sie ein neues Passwort wählen.
email-address = E-Mail-Adresse
send-link = Link schicken
new-password = Neues Passwort
choose-new-password = Neues Passwort wählen
new-password-rules = Neues Passwort (mindestens 10 Zeichen)
same-again = Noch einmal dasselbe
set-password = Neues Passwort setzen
reset-ends-sessions = Alle Sitzungen des Kontos enden: Melden Sie sich mit dem neuen Passwort wieder an.

## Subscribing by e-mail

subscribe = Abonnieren
subscribe-to-author = Beiträge von { $name } abonnieren
subscribe-to-site = { $site } abonnieren
subscribe-mail-off = Diese Website verschickt keine E-Mails und hat daher keine Abonnenten per E-Mail.
follow-feed = Folgen Sie stattdessen ihrem Feed.
subscribe-sent = Sofern { $address } nicht schon abonniert ist, ist eine Nachricht mit einem Bestätigungslink unterwegs. Der Link gilt zwei Tage; bis Sie ihm folgen, wird nichts verschickt.
subscribe-what-author = Jeder neue Beitrag dieses Autors per E-Mail: Titel, erste Zeilen und ein Link. Jede Nachricht enthält einen Link, mit dem Sie sich mit einem Klick abmelden.
subscribe-what-site = Jeder neue Beitrag per E-Mail: Titel, erste Zeilen und ein Link. Jede Nachricht enthält einen Link, mit dem Sie sich mit einem Klick abmelden.

## The language of an account's pages

# This language's name, in itself.
language-name = Deutsch
language-setting = Sprache
language-of-pages = Die Sprache dieser Seiten
language-of-browser = Die meines Browsers
save-language = Sprache speichern

## An account's own page

your-account = Ihr Konto
signed-in-as = Angemeldet als
role-admin = Administrator
role-author = Autor
role-reader = Leser
network-admin-you = Sie sind einer der Netzwerk-Administratoren dieser Installation:
network-every-site = alle Websites, die sie betreibt
profile = Profil
display-name = Anzeigename
bio = Über mich
homepage = Homepage
picture = Bild (die Adresse eines Bildes von Ihnen)
save-profile = Profil speichern
user-name = Benutzername
new-user-name = Neuer Benutzername
current-password = Aktuelles Passwort
change-user-name = Benutzernamen ändern
no-confirmed-address = Ihr Konto hat noch keine bestätigte Adresse: Folgen Sie dem Link, der an die Adresse Ihrer Registrierung geschickt wurde, oder geben Sie hier eine an.
new-email-address = Neue E-Mail-Adresse
change-email-address = E-Mail-Adresse ändern
email-change-mailed = An die neue Adresse wird ein Link geschickt; sie gilt, sobald Sie ihm folgen.
email-change-at-once = Diese Website verschickt keine E-Mails, daher gilt die neue Adresse sofort, unbestätigt.
new-password-again = Neues Passwort wiederholen
change-password = Passwort ändern
sessions-and-tokens = Sitzungen und Token
see-sessions = Sehen, wo Ihr Konto angemeldet ist
sessions-what = Jeder Browser und jedes API-Token, die Sie jeweils beenden können, und Token für Programme.
delete-account = Konto löschen
delete-account-what = Sie werden endgültig abgemeldet, und Ihr Benutzername und Ihre Adresse werden frei.

## Editing a comment

edit-your-comment = Ihren Kommentar bearbeiten
comment-on = Zu
comment-edit-window = Ein Kommentar kann 15 Minuten lang nach dem Schreiben geändert werden.
save = Speichern
delete-this-comment = Diesen Kommentar löschen

## The second step of signing in

two-step-sign-in = Anmeldung in zwei Schritten
second-step-code = Ihr Passwort war richtig. Geben Sie jetzt den sechsstelligen Code ein, den Ihre Authenticator-App für diese Website anzeigt, oder einen Ihrer Wiederherstellungscodes.
code = Code
second-step-passkey = Ihr Passwort war richtig. Verwenden Sie jetzt Ihren Passkey für diese Website.
second-step-or-passkey = Oder verwenden Sie stattdessen Ihren Passkey:
use-passkey = Passkey verwenden
second-step-no-https = Der zweite Schritt Ihres Kontos ist ein Passkey, und Browser bieten Passkeys nur Websites an, die über HTTPS (oder auf localhost) laufen: Die Adresse dieser Website gehört nicht dazu. Bitten Sie den Betreiber der Website, die Anmeldung in zwei Schritten für Ihr Konto abzuschalten.
second-step-lost = Authenticator, Passkeys und Wiederherstellungscodes verloren? Der Betreiber der Website kann die Anmeldung in zwei Schritten für Ihr Konto abschalten.

comments-closed-page = Seiten nehmen keine Kommentare an.
comments-closed-unpublished = Kommentare sind möglich, sobald der Beitrag veröffentlicht ist.
comments-closed-by-editors = Die Kommentare zu diesem Beitrag sind geschlossen.
comments-closed-after =
    { $count ->
        [one] Kommentare schließen 1 Tag nach der Veröffentlichung eines Beitrags; bei diesem sind sie geschlossen.
       *[other] Kommentare schließen { $count } Tage nach der Veröffentlichung eines Beitrags; bei diesem sind sie geschlossen.
    }
comments-sign-in = Melden Sie sich an, um zu kommentieren.
comment-published = Danke! Ihr Kommentar ist veröffentlicht.
comment-pending = Danke! Ihr Kommentar wartet auf Freigabe.

## Administration: the site's settings, users, pages and moderation log

## The site's settings (admin/site.html)

site-what = Wie die Website sich nennt: im Kopf und im Titel jeder Seite, in ihren Feeds und in Linkvorschauen.
site-saved = Gespeichert.
site-title = Titel
site-tagline = Untertitel, unter dem Titel (darf leer sein)
site-description = Beschreibung, für Suchmaschinen und Linkvorschauen
site-language = Sprache, ein Code wie en, fr oder en-GB
site-footer = Fußzeile, eine Zeile reiner Text am Fuß jeder Seite (darf leer sein)
site-privacy = Datenschutz
site-own-images-only = Nur Bilder aus den eigenen Dateien dieser Website anzeigen
site-own-images-only-what = Die Browser der Leser laden dann kein Bild von einer anderen Website (die sonst erführe, wer was liest): Texte, die eines zeigen, werden abgelehnt, Bilder von anderswo, die schon in Beiträgen stehen, und Autorenbilder von anderswo werden nicht angezeigt, und Importe holen die Bilder anderer Websites in die Dateien dieser Website, soweit die Adressregeln es erlauben.
site-fediverse = Fediverse
site-fediverse-off = Diese Website aus dem Fediverse heraushalten
site-fediverse-off-what = Leser auf Mastodon und anderen ActivityPub-Servern können der Website und ihren Autoren folgen, ihre Beiträge sehen und darauf antworten. Herausgehalten hat die Website keine Akteure, beantwortet keine WebFinger- oder NodeInfo-Anfrage, nimmt keine Aktivität an und stellt nichts zu (was wartet, geht hinaus, sobald sie wieder dabei ist).
site-fediverse-pages = Statische Seiten ebenfalls ins Fediverse senden
site-fediverse-pages-what = Seiten (Über uns, Kontakt) erreichen Follower dann wie Beiträge, wenn sie veröffentlicht, überarbeitet oder zurückgezogen werden; Antworten nehmen sie nicht an, so wie sie keine Kommentare annehmen. Das Ankreuzen sendet die in den letzten zwei Tagen veröffentlichten Seiten (und die, die beim letzten Abwählen zurückgezogen wurden); das Abwählen zieht die gesendeten Seiten zurück.
site-second-factor = Anmeldung in zwei Schritten verlangt von
site-second-factor-nobody = niemandem (jedes Konto entscheidet selbst)
site-second-factor-admins = Administratoren
site-second-factor-staff = Autoren und Administratoren
site-second-factor-everyone = jedem Konto
site-second-factor-what = Ein betroffenes Konto meldet sich mit seinem Passwort und einem Code aus einer Authenticator-App oder einem Passkey an (oder allein mit einem Passkey). Eines, das noch keins von beiden hat, wird bei der Anmeldung aufgefordert, eines hinzuzufügen, und kann erst danach schreiben, veröffentlichen, moderieren oder die Website ändern.
site-mail = E-Mail
site-mail-on-through = E-Mails gehen über
site-mail-on-from = , Absender
site-mail-on-end = .
site-mail-test-sent = Eine Testnachricht ging an { $address }: Prüfen Sie, ob sie angekommen ist.
site-mail-send-test = Testnachricht an { $address } senden
site-mail-off-start = E-Mail ist abgeschaltet: Diese Website verschickt keine E-Mails. Starten Sie Sibyl mit
site-mail-off-and = und
site-mail-off-or = (oder
site-mail-off-end = ), um sie einzuschalten.

## The administrators' list of accounts (admin/users.html)

admin-users-members = Mitglieder
admin-users-find-by = Nach Benutzername oder E-Mail-Adresse suchen
admin-users-find = Suchen
admin-users-shelves = Konten nach Anfangsbuchstabe
admin-users-newest = neueste
admin-users-shelf-other = andere
admin-users-role = Rolle
admin-users-status = Status
admin-users-joined = Beigetreten
admin-users-desk = Schreibtisch
admin-users-you = (Sie)
admin-users-role-of = Rolle von { $name }
admin-users-set = Festlegen
admin-users-deleted = gelöscht
admin-users-banned = gesperrt
admin-users-active = aktiv
admin-users-ban = Sperren
admin-users-unban = Entsperren
admin-users-next = Nächste Seite

## The administrators' list of the site's pages (admin/pages.html)

admin-pages-what = Die Seiten der Website (Über uns, Kontakt): geschrieben und überarbeitet wie Beiträge, nach der Veröffentlichung in der Navigation aufgeführt, nie auf der Startseite, in Feeds oder unter Schlagwörtern. Höchstens { $max }.
admin-pages-new = Neue Seite
admin-pages-none = Noch keine Seiten.
admin-pages-title = Titel
admin-pages-status = Status
admin-pages-made = Erstellt
admin-pages-published = Veröffentlicht, in der Navigation
admin-pages-draft = Entwurf

## The log of comment moderation (admin/comment_log.html)

comment-log-title = Moderationsprotokoll
comment-log-heading = Moderationsprotokoll, { $month }
comment-log-none = In diesem Monat wurde nichts moderiert.
comment-log-when = Wann
comment-log-who = Wer
comment-log-comment = Kommentar
comment-log-from = Von
comment-log-to = Nach
comment-log-reason = Grund
comment-log-on = zu { $title }
comment-log-pending = ausstehend
comment-log-approved = freigegeben
comment-log-rejected = abgelehnt
comment-log-spam = Spam
comment-log-deleted = gelöscht
comment-log-older = Ältere Einträge

## Writing, editing and reviewing posts

## Writing a post or a page (posts/write.html)

write-new-page = Neue Seite
write-heading-post = Einen Beitrag schreiben
write-heading-page = Eine Seite schreiben
write-page-what = Eine Seite (Über uns, Kontakt) erscheint in der Navigation der Website, nicht auf der Startseite, in Feeds oder unter Schlagwörtern.
editor-preview-heading = Vorschau
editor-not-saved = (nicht gespeichert)
editor-title = Titel
editor-text = Text (Markdown)
editor-tags = Schlagwörter, durch Kommas getrennt
editor-language = Sprache: ein Code wie en oder en_US, oder leer
editor-save-schedule = Speichern und planen…
editor-save-draft = Entwurf speichern
editor-preview = Vorschau
editor-files = Dateien
write-files-what = Bilder und andere Dateien gehören zu ihrem Beitrag: Speichern Sie diesen als Entwurf, dann öffnet sich der Editor mit seinen Dateien, bereit zum Hochladen.
write-save-add-files = Entwurf speichern und Dateien hinzufügen

## Editing a post, a page or a translation (posts/edit.html)

post-edit-heading = Beitrag bearbeiten
post-edit-heading-translation = Übersetzung bearbeiten: { $language }
editor-view-post = Beitrag ansehen
editor-view-page = Seite ansehen
post-edit-from-revision = Bearbeitung auf Grundlage von Version { $revision }
post-edit-published = veröffentlicht
post-edit-discard-draft = Entwurf verwerfen
post-edit-tags-of-post = Die Schlagwörter gehören zum Beitrag: { $tags }
post-edit-message = Was sich geändert hat (wird in den Versionen angezeigt)
post-edit-save = Neue Version speichern
post-edit-save-publish = Speichern und veröffentlichen
post-edit-no-files = Noch keine Dateien. Bilder werden passend verkleinert angezeigt, andere Dateien zum Herunterladen angeboten.
post-edit-insert = In den Text einfügen
post-edit-remove = Entfernen
post-edit-add-files = Bilder oder Dateien hinzufügen
post-edit-upload = Hochladen
post-edit-files-log = Verarbeitungsprotokoll der Dateien des Beitrags

## Deleting a post or a page (posts/delete.html)

post-delete-heading = „{ $title }“ löschen?
post-delete-what-post = Dies löscht den Beitrag endgültig, mit allem, was dazugehört:
post-delete-what-page = Dies löscht die Seite endgültig, mit allem, was dazugehört:
post-delete-revisions =
    { $count ->
        [one] den Text und { $count } Version, mit allen Übersetzungen und Entwürfen;
       *[other] den Text und { $count } Versionen, mit allen Übersetzungen und Entwürfen;
    }
post-delete-comments =
    { $count ->
        [one] { $count } Kommentar und die Vorschläge dazu;
       *[other] { $count } Kommentare und die Vorschläge dazu;
    }
post-delete-files = die Dateien (Bilder und Anhänge), sofern kein anderer Beitrag dieselbe Datei verwendet;
post-delete-place = den Platz auf der Startseite, in Feeds, unter Schlagwörtern, im Archiv, in der Sitemap und in der Suche.
post-delete-address-before = Die Adresse und der Kurzlink (
post-delete-address-after = ) melden Besuchern die Löschung; kein anderer Beitrag übernimmt sie. Das lässt sich nicht rückgängig machen.
post-delete-confirm = Endgültig löschen
post-delete-keep = Behalten

## Scheduling a draft's publication (posts/schedule.html)

schedule-title = Planen
schedule-heading = „{ $title }“ planen
schedule-back = Zurück zum Entwurf
schedule-live-before = Wird am
schedule-live-after = { " " }veröffentlicht.
schedule-cancel = Planung aufheben
schedule-date-time = Datum und Uhrzeit
schedule-zone = Zeitzone
schedule-what = Bis dahin bleibt der Text ein Entwurf; dann erscheint er mit diesem Datum: auf der Startseite, in Feeds und Sitemaps und unter seinen Schlagwörtern.
schedule-change = Zeitpunkt ändern
schedule-button = Planen

## Suggesting an edit (posts/suggest.html)

suggest-based-on = auf Grundlage von Version { $revision }. Der Autor sieht Ihre Fassung neben seiner eigenen.
suggest-back = Zurück zum Beitrag
suggest-note = Eine Notiz für den Autor
suggest-send = Vorschlag senden

## One suggestion (posts/suggestion.html)

suggest-title = Vorschlag { $id }
suggest-from = Von { $name },
suggest-on-revision = , auf Grundlage von Version { $revision }
suggest-newer-base = (der Beitrag ist inzwischen bei Version { $revision }: Annehmen ersetzt den neueren Text, der in den Versionen erhalten bleibt)
suggest-state-open = offen
suggest-state-accepted = angenommen
suggest-state-rejected = abgelehnt
suggest-all = Alle Vorschläge
suggest-accept = Als neue Version annehmen
suggest-reject = Ablehnen

## A post's suggestions (posts/suggestions.html)

suggest-list-heading = Vorschläge zu „{ $title }“
suggest-none = Bisher hat niemand eine Änderung vorgeschlagen.
suggest-col-suggestion = Vorschlag
suggest-col-from = Von
suggest-col-sent = Gesendet
suggest-col-note = Notiz
suggest-col-state = Status

## A post's history (posts/history.html)

history-heading = Versionen von „{ $title }“
history-heading-translation = Versionen von „{ $title }“ ({ $language })
history-revisions = Versionen
history-col-from = Von
history-col-to = Bis
history-col-revision = Version
history-col-title = Titel
history-col-saved = Gespeichert
history-col-by = Autor
history-col-note = Notiz
history-compare-from = Vergleichen ab Version { $revision }
history-compare-to = Vergleichen bis Version { $revision }
history-current = (aktuell)
history-compare = Vergleichen
history-newest = Neueste Versionen
history-older = Ältere Versionen

## One revision (posts/revision.html)

revision-title = Version { $number }
revision-saved = Version { $number }, gespeichert von { $author } am
revision-saved-current = Version { $number } (die aktuelle), gespeichert von { $author } am
revision-saved-after = : { $message }.
revision-restore = Diese Version wiederherstellen

## The changes between two revisions (posts/diff.html)

diff-title = Änderungen
diff-heading = Version { $from } → { $to }
diff-revision = Version { $number }

## Account security

## The security page: two-step sign-in, passkeys, sessions and API tokens

security-signed-in-here = alle Browser und Programme, die damit angemeldet sind
security-factors-on = Bei der Anmeldung wird nach Ihrem Passwort ein Code aus Ihrer Authenticator-App abgefragt (hinzugefügt am
security-codes-left-before = ). Noch{ " " }
security-codes-left-after =
    { $count ->
        [one] { " " }Ihrer Wiederherstellungscodes ist unbenutzt.
       *[other] { " " }Ihrer Wiederherstellungscodes sind unbenutzt.
    }
security-replace-authenticator = Zu einer anderen Authenticator-App wechseln
security-new-codes = Neue Wiederherstellungscodes erstellen
security-remove-authenticator = Authenticator-App entfernen
security-factors-passkey = Nach dem Passwort wird bei der Anmeldung Ihr Passkey abgefragt. Eine Authenticator-App kann ein zweiter Weg durch diesen Schritt sein.
security-factors-off = Ihr Konto wird allein mit seinem Passwort angemeldet. Mit einer Authenticator-App oder einem Passkey genügt ein gestohlenes Passwort nicht.
security-passkeys = Passkeys
security-passkeys-what = Ein Passkey meldet Sie ohne Passwort an: Ihr Gerät bewahrt ihn auf und entsperrt ihn mit Ihrem Fingerabdruck, Ihrem Gesicht oder Ihrer PIN. Niemand kann ihn abphishen, und die Website speichert kein Geheimnis davon.
security-no-passkeys = Ihr Konto hat keinen Passkey.
security-passkey-elsewhere = erstellt auf { $site }, meldet nur dort an
security-passkey-added = hinzugefügt am
security-last-used = zuletzt verwendet am
security-passkey-never-used = noch nie verwendet
security-passkey = Passkey
security-remove-passkey = Diesen Passkey entfernen
security-passkey-name = Name (wo er aufbewahrt wird)
security-add-passkey = Passkey hinzufügen
security-passkeys-not-here = Passkeys funktionieren auf Websites, die unter einem Hostnamen über HTTPS (oder auf localhost) laufen; die Adresse dieser Website gehört nicht dazu.
security-browsers = Angemeldete Browser
security-this-one = dieser hier
security-from = von { $address }
security-on-site = auf { $site }
security-began = begonnen am
security-last-seen = zuletzt aktiv am
security-end-session = Sitzung von { $what } (von { $address }) beenden
security-end = Beenden
security-end-others = Überall sonst abmelden
security-end-others-what = Meldet alle anderen Browser ab und widerruft alle API-Token auf einmal.
security-also-ended = Eine Änderung Ihres Passworts oder eine Sperrung durch einen Administrator beendet ebenfalls alle anderen Sitzungen und Token.
security-tokens = API-Token
security-tokens-api-before = Programme, die die JSON-API nutzen (beschrieben unter
security-tokens-api-middle = ), melden sich mit einem Token an: Senden Sie es als
security-tokens-api-after = .
security-token-made-before = Das Token{ " " }
security-token-made-after = { " " }wurde erstellt. Kopieren Sie es jetzt: Es wird nicht noch einmal angezeigt.
security-token = Token
security-no-tokens = Kein Programm ist bei Ihrem Konto angemeldet.
security-token-made-on = am
security-token-until = gültig bis
security-revoke-token = Token „{ $what }“ widerrufen
security-revoke = Widerrufen
security-make-token = Token erstellen
security-token-name = Name (was es verwenden wird)

## Adding an authenticator app

authenticator-add = Authenticator-App hinzufügen
authenticator-sessions-and-security = Sitzungen und Sicherheit
authenticator-required-before = Diese Website verlangt für Ihr Konto die Anmeldung in zwei Schritten: Fügen Sie hier eine Authenticator-App hinzu oder einen Passkey auf Ihrer{ " " }
authenticator-required-link = Sicherheitsseite
authenticator-required-after = , um fortzufahren.
authenticator-replacing = Dies ersetzt die Authenticator-App Ihres Kontos: Deren Codes funktionieren dann nicht mehr.
authenticator-step-scan = Fügen Sie in einer Authenticator-App (etwa Aegis, FreeOTP, Google Authenticator oder 1Password) ein Konto hinzu, indem Sie diesen Code scannen:
authenticator-step-type = oder indem Sie diesen Schlüssel eingeben:
authenticator-step-code = Geben Sie den sechsstelligen Code ein, den die App jetzt anzeigt, und Ihr Passwort.
authenticator-code = Code aus der App
authenticator-add-button = Authenticator hinzufügen
authenticator-ends-sessions = Das Hinzufügen meldet alle anderen Browser ab und widerruft alle API-Token Ihres Kontos.

## Recovery codes, shown once

recovery-codes = Wiederherstellungscodes
recovery-authenticator-added = Ihre Authenticator-App wurde hinzugefügt: Bei der Anmeldung wird nach Ihrem Passwort jetzt einer ihrer Codes abgefragt.
recovery-what-before = Wenn Sie Ihre Authenticator-App verlieren, meldet Sie jeder dieser Codes einmal anstelle eines ihrer Codes an. Bewahren Sie sie sicher auf, getrennt von Ihrem Passwort:{ " " }
recovery-what-strong = Die Codes werden nicht noch einmal angezeigt
recovery-what-after = , und alle Codes, die Sie vorher hatten, funktionieren nicht mehr.
recovery-download = Als Textdatei herunterladen
recovery-back = Zurück zu Sitzungen und Sicherheit

## Accounts, subscriptions, the desk and files

## Deleting an account (account/delete.html)

account-delete-title = Ein Konto löschen
account-delete-own-question = Ihr Konto löschen?
account-delete-other-question = Das Konto { $name } löschen?
account-delete-back = Zurück
account-delete-own-intro = Damit wird Ihr Konto endgültig gelöscht:
account-delete-other-intro-before = Damit wird das Konto
account-delete-other-intro-after = endgültig gelöscht:
account-delete-signed-out = es wird überall abgemeldet und kann sich nie wieder anmelden;
account-delete-comments-removed = seine Kommentare werden entfernt;
account-delete-comments-stay = seine Kommentare bleiben, unterzeichnet mit „deleted user“;
account-delete-names-freed = sein Benutzername und seine E-Mail-Adresse werden frei: Jeder kann sich damit registrieren;
account-delete-erased = sein Name, sein Profil und seine Adresse werden gelöscht; die Versionen und Vorschläge, die es geschrieben hat, bleiben erhalten, unter dem Namen, unter dem sie geschrieben wurden.
account-delete-cannot-undo = Das lässt sich nicht rückgängig machen.
account-delete-password = Ihr Passwort
account-delete-mine = Mein Konto löschen
account-delete-this = Dieses Konto löschen
account-delete-keep = Behalten

## An account deleted (account/deleted.html)

deleted-title = Konto gelöscht
deleted-own = Ihr Konto { $name } ist gelöscht, und Sie sind abgemeldet.
deleted-other = Das Konto { $name } ist gelöscht.
deleted-home = Startseite

## Confirming a new e-mail address (account/confirm_email.html)

confirm-title = Bestätigen Sie Ihre E-Mail-Adresse
confirm-done-title = Ihre E-Mail-Adresse ist geändert
confirm-done-before = Das Konto
confirm-done-middle = hat jetzt die Adresse
confirm-done-after = .
confirm-back-to-account = Zurück zu Ihrem Konto
confirm-ask-before = Das Konto
confirm-ask-middle = erhält die Adresse
confirm-ask-after = : Anmeldungen, Links zum Zurücksetzen des Passworts und Mitteilungen gehen ab dann dorthin.
confirm-button = Diese Adresse bestätigen

## Setting up a new site (account/setup.html)

setup-title = Einrichten
setup-intro = Legen Sie das Administratorkonto an. Es kann Beiträge schreiben und später Benutzer und Kommentare verwalten.
setup-display-name = Anzeigename (optional)
setup-create = Administrator anlegen

## Confirming or ending a subscription (subscriptions/subscription.html)

subscription-title = Abonnement
subscription-confirm-title = Bestätigen Sie Ihr Abonnement
subscription-unsubscribe-title = Abbestellen
subscription-about-on = { $about } auf { $site }
subscription-about-site = jeden neuen Beitrag
subscription-about-author = neue Beiträge von { $name }
subscription-about-author-gone = die neuen Beiträge eines Autors
subscription-will-receive = { $email } erhält künftig { $what }.
subscription-receives = { $email } erhält { $what }.
subscription-confirm-button = Bestätigen
subscription-unsubscribe-button = Abbestellen
subscription-subscribed-title = Ihr Abonnement ist aktiv
subscription-unsubscribed-title = Ihr Abonnement ist beendet
subscription-subscribed = { $email } erhält ab jetzt { $what }. Jede Nachricht enthält einen Link zum Abbestellen.
subscription-unsubscribed = { $email } erhält { $what } nicht mehr.
subscription-home = Startseite

## A writer's desk (desk.html)

desk-yours = Ihr Schreibtisch
desk-of = Schreibtisch von { $name }
desk-write-post = Beitrag schreiben
desk-download = Ihre Beiträge als Markdown herunterladen (ZIP)
desk-followers = Follower im Fediverse
desk-tabs = Beiträge nach Status
desk-table = Beiträge
desk-title = Titel
desk-comments-waiting = Wartende Kommentare
desk-suggestions-open = Offene Vorschläge
desk-tools = Aktionen
desk-pending =
    { $count ->
        [one] { $count } wartet
       *[other] { $count } warten
    }
desk-no-comments = keine
desk-suggested = { $count } offen
desk-no-suggestions = keine

## Files (binaries/admin.html, binaries/log.html, binaries/table.html)

files-admin-intro = Jede auf dieser Website angehängte Datei, die neueste zuerst, und der Zustand ihrer Daten (OK, ERROR, RETRY). Das Protokoll der Dateien eines Beitrags ist bei jedem Kontext verlinkt.
files-no-older = Keine älteren Dateien.
files-none-yet = Bisher wurde keine Datei angehängt.
files-table = Dateien
files-file = Datei
files-context = Kontext
files-type = Typ
files-size = Größe
size-bytes =
    { $count ->
        [one] 1 Byte
       *[other] { $count } Byte
    }
size-kib = { $size } KiB
size-mib = { $size } MiB
size-gib = { $size } GiB
file-status-ok = Bereit
file-status-error = Abgewiesen
file-status-retry = Wird erneut abgerufen
file-status-missing = Fehlt
files-status = Status
files-added = Hinzugefügt
files-log = Protokoll
files-post-log = Protokoll des Beitrags
files-newest = Neueste Dateien
files-older = Ältere Dateien
files-log-title = Dateiprotokoll
files-of-post = Dateien von „{ $title }“
files-of-context = Dateien von { $context }
files-the-post = Der Beitrag
files-edit-attachments = Anhänge bearbeiten
files-all-log = Das Protokoll aller Dateien
files-context-code = Kontext
files-post-none = Der Beitrag hat derzeit keine Dateien.
files-processing-log = Verarbeitungsprotokoll
files-nothing-logged = Es wurde nichts protokolliert.
files-when = Zeitpunkt
files-reference = Referenz
files-what-happened = Was geschah

## Mail
# Mail goes to a member in the language they chose, else in the site's; to a subscriber
# in the site's. { $site } is always the site's title.

# The end of a sentence that closes on a link.
mail-full-stop = .

## What a subscription is to

mail-about-site = alles Neue auf { $site }
mail-about-site-posts = die Beiträge von { $site }
# { $author } is an author's display name.
mail-about-author = die Beiträge von { $author } auf { $site }

## Confirming a subscription

mail-subscribe-subject = Bestätigen Sie Ihr Abonnement von { $site }
mail-subscribe-title = Bestätigen Sie Ihr Abonnement
# { $about } is one of the "What a subscription is to" messages.
mail-subscribe-asked = Jemand, vermutlich Sie, möchte { $about } per E-Mail erhalten.
mail-subscribe-open =
    { $count ->
        [one] Öffnen Sie zur Bestätigung diesen Link innerhalb einer Stunde:
       *[other] Öffnen Sie zur Bestätigung diesen Link innerhalb von { $count } Stunden:
    }
mail-subscribe-link = Bestätigen Sie das Abonnement
# After the link "Confirm the subscription".
mail-subscribe-within =
    { $count ->
        [one] innerhalb einer Stunde.
       *[other] innerhalb von { $count } Stunden.
    }
mail-subscribe-not-you = Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Es wird nichts verschickt.

## A new post, to its subscribers

# Under the post's title: { $author } wrote it.
mail-post-byline = von { $author }, auf { $site }
mail-post-read = Weiterlesen: { $url }
mail-post-read-link = Auf { $site } weiterlesen
mail-post-why = Sie erhalten diese Nachricht, weil Sie { $about } abonniert haben.
mail-post-unsubscribe = Mit einem Klick abbestellen: { $url }
mail-post-unsubscribe-link = Abbestellen
# After the link "Unsubscribe".
mail-post-one-click = mit einem Klick.

## A password reset link

mail-reset-subject = Ihr Passwort auf { $site }
mail-reset-asked = Jemand, vermutlich Sie, möchte das Passwort des Kontos { $username } auf { $site } zurücksetzen.
mail-reset-open =
    { $count ->
        [one] Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb einer Minute (er funktioniert nur einmal):
       *[other] Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von { $count } Minuten (er funktioniert nur einmal):
    }
mail-reset-link = Wählen Sie ein neues Passwort
# After the link "Choose a new password".
mail-reset-within =
    { $count ->
        [one] innerhalb einer Minute (der Link funktioniert nur einmal).
       *[other] innerhalb von { $count } Minuten (der Link funktioniert nur einmal).
    }
mail-not-you = Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Es ändert sich nichts.

## Confirming a new e-mail address

mail-confirm-subject = Bestätigen Sie Ihre E-Mail-Adresse auf { $site }
mail-confirm-title = Bestätigen Sie Ihre Adresse auf { $site }
mail-confirm-asked = Jemand, vermutlich Sie, möchte die E-Mail-Adresse des Kontos { $username } auf { $site } in { $address } ändern.
mail-confirm-open =
    { $count ->
        [one] Um diese Adresse zu bestätigen, öffnen Sie diesen Link innerhalb einer Stunde (er funktioniert nur einmal):
       *[other] Um diese Adresse zu bestätigen, öffnen Sie diesen Link innerhalb von { $count } Stunden (er funktioniert nur einmal):
    }
mail-confirm-link = Bestätigen Sie diese Adresse
# After the link "Confirm this address".
mail-confirm-within =
    { $count ->
        [one] innerhalb einer Stunde (der Link funktioniert nur einmal).
       *[other] innerhalb von { $count } Stunden (der Link funktioniert nur einmal).
    }

## The old address told of a new one

mail-changed-subject = Ihre E-Mail-Adresse auf { $site } wurde geändert
mail-changed-title = Ihre Adresse auf { $site } wurde geändert
mail-changed-what = Die E-Mail-Adresse des Kontos { $username } auf { $site } wurde in { $address } geändert.
mail-changed-then = E-Mails für dieses Konto gehen ab jetzt dorthin. Falls Sie das nicht veranlasst haben, antworten Sie sofort auf diese Nachricht oder wenden Sie sich umgehend an einen Administrator von { $site }.

## An address asked for that has an account

mail-taken-subject = Jemand wollte Ihre Adresse auf { $site } verwenden
mail-taken-what = Jemand wollte diese Adresse auf { $site } einem Konto zuordnen, bei der Registrierung oder beim Ändern der Adresse eines Kontos. Sie gehört dort bereits zu einem Konto, { $username }, daher hat sich nichts geändert.
mail-taken-sign-in = Falls Sie es waren, melden Sie sich an: { $url }
mail-taken-reset = Passwort vergessen? Fordern Sie ein neues an: { $url }
# "If it was you, <link>sign in</link>."
mail-taken-if-you = Falls Sie es waren,
mail-taken-sign-in-link = melden Sie sich an
mail-taken-forgot = Passwort vergessen?
mail-taken-ask-link = Fordern Sie ein neues an
mail-taken-not-you = Falls Sie es nicht waren, müssen Sie nichts tun.

## A new sign-in

mail-sign-in-subject = Neue Anmeldung bei Ihrem Konto auf { $site }
mail-sign-in-recovery-subject = Für eine Anmeldung bei Ihrem Konto auf { $site } wurde ein Wiederherstellungscode verwendet
mail-sign-in-title = Neue Anmeldung auf { $site }
# Followed by one of the four ways below, then a colon and the browser.
mail-sign-in-what = Für das Konto { $username } auf { $site } gab es eine Anmeldung { $how }:
mail-sign-in-browser = von einem bisher nicht verwendeten Browser aus
mail-sign-in-api = durch ein Programm über die JSON-API
mail-sign-in-recovery =
    { $count ->
        [0] mit einem seiner Wiederherstellungscodes (keiner mehr unbenutzt)
        [one] mit einem seiner Wiederherstellungscodes (noch 1 unbenutzt)
       *[other] mit einem seiner Wiederherstellungscodes (noch { $count } unbenutzt)
    }
mail-sign-in-api-recovery =
    { $count ->
        [0] durch ein Programm über die JSON-API, mit einem seiner Wiederherstellungscodes (keiner mehr unbenutzt)
        [one] durch ein Programm über die JSON-API, mit einem seiner Wiederherstellungscodes (noch 1 unbenutzt)
       *[other] durch ein Programm über die JSON-API, mit einem seiner Wiederherstellungscodes (noch { $count } unbenutzt)
    }
# { $browser } names the browser and system ("Firefox on Linux"); { $when } a date and time.
mail-sign-in-where = { $browser }, von der Adresse { $address }, am { $when }.
mail-sign-in-you = Falls Sie das waren, müssen Sie nichts tun.
mail-sign-in-not-you = Falls nicht, ändern Sie sofort Ihr Passwort und beenden Sie unbekannte Sitzungen auf der Sicherheitsseite Ihres Kontos:
# "…end the sessions you do not know on <link>your account's security page</link>."
mail-sign-in-not-you-before = Falls nicht, ändern Sie sofort Ihr Passwort und beenden Sie unbekannte Sitzungen auf
mail-sign-in-security-link = der Sicherheitsseite Ihres Kontos

## A test message

mail-test-subject = Eine Testnachricht von { $site }
mail-test-title = Eine Testnachricht von { $site }
mail-test-from = Dies ist eine Testnachricht von { $site } ({ $url }).
# Followed by the site's title as a link.
mail-test-from-before = Dies ist eine Testnachricht von
mail-test-through = Sie wurde über { $server } verschickt. Wenn Sie sie lesen, funktioniert der E-Mail-Versand der Website.

## The fediverse, the network of sites, and comment moderation

## The administrators' fediverse page (admin/federation.html)

federation-intro = Der Website und jedem ihrer Autoren kann man von Mastodon und anderen Fediverse-Servern aus folgen. Was sie veröffentlichen, wird an die Server ihrer Follower zugestellt.
federation-followers = Follower
federation-account = Konto
federation-follower-count = Follower
federation-site-followers = Die Follower der Website und ob sie auf Freigabe warten
federation-deliveries = Zustellungen
federation-sending =
    { $count ->
        [0] Derzeit wird nichts zugestellt.
        [one] 1 Aktivität wird zugestellt.
       *[other] { $count } Aktivitäten werden zugestellt.
    }
federation-per-server = Zustellungen je Server.
federation-per-server-counted =
    { $count ->
        [one] Zustellungen je Server, gezählt über die älteste Aktivität in Zustellung.
       *[other] Zustellungen je Server, gezählt über die { $count } ältesten Aktivitäten in Zustellung.
    }
federation-retry-explained = Eine fehlgeschlagene Zustellung wird in immer größeren Abständen erneut versucht, etwa fünf Tage lang; „Jetzt zustellen“ versucht die wartenden sofort.
federation-deliveries-per-server = Zustellungen je Server
federation-server = Server
federation-waiting = Wartend
federation-failed = Fehlgeschlagen, wird wiederholt
federation-given-up = Aufgegeben
federation-next-attempt = Nächster Versuch
federation-last-failure = Letzter Fehler
federation-deliver-now = Jetzt zustellen
federation-deliver-now-to = Jetzt an { $server } zustellen
federation-failing = Server, bei denen jede Zustellung fehlschlägt
federation-none-failing = Keine: Jeder Server antwortet.
federation-set-aside = Ein Server, bei dem einen Tag lang jede Zustellung fehlschlägt, wird zurückgestellt: Zustellungen an ihn enden, bis er antwortet, dieser Website etwas sendet oder 30 Tage vergangen sind.
federation-failing-since = Fehlschläge seit
federation-last-answer = Letzte Antwort
federation-deliver-again = Wieder zustellen
federation-deliver-again-to = Wieder an { $server } zustellen
federation-blocks = Gesperrte Server und Konten
federation-blocks-explained = Was gesperrte Server oder Konten senden, wird abgewiesen, an sie wird nichts zugestellt, und ihre Follows enden. Die Sperre eines Servers gilt auch für die Server unter seinem Namen.
federation-block-target = Server oder Konto
federation-block-placeholder = example.social oder https://example.social/users/someone
federation-delete-comments = Auch die zugehörigen Kommentare auf dieser Website löschen
federation-block = Sperren
federation-no-blocks = Nichts ist gesperrt.
federation-blocked = Gesperrt
federation-kind = Art
federation-kind-server = Server
federation-kind-account = Konto
federation-since = Seit
federation-blocked-by = Von
federation-unblock = Entsperren
federation-unblock-target = { $target } entsperren
federation-more-blocks = Weitere Sperren

## A writer's followers on the fediverse (desk_fediverse.html)

fediverse-title = Follower im Fediverse
fediverse-can-be-followed = Man kann { $handle } von Mastodon und anderen Fediverse-Servern aus folgen.
fediverse-follower-count =
    { $count ->
        [one] Ihm folgt 1 Konto.
       *[other] Ihm folgen { $count } Konten.
    }
fediverse-approve-myself = Neue Follower selbst freigeben
fediverse-approval-explained = Ist dies eingeschaltet, wartet ein Follow unten, bis Sie ihn freigeben; ist es ausgeschaltet, werden Follows sofort angenommen.
fediverse-waiting = Warten auf Ihre Freigabe
fediverse-none-waiting = Kein Follow wartet.
fediverse-waiting-table = Follows, die auf Freigabe warten
fediverse-account = Konto
fediverse-since = Seit
fediverse-decision = Entscheidung
fediverse-approve = Freigeben
fediverse-approve-follower = { $follower } freigeben
fediverse-reject = Ablehnen
fediverse-reject-follower = { $follower } ablehnen

## The network administrators' list of sites (admin/network.html)

network-title = Netzwerk
network-intro = Alle Websites, die diese Installation betreibt, mit ihren Administratoren und Zahlen. Die Administratoren jeder Website verwalten selbst deren Mitglieder, Beiträge und Kommentare.
network-none = Keine Website ist registriert.
network-sites = Websites
network-site = Website
network-status = Status
network-status-live = in Betrieb
network-status-suspended = ausgesetzt
network-status-deleting = wird gelöscht
network-registered = Registriert
network-administrators = Administratoren
network-posts-written = Geschriebene Beiträge
network-comments = Kommentare
network-aliases = Aliasse
network-suspend = Aussetzen
network-serve-again = Wieder betreiben
network-pending =
    { $count ->
        [one] ({ $count } wartet)
       *[other] ({ $count } warten)
    }
network-next-page = Nächste Seite
network-register = Eine Website registrieren
network-url = URL der Website
network-url-placeholder = https://blog.example.com
network-first-admin = Erster Administrator (Benutzername oder E-Mail-Adresse eines Kontos)
network-register-button = Registrieren

## Comment moderation (admin/comments.html)

moderation-view-post = Beitrag ansehen
moderation-log = Moderationsprotokoll
moderation-lists = Listen
moderation-state-pending = ausstehend
moderation-state-spam = Spam
moderation-state-rejected = abgelehnt
moderation-state-approved = freigegeben
moderation-state-deleted = gelöscht
moderation-nothing-here = Hier ist nichts.
moderation-from-fediverse = aus dem Fediverse:
moderation-on = zu
moderation-a-reply = eine Antwort
moderation-ban-commenter = Diesen Kommentator sperren
moderation-reason = Grund (optional, wird im Protokoll festgehalten)
moderation-approve = Freigeben
moderation-reject = Ablehnen
moderation-spam = Spam
moderation-older = Ältere
moderation-bans = Gesperrte Kommentatoren
moderation-ban = Sperren
moderation-unban = Sperre aufheben
moderation-bans-explained = Die Kommentare eines gesperrten Kommentators werden mit einer Meldung abgewiesen; nichts von ihm gelangt in die Listen.

## The site's comment settings (admin/comment_settings.html)

comment-settings-title = Kommentareinstellungen
comment-settings-saved = Gespeichert.
comment-settings-guests = Besucher ohne Konto dürfen kommentieren, mit einem Namen und einer E-Mail-Adresse, die nie angezeigt wird
comment-settings-trust-approved = Kommentare von jemandem, dessen Kommentar schon einmal freigegeben wurde, überspringen die Warteschlange
comment-settings-close-after = Kommentare so viele Tage nach der Veröffentlichung eines Beitrags schließen (0: nie)
comment-settings-deleted-accounts = Die Kommentare eines gelöschten Kontos
comment-settings-deleted-keep = bleiben, unterzeichnet mit „deleted user“
comment-settings-deleted-remove = werden entfernt

## Said by the server
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/account.rs
said-this-site-already-has-an = Diese Website hat bereits einen Administrator.

# web/account_deletion.rs
said-your-own-account-is-deleted = Ihr eigenes Konto löschen Sie auf Ihrer Kontoseite.
said-accounts-are-shared-with-the = Konten werden mit den anderen Websites dieser Installation geteilt: Sperren Sie das Mitglied stattdessen hier.

# web/admin.rs
said-this-site-lists-its-members = Diese Website führt ihre Mitglieder mit den neuesten zuerst auf, ohne Aufteilung nach Anfangsbuchstaben.
said-that-page-of-accounts-does = Diese Seite der Kontenliste gibt es nicht.

# web/comment_section.rs
said-this-page-of-comments-does = Diese Seite der Kommentare gibt es nicht. Beginnen Sie noch einmal beim Beitrag.

# web/desk.rs
said-the-desk-has-the-tabs = Der Schreibtisch hat die Reiter „Entwürfe“, „Geplant“ und „Veröffentlicht“.
said-only-an-administrator-opens-another = Nur ein Administrator kann den Schreibtisch eines anderen Autors öffnen.

# web/email_change.rs
said-this-link-has-expired-or = Dieser Link ist abgelaufen oder wurde schon verwendet: Jeder Link funktioniert einmal, einen Tag lang. Fordern Sie auf Ihrer Kontoseite einen neuen an.
said-another-account-took-that-address = Ein anderes Konto hat diese Adresse inzwischen übernommen, daher hat sich nichts geändert. Wählen Sie auf Ihrer Kontoseite eine andere.

# web/error.rs
said-this-form-has-expired-or = Dieses Formular ist abgelaufen oder stammt nicht von dieser Website. Gehen Sie zurück, laden Sie die Seite neu und versuchen Sie es noch einmal.
said-the-form-was-not-sent = Das Formular wurde nicht als Webformular gesendet.

# web/fediverse_followers.rs
said-the-actor-is-the-site = Der Akteur ist der der Website (site) oder Ihr eigener (leer).
said-the-decision-is-approve-or = Die Entscheidung lautet „Freigeben“ oder „Ablehnen“.
said-approved-the-account-follows-and = Freigegeben: Das Konto folgt jetzt, und sein Server wird benachrichtigt.
said-rejected-its-server-is-told = Abgelehnt: Sein Server wird benachrichtigt.

# web/history.rs
said-this-page-link-is-broken = Dieser Seitenlink ist fehlerhaft. Beginnen Sie noch einmal bei den neuesten Versionen.

# web/lists.rs
said-a-page-starts-after-one = Eine Seite beginnt nach einem Beitrag oder vor einem, nicht beides.

# web/locales.rs
said-the-address-s-query-could = Der Abfrageteil der Adresse konnte nicht gelesen werden.

# web/network.rs
said-only-the-network-s-administrators = Nur die Administratoren des Netzwerks können das tun.
said-that-is-not-a-page = Das ist keine Seite dieser Liste.

# web/passkeys.rs
said-this-account-has-been-suspended = Dieses Konto wurde gesperrt.

# web/post_download.rs
said-you-have-downloaded-your-posts = Sie haben Ihre Beiträge fürs Erste oft genug heruntergeladen.

# web/posts.rs
said-only-an-administrator-makes-the = Nur ein Administrator legt die Seiten der Website an.
said-a-new-text-is-a = Ein neuer Text ist ein Beitrag oder eine Seite.
said-choose-publish-save-and-schedule = Wählen Sie „Veröffentlichen“, „Speichern und planen“, „Entwurf speichern“, „Vorschau“ oder „Entwurf speichern und Dateien hinzufügen“.

# web/schedule.rs
said-this-post-went-live-before = Dieser Beitrag ist erschienen, bevor die Planung aufgehoben werden konnte: Ziehen Sie ihn zurück, wenn er nicht öffentlich sein soll.
said-this-post-is-published-unpublish = Dieser Beitrag ist veröffentlicht: Ziehen Sie ihn zuerst zurück, um ihn zu planen.

# web/second_factor.rs
said-this-sign-in-has-expired = Diese Anmeldung ist abgelaufen oder wurde schon verwendet: Melden Sie sich erneut mit Ihrem Passwort an.

# web/security.rs
said-only-a-signed-in-browser = Nur ein angemeldeter Browser kann das tun.
said-ended-that-browser-is-signed = Beendet: Der Browser ist abgemeldet, oder das Token funktioniert nicht mehr.
said-your-new-authenticator-app-was = Ihre neue Authenticator-App wurde hinzugefügt: Die Codes der alten funktionieren nicht mehr. Alle anderen Sitzungen wurden beendet.
said-your-authenticator-app-and-its = Ihre Authenticator-App und ihre Wiederherstellungscodes wurden entfernt. Alle anderen Sitzungen wurden beendet.
said-your-new-passkey-was-added = Ihr neuer Passkey wurde hinzugefügt: Er meldet Sie ohne Passwort an und wird nach Ihrem Passwort abgefragt. Alle anderen Sitzungen wurden beendet.
said-the-passkey-was-removed-it = Der Passkey wurde entfernt: Er meldet Sie nicht mehr an. Alle anderen Sitzungen wurden beendet.
said-every-other-session-of-your = Alle anderen Sitzungen Ihres Kontos wurden beendet: Alle anderen Browser sind abgemeldet, und kein Token funktioniert mehr.
said-too-many-wrong-passwords-for = Zu viele falsche Passwörter für dieses Konto.

# web/sign_in.rs
said-wrong-user-name-e-mail = Benutzername, E-Mail-Adresse oder Passwort ist falsch.

# web/site_admin.rs
said-mail-is-off-on-this = Der E-Mail-Versand ist auf dieser Website ausgeschaltet: Starten Sie Sibyl mit --smtp-url und --mail-from, um E-Mails zu verschicken.
said-your-account-has-no-confirmed = Ihr Konto hat noch keine bestätigte Adresse: Bestätigen Sie zuerst eine auf Ihrer Kontoseite.
said-enough-test-messages-for-now = Fürs Erste genug Testnachrichten.

# web/sitemaps.rs
said-there-is-no-such-sitemap = Diese Sitemap gibt es nicht: /sitemap.xml nennt die Sitemaps aller Monate.

# web/tags.rs
said-this-page-link-is-broken-2 = Dieser Seitenlink ist fehlerhaft. Beginnen Sie noch einmal bei der ersten Seite der Schlagwörter.

# web/moderation/admin.rs
said-close-comments-after-a-number = Geben Sie an, nach wie vielen Tagen die Kommentare schließen, von 0 (nie) bis 3650, und was aus den Kommentaren eines gelöschten Kontos wird.

# web/moderation/decisions.rs
said-choose-approve-reject-spam-or = Wählen Sie „Freigeben“, „Ablehnen“, „Spam“ oder „Löschen“.
said-a-comment-of-another-post = Auf der Seite dieses Beitrags wurde ein Kommentar zu einem anderen Beitrag ausgewählt.
said-choose-ban-or-unban = Wählen Sie „Sperren“ oder „Sperre aufheben“.
said-there-is-no-such-account = Dieses Konto gibt es nicht.

# web/moderation/mod.rs
said-only-the-post-s-author = Nur der Autor des Beitrags oder ein Administrator moderiert seine Kommentare.
said-this-page-link-is-broken-3 = Dieser Seitenlink ist fehlerhaft. Beginnen Sie noch einmal bei der ersten Seite der Liste.

# web/binaries/editor.rs
said-this-post-has-no-such = Dieser Beitrag hat keinen solchen Anhang.
said-you-have-uploaded-many-times = Sie haben gerade sehr oft hochgeladen.

# web/binaries/files.rs
said-there-is-no-such-file = Diese Datei gibt es nicht.
said-that-page-of-files-does = Diese Seite der Dateiliste gibt es nicht.

# web/binaries/images.rs
said-many-images-were-scaled-for = Gerade wurden sehr viele Bilder für Sie skaliert.

# web/binaries/mod.rs
said-only-the-post-s-author-2 = Nur der Autor des Beitrags oder ein Administrator kann seine Anhänge ändern.

# web/settings/mod.rs
said-your-profile-was-saved = Ihr Profil wurde gespeichert.
said-the-language-of-your-pages = Die Sprache Ihrer Seiten wurde gespeichert.
said-your-user-name-was-changed = Ihr Benutzername wurde geändert.
said-your-e-mail-address-was = Ihre E-Mail-Adresse wurde geändert.
said-we-sent-a-link-to = Wir haben einen Link an die neue Adresse geschickt: Ihre Adresse ändert sich, sobald Sie ihm folgen (innerhalb eines Tages). Bis dahin bleibt sie, wie sie ist.
said-your-password-was-changed-your = Ihr Passwort wurde geändert; Ihre anderen Sitzungen wurden abgemeldet.
said-welcome-we-mailed-a-link = Willkommen! Wir haben einen Link an die angegebene Adresse geschickt: Sie wird die Adresse Ihres Kontos, sobald Sie ihm folgen (innerhalb eines Tages). Bis dahin melden Sie sich mit Ihrem Benutzernamen an.

# web/suggestions/mod.rs
said-only-the-post-s-author-3 = Nur der Autor des Beitrags oder ein Administrator prüft Vorschläge.
said-that-revision-of-the-post = Diese Version des Beitrags gibt es nicht.
said-you-are-suggesting-changes-too = Sie schlagen zu schnell Änderungen vor.

# web/suggestions/review.rs
said-this-suggestion-was-already-accepted = Dieser Vorschlag wurde bereits angenommen oder abgelehnt.

## Said by the server (continued)
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/suggestions/review.rs
said-the-post-kept-changing-while = Der Beitrag hat sich beim Speichern des Vorschlags ständig geändert; der Vorschlag wird in Kürze gespeichert.

# web/subscriptions/links.rs
said-this-link-no-longer-works = Dieser Link funktioniert nicht mehr: Ein Bestätigungslink funktioniert einmal, zwei Tage lang, ein Abmeldelink so lange, bis er benutzt wurde. Abonnieren Sie erneut unter /subscribe.

# web/subscriptions/mod.rs
said-this-site-sends-no-mail = Diese Website verschickt keine E-Mails und hat daher keine Abonnenten per E-Mail: Folgen Sie stattdessen ihrem Feed (/feed.xml).

# web/password_reset/mod.rs
said-mail-is-off-on-this-2 = Diese Website verschickt keine E-Mails, daher kann kein Link gesendet werden: Bitten Sie einen Administrator, ein neues Passwort zu setzen (sibyl user reset-password).

# web/password_reset/new_password.rs
said-this-link-has-expired-or-2 = Dieser Link ist abgelaufen oder wurde schon benutzt: Jeder Link funktioniert einmal, eine Stunde lang. Fordern Sie unter /password/forgot einen neuen an.

# app/accounts.rs
said-this-site-has-not-been = Diese Website ist noch nicht eingerichtet.
said-too-many-sign-in-attempts = Zu viele Anmeldeversuche von Ihrer Adresse.
said-too-many-failed-sign-ins = Zu viele fehlgeschlagene Anmeldungen für dieses Konto.
said-too-many-sign-ups-for = Zu viele Registrierungen für diese E-Mail-Adresse.
said-too-many-sign-ups-from = Zu viele Registrierungen von Ihrer Adresse.

# app/comments.rs
said-this-comment-looks-automated-and = Dieser Kommentar wirkt automatisiert und wurde nicht veröffentlicht.
said-the-comment-form-has-expired = Das Kommentarformular ist abgelaufen oder stammt nicht von dieser Website. Laden Sie die Seite neu und versuchen Sie es noch einmal.
said-you-can-no-longer-comment = Sie können auf dieser Website nicht mehr kommentieren.
said-there-is-no-such-comment = Diesen Kommentar gibt es zu diesem Beitrag nicht.
said-a-reply-answers-a-published = Eine Antwort bezieht sich auf einen veröffentlichten Kommentar zum selben Beitrag.
said-only-its-author-can-change = Einen Kommentar kann nur sein Autor ändern.
said-only-the-post-s-author-4 = Nur der Autor des Beitrags oder ein Administrator kann seine Kommentare schließen.
said-pick-at-least-one-comment = Wählen Sie mindestens einen Kommentar aus.
said-too-many-comments-have-come = Von Ihrer Adresse kamen zu viele Kommentare.
said-you-are-commenting-too-fast = Sie kommentieren zu schnell.

# app/confirmations.rs
said-enough-confirmation-links-have-been = Es wurden genug Bestätigungslinks angefordert.

# app/passkeys.rs
said-too-many-second-steps-have = Von Ihrer Adresse sind zu viele zweite Schritte fehlgeschlagen.
said-too-many-second-steps-have-2 = Für dieses Konto sind zu viele zweite Schritte fehlgeschlagen: Warten Sie eine Weile.

# app/posts.rs
said-only-the-post-s-author-5 = Nur der Autor des Beitrags oder ein Administrator kann das tun.
said-someone-saved-this-text-a = Jemand hat diesen Text gerade eben gespeichert. Öffnen Sie ihn erneut und versuchen Sie es noch einmal.
said-the-post-is-already-written = Den Beitrag gibt es in dieser Sprache schon.

# app/sessions.rs
said-that-session-has-ended-already = Diese Sitzung ist bereits beendet oder gehört nicht Ihnen.

# app/federation/blocks.rs
said-name-the-server-example-social = Nennen Sie den Server (example.social) oder das Konto (https://example.social/users/someone), das gesperrt werden soll.
said-give-the-account-s-address = Geben Sie die Adresse des Kontos so an, wie sein Profil darauf verlinkt (https://example.social/users/someone), oder den Namen seines Servers.
said-a-server-is-blocked-by = Ein Server wird über seinen Namen gesperrt, gleich welcher Port: Lassen Sie den Port weg.
said-that-is-this-site-s = Das ist der eigene Server dieser Website: Sie kann sich nicht selbst sperren.

# app/federation/mod.rs
said-the-page-s-cursor-cannot = Der Cursor der Seite kann nicht gelesen werden.

# app/federation/remote.rs
said-too-many-keys-were-fetched = Von Ihrem Server wurden in letzter Zeit zu viele Schlüssel abgerufen.

# app/federation/replies.rs
said-this-actor-is-replying-too = Dieser Akteur antwortet zu schnell.
said-this-server-s-accounts-are = Die Konten dieses Servers antworten zu schnell.

# app/federation/requests.rs
said-only-the-account-s-author = Nur der Autor, dem das Konto gehört, oder ein Administrator entscheidet, wer ihm folgt.
said-no-such-follow-is-waiting = Es wartet kein solcher Follow.
said-that-account-or-its-server = Dieses Konto oder sein Server ist gesperrt: Sein Follow wurde verworfen.

# domain/comment.rs
said-a-comment-needs-some-text = Ein Kommentar braucht etwas Text.
said-this-comment-is-too-long = Dieser Kommentar ist nach der Formatierung zu lang: Kürzen Sie ihn oder verwenden Sie weniger Links und weniger Zeichen wie & < > und Anführungszeichen, die auf der Seite jeweils mehrere Bytes belegen.
said-please-give-a-name-to = Bitte geben Sie einen Namen an, mit dem Sie Ihren Kommentar unterzeichnen.
said-a-name-has-at-most = Ein Name hat höchstens 60 Zeichen, in einer Zeile.
said-a-reason-is-one-line = Ein Grund ist eine einzelne Zeile mit höchstens 200 Zeichen.

# domain/post.rs
said-a-description-cannot-hold-control = Eine Beschreibung darf keine Steuerzeichen enthalten.
said-a-revision-note-has-at = Eine Notiz zur Version hat höchstens 200 Zeichen.
said-a-revision-note-is-one = Eine Notiz zur Version ist eine einzelne Textzeile.
said-the-tags-field-has-at = Das Feld für Schlagwörter hat höchstens 1024 Zeichen.

# domain/schedule.rs
said-give-the-date-and-time = Geben Sie Datum und Uhrzeit der Veröffentlichung an, etwa 2026-12-24T09:30.
said-that-time-has-passed-schedule = Dieser Zeitpunkt ist vorbei: Planen Sie einen künftigen Zeitpunkt oder veröffentlichen Sie jetzt.

# domain/search.rs
said-type-a-word-or-two = Geben Sie ein oder zwei Wörter ein, nach denen gesucht werden soll.

# domain/session.rs
said-give-the-token-a-name = Geben Sie dem Token einen Namen, etwa den des Programms, das es verwenden wird.
said-a-token-s-name-is = Der Name eines Tokens ist eine einzelne Textzeile.

# domain/site.rs
said-the-site-needs-a-title = Die Website braucht einen Titel.
said-the-site-needs-a-language = Die Website braucht eine Sprache, etwa en, fr oder en-GB.

# domain/user.rs
said-a-user-name-may-contain = Ein Benutzername darf nur Buchstaben, Ziffern, '_', '-' und '.' enthalten.
said-a-user-name-cannot-mix = Ein Benutzername darf keine Alphabete mischen (zum Beispiel lateinische und kyrillische Buchstaben, die gleich aussehen).
said-enter-an-e-mail-address = Geben Sie eine E-Mail-Adresse wie name@example.com ein.
said-user-names-starting-with-deleted = Benutzernamen, die mit „deleted-“ beginnen, sind gelöschten Konten vorbehalten.
said-enter-an-address-that-receives = Geben Sie eine Adresse ein, die E-Mails empfängt.
said-the-two-passwords-differ = Die beiden Passwörter stimmen nicht überein.
said-a-bio-cannot-contain-control = Der Text „Über mich“ darf keine Steuerzeichen enthalten.
said-a-homepage-is-an-address = Eine Homepage ist eine Adresse, die mit https:// oder http:// beginnt, mit höchstens 200 Zeichen.
said-a-picture-is-the-address = Ein Bild ist die Adresse einer Bilddatei, die mit https:// beginnt, mit höchstens 500 Zeichen.
said-a-display-name-has-at = Ein Anzeigename hat höchstens 64 Zeichen und keine Steuerzeichen.

# domain/post/body.rs
said-a-post-needs-some-text = Ein Beitrag braucht etwas Text.

# domain/post/names.rs
said-a-post-needs-a-title = Ein Beitrag braucht einen Titel.
said-a-title-cannot-contain-control = Ein Titel darf keine Steuerzeichen enthalten.
said-a-tag-cannot-be-empty = Ein Schlagwort darf nicht leer sein.

## The deployment's own pages, which name no site

deployment-bad-request = Ungültige Anfrage
deployment-unavailable = Nicht erreichbar
deployment-unavailable-why = Diese Website ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.
deployment-suspended = Website gesperrt
deployment-suspended-why = Diese Website ist vorübergehend gesperrt. Bitte schauen Sie später wieder vorbei.
deployment-unknown = Nicht gefunden
deployment-unknown-why = Unter dieser Adresse wird keine Website bereitgestellt.
said-the-request-names-no-host = Die Anfrage nennt keinen Host.

## Said by the server: the writer's desk

said-desk-drafts = Entwürfe
said-desk-scheduled = Geplant
said-desk-published = Veröffentlicht
said-desk-started = Begonnen
said-desk-goes-live = Erscheint
said-desk-no-drafts = Keine Entwürfe: Was Sie als Entwurf speichern, wartet hier.
said-desk-nothing-scheduled = Nichts geplant: Die Seite eines Entwurfs und sein Editor planen ihn ein.
said-desk-nothing-published = Noch nichts veröffentlicht.

## What the editor's and the passkey forms' scripts say
# { $time }, { $status }, { $reason }: filled in by the script.

editor-autosaved = Entwurf um { $time } gespeichert.
editor-autosave-failed = Der Entwurf konnte nicht gespeichert werden ({ $status }).
editor-autosave-unreachable = Der Entwurf konnte nicht gespeichert werden: Die Website antwortet nicht.
passkey-cannot-make = Dieser Browser kann keine Passkeys erstellen.
passkey-cannot-use = Dieser Browser kann keine Passkeys verwenden: Melden Sie sich mit einem an, der es kann.
passkey-asking = Ihr Gerät wird gefragt …
passkey-checking = Wird geprüft …
passkey-not-used = Es wurde kein Passkey verwendet: { $reason }

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# app/comments.rs
said-comments-close-days-after-a = Die Kommentare eines Beitrags werden { $days } Tage nach seiner Veröffentlichung geschlossen; bei diesem sind sie bereits geschlossen.
said-this-post-has-reached-its = Dieser Beitrag hat seine Höchstzahl von { $max-comments-per-post } Kommentaren erreicht und nimmt keine weiteren an.
said-a-comment-can-be-changed = Ein Kommentar kann bis { $edit-window-minutes } Minuten nach dem Schreiben geändert werden; dieser kann es nicht mehr.
said-at-most-comments-can-be = Es können höchstens { $max-picks } Kommentare auf einmal verschoben werden.
said-nothing-was-changed = Es wurde nichts geändert: { $value }.

# app/factors.rs
said-qr-code-of-the-authenticator = QR-Code des Authenticator-Geheimnisses für { $value }

# app/formatting.rs
said-this-site-shows-images-from = Diese Website zeigt nur Bilder aus ihren eigenen Dateien an, und { $url } liegt auf einer anderen Website: Nehmen Sie die Adresse heraus, speichern Sie, fügen Sie das Bild dann den Dateien des Beitrags hinzu und setzen Sie es von dort ein.
said-the-server-could-not-format = Der Server konnte diesen Text nicht innerhalb von { $value } Sekunden formatieren, da er mit anderen beschäftigt ist; es wurde nichts gespeichert. Bitte versuchen Sie es gleich noch einmal.

# app/passkeys.rs
said-give-the-passkey-a-name = Geben Sie dem Passkey einen Namen mit 1 bis { $max-name-chars } Zeichen (wo er aufbewahrt wird: „Laptop“, „Telefon“).
said-your-account-has-passkeys-the = Ihr Konto hat { $max-passkeys } Passkeys, mehr sind nicht möglich: Entfernen Sie zuerst einen.

# app/posts.rs
said-a-post-can-be-translated = Ein Beitrag kann in höchstens { $value } Sprachen übersetzt werden.

# app/federation/blocks.rs
said-an-address-longer-than-characters = Eine Adresse mit mehr als { $max-id-length } Zeichen bezeichnet kein Konto.
said-the-site-blocks-servers-and = Die Website sperrt bereits { $max-blocks } Server und Konten, mehr sind nicht möglich: Heben Sie zuerst eine Sperre auf.

# app/federation/requests.rs
said-this-account-has-followers-the = Dieses Konto hat { $max-remote-followers } Follower, mehr sind nicht möglich: Lehnen Sie einige Follows ab oder warten Sie, bis einige enden.

# domain/comment.rs
said-a-comment-has-at-most = Ein Kommentar hat höchstens { $value } Zeichen; dieser hat { $chars }.
said-this-comment-takes-too-many-bytes = Dieser Kommentar ist zu lang: Er belegt { $value } Bytes, ein Kommentar aber höchstens { $value2 } (2.000 Zeichen der meisten Schriften, weniger bei Schriften, deren Zeichen 3 oder 4 Bytes belegen, etwa Chinesisch oder Emoji).
said-a-comment-has-at-most-2 = Ein Kommentar hat höchstens { $value } Links; dieser hat { $links }.

# domain/markdown.rs
said-this-text-has-ampersands-more = Dieser Text enthält { $ampersands } Et-Zeichen (&), mehr als die { $max-ampersands }, die ein Beitrag haben darf. Schreiben Sie bei einigen „und“ aus oder teilen Sie den Text auf mehrere Beiträge auf.
said-this-text-makes-more-than = Dieser Text ergibt mehr als { $max-elements } Elemente (Absätze, Listeneinträge, Tabellenzellen, Hervorhebungen, Links …); teilen Sie ihn auf mehrere Beiträge auf.
said-this-text-makes-at-least = Dieser Text ergibt nach der Formatierung mindestens { $value } KiB HTML, mehr als die { $value2 } KiB, die ein Beitrag haben darf (ein Link oder Bild, das per Referenz angegeben ist, wiederholt seine Adresse an jeder Stelle, an der es verwendet wird). Kürzen Sie ihn oder teilen Sie ihn auf mehrere Beiträge auf.

# domain/password.rs
said-a-password-has-at-least = Ein Passwort hat mindestens { $value } Zeichen.
said-a-password-has-at-most = Ein Passwort hat höchstens { $value } Zeichen.

# domain/post.rs
said-an-author-keeps-at-most = Ein Autor hat auf einer Website höchstens { $max-drafts-per-author } Entwürfe. Veröffentlichen oder löschen Sie zuerst einen davon.
said-a-site-has-at-most = Eine Website hat höchstens { $max-pages } Seiten. Ändern Sie stattdessen eine davon.
said-a-description-is-characters-long = Die Beschreibung ist { $count } Zeichen lang; höchstens { $excerpt-chars } passen hinein.
said-a-title-has-at-most = Ein Titel hat höchstens { $value } Zeichen.
said-a-post-body-has-at = Der Text eines Beitrags hat höchstens { $value } KiB Markdown.

# domain/schedule.rs
said-a-post-can-be-scheduled = Ein Beitrag kann höchstens { $max-days-ahead } Tage im Voraus geplant werden.
said-the-site-has-posts-waiting = Auf der Website warten { $max-scheduled } Beiträge auf ihre Veröffentlichung: Veröffentlichen Sie zuerst einige oder heben Sie ihre Planung auf.

# domain/search.rs
said-a-search-is-at-most = Eine Suche ist höchstens { $max-query-chars } Zeichen lang; diese hat { $length }.
said-a-search-has-at-most = Eine Suche hat höchstens { $max-query-words } verschiedene Wörter; diese hat { $value }.

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# domain/session.rs
said-a-token-s-name-has = Der Name eines Tokens hat höchstens { $max-label } Zeichen.

# domain/site.rs
said-no-such-choice-of-who = Diese Auswahl, wer sich in zwei Schritten anmeldet, gibt es nicht: { $text }.
said-the-cannot-hold-control-characters = Das Feld „{ $field }“ darf keine Steuerzeichen enthalten.
said-the-is-characters-long-at = Das Feld „{ $field }“ ist { $count } Zeichen lang; höchstens { $max } passen hinein.

# domain/user.rs
said-a-user-name-has-to = Ein Benutzername hat { $value } bis { $value2 } Zeichen.
said-an-e-mail-address-has = Eine E-Mail-Adresse hat höchstens { $value } Zeichen.
said-a-bio-has-at-most = Der Text „Über mich“ hat höchstens { $value } Zeichen.

# domain/post/names.rs
said-a-tag-has-at-most = Ein Schlagwort hat höchstens { $value } Zeichen.
said-the-tag-may-contain-only = Das Schlagwort { $tag } darf nur Buchstaben, Ziffern, Leerzeichen und - _ . + # enthalten.
said-a-post-has-at-most = Die Zahl der Schlagwörter eines Beitrags ist auf { $value } begrenzt.

# web/admin.rs
said-no-account-is-called = Kein Konto heißt { $value }.
said-there-is-no-shelf-in = Im Verzeichnis gibt es keine Rubrik { $shelf }.
said-you-cannot-your-own-account = Diese Aktion („{ $what }“) ist für Ihr eigenes Konto nicht möglich; bitten Sie einen anderen Administrator darum.

# web/archive.rs
said-there-is-no-month-an = Einen Monat { $year }/{ $number } gibt es nicht: Ein Archivmonat sieht aus wie /archive/2026/11.
said-nothing-was-published-in-the = Im { $value } ist nichts erschienen. Das Archiv führt die Monate mit Beiträgen auf.

# web/error.rs
said-the-form-is-too-large = Das Formular ist zu groß: Es können höchstens { $value } KiB gesendet werden.
said-the-form-could-not-be = Das Formular konnte nicht gelesen werden: { $other }.

# web/feeds.rs
said-no-post-is-tagged-so = Kein Beitrag hat das Schlagwort „{ $value }“, daher gibt es dafür keinen Feed.

# web/history.rs
said-this-post-has-no-revision = Dieser Beitrag hat keine Version { $number }.

# web/lists.rs
said-this-page-link-is-broken-from = Dieser Seitenlink ist fehlerhaft. Beginnen Sie noch einmal von vorn: { $start }.
said-start-the-first-page-of-month = die erste Seite von { $month }
said-start-the-first-page-of-the-tag = die erste Seite des Schlagworts
said-start-the-desk-s-first-page = die erste Seite des Schreibtischs
said-start-the-author-s-first-page = die erste Seite des Autors
said-start-the-home-page = die Startseite
said-there-are-no-older-posts = Es gibt keine älteren Beiträge. Zurück zum Anfang: { $start }.

# web/locales.rs
said-this-post-has-no-translation = Für diesen Beitrag gibt es noch keine Übersetzung: { $value } ({ $value2 }).

# web/revisions.rs
said-you-are-starting-the-translation = Sie beginnen die Übersetzung ({ $value }) mit dem Originaltext. Sie bleibt ein Entwurf, bis Sie sie veröffentlichen.
said-this-is-your-draft-saved = Dies ist Ihr Entwurf (gespeichert: { $value }) auf Grundlage von Version { $value2 }; er ist noch keine Version.{ $changed }
said-someone-saved-this-text-revision = Jemand hat diesen Text (Version { $value }) gespeichert, nachdem Sie ihn geöffnet hatten. Ihr Text steht unten: Vergleichen Sie ihn mit den Versionen und speichern Sie dann erneut.

# web/routes.rs
said-the-address-s-query-could-not-why = Der Abfrageteil der Adresse konnte nicht gelesen werden: { $why }.

# web/site_admin.rs
said-no-message-went = Es wurde keine Nachricht gesendet: { $e }.
said-the-setting-is-a-box = Die Einstellung „{ $setting }“ ist ein Kästchen, das angekreuzt oder leer gelassen wird.

# web/sites.rs
said-the-request-s-host-is = Der Host der Anfrage ist kein gültiger Host: { $e }.

# web/tags.rs
said-no-post-is-tagged = Kein Beitrag hat das Schlagwort „{ $value }“.

# web/suggestions/mod.rs
said-this-post-has-reached-its-2 = Dieser Beitrag hat die Höchstzahl an Vorschlägen ({ $max-suggestions-per-post }) erreicht und nimmt keine weiteren an.

# web/suggestions/review.rs
said-this-post-has-no-suggestion = Dieser Beitrag hat keinen Vorschlag { $id }.

## Descriptions and titles the handlers make
# { $name }: an author's display name; { $tag }: a tag; { $title }: a post's title;
# { $admins }: administrators' names, separated by commas.

author-description = Beiträge von { $name }.
tag-description = Beiträge mit dem Schlagwort „{ $tag }“.
moderation-comments-on = Kommentare zu „{ $title }“
network-admins-and-more = { $admins } und weitere

## Notices after a decision on the moderation desk and on /admin/federation, and how the
## fediverse took a post.

moderation-done-approved =
    { $count ->
        [one] 1 Kommentar freigegeben.
       *[other] { $count } Kommentare freigegeben.
    }
moderation-done-rejected =
    { $count ->
        [one] 1 Kommentar abgelehnt.
       *[other] { $count } Kommentare abgelehnt.
    }
moderation-done-spam =
    { $count ->
        [one] 1 Kommentar als Spam markiert.
       *[other] { $count } Kommentare als Spam markiert.
    }
moderation-done-deleted =
    { $count ->
        [one] 1 Kommentar gelöscht.
       *[other] { $count } Kommentare gelöscht.
    }
moderation-done-banned = { $name } kann nicht mehr kommentieren.
moderation-done-unbanned = { $name } kann wieder kommentieren.
federation-done-blocked = { $target } ist gesperrt: { $follows ->
        [one] 1 Follow
       *[other] { $follows } Follows
    } beendet, { $comments ->
        [one] 1 Kommentar
       *[other] { $comments } Kommentare
    } gelöscht.
federation-done-unblocked = { $target } ist nicht mehr gesperrt: Was von dort kommt, wird wieder angenommen (seine Follows und Kommentare kommen nicht zurück).
federation-done-retried = { $server } wird jetzt beliefert: { $count ->
        [one] 1 wartende Zustellung
       *[other] { $count } wartende Zustellungen
    } sofort fällig.
federation-done-retried-aside = Der Server ist nicht mehr zurückgestellt: Neue Zustellungen gehen sofort hinaus.
fediverse-reactions-liked = Im Fediverse { $likes ->
        [1] einmal
        [2] zweimal
       *[other] { $likes }-mal
    } favorisiert.
fediverse-reactions-shared = Im Fediverse { $shares ->
        [1] einmal
        [2] zweimal
       *[other] { $shares }-mal
    } geteilt.
fediverse-reactions-both = Im Fediverse { $likes ->
        [1] einmal
        [2] zweimal
       *[other] { $likes }-mal
    } favorisiert und { $shares ->
        [1] einmal
        [2] zweimal
       *[other] { $shares }-mal
    } geteilt.

## Refusals that begin with what was refused (quoted as it was given).

said-value-is-not-a-site-status-to-set = { $status } ist kein Status, den eine Website bekommen kann.
said-value-is-not-a-revision-number = { $number } ist keine Versionsnummer.
said-value-is-not-a-moderation-list = { $list } ist keine Moderationsliste: pending, spam oder rejected.
said-value-does-not-name-a-comment = { $value } bezeichnet keinen Kommentar.
said-value-is-not-a-user-name = { $name } ist kein Benutzername.
said-value-is-not-an-account = { $id } ist kein Konto.
said-value-is-not-a-month = { $month } ist kein Monat wie 2026-11.
said-value-is-not-a-language-spoken = { $language } ist keine Sprache dieser Seiten: Wählen Sie eine aus der Liste.
said-value-wait-and-try-again = { $message } Bitte warten Sie bis zu { $minutes } Minuten und versuchen Sie es dann erneut.
said-value-comments-were-moved-then = { $moved } von { $total } Kommentaren wurden verschoben; dann ging es bei diesem nicht weiter: { $why }
said-value-is-not-blocked = { $target } ist nicht gesperrt.
said-value-is-not-a-comment-id = { $id } ist keine Kommentar-ID.
said-value-is-not-a-comment-state = { $state } ist kein Kommentarstatus.
said-value-is-not-a-host-name = { $host } ist kein Hostname: { $why }
said-value-is-not-a-locale = { $locale } ist keine Locale: Geben Sie eine Sprache an, etwa en, oder eine Sprache mit Land, etwa en_US
said-value-is-not-a-page-path = { $path } ist kein Seitenpfad: Wörter aus Kleinbuchstaben, Ziffern und Bindestrichen, getrennt durch /
said-value-is-not-a-site-s-status = { $status } ist kein Status einer Website
said-value-is-not-a-language-code = { $code } ist kein Sprachcode: Verwenden Sie einen wie en, fr oder en-GB.
said-value-is-not-an-origin = { $origin } ist kein Origin: { $why }
said-value-is-not-an-origin-write = { $origin } ist kein Origin: Geben Sie Schema und Host an, etwa https://app.example.com
said-value-does-not-exist-in-zone = { $time } gibt es in { $zone } nicht: Die Uhren überspringen diese Stunde. Wählen Sie eine andere Zeit.
said-value-is-not-a-post-address = { $address } ist keine Beitragsadresse
said-this-text-nests-too-deep = Dieser Text verschachtelt Zitate, Listen oder HTML-Elemente mehr als { $depth } Ebenen tief (ein Listeneintrag zählt doppelt: die Liste und der Eintrag). Machen Sie die tiefsten Stellen flacher.
said-this-comment-nests-too-deep = Dieser Kommentar verschachtelt Zitate, Listen oder HTML-Elemente mehr als { $depth } Ebenen tief (ein Listeneintrag zählt doppelt: die Liste und der Eintrag). Machen Sie die tiefsten Stellen flacher.

## What the security page says of a session's program and address.

agent-on = { $browser } unter { $system }
agent-unknown-on = Ein unbekannter Browser unter { $system }
agent-unknown = Ein unbekannter Browser
agent-unnamed = Ein unbenanntes Programm
security-made-through-api = über die API angemeldet
security-made-in = erstellt in { $browser }
security-unknown-address = einer unbekannten Adresse
