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
