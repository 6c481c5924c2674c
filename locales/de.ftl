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
