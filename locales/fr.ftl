# L’interface de Sibyl en français (vouvoiement ; espaces insécables avant : ; ? ! et dans « »).

## Dates

date-at-time = { $date } à { $time } UTC

## Every page's frame

site-nav = Site
search-posts = Rechercher dans les articles
search-placeholder = Rechercher
search-button = Rechercher
nav-archive = Archives
nav-tags = Étiquettes
nav-desk = Bureau
nav-write = Écrire
nav-comments = Commentaires
nav-users = Utilisateurs
nav-files = Fichiers
nav-pages = Pages
nav-fediverse = Fédivers
nav-site = Site
log-out = Se déconnecter
log-in = Se connecter
sign-up = S’inscrire

## Error pages

error-reference = Si vous signalez ce problème, indiquez la référence
error-home = Retour à l’accueil
error-not-found = Page introuvable
error-gone = Supprimé
error-no-longer-here = N’est plus là
error-conflict = Modifié entre-temps
error-bad-request = Cela n’a pas fonctionné
error-forbidden = Non autorisé
error-sign-in-required = Connexion requise
error-second-factor-required = Connexion en deux étapes requise
error-too-large = Trop volumineux
error-too-many-attempts = Trop de tentatives
error-unavailable = Temporairement indisponible
error-busy = Occupé
error-internal = Une erreur s’est produite
said-there-is-nothing-at-this-address = Il n’y a rien à cette adresse.
said-what-was-here-was-deleted = Ce qui était ici a été supprimé, et rien ne le remplacera.
said-please-sign-in = Veuillez vous connecter.
said-the-blog-cannot-reach-its-storage = Le blog ne parvient pas à joindre son stockage pour le moment. Rien n’a été modifié ; veuillez réessayer dans un instant.
said-an-unexpected-error-happened = Une erreur inattendue s’est produite de notre côté. Elle a été consignée.
said-this-site-requires-two-step = Ce site exige la connexion en deux étapes pour votre compte : ajoutez d’abord une application d’authentification ou une clé d’accès sur votre page de sécurité.
said-an-administrator-s-account-is-kept = Le compte d’un administrateur n’est pas supprimé : un autre administrateur en fait d’abord un auteur ou un lecteur.
said-this-account-still-has-posts = Ce compte a encore des articles (brouillons et articles programmés compris) : supprimez-les d’abord depuis le bureau.
authenticator-qr-title = QR code de la clé d’authentification de { $name }

## Lists of posts

byline = Par
comment-count =
    { $count ->
        [0] Aucun commentaire
        [one] { $count } commentaire
       *[other] { $count } commentaires
    }
more-posts = Plus d’articles
newer-posts = ← Articles plus récents
older-posts = Articles plus anciens →
feed-link = S’abonner à cette liste (flux Atom)
nothing-published = Rien n’a encore été publié.
no-older-posts = Aucun article plus ancien.

## The home page

welcome = Bienvenue sur Sibyl
welcome-no-admin = Ce site n’a pas encore d’administrateur.
welcome-set-up = Configurer ce site
welcome-then = La configuration crée le premier compte ; vous pourrez ensuite commencer à écrire.
subscribe-site = Nouveaux articles par e-mail

## The archive

archive = Archives
archive-description = Tous les mois où des articles ont été publiés.
archive-month = Publié en { $month }
archive-month-description = Articles publiés en { $month }.
other-months = Autres mois
all-months = Tous les mois

## Tags

tags = Étiquettes
tags-none = Aucun article n’a encore d’étiquette.
tag-posts =
    { $count ->
        [one] { $count } article
       *[other] { $count } articles
    }
more-tags = Plus d’étiquettes
more-tags-link = Plus d’étiquettes →
tagged = Étiquette { $tag }
tagged-heading = Étiquette « { $tag } »

## Search

search = Recherche
search-quoted = « { $query } »
this-search = Cette recherche
search-words = Mots que contient chaque article trouvé, dans son titre, son texte ou ses étiquettes
search-none-newest = Aucun des articles les plus récents ne contient tous ces mots : les plus anciens sont cherchés ensuite.
search-none = Aucun article publié ne contient tous ces mots.
more-results = Plus de résultats
more-results-link = Plus de résultats →

## An author's page

author-posts = Articles
author-no-posts = Aucun article publié pour l’instant.
author-subscribe = Nouveaux articles de { $name } par e-mail

## A post's page

languages = Langues
in-languages-post = Cet article en :
in-languages-page = Cette page en :
draft-post = Cet article est un brouillon : seuls ses rédacteurs peuvent le voir.
draft-page = Cette page est un brouillon : seuls ses rédacteurs peuvent la voir.
draft-translation = Cette traduction est un brouillon : seuls ses rédacteurs peuvent la voir.
publish = Publier
publish-anew = à la date d’aujourd’hui, et non à celle de sa première publication
scheduled-for = Programmé pour le
change-or-cancel = modifier ou annuler
or = ou
schedule-it = programmer
suggestion-sent = Merci : votre suggestion a été transmise à l’auteur.
suggest-edit = Suggérer une modification
editing = Édition
edit = Modifier
history = Historique
suggestions = Suggestions
unpublish = Dépublier
delete = Supprimer
updated = mis à jour le
short-link = Lien court :
translations = Traductions
translations-none = Aucune pour l’instant.
draft-mark = (brouillon)
translate-into = Traduire en
translate-example = fr ou fr_CA
translate-start = Commencer

## Comments

comments = Commentaires
comment-moderation = Modération des commentaires
moderate-comments = Modérer les commentaires
reopen-comments = Rouvrir les commentaires
close-comments = Fermer les commentaires
older-comments = Commentaires plus anciens
newer-comments = Commentaires plus récents
no-newer-comments = Pas encore de commentaire plus récent.
no-comments-yet = Pas encore de commentaire.
from-fediverse = depuis le fédivers
edited = modifié
reply = Répondre
awaiting-moderation = En attente de modération
awaiting-moderation-mark = en attente de modération
reply-to = Répondre à { $name }
cancel-reply = (annuler)
write-comment = Écrire un commentaire
your-name = Votre nom
your-email = Votre adresse e-mail (jamais affichée)
leave-empty = Laissez ce champ vide
comment-field = Commentaire : paragraphes, *italique*, `code` et [liens](https://example.com)
comments-moderated = Les commentaires sont modérés avant d’apparaître.
send = Envoyer
sign-in = Se connecter

## Signing in and up

password-reset-done = Votre nouveau mot de passe est enregistré : connectez-vous avec.
user-name-or-email = Nom d’utilisateur ou adresse e-mail
password = Mot de passe
forgot-password = Mot de passe oublié ?
passkey-instead = Ou, sans mot de passe, avec une clé d’accès sur cet appareil ou votre téléphone :
sign-in-passkey = Se connecter avec une clé d’accès
sign-up-why = Un compte vous permet de vous connecter ; un administrateur peut faire de vous un auteur.
user-name-rules = Nom d’utilisateur (3 à 32 lettres, chiffres, _ - .)
email = Adresse e-mail
password-rules = Mot de passe (au moins 10 caractères)
password-again = Mot de passe, à nouveau
create-account = Créer le compte
have-account = Vous avez déjà un compte ?

## Passwords forgotten

forgotten-password = Mot de passe oublié
reset-mail-off = Ce site n’envoie pas d’e-mails : aucun lien ne peut donc être envoyé. Demandez à un administrateur de vous définir un nouveau mot de passe.
reset-sent = Si un compte a l’adresse { $address }, un message contenant un lien est en route. Le lien fonctionne une fois, pendant une heure. Rien reçu ? Regardez dans les indésirables, ou redemandez dans quelques minutes.
back-to-log-in = Retour à la connexion
reset-ask = Indiquez l’adresse e-mail de votre compte : un lien pour choisir un nouveau mot de passe y sera envoyé.
email-address = Adresse e-mail
send-link = M’envoyer un lien
new-password = Nouveau mot de passe
choose-new-password = Choisir un nouveau mot de passe
new-password-rules = Nouveau mot de passe (au moins 10 caractères)
same-again = Le même, à nouveau
set-password = Enregistrer le nouveau mot de passe
reset-ends-sessions = Toutes les sessions du compte prennent fin : reconnectez-vous avec le nouveau mot de passe.

## Subscribing by e-mail

subscribe = S’abonner
subscribe-to-author = S’abonner aux articles de { $name }
subscribe-to-site = S’abonner à { $site }
subscribe-mail-off = Ce site n’envoie pas d’e-mails : il n’a donc pas d’abonnés par e-mail.
follow-feed = Suivez plutôt son flux.
subscribe-sent = À moins que { $address } soit déjà abonnée, un message avec un lien de confirmation est en route. Le lien est valable deux jours ; rien n’est envoyé avant que vous ne l’ayez suivi.
subscribe-what-author = Chaque nouvel article de cet auteur par e-mail : son titre, ses premières lignes et un lien. Chaque message contient un lien pour vous désabonner en un clic.
subscribe-what-site = Chaque nouvel article par e-mail : son titre, ses premières lignes et un lien. Chaque message contient un lien pour vous désabonner en un clic.

## The language of an account's pages

# This language's name, in itself.
language-name = Français
language-setting = Langue
language-of-pages = La langue de ces pages
language-of-browser = Celle de mon navigateur
save-language = Enregistrer la langue

## An account's own page

your-account = Votre compte
signed-in-as = Connecté en tant que
role-admin = administrateur
role-author = auteur
role-reader = lecteur
network-admin-you = Vous êtes l’un des administrateurs réseau de cette installation :
network-every-site = tous les sites qu’elle sert
profile = Profil
display-name = Nom affiché
bio = Biographie
homepage = Site personnel
picture = Photo (l’adresse d’une image de vous)
save-profile = Enregistrer le profil
user-name = Nom d’utilisateur
new-user-name = Nouveau nom d’utilisateur
current-password = Mot de passe actuel
change-user-name = Changer de nom d’utilisateur
no-confirmed-address = Votre compte n’a pas encore d’adresse confirmée : suivez le lien envoyé à l’adresse donnée à l’inscription, ou indiquez-en une ici.
new-email-address = Nouvelle adresse e-mail
change-email-address = Changer d’adresse e-mail
email-change-mailed = Un lien est envoyé à la nouvelle adresse ; elle compte dès que vous le suivez.
email-change-at-once = Ce site n’envoie pas d’e-mails : la nouvelle adresse compte donc tout de suite, sans confirmation.
new-password-again = Nouveau mot de passe, à nouveau
change-password = Changer de mot de passe
sessions-and-tokens = Sessions et jetons
see-sessions = Voir où votre compte est connecté
sessions-what = Chaque navigateur et chaque jeton d’API, que vous pouvez fermer un par un, et des jetons pour les programmes.
delete-account = Supprimer votre compte
delete-account-what = Vous êtes déconnecté pour de bon, et votre nom d’utilisateur et votre adresse sont libérés.

## Editing a comment

edit-your-comment = Modifier votre commentaire
comment-on = Sur
comment-edit-window = Un commentaire peut être modifié pendant les 15 minutes qui suivent son écriture.
save = Enregistrer
delete-this-comment = Supprimer ce commentaire

## The second step of signing in

two-step-sign-in = Connexion en deux étapes
second-step-code = Votre mot de passe était juste. Saisissez maintenant le code à six chiffres que votre application d’authentification affiche pour ce site, ou l’un de vos codes de secours.
code = Code
second-step-passkey = Votre mot de passe était juste. Utilisez maintenant votre clé d’accès pour ce site.
second-step-or-passkey = Ou utilisez plutôt votre clé d’accès :
use-passkey = Utiliser votre clé d’accès
second-step-no-https = La deuxième étape de votre compte est une clé d’accès, et les navigateurs ne proposent les clés d’accès qu’aux sites servis en HTTPS (ou sur localhost) : l’adresse de ce site n’en fait pas partie. Demandez à l’exploitant du site de désactiver la connexion en deux étapes pour votre compte.
second-step-lost = Vous avez perdu votre application d’authentification, vos clés d’accès et vos codes de secours ? L’exploitant du site peut désactiver la connexion en deux étapes pour votre compte.

comments-closed-page = Les pages ne reçoivent pas de commentaires.
comments-closed-unpublished = Les commentaires s’ouvrent à la publication de l’article.
comments-closed-by-editors = Les commentaires de cet article sont fermés.
comments-closed-after =
    { $count ->
        [one] Les commentaires ferment { $count } jour après la publication d’un article ; ceux de celui-ci sont fermés.
       *[other] Les commentaires ferment { $count } jours après la publication d’un article ; ceux de celui-ci sont fermés.
    }
comments-sign-in = Connectez-vous pour commenter.
comment-published = Merci : votre commentaire est publié.
comment-pending = Merci : votre commentaire attend d’être modéré.

## Administration: the site's settings, users, pages and moderation log

## The site's settings (admin/site.html)

site-what = Le nom que le site se donne, dans l’en-tête et le titre de chaque page, dans ses flux et dans les aperçus de liens.
site-saved = Enregistré.
site-title = Titre
site-tagline = Slogan, sous le titre (peut être vide)
site-description = Description, pour les moteurs de recherche et les aperçus de liens
site-language = Langue, un code comme en, fr ou en-GB
site-footer = Pied de page, une ligne de texte brut au bas de chaque page (peut être vide)
site-privacy = Confidentialité
site-own-images-only = N’afficher que les images des fichiers de ce site
site-own-images-only-what = Les navigateurs des lecteurs ne chargent alors aucune image d’un autre site (qui saurait ainsi qui lit quoi) : les textes qui en affichent une sont refusés, les images venues d’ailleurs déjà présentes dans les articles et les photos d’auteurs venues d’ailleurs ne sont pas affichées, et les importations rapatrient les images d’autres sites dans les fichiers de ce site quand les règles d’adresses le permettent.
site-fediverse = Fédivers
site-fediverse-off = Tenir ce site à l’écart du fédivers
site-fediverse-off-what = Les lecteurs sur Mastodon et d’autres serveurs ActivityPub peuvent suivre le site et ses auteurs, voir ses articles et y répondre. Tenu à l’écart, le site n’a pas d’acteurs, ne répond à aucune requête WebFinger ou NodeInfo, n’accepte aucune activité et ne livre rien (ce qui attend part dès qu’il est de retour).
site-fediverse-pages = Envoyer aussi les pages statiques au fédivers
site-fediverse-pages-what = Les pages (À propos, Contact) parviennent alors aux abonnés comme les articles lorsqu’elles sont publiées, révisées ou retirées ; elles ne reçoivent pas de réponses, comme elles ne reçoivent pas de commentaires. Cocher la case envoie les pages publiées ces deux derniers jours (et celles retirées quand elle a été décochée la dernière fois) ; la décocher retire les pages envoyées.
site-second-factor = Connexion en deux étapes exigée pour
site-second-factor-nobody = personne (chaque compte choisit)
site-second-factor-admins = les administrateurs
site-second-factor-staff = les auteurs et les administrateurs
site-second-factor-everyone = tous les comptes
site-second-factor-what = Un compte concerné se connecte avec son mot de passe et un code d’une application d’authentification ou une clé d’accès (ou avec une clé d’accès seule). Celui qui n’a encore ni l’un ni l’autre est invité à en ajouter un lorsqu’il se connecte, et ne peut écrire, publier, modérer ou modifier le site qu’une fois que c’est fait.
site-mail = E-mail
site-mail-on-through = Les e-mails passent par
site-mail-on-from = , expéditeur
site-mail-on-end = .
site-mail-test-sent = Un message de test a été envoyé à { $address } : vérifiez qu’il est bien arrivé.
site-mail-send-test = Envoyer un message de test à { $address }
site-mail-off-start = L’e-mail est désactivé : ce site n’envoie pas d’e-mails. Lancez Sibyl avec
site-mail-off-and = et
site-mail-off-or = (ou
site-mail-off-end = ) pour l’activer.

## The administrators' list of accounts (admin/users.html)

admin-users-members = Membres
admin-users-find-by = Chercher par nom d’utilisateur ou adresse e-mail
admin-users-find = Chercher
admin-users-shelves = Comptes par première lettre
admin-users-newest = les plus récents
admin-users-shelf-other = autres
admin-users-role = Rôle
admin-users-status = Statut
admin-users-joined = Inscription
admin-users-desk = bureau
admin-users-you = (vous)
admin-users-role-of = Rôle de { $name }
admin-users-set = Appliquer
admin-users-deleted = supprimé
admin-users-banned = banni
admin-users-active = actif
admin-users-ban = Bannir
admin-users-unban = Lever le bannissement
admin-users-next = Page suivante

## The administrators' list of the site's pages (admin/pages.html)

admin-pages-what = Les pages du site (À propos, Contact) : écrites et révisées comme les articles, listées dans la navigation une fois publiées, jamais sur la page d’accueil, dans les flux ou sous les étiquettes. { $max } au plus.
admin-pages-new = Nouvelle page
admin-pages-none = Aucune page pour l’instant.
admin-pages-title = Titre
admin-pages-status = Statut
admin-pages-made = Créée
admin-pages-published = Publiée, dans la navigation
admin-pages-draft = Brouillon

## The log of comment moderation (admin/comment_log.html)

comment-log-title = Journal de modération
comment-log-heading = Journal de modération, { $month }
comment-log-none = Rien n’a été modéré ce mois-ci.
comment-log-when = Quand
comment-log-who = Qui
comment-log-comment = Commentaire
comment-log-from = De
comment-log-to = À
comment-log-reason = Motif
comment-log-on = sur { $title }
comment-log-pending = en attente
comment-log-approved = approuvé
comment-log-rejected = refusé
comment-log-spam = indésirable
comment-log-deleted = supprimé
comment-log-older = Entrées plus anciennes

## Writing, editing and reviewing posts

## Writing a post or a page (posts/write.html)

write-new-page = Nouvelle page
write-heading-post = Écrire un article
write-heading-page = Écrire une page
write-page-what = Une page (À propos, Contact) figure dans la navigation du site, et non sur la page d’accueil, dans les flux ou sous les étiquettes.
editor-preview-heading = Aperçu
editor-not-saved = (non enregistré)
editor-title = Titre
editor-text = Texte (Markdown)
editor-tags = Étiquettes, séparées par des virgules
editor-language = Langue : un code comme en ou en_US, ou rien
editor-save-schedule = Enregistrer et programmer…
editor-save-draft = Enregistrer le brouillon
editor-preview = Aperçu
editor-files = Fichiers
write-files-what = Les images et autres fichiers sont rangés avec l’article auquel ils appartiennent : enregistrez celui-ci comme brouillon, et l’éditeur s’ouvre avec ses fichiers, prêt pour les envois.
write-save-add-files = Enregistrer le brouillon et ajouter des fichiers

## Editing a post, a page or a translation (posts/edit.html)

post-edit-heading = Modifier l’article
post-edit-heading-translation = Modifier la traduction : { $language }
editor-view-post = Voir l’article
editor-view-page = Voir la page
post-edit-from-revision = modification à partir de la révision { $revision }
post-edit-published = en ligne
post-edit-discard-draft = Abandonner le brouillon
post-edit-tags-of-post = Les étiquettes appartiennent à l’article : { $tags }
post-edit-message = Ce qui a changé (affiché dans l’historique)
post-edit-save = Enregistrer une nouvelle révision
post-edit-save-publish = Enregistrer et publier
post-edit-no-files = Aucun fichier pour l’instant. Les images sont affichées à la taille disponible ; les autres fichiers sont proposés au téléchargement.
post-edit-insert = Insérer dans le texte
post-edit-remove = Retirer
post-edit-add-files = Ajouter des images ou des fichiers
post-edit-upload = Envoyer
post-edit-files-log = Journal de traitement des fichiers de l’article

## Deleting a post or a page (posts/delete.html)

post-delete-heading = Supprimer « { $title } » ?
post-delete-what-post = Cette action supprime l’article définitivement, avec tout ce qui lui appartient :
post-delete-what-page = Cette action supprime la page définitivement, avec tout ce qui lui appartient :
post-delete-revisions =
    { $count ->
        [one] son texte et { $count } révision, avec chaque traduction et chaque brouillon ;
       *[other] son texte et ses { $count } révisions, avec chaque traduction et chaque brouillon ;
    }
post-delete-comments =
    { $count ->
        [one] { $count } commentaire et les suggestions qui lui ont été faites ;
       *[other] { $count } commentaires et les suggestions qui lui ont été faites ;
    }
post-delete-files = ses fichiers (images et pièces jointes), sauf si un autre article utilise le même fichier ;
post-delete-place = sa place sur la page d’accueil, dans les flux, les étiquettes, les archives, le plan du site et la recherche.
post-delete-address-before = Son adresse et son lien court (
post-delete-address-after = ) indiqueront aux visiteurs que le contenu a été supprimé ; aucun autre article ne les reprendra. Cette action est irréversible.
post-delete-confirm = Supprimer définitivement
post-delete-keep = Conserver

## Scheduling a draft's publication (posts/schedule.html)

schedule-title = Programmer
schedule-heading = Programmer « { $title } »
schedule-back = Retour au brouillon
schedule-live-before = Mise en ligne le
schedule-live-after = .
schedule-cancel = Annuler la programmation
schedule-date-time = Date et heure
schedule-zone = Fuseau horaire
schedule-what = Le texte reste un brouillon jusque-là, puis paraît à cette date : sur la page d’accueil, dans les flux et les plans de site, et sous ses étiquettes.
schedule-change = Changer l’heure
schedule-button = Programmer

## Suggesting an edit (posts/suggest.html)

suggest-based-on = d’après la révision { $revision }. L’auteur voit votre version à côté de la sienne.
suggest-back = Retour à l’article
suggest-note = Un mot pour l’auteur
suggest-send = Envoyer la suggestion

## One suggestion (posts/suggestion.html)

suggest-title = Suggestion { $id }
suggest-from = De { $name },
suggest-on-revision = , d’après la révision { $revision }
suggest-newer-base = (l’article en est maintenant à la révision { $revision } : accepter remplace le texte plus récent, qui reste dans l’historique)
suggest-state-open = ouverte
suggest-state-accepted = acceptée
suggest-state-rejected = refusée
suggest-all = Toutes les suggestions
suggest-accept = Accepter comme nouvelle révision
suggest-reject = Refuser

## A post's suggestions (posts/suggestions.html)

suggest-list-heading = Suggestions pour « { $title } »
suggest-none = Personne n’a encore suggéré de modification.
suggest-col-suggestion = Suggestion
suggest-col-from = De
suggest-col-sent = Envoyée
suggest-col-note = Note
suggest-col-state = État

## A post's history (posts/history.html)

history-heading = Historique de « { $title } »
history-heading-translation = Historique de « { $title } » ({ $language })
history-revisions = Révisions
history-col-from = De
history-col-to = À
history-col-revision = Révision
history-col-title = Titre
history-col-saved = Enregistrée
history-col-by = Par
history-col-note = Note
history-compare-from = Comparer depuis la révision { $revision }
history-compare-to = Comparer jusqu’à la révision { $revision }
history-current = (actuelle)
history-compare = Comparer
history-newest = Révisions les plus récentes
history-older = Révisions plus anciennes

## One revision (posts/revision.html)

revision-title = Révision { $number }
revision-saved = Révision { $number }, enregistrée par { $author } le
revision-saved-current = Révision { $number } (l’actuelle), enregistrée par { $author } le
revision-saved-after =  : { $message }.
revision-restore = Restaurer cette révision

## The changes between two revisions (posts/diff.html)

diff-title = Modifications
diff-heading = Révision { $from } → { $to }
diff-revision = révision { $number }

## Account security

## The security page: two-step sign-in, passkeys, sessions and API tokens

security-signed-in-here = tous les navigateurs et programmes qui y sont connectés
security-factors-on = La connexion demande un code de votre application d’authentification après votre mot de passe (ajoutée le
security-codes-left-before = ).{ " " }
security-codes-left-after =
    { $count ->
        [one] { " " }de vos codes de secours est encore inutilisé.
       *[other] { " " }de vos codes de secours sont encore inutilisés.
    }
security-replace-authenticator = Passer à une autre application d’authentification
security-new-codes = Créer de nouveaux codes de secours
security-remove-authenticator = Supprimer l’application d’authentification
security-factors-passkey = Après votre mot de passe, la connexion demande votre clé d’accès. Une application d’authentification peut être un second moyen de franchir cette étape.
security-factors-off = Votre compte se connecte avec son seul mot de passe. Avec une application d’authentification ou une clé d’accès, un mot de passe volé ne suffit pas.
security-passkeys = Clés d’accès
security-passkeys-what = Une clé d’accès vous connecte sans mot de passe : votre appareil la conserve et la déverrouille avec votre empreinte digitale, votre visage ou votre code PIN. Personne ne peut l’hameçonner, et le site n’en garde aucun secret.
security-no-passkeys = Votre compte n’a aucune clé d’accès.
security-passkey-elsewhere = créée sur { $site }, ne connecte que là-bas
security-passkey-added = ajoutée le
security-last-used = dernière utilisation le
security-passkey-never-used = pas encore utilisée
security-passkey = Clé d’accès
security-remove-passkey = Supprimer cette clé d’accès
security-passkey-name = Nom (où elle est conservée)
security-add-passkey = Ajouter une clé d’accès
security-passkeys-not-here = Les clés d’accès fonctionnent sur les sites servis sous un nom d’hôte en HTTPS (ou sur localhost) ; l’adresse de ce site n’en fait pas partie.
security-browsers = Navigateurs connectés
security-this-one = celui-ci
security-from = depuis { $address }
security-on-site = sur { $site }
security-began = ouverte le
security-last-seen = dernière activité le
security-end-session = Fermer la session de { $what } depuis { $address }
security-end = Fermer
security-end-others = Se déconnecter partout ailleurs
security-end-others-what = Déconnecte tous les autres navigateurs et révoque tous les jetons d’API d’un coup.
security-also-ended = Un changement de mot de passe, ou une suspension par un administrateur, ferme aussi toutes les autres sessions et tous les autres jetons.
security-tokens = Jetons d’API
security-tokens-api-before = Les programmes qui utilisent l’API JSON (décrite sur
security-tokens-api-middle = ) se connectent avec un jeton : envoyez-le sous la forme
security-tokens-api-after = .
security-token-made-before = Le jeton{ " " }
security-token-made-after = { " " }a été créé. Copiez-le maintenant : il ne sera plus affiché.
security-token = Jeton
security-no-tokens = Aucun programme n’est connecté à votre compte.
security-token-made-on = le
security-token-until = valable jusqu’au
security-revoke-token = Révoquer le jeton { $what }
security-revoke = Révoquer
security-make-token = Créer un jeton
security-token-name = Nom (ce qui l’utilisera)

## Adding an authenticator app

authenticator-add = Ajouter une application d’authentification
authenticator-sessions-and-security = Sessions et sécurité
authenticator-required-before = Ce site exige la connexion en deux étapes pour votre compte : ajoutez ici une application d’authentification, ou une clé d’accès sur votre{ " " }
authenticator-required-link = page de sécurité
authenticator-required-after = , pour continuer.
authenticator-replacing = Ceci remplace l’application d’authentification de votre compte : ses codes ne fonctionneront plus.
authenticator-step-scan = Dans une application d’authentification (comme Aegis, FreeOTP, Google Authenticator ou 1Password), ajoutez un compte en scannant ce code :
authenticator-step-type = ou en saisissant cette clé :
authenticator-step-code = Saisissez le code à six chiffres que l’application affiche maintenant, ainsi que votre mot de passe.
authenticator-code = Code de l’application
authenticator-add-button = Ajouter l’application d’authentification
authenticator-ends-sessions = L’ajouter déconnecte tous les autres navigateurs et révoque tous les jetons d’API de votre compte.

## Recovery codes, shown once

recovery-codes = Codes de secours
recovery-authenticator-added = Votre application d’authentification a été ajoutée : la connexion demande désormais l’un de ses codes après votre mot de passe.
recovery-what-before = Si vous perdez votre application d’authentification, chacun de ces codes vous connecte une fois à la place de l’un de ses codes. Conservez-les en lieu sûr, à l’écart de votre mot de passe :{ " " }
recovery-what-strong = ils ne seront plus affichés
recovery-what-after = , et les codes que vous aviez auparavant ne fonctionnent plus.
recovery-download = Les télécharger dans un fichier texte
recovery-back = Retour aux sessions et à la sécurité

## Accounts, subscriptions, the desk and files

## Deleting an account (account/delete.html)

account-delete-title = Supprimer un compte
account-delete-own-question = Supprimer votre compte ?
account-delete-other-question = Supprimer le compte { $name } ?
account-delete-back = Retour
account-delete-own-intro = Cette action supprime votre compte pour de bon :
account-delete-other-intro-before = Cette action supprime le compte
account-delete-other-intro-after = pour de bon :
account-delete-signed-out = il est déconnecté partout et ne pourra plus jamais se connecter ;
account-delete-comments-removed = ses commentaires sont supprimés ;
account-delete-comments-stay = ses commentaires restent, signés « deleted user » ;
account-delete-names-freed = son nom d’utilisateur et son adresse e-mail sont libérés : n’importe qui peut s’inscrire avec ;
account-delete-erased = son nom, son profil et son adresse sont effacés ; les révisions et suggestions qu’il a écrites restent, sous le nom avec lequel elles ont été écrites.
account-delete-cannot-undo = Cette action est irréversible.
account-delete-password = Votre mot de passe
account-delete-mine = Supprimer mon compte
account-delete-this = Supprimer ce compte
account-delete-keep = Le conserver

## An account deleted (account/deleted.html)

deleted-title = Compte supprimé
deleted-own = Votre compte { $name } est supprimé, et vous êtes déconnecté.
deleted-other = Le compte { $name } est supprimé.
deleted-home = Accueil

## Confirming a new e-mail address (account/confirm_email.html)

confirm-title = Confirmez votre adresse e-mail
confirm-done-title = Votre adresse e-mail est changée
confirm-done-before = Le compte
confirm-done-middle = a désormais l’adresse
confirm-done-after = .
confirm-back-to-account = Retour à votre compte
confirm-ask-before = Le compte
confirm-ask-middle = aura l’adresse
confirm-ask-after =  : la connexion, les liens de réinitialisation du mot de passe et les avis y passeront désormais.
confirm-button = Confirmer cette adresse

## Setting up a new site (account/setup.html)

setup-title = Configuration
setup-intro = Créez le compte administrateur. Il peut écrire des articles et, plus tard, gérer les utilisateurs et les commentaires.
setup-display-name = Nom affiché (facultatif)
setup-create = Créer l’administrateur

## Confirming or ending a subscription (subscriptions/subscription.html)

subscription-title = Abonnement
subscription-confirm-title = Confirmez votre abonnement
subscription-unsubscribe-title = Se désabonner
subscription-about-on = { $about } sur { $site }
subscription-about-site = chaque nouvel article
subscription-about-author = les nouveaux articles de { $name }
subscription-about-author-gone = les nouveaux articles d’un auteur
subscription-will-receive = { $email } recevra { $what }.
subscription-receives = { $email } reçoit { $what }.
subscription-confirm-button = Confirmer
subscription-unsubscribe-button = Se désabonner
subscription-subscribed-title = Vous êtes abonné
subscription-unsubscribed-title = Vous êtes désabonné
subscription-subscribed = { $email } recevra { $what }. Chaque message contient un lien pour se désabonner.
subscription-unsubscribed = { $email } ne reçoit plus { $what }.
subscription-home = Accueil

## A writer's desk (desk.html)

desk-yours = Votre bureau
desk-of = Bureau de { $name }
desk-write-post = Écrire un article
desk-download = Télécharger vos articles en Markdown (zip)
desk-followers = Abonnés dans le fédivers
desk-tabs = Articles par état
desk-table = Articles
desk-title = Titre
desk-comments-waiting = Commentaires en attente
desk-suggestions-open = Suggestions ouvertes
desk-tools = Actions
desk-pending = { $count } en attente
desk-no-comments = aucun
desk-suggested =
    { $count ->
        [one] { $count } ouverte
       *[other] { $count } ouvertes
    }
desk-no-suggestions = aucune

## Files (binaries/admin.html, binaries/log.html, binaries/table.html)

files-admin-intro = Chaque fichier joint sur ce site, du plus récent au plus ancien, et l’état de ses octets (OK, ERROR, RETRY). Le journal des fichiers d’un article est lié depuis chaque contexte.
files-no-older = Aucun fichier plus ancien.
files-none-yet = Aucun fichier n’a encore été joint.
files-table = Fichiers
files-file = Fichier
files-context = Contexte
files-type = Type
files-size = Taille
size-bytes =
    { $count ->
        [one] { $count } octet
       *[other] { $count } octets
    }
size-kib = { $size } Kio
size-mib = { $size } Mio
size-gib = { $size } Gio
file-status-ok = Prêt
file-status-error = Refusé
file-status-retry = Sera récupéré à nouveau
file-status-missing = Manquant
files-status = État
files-added = Ajouté
files-log = journal
files-post-log = journal de l’article
files-newest = Fichiers les plus récents
files-older = Fichiers plus anciens
files-log-title = Journal des fichiers
files-of-post = Fichiers de « { $title } »
files-of-context = Fichiers de { $context }
files-the-post = L’article
files-edit-attachments = Modifier ses pièces jointes
files-all-log = Le journal de tous ses fichiers
files-context-code = contexte
files-post-none = L’article n’a actuellement aucun fichier.
files-processing-log = Journal de traitement
files-nothing-logged = Rien n’a été journalisé.
files-when = Date
files-reference = Référence
files-what-happened = Ce qui s’est passé

## Mail
# Mail goes to a member in the language they chose, else in the site's; to a subscriber
# in the site's. { $site } is always the site's title.

# The end of a sentence that closes on a link.
mail-full-stop = .

## What a subscription is to

mail-about-site = toutes les nouveautés de { $site }
mail-about-site-posts = les articles de { $site }
# { $author } is an author's display name.
mail-about-author = les articles de { $author } sur { $site }

## Confirming a subscription

mail-subscribe-subject = Confirmez votre abonnement à { $site }
mail-subscribe-title = Confirmez votre abonnement
# { $about } is one of the "What a subscription is to" messages.
mail-subscribe-asked = Quelqu’un, probablement vous, a demandé à recevoir { $about } par e-mail.
mail-subscribe-open =
    { $count ->
        [one] Pour confirmer, ouvrez ce lien dans l’heure :
       *[other] Pour confirmer, ouvrez ce lien dans les { $count } heures :
    }
mail-subscribe-link = Confirmez l’abonnement
# After the link "Confirm the subscription".
mail-subscribe-within =
    { $count ->
        [one] dans l’heure.
       *[other] dans les { $count } heures.
    }
mail-subscribe-not-you = Si ce n’était pas vous, ignorez ce message : rien ne sera envoyé.

## A new post, to its subscribers

# Under the post's title: { $author } wrote it.
mail-post-byline = par { $author }, sur { $site }
mail-post-read = Lire l’article : { $url }
mail-post-read-link = Lire l’article sur { $site }
mail-post-why = Vous recevez ce message parce que vous avez demandé à recevoir { $about }.
mail-post-unsubscribe = Se désabonner en un clic : { $url }
mail-post-unsubscribe-link = Se désabonner
# After the link "Unsubscribe".
mail-post-one-click = en un clic.

## A password reset link

mail-reset-subject = Votre mot de passe sur { $site }
mail-reset-asked = Quelqu’un, probablement vous, a demandé à réinitialiser le mot de passe du compte { $username } sur { $site }.
mail-reset-open =
    { $count ->
        [one] Pour choisir un nouveau mot de passe, ouvrez ce lien dans la minute (il ne fonctionne qu’une fois) :
       *[other] Pour choisir un nouveau mot de passe, ouvrez ce lien dans les { $count } minutes (il ne fonctionne qu’une fois) :
    }
mail-reset-link = Choisissez un nouveau mot de passe
# After the link "Choose a new password".
mail-reset-within =
    { $count ->
        [one] dans la minute (le lien ne fonctionne qu’une fois).
       *[other] dans les { $count } minutes (le lien ne fonctionne qu’une fois).
    }
mail-not-you = Si ce n’était pas vous, ignorez ce message : rien ne change.

## Confirming a new e-mail address

mail-confirm-subject = Confirmez votre adresse e-mail sur { $site }
mail-confirm-title = Confirmez votre adresse sur { $site }
mail-confirm-asked = Quelqu’un, probablement vous, a demandé à remplacer l’adresse e-mail du compte { $username } sur { $site } par { $address }.
mail-confirm-open =
    { $count ->
        [one] Pour confirmer cette adresse, ouvrez ce lien dans l’heure (il ne fonctionne qu’une fois) :
       *[other] Pour confirmer cette adresse, ouvrez ce lien dans les { $count } heures (il ne fonctionne qu’une fois) :
    }
mail-confirm-link = Confirmez cette adresse
# After the link "Confirm this address".
mail-confirm-within =
    { $count ->
        [one] dans l’heure (le lien ne fonctionne qu’une fois).
       *[other] dans les { $count } heures (le lien ne fonctionne qu’une fois).
    }

## The old address told of a new one

mail-changed-subject = Votre adresse e-mail sur { $site } a été modifiée
mail-changed-title = Votre adresse sur { $site } a été modifiée
mail-changed-what = L’adresse e-mail du compte { $username } sur { $site } a été remplacée par { $address }.
mail-changed-then = Les e-mails de ce compte y sont désormais envoyés. Si vous ne l’avez pas demandé, répondez à ce message ou prévenez sans attendre un administrateur de { $site }.

## An address asked for that has an account

mail-taken-subject = Quelqu’un a voulu utiliser votre adresse sur { $site }
mail-taken-what = Quelqu’un a voulu attribuer cette adresse à un compte sur { $site }, en s’inscrivant ou en changeant l’adresse d’un compte. Elle a déjà un compte sur ce site, { $username } : rien n’a donc changé.
mail-taken-sign-in = Si c’était vous, connectez-vous : { $url }
mail-taken-reset = Mot de passe oublié ? Demandez-en un nouveau : { $url }
# "If it was you, <link>sign in</link>."
mail-taken-if-you = Si c’était vous,
mail-taken-sign-in-link = connectez-vous
mail-taken-forgot = Mot de passe oublié ?
mail-taken-ask-link = Demandez-en un nouveau
mail-taken-not-you = Si ce n’était pas vous, vous n’avez rien à faire.

## A new sign-in

mail-sign-in-subject = Nouvelle connexion à votre compte sur { $site }
mail-sign-in-recovery-subject = Un code de secours a servi à se connecter à votre compte sur { $site }
mail-sign-in-title = Nouvelle connexion sur { $site }
# Followed by one of the four ways below, then a colon and the browser.
mail-sign-in-what = Une connexion au compte { $username } sur { $site } a eu lieu { $how } :
mail-sign-in-browser = depuis un navigateur encore jamais utilisé avec ce compte
mail-sign-in-api = par un programme, via l’API JSON
mail-sign-in-recovery =
    { $count ->
        [0] avec l’un des codes de secours du compte (il n’en reste plus aucun)
        [one] avec l’un des codes de secours du compte (il en reste { $count } inutilisé)
       *[other] avec l’un des codes de secours du compte (il en reste { $count } inutilisés)
    }
mail-sign-in-api-recovery =
    { $count ->
        [0] par un programme, via l’API JSON, avec l’un des codes de secours du compte (il n’en reste plus aucun)
        [one] par un programme, via l’API JSON, avec l’un des codes de secours du compte (il en reste { $count } inutilisé)
       *[other] par un programme, via l’API JSON, avec l’un des codes de secours du compte (il en reste { $count } inutilisés)
    }
# { $browser } names the browser and system ("Firefox on Linux"); { $when } a date and time.
mail-sign-in-where = { $browser }, depuis l’adresse { $address }, le { $when }.
mail-sign-in-you = Si c’était vous, vous n’avez rien à faire.
mail-sign-in-not-you = Sinon, changez tout de suite votre mot de passe et fermez les sessions que vous ne reconnaissez pas sur la page de sécurité de votre compte :
# "…end the sessions you do not know on <link>your account's security page</link>."
mail-sign-in-not-you-before = Sinon, changez tout de suite votre mot de passe et fermez les sessions que vous ne reconnaissez pas sur
mail-sign-in-security-link = la page de sécurité de votre compte

## A test message

mail-test-subject = Un message de test de { $site }
mail-test-title = Un message de test de { $site }
mail-test-from = Ceci est un message de test envoyé par { $site } ({ $url }).
# Followed by the site's title as a link.
mail-test-from-before = Ceci est un message de test envoyé par
mail-test-through = Il est passé par { $server }. Si vous le lisez, l’envoi d’e-mails du site fonctionne.

## The fediverse, the network of sites, and comment moderation

## The administrators' fediverse page (admin/federation.html)

federation-intro = Le site et chacun de ses auteurs peuvent être suivis depuis Mastodon et d’autres serveurs du fédivers. Ce qu’ils publient est livré aux serveurs de leurs abonnés.
federation-followers = Abonnés
federation-account = Compte
federation-follower-count = Abonnés
federation-site-followers = Les abonnés du site, et s’ils attendent une approbation
federation-deliveries = Livraisons
federation-sending =
    { $count ->
        [0] Rien n’est en cours de livraison.
        [one] { $count } activité est en cours de livraison.
       *[other] { $count } activités sont en cours de livraison.
    }
federation-per-server = Livraisons par serveur.
federation-per-server-counted =
    { $count ->
        [one] Livraisons par serveur, comptées sur l’activité la plus ancienne en cours de livraison.
       *[other] Livraisons par serveur, comptées sur les { $count } activités les plus anciennes en cours de livraison.
    }
federation-retry-explained = Une livraison qui échoue est retentée de plus en plus tard, pendant environ cinq jours ; « Livrer maintenant » retente tout de suite celles qui attendent.
federation-deliveries-per-server = Livraisons par serveur
federation-server = Serveur
federation-waiting = En attente
federation-failed = Échouées, à retenter
federation-given-up = Abandonnées
federation-next-attempt = Prochaine tentative
federation-last-failure = Dernier échec
federation-deliver-now = Livrer maintenant
federation-deliver-now-to = Livrer maintenant à { $server }
federation-failing = Serveurs en échec à chaque livraison
federation-none-failing = Aucun : tous les serveurs répondent.
federation-set-aside = Un serveur dont chaque livraison échoue pendant une journée est mis de côté : ses livraisons cessent jusqu’à ce qu’il réponde, qu’il envoie quelque chose à ce site ou que 30 jours passent.
federation-failing-since = En échec depuis
federation-last-answer = Dernière réponse
federation-deliver-again = Livrer à nouveau
federation-deliver-again-to = Livrer à nouveau à { $server }
federation-blocks = Serveurs et comptes bloqués
federation-blocks-explained = Ce qu’envoie un serveur ou un compte bloqué est refusé, rien ne lui est livré, et ses abonnements prennent fin. Le blocage d’un serveur s’étend aux serveurs sous son nom.
federation-block-target = Serveur ou compte
federation-block-placeholder = example.social ou https://example.social/users/someone
federation-delete-comments = Supprimer aussi ses commentaires sur ce site
federation-block = Bloquer
federation-no-blocks = Rien n’est bloqué.
federation-blocked = Bloqué
federation-kind = Type
federation-kind-server = Serveur
federation-kind-account = Compte
federation-since = Depuis
federation-blocked-by = Par
federation-unblock = Débloquer
federation-unblock-target = Débloquer { $target }
federation-more-blocks = Plus de blocages

## A writer's followers on the fediverse (desk_fediverse.html)

fediverse-title = Abonnés sur le fédivers
fediverse-can-be-followed = { $handle } peut être suivi depuis Mastodon et d’autres serveurs du fédivers.
fediverse-follower-count =
    { $count ->
        [one] { $count } compte le suit.
       *[other] { $count } comptes le suivent.
    }
fediverse-approve-myself = Approuver moi-même les nouveaux abonnés
fediverse-approval-explained = Quand cette option est activée, un abonnement attend ci-dessous que vous l’approuviez ; quand elle est désactivée, les abonnements sont acceptés tout de suite.
fediverse-waiting = En attente de votre approbation
fediverse-none-waiting = Aucun abonnement en attente.
fediverse-waiting-table = Abonnements en attente d’approbation
fediverse-account = Compte
fediverse-since = Depuis
fediverse-decision = Décision
fediverse-approve = Approuver
fediverse-approve-follower = Approuver { $follower }
fediverse-reject = Refuser
fediverse-reject-follower = Refuser { $follower }

## The network administrators' list of sites (admin/network.html)

network-title = Réseau
network-intro = Tous les sites que sert cette installation, avec leurs administrateurs et leurs chiffres. Les administrateurs propres à chaque site gèrent ses membres, ses articles et ses commentaires.
network-none = Aucun site n’est enregistré.
network-sites = Sites
network-site = Site
network-status = Statut
network-status-live = en service
network-status-suspended = suspendu
network-status-deleting = en cours de suppression
network-registered = Enregistré
network-administrators = Administrateurs
network-posts-written = Articles écrits
network-comments = Commentaires
network-aliases = Alias
network-suspend = Suspendre
network-serve-again = Remettre en service
network-pending = ({ $count } en attente)
network-next-page = Page suivante
network-register = Enregistrer un site
network-url = Son URL
network-url-placeholder = https://blog.example.com
network-first-admin = Son premier administrateur (le nom d’utilisateur ou l’adresse e-mail d’un compte)
network-register-button = Enregistrer

## Comment moderation (admin/comments.html)

moderation-view-post = Voir l’article
moderation-log = Journal de modération
moderation-lists = Listes
moderation-state-pending = en attente
moderation-state-spam = indésirables
moderation-state-rejected = refusés
moderation-state-approved = approuvés
moderation-state-deleted = supprimés
moderation-nothing-here = Rien ici.
moderation-from-fediverse = depuis le fédivers :
moderation-on = sur
moderation-a-reply = une réponse
moderation-ban-commenter = Bannir ce commentateur
moderation-reason = Motif (facultatif, conservé dans le journal)
moderation-approve = Approuver
moderation-reject = Refuser
moderation-spam = Indésirable
moderation-older = Plus anciens
moderation-bans = Commentateurs bannis
moderation-ban = Bannir
moderation-unban = Lever le bannissement
moderation-bans-explained = Les commentaires d’un commentateur banni sont refusés avec un message ; rien de ce qu’il envoie n’arrive dans les listes.

## The site's comment settings (admin/comment_settings.html)

comment-settings-title = Réglages des commentaires
comment-settings-saved = Enregistré.
comment-settings-guests = Les visiteurs sans compte peuvent commenter, avec un nom et une adresse e-mail qui n’est jamais affichée
comment-settings-trust-approved = Les commentaires d’une personne dont un commentaire a déjà été approuvé ne passent pas par la file d’attente
comment-settings-close-after = Fermer les commentaires ce nombre de jours après la publication d’un article (0 : jamais)
comment-settings-deleted-accounts = Quand un compte est supprimé, ses commentaires
comment-settings-deleted-keep = restent, signés « deleted user »
comment-settings-deleted-remove = sont retirés

## Said by the server
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/account.rs
said-this-site-already-has-an = Ce site a déjà un administrateur.

# web/account_deletion.rs
said-your-own-account-is-deleted = Votre propre compte se supprime depuis la page de votre compte.
said-accounts-are-shared-with-the = Les comptes sont partagés avec les autres sites de cette installation : bannissez plutôt le membre ici.

# web/admin.rs
said-this-site-lists-its-members = Ce site liste ses membres du plus récent au plus ancien, sans classement par première lettre.
said-that-page-of-accounts-does = Cette page de comptes n’existe pas.

# web/comment_section.rs
said-this-page-of-comments-does = Cette page de commentaires n’existe pas. Repartez de l’article.

# web/desk.rs
said-the-desk-has-the-tabs = Le bureau a les onglets « Brouillons », « Programmés » et « Publiés ».
said-only-an-administrator-opens-another = Seul un administrateur peut ouvrir le bureau d’un autre auteur.

# web/email_change.rs
said-this-link-has-expired-or = Ce lien a expiré ou a déjà servi : chaque lien fonctionne une fois, pendant une journée. Demandez-en un nouveau depuis la page de votre compte.
said-another-account-took-that-address = Un autre compte a pris cette adresse entre-temps : rien n’a donc changé. Choisissez-en une autre depuis la page de votre compte.

# web/error.rs
said-this-form-has-expired-or = Ce formulaire a expiré ou ne vient pas de ce site. Revenez en arrière, rechargez la page et réessayez.
said-the-form-was-not-sent = Le formulaire n’a pas été envoyé comme un formulaire web.

# web/fediverse_followers.rs
said-the-actor-is-the-site = L’acteur est celui du site (site) ou le vôtre (vide).
said-the-decision-is-approve-or = La décision est « Approuver » ou « Refuser ».
said-approved-the-account-follows-and = Approuvé : le compte suit désormais, et son serveur en est informé.
said-rejected-its-server-is-told = Refusé : son serveur en est informé.

# web/history.rs
said-this-page-link-is-broken = Ce lien de page est cassé. Repartez des révisions les plus récentes.

# web/lists.rs
said-a-page-starts-after-one = Une page commence après un article ou avant un article, pas les deux.

# web/locales.rs
said-the-address-s-query-could = Les paramètres de l’adresse n’ont pas pu être lus.

# web/network.rs
said-only-the-network-s-administrators = Seuls les administrateurs du réseau peuvent faire cela.
said-that-is-not-a-page = Ce n’est pas une page de cette liste.

# web/passkeys.rs
said-this-account-has-been-suspended = Ce compte a été suspendu.

# web/post_download.rs
said-you-have-downloaded-your-posts = Vous avez téléchargé vos articles assez souvent pour le moment.

# web/posts.rs
said-only-an-administrator-makes-the = Seul un administrateur crée les pages du site.
said-a-new-text-is-a = Un nouveau texte est un article ou une page.
said-choose-publish-save-and-schedule = Choisissez « Publier », « Enregistrer et programmer », « Enregistrer le brouillon », « Aperçu » ou « Enregistrer le brouillon et ajouter des fichiers ».

# web/schedule.rs
said-this-post-went-live-before = Cet article a été publié avant que la programmation puisse être annulée : dépubliez-le s’il ne doit pas être en ligne.
said-this-post-is-published-unpublish = Cet article est publié : dépubliez-le d’abord pour le programmer.

# web/second_factor.rs
said-this-sign-in-has-expired = Cette connexion a expiré ou a déjà servi : reconnectez-vous avec votre mot de passe.

# web/security.rs
said-only-a-signed-in-browser = Seul un navigateur connecté peut faire cela.
said-ended-that-browser-is-signed = Session fermée : ce navigateur est déconnecté, ou ce jeton ne fonctionne plus.
said-your-new-authenticator-app-was = Votre nouvelle application d’authentification a été ajoutée : les codes de l’ancienne ne fonctionnent plus. Toutes les autres sessions ont été fermées.
said-your-authenticator-app-and-its = Votre application d’authentification et ses codes de secours ont été supprimés. Toutes les autres sessions ont été fermées.
said-your-new-passkey-was-added = Votre nouvelle clé d’accès a été ajoutée : elle vous connecte sans mot de passe, et elle est demandée après votre mot de passe. Toutes les autres sessions ont été fermées.
said-the-passkey-was-removed-it = La clé d’accès a été supprimée : elle ne vous connecte plus. Toutes les autres sessions ont été fermées.
said-every-other-session-of-your = Toutes les autres sessions de votre compte ont été fermées : tous les autres navigateurs sont déconnectés, et plus aucun jeton ne fonctionne.
said-too-many-wrong-passwords-for = Trop de mots de passe erronés pour ce compte.

# web/sign_in.rs
said-wrong-user-name-e-mail = Nom d’utilisateur, adresse e-mail ou mot de passe incorrect.

# web/site_admin.rs
said-mail-is-off-on-this = L’envoi d’e-mails est désactivé sur ce site : lancez Sibyl avec --smtp-url et --mail-from pour envoyer des e-mails.
said-your-account-has-no-confirmed = Votre compte n’a pas encore d’adresse confirmée : confirmez-en d’abord une depuis la page de votre compte.
said-enough-test-messages-for-now = Assez de messages de test pour le moment.

# web/sitemaps.rs
said-there-is-no-such-sitemap = Ce plan de site n’existe pas : /sitemap.xml indique celui de chaque mois.

# web/tags.rs
said-this-page-link-is-broken-2 = Ce lien de page est cassé. Repartez de la première page des étiquettes.

# web/moderation/admin.rs
said-close-comments-after-a-number = Indiquez après combien de jours fermer les commentaires, de 0 (jamais) à 3650, et ce que deviennent les commentaires d’un compte supprimé.

# web/moderation/decisions.rs
said-choose-approve-reject-spam-or = Choisissez « Approuver », « Refuser », « Indésirable » ou « Supprimer ».
said-a-comment-of-another-post = Un commentaire d’un autre article a été choisi sur la page de cet article.
said-choose-ban-or-unban = Choisissez « Bannir » ou « Lever le bannissement ».
said-there-is-no-such-account = Ce compte n’existe pas.

# web/moderation/mod.rs
said-only-the-post-s-author = Seuls l’auteur de l’article ou un administrateur modèrent ses commentaires.
said-this-page-link-is-broken-3 = Ce lien de page est cassé. Repartez de la première page de la liste.

# web/binaries/editor.rs
said-this-post-has-no-such = Cet article n’a pas cette pièce jointe.
said-you-have-uploaded-many-times = Vous venez d’envoyer des fichiers de très nombreuses fois.

# web/binaries/files.rs
said-there-is-no-such-file = Ce fichier n’existe pas.
said-that-page-of-files-does = Cette page de fichiers n’existe pas.

# web/binaries/images.rs
said-many-images-were-scaled-for = De très nombreuses images viennent d’être redimensionnées pour vous.

# web/binaries/mod.rs
said-only-the-post-s-author-2 = Seuls l’auteur de l’article ou un administrateur peuvent modifier ses pièces jointes.

# web/settings/mod.rs
said-your-profile-was-saved = Votre profil a été enregistré.
said-the-language-of-your-pages = La langue de vos pages a été enregistrée.
said-your-user-name-was-changed = Votre nom d’utilisateur a été changé.
said-your-e-mail-address-was = Votre adresse e-mail a été changée.
said-we-sent-a-link-to = Nous avons envoyé un lien à la nouvelle adresse : votre adresse change quand vous le suivez (dans la journée). D’ici là, elle reste telle quelle.
said-your-password-was-changed-your = Votre mot de passe a été changé ; vos autres sessions ont été déconnectées.
said-welcome-we-mailed-a-link = Bienvenue ! Nous avons envoyé un lien à l’adresse indiquée : elle devient celle de votre compte quand vous le suivez (dans la journée). D’ici là, connectez-vous avec votre nom d’utilisateur.

# web/suggestions/mod.rs
said-only-the-post-s-author-3 = Seuls l’auteur de l’article ou un administrateur examinent les suggestions.
said-that-revision-of-the-post = Cette révision de l’article n’existe pas.
said-you-are-suggesting-changes-too = Vous suggérez des modifications trop vite.

# web/suggestions/review.rs
said-this-suggestion-was-already-accepted = Cette suggestion a déjà été acceptée ou refusée.

## Said by the server (continued)
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/suggestions/review.rs
said-the-post-kept-changing-while = L’article n’a pas cessé de changer pendant l’enregistrement de la suggestion ; elle sera enregistrée sous peu.

# web/subscriptions/links.rs
said-this-link-no-longer-works = Ce lien ne fonctionne plus : un lien de confirmation fonctionne une fois, pendant deux jours, et un lien de désabonnement jusqu’à ce qu’il ait servi. Abonnez-vous à nouveau sur /subscribe.

# web/subscriptions/mod.rs
said-this-site-sends-no-mail = Ce site n’envoie pas d’e-mails, il n’a donc pas d’abonnés par e-mail : suivez plutôt son flux (/feed.xml).

# web/password_reset/mod.rs
said-mail-is-off-on-this-2 = Ce site n’envoie pas d’e-mails, aucun lien ne peut donc être envoyé : demandez à un administrateur de définir un nouveau mot de passe (sibyl user reset-password).

# web/password_reset/new_password.rs
said-this-link-has-expired-or-2 = Ce lien a expiré ou a déjà servi : chaque lien fonctionne une fois, pendant une heure. Demandez-en un nouveau sur /password/forgot.

# app/accounts.rs
said-this-site-has-not-been = Ce site n’a pas encore été configuré.
said-too-many-sign-in-attempts = Trop de tentatives de connexion depuis votre adresse.
said-too-many-failed-sign-ins = Trop de connexions échouées pour ce compte.
said-too-many-sign-ups-for = Trop d’inscriptions pour cette adresse e-mail.
said-too-many-sign-ups-from = Trop d’inscriptions depuis votre adresse.

# app/comments.rs
said-this-comment-looks-automated-and = Ce commentaire semble automatisé et n’a pas été publié.
said-the-comment-form-has-expired = Le formulaire de commentaire a expiré ou ne vient pas de ce site. Rechargez la page et réessayez.
said-you-can-no-longer-comment = Vous ne pouvez plus commenter sur ce site.
said-there-is-no-such-comment = Ce commentaire n’existe pas sur cet article.
said-a-reply-answers-a-published = Une réponse porte sur un commentaire publié du même article.
said-only-its-author-can-change = Seul son auteur peut modifier un commentaire.
said-only-the-post-s-author-4 = Seuls l’auteur de l’article ou un administrateur peuvent en fermer les commentaires.
said-pick-at-least-one-comment = Sélectionnez au moins un commentaire.
said-too-many-comments-have-come = Trop de commentaires sont venus de votre adresse.
said-you-are-commenting-too-fast = Vous commentez trop vite.

# app/confirmations.rs
said-enough-confirmation-links-have-been = Suffisamment de liens de confirmation ont été demandés.

# app/passkeys.rs
said-too-many-second-steps-have = Trop de deuxièmes étapes ont échoué depuis votre adresse.
said-too-many-second-steps-have-2 = Trop de deuxièmes étapes ont échoué pour ce compte : patientez un moment.

# app/posts.rs
said-only-the-post-s-author-5 = Seuls l’auteur de l’article ou un administrateur peuvent faire cela.
said-someone-saved-this-text-a = Quelqu’un vient d’enregistrer ce texte. Rouvrez-le et réessayez.
said-the-post-is-already-written = L’article existe déjà dans cette langue.

# app/sessions.rs
said-that-session-has-ended-already = Cette session a déjà pris fin, ou n’est pas la vôtre.

# app/federation/blocks.rs
said-name-the-server-example-social = Indiquez le serveur (example.social) ou le compte (https://example.social/users/someone) à bloquer.
said-give-the-account-s-address = Indiquez l’adresse du compte telle que son profil y renvoie (https://example.social/users/someone), ou le nom de son serveur.
said-a-server-is-blocked-by = Un serveur est bloqué par son nom, quel que soit son port : omettez le port.
said-that-is-this-site-s = C’est le serveur de ce site : il ne peut pas se bloquer lui-même.

# app/federation/mod.rs
said-the-page-s-cursor-cannot = Le curseur de la page est illisible.

# app/federation/remote.rs
said-too-many-keys-were-fetched = Trop de clés ont été récupérées auprès de votre serveur ces derniers temps.

# app/federation/replies.rs
said-this-actor-is-replying-too = Cet acteur répond trop vite.
said-this-server-s-accounts-are = Les comptes de ce serveur répondent trop vite.

# app/federation/requests.rs
said-only-the-account-s-author = Seuls l’auteur à qui appartient le compte ou un administrateur décident qui le suit.
said-no-such-follow-is-waiting = Aucun abonnement de ce type n’est en attente.
said-that-account-or-its-server = Ce compte ou son serveur est bloqué : son abonnement a été abandonné.

# domain/comment.rs
said-a-comment-needs-some-text = Un commentaire doit contenir du texte.
said-this-comment-is-too-long = Ce commentaire est trop long une fois mis en forme : raccourcissez-le, ou utilisez moins de liens et moins de caractères comme & < > et les guillemets, qui occupent chacun plusieurs octets sur la page.
said-please-give-a-name-to = Veuillez indiquer un nom pour signer votre commentaire.
said-a-name-has-at-most = Un nom compte au plus 60 caractères, sur une seule ligne.
said-a-reason-is-one-line = Un motif tient sur une seule ligne d’au plus 200 caractères.

# domain/post.rs
said-a-description-cannot-hold-control = Une description ne peut pas contenir de caractères de contrôle.
said-a-revision-note-has-at = Une note de révision compte au plus 200 caractères.
said-a-revision-note-is-one = Une note de révision tient sur une seule ligne de texte.
said-the-tags-field-has-at = Le champ des étiquettes compte au plus 1024 caractères.

# domain/schedule.rs
said-give-the-date-and-time = Indiquez la date et l’heure de publication, par exemple 2026-12-24T09:30.
said-that-time-has-passed-schedule = Ce moment est passé : programmez un moment à venir, ou publiez maintenant.

# domain/search.rs
said-type-a-word-or-two = Tapez un ou deux mots à rechercher.

# domain/session.rs
said-give-the-token-a-name = Donnez un nom au jeton, par exemple celui du programme qui l’utilisera.
said-a-token-s-name-is = Le nom d’un jeton tient sur une seule ligne de texte.

# domain/site.rs
said-the-site-needs-a-title = Le site doit avoir un titre.
said-the-site-needs-a-language = Le site doit avoir une langue, par exemple en, fr ou en-GB.

# domain/user.rs
said-a-user-name-may-contain = Un nom d’utilisateur ne peut contenir que des lettres, des chiffres, '_', '-' et '.'.
said-a-user-name-cannot-mix = Un nom d’utilisateur ne peut pas mélanger les alphabets (par exemple des lettres latines et cyrilliques qui se ressemblent).
said-enter-an-e-mail-address = Saisissez une adresse e-mail comme name@example.com.
said-user-names-starting-with-deleted = Les noms d’utilisateur commençant par « deleted- » sont réservés aux comptes supprimés.
said-enter-an-address-that-receives = Saisissez une adresse qui reçoit des e-mails.
said-the-two-passwords-differ = Les deux mots de passe sont différents.
said-a-bio-cannot-contain-control = Une biographie ne peut pas contenir de caractères de contrôle.
said-a-homepage-is-an-address = Un site personnel est une adresse commençant par https:// ou http://, de 200 caractères au plus.
said-a-picture-is-the-address = Une photo est l’adresse d’une image, commençant par https://, de 500 caractères au plus.
said-a-display-name-has-at = Un nom affiché compte au plus 64 caractères, sans caractère de contrôle.

# domain/post/body.rs
said-a-post-needs-some-text = Un article doit contenir du texte.

# domain/post/names.rs
said-a-post-needs-a-title = Un article doit avoir un titre.
said-a-title-cannot-contain-control = Un titre ne peut pas contenir de caractères de contrôle.
said-a-tag-cannot-be-empty = Une étiquette ne peut pas être vide.

## The deployment's own pages, which name no site

deployment-bad-request = Requête invalide
deployment-unavailable = Indisponible
deployment-unavailable-why = Ce site est injoignable pour le moment. Réessayez dans un instant.
deployment-suspended = Site suspendu
deployment-suspended-why = Ce site est suspendu pour le moment. Revenez plus tard.
deployment-unknown = Introuvable
deployment-unknown-why = Aucun site n’est servi à cette adresse.
said-the-request-names-no-host = La requête ne nomme aucun hôte.

## Said by the server: the writer's desk

said-desk-drafts = Brouillons
said-desk-scheduled = Programmés
said-desk-published = Publiés
said-desk-started = Commencé
said-desk-goes-live = Mise en ligne
said-desk-no-drafts = Aucun brouillon : ce que vous enregistrez comme brouillon attend ici.
said-desk-nothing-scheduled = Rien de programmé : la page d’un brouillon et son éditeur le programment.
said-desk-nothing-published = Rien de publié pour l’instant.

## What the editor's and the passkey forms' scripts say
# { $time }, { $status }, { $reason }: filled in by the script.

editor-autosaved = Brouillon enregistré à { $time }.
editor-autosave-failed = Le brouillon n’a pas pu être enregistré ({ $status }).
editor-autosave-unreachable = Le brouillon n’a pas pu être enregistré : le site ne répond pas.
passkey-cannot-make = Ce navigateur ne sait pas créer de clés d’accès.
passkey-cannot-use = Ce navigateur ne sait pas utiliser les clés d’accès : connectez-vous depuis un navigateur qui le peut.
passkey-asking = Interrogation de votre appareil…
passkey-checking = Vérification…
passkey-not-used = Aucune clé d’accès n’a été utilisée : { $reason }

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# app/comments.rs
said-comments-close-days-after-a = Les commentaires sont fermés { $days } jours après la publication d’un article ; c’est le cas pour celui-ci.
said-this-post-has-reached-its = Cet article a atteint sa limite de { $max-comments-per-post } commentaires et n’en accepte plus.
said-a-comment-can-be-changed = Un commentaire peut être modifié pendant { $edit-window-minutes } minutes après avoir été écrit ; celui-ci ne peut plus l’être.
said-at-most-comments-can-be = Au plus { $max-picks } commentaires peuvent être déplacés à la fois.
said-nothing-was-changed = Rien n’a été modifié : { $value }.

# app/factors.rs
said-qr-code-of-the-authenticator = Code QR du secret d’authentification de { $value }

# app/formatting.rs
said-this-site-shows-images-from = Ce site n’affiche que les images de ses propres fichiers, et l’adresse { $url } est sur un autre site : retirez-la, enregistrez, puis ajoutez l’image aux fichiers de l’article et insérez-la depuis là.
said-the-server-could-not-format = Le serveur n’a pas pu mettre en forme ce texte en { $value } secondes, car il est occupé par d’autres ; rien n’a été enregistré. Réessayez dans un instant.

# app/passkeys.rs
said-give-the-passkey-a-name = Donnez à la clé d’accès un nom de 1 à { $max-name-chars } caractères (où elle est conservée : « Portable », « Téléphone »).
said-your-account-has-passkeys-the = Votre compte a { $max-passkeys } clés d’accès, le maximum possible : supprimez-en une d’abord.

# app/posts.rs
said-a-post-can-be-translated = Un article peut être traduit en { $value } langues au plus.

# app/federation/blocks.rs
said-an-address-longer-than-characters = Une adresse de plus de { $max-id-length } caractères ne désigne aucun compte.
said-the-site-blocks-servers-and = Le site bloque déjà { $max-blocks } serveurs et comptes, le maximum possible : débloquez-en un d’abord.

# app/federation/requests.rs
said-this-account-has-followers-the = Ce compte a { $max-remote-followers } abonnés, le maximum possible : refusez des abonnements, ou attendez que certains prennent fin.

# domain/comment.rs
said-a-comment-has-at-most = Un commentaire compte au plus { $value } caractères ; celui-ci en compte { $chars }.
said-this-comment-takes-too-many-bytes = Ce commentaire est trop long : il occupe { $value } octets, alors qu’un commentaire en occupe au plus { $value2 } (2 000 caractères dans la plupart des écritures, moins dans celles dont les caractères prennent 3 ou 4 octets, comme le chinois ou les emoji).
said-a-comment-has-at-most-2 = Un commentaire contient au plus { $value } liens ; celui-ci en contient { $links }.

# domain/markdown.rs
said-this-text-has-ampersands-more = Ce texte contient { $ampersands } esperluettes (&), plus que les { $max-ampersands } qu’un article peut avoir. Écrivez « et » à la place de certaines, ou répartissez le texte sur plusieurs articles.
said-this-text-makes-more-than = Ce texte produit plus de { $max-elements } éléments (paragraphes, éléments de liste, cellules de tableau, italiques, liens…) ; répartissez-le sur plusieurs articles.
said-this-text-makes-at-least = Une fois mis en forme, ce texte produit au moins { $value } Kio de HTML, plus que les { $value2 } Kio qu’un article peut avoir (un lien ou une image donnés par référence répètent leur adresse partout où ils sont utilisés). Raccourcissez-le, ou répartissez-le sur plusieurs articles.

# domain/password.rs
said-a-password-has-at-least = Un mot de passe compte au moins { $value } caractères.
said-a-password-has-at-most = Un mot de passe compte au plus { $value } caractères.

# domain/post.rs
said-an-author-keeps-at-most = Un auteur garde au plus { $max-drafts-per-author } brouillons sur un site. Publiez-en ou supprimez-en un d’abord.
said-a-site-has-at-most = Un site compte au plus { $max-pages } pages. Modifiez plutôt l’une d’elles.
said-a-description-is-characters-long = La description fait { $count } caractères ; elle peut en compter { $excerpt-chars } au plus.
said-a-title-has-at-most = Un titre compte au plus { $value } caractères.
said-a-post-body-has-at = Le corps d’un article compte au plus { $value } Kio de Markdown.

# domain/schedule.rs
said-a-post-can-be-scheduled = Un article peut être programmé au plus { $max-days-ahead } jours à l’avance.
said-the-site-has-posts-waiting = Le site a { $max-scheduled } articles en attente de publication : publiez-en certains ou annulez leur programmation d’abord.

# domain/search.rs
said-a-search-is-at-most = Une recherche compte au plus { $max-query-chars } caractères ; celle-ci en compte { $length }.
said-a-search-has-at-most = Une recherche contient au plus { $max-query-words } mots différents ; celle-ci en contient { $value }.

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# domain/session.rs
said-a-token-s-name-has = Le nombre de caractères du nom d’un jeton est limité à { $max-label }.

# domain/site.rs
said-no-such-choice-of-who = Ce choix pour la connexion en deux étapes n’existe pas : { $text }.
said-the-cannot-hold-control-characters = Le champ « { $field } » ne peut pas contenir de caractères de contrôle.
said-the-is-characters-long-at = Le champ « { $field } » est trop long : { $count } caractères pour un maximum de { $max }.

# domain/user.rs
said-a-user-name-has-to = Un nom d’utilisateur compte de { $value } à { $value2 } caractères.
said-an-e-mail-address-has = Le nombre de caractères d’une adresse e-mail est limité à { $value }.
said-a-bio-has-at-most = Le nombre de caractères d’une biographie est limité à { $value }.

# domain/post/names.rs
said-a-tag-has-at-most = Le nombre de caractères d’une étiquette est limité à { $value }.
said-the-tag-may-contain-only = L’étiquette { $tag } ne peut contenir que des lettres, des chiffres, des espaces et - _ . + #
said-a-post-has-at-most = Le nombre d’étiquettes d’un article est limité à { $value }.

# web/admin.rs
said-no-account-is-called = Aucun compte ne s’appelle { $value }.
said-there-is-no-shelf-in = L’annuaire n’a pas de rayon { $shelf }.
said-you-cannot-your-own-account = Cette action (« { $what } ») est impossible sur votre propre compte ; demandez à un autre administrateur.

# web/archive.rs
said-there-is-no-month-an = Le mois { $year }/{ $number } n’existe pas : un mois des archives s’écrit comme /archive/2026/11.
said-nothing-was-published-in-the = Rien n’a été publié en { $value }. Les archives listent les mois qui ont des articles.

# web/error.rs
said-the-form-is-too-large = Le formulaire est trop volumineux : la taille maximale d’envoi est de { $value } Kio.
said-the-form-could-not-be = Le formulaire n’a pas pu être lu : { $other }.

# web/feeds.rs
said-no-post-is-tagged-so = Aucun article n’a l’étiquette « { $value } » : elle n’a donc pas de flux.

# web/history.rs
said-this-post-has-no-revision = Cet article n’a pas de révision { $number }.

# web/lists.rs
said-this-page-link-is-broken-from = Ce lien de page est cassé. Repartez du début : { $start }.
said-start-the-first-page-of-month = la première page de { $month }
said-start-the-first-page-of-the-tag = la première page de l’étiquette
said-start-the-desk-s-first-page = la première page du bureau
said-start-the-author-s-first-page = la première page de l’auteur
said-start-the-home-page = la page d’accueil
said-there-are-no-older-posts = Il n’y a pas d’articles plus anciens. Revenez au début : { $start }.

# web/locales.rs
said-this-post-has-no-translation = Cet article n’a pas encore de traduction : { $value } ({ $value2 }).

# web/revisions.rs
said-you-are-starting-the-translation = Vous commencez la traduction ({ $value }) à partir du texte original. Elle reste un brouillon jusqu’à ce que vous la publiiez.
said-this-is-your-draft-saved = Ceci est votre brouillon (enregistré : { $value }), fondé sur la révision { $value2 } ; ce n’est pas encore une révision.{ $changed }
said-someone-saved-this-text-revision = Quelqu’un a enregistré ce texte (révision { $value }) après que vous l’avez ouvert. Votre texte est ci-dessous : comparez-le avec l’historique, puis enregistrez à nouveau.

# web/routes.rs
said-the-address-s-query-could-not-why = Les paramètres de l’adresse n’ont pas pu être lus : { $why }.

# web/site_admin.rs
said-no-message-went = Aucun message n’est parti : { $e }.
said-the-setting-is-a-box = Le réglage « { $setting } » est une case à cocher ou à laisser vide.

# web/sites.rs
said-the-request-s-host-is = L’hôte de la requête n’est pas valide : { $e }.

# web/tags.rs
said-no-post-is-tagged = Aucun article n’a l’étiquette « { $value } ».

# web/suggestions/mod.rs
said-this-post-has-reached-its-2 = Cet article a atteint sa limite de suggestions ({ $max-suggestions-per-post }) et n’en accepte plus.

# web/suggestions/review.rs
said-this-post-has-no-suggestion = Cet article n’a pas de suggestion { $id }.

## Descriptions and titles the handlers make
# { $name }: an author's display name; { $tag }: a tag; { $title }: a post's title;
# { $admins }: administrators' names, separated by commas.

author-description = Les articles de { $name }.
tag-description = Articles avec l’étiquette « { $tag } ».
moderation-comments-on = Commentaires sur « { $title } »
network-admins-and-more = { $admins } et d’autres

## Notices after a decision on the moderation desk and on /admin/federation, and how the
## fediverse took a post.

moderation-done-approved =
    { $count ->
        [one] { $count } commentaire approuvé.
       *[other] { $count } commentaires approuvés.
    }
moderation-done-rejected =
    { $count ->
        [one] { $count } commentaire refusé.
       *[other] { $count } commentaires refusés.
    }
moderation-done-spam =
    { $count ->
        [one] { $count } commentaire marqué comme indésirable.
       *[other] { $count } commentaires marqués comme indésirables.
    }
moderation-done-deleted =
    { $count ->
        [one] { $count } commentaire supprimé.
       *[other] { $count } commentaires supprimés.
    }
moderation-done-banned = { $name } ne peut plus commenter.
moderation-done-unbanned = { $name } peut de nouveau commenter.
federation-done-blocked = { $target } est bloqué : { $follows ->
        [one] { $follows } abonnement terminé
       *[other] { $follows } abonnements terminés
    }, { $comments ->
        [one] { $comments } commentaire supprimé
       *[other] { $comments } commentaires supprimés
    }.
federation-done-unblocked = { $target } n’est plus bloqué : ce qu’il envoie est de nouveau accepté (ses abonnements et ses commentaires ne reviennent pas).
federation-done-retried = Les livraisons vers { $server } reprennent : { $count ->
        [one] { $count } livraison en attente est due
       *[other] { $count } livraisons en attente sont dues
    } immédiatement.
federation-done-retried-aside = Il n’est plus mis de côté : les nouvelles livraisons partent aussitôt.
fediverse-reactions-liked = Aimé { $likes ->
        [1] une fois
        [2] deux fois
       *[other] { $likes } fois
    } sur le fédivers.
fediverse-reactions-shared = Partagé { $shares ->
        [1] une fois
        [2] deux fois
       *[other] { $shares } fois
    } sur le fédivers.
fediverse-reactions-both = Aimé { $likes ->
        [1] une fois
        [2] deux fois
       *[other] { $likes } fois
    } et partagé { $shares ->
        [1] une fois
        [2] deux fois
       *[other] { $shares } fois
    } sur le fédivers.

## Refusals that begin with what was refused (quoted as it was given).

said-value-is-not-a-site-status-to-set = { $status } n’est pas un statut qu’un site peut prendre.
said-value-is-not-a-revision-number = { $number } n’est pas un numéro de version.
said-value-is-not-a-moderation-list = { $list } n’est pas une liste de modération : pending, spam ou rejected.
said-value-does-not-name-a-comment = { $value } ne désigne aucun commentaire.
said-value-is-not-a-user-name = { $name } n’est pas un nom d’utilisateur.
said-value-is-not-an-account = { $id } n’est pas un compte.
said-value-is-not-a-month = { $month } n’est pas un mois comme 2026-11.
said-value-is-not-a-language-spoken = { $language } n’est pas une langue de ces pages : choisissez-en une dans la liste.
said-value-wait-and-try-again = { $message } Veuillez patienter jusqu’à { $minutes } minutes, puis réessayez.
said-value-comments-were-moved-then = { $moved } commentaires sur { $total } ont été déplacés ; puis celui-ci n’a pas pu l’être : { $why }
said-value-is-not-blocked = { $target } n’est pas bloqué.
said-value-is-not-a-comment-id = { $id } n’est pas un identifiant de commentaire.
said-value-is-not-a-comment-state = { $state } n’est pas un état de commentaire.
said-value-is-not-a-host-name = { $host } n’est pas un nom d’hôte : { $why }
said-value-is-not-a-locale = { $locale } n’est pas une locale : indiquez une langue, comme en, ou une langue et un pays, comme en_US
said-value-is-not-a-page-path = { $path } n’est pas un chemin de page : des mots en minuscules, chiffres et tirets, séparés par /
said-value-is-not-a-site-s-status = { $status } n’est pas un statut de site
said-value-is-not-a-language-code = { $code } n’est pas un code de langue : utilisez-en un comme en, fr ou en-GB.
said-value-is-not-an-origin = { $origin } n’est pas une origine : { $why }
said-value-is-not-an-origin-write = { $origin } n’est pas une origine : indiquez un schéma et un hôte, comme https://app.example.com
said-value-does-not-exist-in-zone = { $time } n’existe pas dans le fuseau { $zone } : les horloges sautent cette heure. Choisissez une autre heure.
said-value-is-not-a-post-address = { $address } n’est pas une adresse d’article
said-this-text-nests-too-deep = Ce texte imbrique des citations, des listes ou des éléments HTML sur plus de { $depth } niveaux (un élément de liste compte pour deux : la liste et l’élément). Aplatissez les parties les plus profondes.
said-this-comment-nests-too-deep = Ce commentaire imbrique des citations, des listes ou des éléments HTML sur plus de { $depth } niveaux (un élément de liste compte pour deux : la liste et l’élément). Aplatissez les parties les plus profondes.

## What the security page says of a session's program and address.

agent-on = { $browser } sous { $system }
agent-unknown-on = Un navigateur inconnu sous { $system }
agent-unknown = Un navigateur inconnu
agent-unnamed = Un programme sans nom
security-made-through-api = connecté par l’API
security-made-in = créé dans { $browser }
security-unknown-address = une adresse inconnue
