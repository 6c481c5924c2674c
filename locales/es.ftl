# La interfaz de Sibyl en español (tuteo, como la mayoría de los blogs en español).

## Dates

date-at-time = { $date } a las { $time } UTC

## Every page's frame

site-nav = Sitio
search-posts = Buscar entradas
search-placeholder = Buscar
search-button = Buscar
nav-archive = Archivo
nav-tags = Etiquetas
nav-desk = Escritorio
nav-write = Escribir
nav-comments = Comentarios
nav-users = Usuarios
nav-files = Medios
nav-pages = Páginas
nav-fediverse = Fediverso
nav-site = Sitio
log-out = Cerrar sesión
log-in = Iniciar sesión
sign-up = Registrarse

## Error pages

error-reference = Si informas de este problema, indica la referencia
error-home = Volver a la página de inicio
error-not-found = Página no encontrada
error-gone = Eliminado
error-no-longer-here = Ya no está aquí
error-conflict = Cambiado mientras tanto
error-bad-request = Eso no funcionó
error-forbidden = No permitido
error-sign-in-required = Hay que iniciar sesión
error-second-factor-required = Se requiere iniciar sesión en dos pasos
error-too-large = Demasiado grande
error-too-many-attempts = Demasiados intentos
error-unavailable = No disponible por el momento
error-busy = Ocupado
error-internal = Algo salió mal
said-there-is-nothing-at-this-address = No hay nada en esta dirección.
said-what-was-here-was-deleted = Lo que había aquí se eliminó y nada ocupará su lugar.
said-please-sign-in = Inicia sesión.
said-the-blog-cannot-reach-its-storage = El blog no puede acceder a su almacenamiento en este momento. No se ha cambiado nada; vuelve a intentarlo en un momento.
said-an-unexpected-error-happened = Se produjo un error inesperado por nuestra parte. Ha quedado registrado.
said-this-site-requires-two-step = Este sitio exige iniciar sesión en dos pasos con tu cuenta: añade antes una aplicación de autenticación o una llave de acceso en tu página de seguridad.
said-an-administrator-s-account-is-kept = La cuenta de un administrador no se elimina: otro administrador la convierte antes en autor o lector.
said-this-account-still-has-posts = Esta cuenta todavía tiene entradas (borradores y programadas incluidas): elimínalas antes desde el escritorio.
authenticator-qr-title = Código QR de la clave del autenticador de { $name }

## Lists of posts

byline = Por
comment-count =
    { $count ->
        [0] Sin comentarios
        [one] 1 comentario
       *[other] { $count } comentarios
    }
more-posts = Más entradas
newer-posts = ← Entradas más recientes
older-posts = Entradas anteriores →
feed-link = Suscribirse a esta lista (feed Atom)
nothing-published = Todavía no se ha publicado nada.
no-older-posts = No hay entradas anteriores.

## The home page

welcome = Te damos la bienvenida a Sibyl
welcome-no-admin = Este sitio aún no tiene administrador.
welcome-set-up = Configurar este sitio
welcome-then = Al configurarlo se crea la primera cuenta, y después puedes empezar a escribir.
subscribe-site = Nuevas entradas por correo electrónico

## The archive

archive = Archivo
archive-description = Todos los meses en los que se publicaron entradas.
archive-month = Publicado en { $month }
archive-month-description = Entradas publicadas en { $month }.
other-months = Otros meses
all-months = Todos los meses

## Tags

tags = Etiquetas
tags-none = Todavía ninguna entrada tiene etiquetas.
tag-posts =
    { $count ->
        [one] 1 entrada
       *[other] { $count } entradas
    }
more-tags = Más etiquetas
more-tags-link = Más etiquetas →
tagged = Etiqueta { $tag }
tagged-heading = Etiqueta «{ $tag }»

## Search

search = Búsqueda
search-quoted = «{ $query }»
this-search = Esta búsqueda
search-words = Palabras que contiene cada entrada encontrada, en su título, su texto o sus etiquetas
search-none-newest = Ninguna de las entradas más recientes contiene todas estas palabras: a continuación se buscan las anteriores.
search-none = Ninguna entrada publicada contiene todas estas palabras.
more-results = Más resultados
more-results-link = Más resultados →

## An author's page

author-posts = Entradas
author-no-posts = Todavía no hay entradas publicadas.
author-subscribe = Nuevas entradas de { $name } por correo electrónico

## A post's page

languages = Idiomas
in-languages-post = Esta entrada en:
in-languages-page = Esta página en:
draft-post = Esta entrada es un borrador: solo sus editores pueden verla.
draft-page = Esta página es un borrador: solo sus editores pueden verla.
draft-translation = Esta traducción es un borrador: solo sus editores pueden verla.
publish = Publicar
publish-anew = con la fecha de hoy, no con la de su primera publicación
scheduled-for = Programada para el
change-or-cancel = cambiar o cancelar
or = o
schedule-it = programarla
suggestion-sent = Gracias: tu sugerencia se ha enviado al autor.
suggest-edit = Sugerir un cambio
editing = Edición
edit = Editar
history = Historial
suggestions = Sugerencias
unpublish = Despublicar
delete = Eliminar
updated = actualizada el
short-link = Enlace corto:
translations = Traducciones
translations-none = Ninguna todavía.
draft-mark = (borrador)
translate-into = Traducir al
translate-example = fr o fr_CA
translate-start = Empezar

## Comments

comments = Comentarios
comment-moderation = Moderación de comentarios
moderate-comments = Moderar comentarios
reopen-comments = Reabrir los comentarios
close-comments = Cerrar los comentarios
older-comments = Comentarios anteriores
newer-comments = Comentarios más recientes
no-newer-comments = Todavía no hay comentarios más recientes.
no-comments-yet = Todavía no hay comentarios.
from-fediverse = desde el fediverso
edited = editado
reply = Responder
awaiting-moderation = Pendientes de moderación
awaiting-moderation-mark = pendiente de moderación
reply-to = Responder a { $name }
cancel-reply = (cancelar)
write-comment = Escribe un comentario
your-name = Tu nombre
your-email = Tu dirección de correo electrónico (nunca se muestra)
leave-empty = Deja este campo vacío
comment-field = Comentario: párrafos, *énfasis*, `código` y [enlaces](https://example.com)
comments-moderated = Los comentarios se moderan antes de publicarse.
send = Enviar
sign-in = Iniciar sesión

## Signing in and up

password-reset-done = Tu nueva contraseña está guardada: inicia sesión con ella.
user-name-or-email = Nombre de usuario o correo electrónico
password = Contraseña
forgot-password = ¿Has olvidado tu contraseña?
passkey-instead = O, sin contraseña, con una llave de acceso de este dispositivo o de tu teléfono:
sign-in-passkey = Iniciar sesión con una llave de acceso
sign-up-why = Con una cuenta puedes iniciar sesión; un administrador puede hacerte autor.
user-name-rules = Nombre de usuario (de 3 a 32 letras, cifras, _ - .)
email = Correo electrónico
password-rules = Contraseña (al menos 10 caracteres)
password-again = Repite la contraseña
create-account = Crear la cuenta
have-account = ¿Ya tienes una cuenta?

## Passwords forgotten

forgotten-password = Contraseña olvidada
reset-mail-off = Este sitio no envía correos, así que no se puede enviar ningún enlace. Pide a un administrador que te ponga una contraseña nueva.
reset-sent = Si alguna cuenta tiene la dirección { $address }, va de camino un mensaje con un enlace. El enlace funciona una vez, durante una hora. ¿No ha llegado nada? Mira en la carpeta de spam o vuelve a pedirlo dentro de unos minutos.
back-to-log-in = Volver a iniciar sesión
reset-ask = Indica la dirección de correo de tu cuenta: se enviará allí un enlace para elegir una contraseña nueva.
email-address = Correo electrónico
send-link = Enviarme un enlace
new-password = Contraseña nueva
choose-new-password = Elige una contraseña nueva
new-password-rules = Contraseña nueva (al menos 10 caracteres)
same-again = Repítela
set-password = Guardar la contraseña nueva
reset-ends-sessions = Todas las sesiones de la cuenta se cierran: vuelve a iniciar sesión con la contraseña nueva.

## Subscribing by e-mail

subscribe = Suscribirse
subscribe-to-author = Suscribirse a las entradas de { $name }
subscribe-to-site = Suscribirse a { $site }
subscribe-mail-off = Este sitio no envía correos, así que no tiene suscriptores por correo.
follow-feed = Sigue su feed en su lugar.
subscribe-sent = Salvo que { $address } ya esté suscrita, va de camino un mensaje con un enlace de confirmación. El enlace vale dos días; no se envía nada hasta que lo sigas.
subscribe-what-author = Cada nueva entrada de este autor por correo: su título, sus primeras líneas y un enlace. Cada mensaje trae un enlace para darte de baja con un clic.
subscribe-what-site = Cada nueva entrada por correo: su título, sus primeras líneas y un enlace. Cada mensaje trae un enlace para darte de baja con un clic.

## The language of an account's pages

# This language's name, in itself.
language-name = Español
language-setting = Idioma
language-of-pages = El idioma de estas páginas
language-of-browser = El de mi navegador
save-language = Guardar el idioma

## An account's own page

your-account = Tu cuenta
signed-in-as = Has iniciado sesión como
role-admin = administrador
role-author = autor
role-reader = lector
network-admin-you = Eres uno de los administradores de red de esta instalación:
network-every-site = todos los sitios que sirve
profile = Perfil
display-name = Nombre visible
bio = Biografía
homepage = Página web
picture = Foto (la dirección de una imagen tuya)
save-profile = Guardar el perfil
user-name = Nombre de usuario
new-user-name = Nuevo nombre de usuario
current-password = Contraseña actual
change-user-name = Cambiar el nombre de usuario
no-confirmed-address = Tu cuenta aún no tiene una dirección confirmada: sigue el enlace enviado a la dirección con la que te registraste, o indica una aquí.
new-email-address = Nuevo correo electrónico
change-email-address = Cambiar el correo electrónico
email-change-mailed = Se envía un enlace a la nueva dirección; cuenta en cuanto lo sigas.
email-change-at-once = Este sitio no envía correos, así que la nueva dirección cuenta al momento, sin confirmar.
new-password-again = Repite la contraseña nueva
change-password = Cambiar la contraseña
sessions-and-tokens = Sesiones y tokens
see-sessions = Ver dónde está abierta tu cuenta
sessions-what = Cada navegador y cada token de la API, que puedes cerrar uno a uno, y tokens para programas.
delete-account = Eliminar tu cuenta
delete-account-what = Se cierra tu sesión para siempre, y tu nombre de usuario y tu dirección quedan libres.

## Editing a comment

edit-your-comment = Editar tu comentario
comment-on = En
comment-edit-window = Un comentario se puede cambiar durante los 15 minutos siguientes a escribirlo.
save = Guardar
delete-this-comment = Eliminar este comentario

## The second step of signing in

two-step-sign-in = Inicio de sesión en dos pasos
second-step-code = Tu contraseña era correcta. Ahora escribe el código de seis cifras que muestra tu aplicación de autenticación para este sitio, o uno de tus códigos de recuperación.
code = Código
second-step-passkey = Tu contraseña era correcta. Ahora usa tu llave de acceso para este sitio.
second-step-or-passkey = O usa tu llave de acceso en su lugar:
use-passkey = Usar tu llave de acceso
second-step-no-https = El segundo paso de tu cuenta es una llave de acceso, y los navegadores solo ofrecen llaves de acceso a sitios servidos por HTTPS (o en localhost): la dirección de este sitio no lo es. Pide al operador del sitio que desactive el inicio de sesión en dos pasos para tu cuenta.
second-step-lost = ¿Has perdido tu aplicación de autenticación, tus llaves de acceso y tus códigos de recuperación? El operador del sitio puede desactivar el inicio de sesión en dos pasos para tu cuenta.

comments-closed-page = Las páginas no admiten comentarios.
comments-closed-unpublished = Los comentarios se abren cuando se publica la entrada.
comments-closed-by-editors = Los comentarios de esta entrada están cerrados.
comments-closed-after =
    { $count ->
        [one] Los comentarios se cierran 1 día después de publicar una entrada; los de esta ya están cerrados.
       *[other] Los comentarios se cierran { $count } días después de publicar una entrada; los de esta ya están cerrados.
    }
comments-sign-in = Inicia sesión para comentar.
comment-published = Gracias: tu comentario está publicado.
comment-pending = Gracias: tu comentario está pendiente de moderación.

## Administration: the site's settings, users, pages and moderation log

## The site's settings (admin/site.html)

site-what = El nombre que se da el sitio, en la cabecera y el título de cada página, en sus feeds y en las vistas previas de enlaces.
site-saved = Guardado.
site-title = Título
site-tagline = Lema, bajo el título (puede quedar vacío)
site-description = Descripción, para los buscadores y las vistas previas de enlaces
site-language = Idioma, un código como en, fr o en-GB
site-footer = Pie de página, una línea de texto sin formato al pie de cada página (puede quedar vacío)
site-privacy = Privacidad
site-own-images-only = Mostrar solo imágenes de los archivos propios de este sitio
site-own-images-only-what = Los navegadores de los lectores no cargan entonces ninguna imagen de otro sitio (que sabría así quién lee qué): los textos que muestran una se rechazan, las imágenes de otros sitios que ya están en las entradas y las fotos de autores de otros sitios no se muestran, y las importaciones traen las imágenes de otros sitios a los archivos de este sitio cuando las reglas de direcciones lo permiten.
site-fediverse = Fediverso
site-fediverse-off = Mantener este sitio fuera del fediverso
site-fediverse-off-what = Los lectores de Mastodon y de otros servidores ActivityPub pueden seguir al sitio y a sus autores, ver sus entradas y responderlas. Fuera del fediverso, el sitio no tiene actores, no responde a ninguna petición WebFinger ni NodeInfo, no acepta ninguna actividad y no entrega nada (lo que está esperando sale en cuanto vuelve a estar dentro).
site-fediverse-pages = Enviar también las páginas estáticas al fediverso
site-fediverse-pages-what = Las páginas (Acerca de, Contacto) llegan entonces a los seguidores como las entradas cuando se publican, se revisan o se retiran; no admiten respuestas, igual que no admiten comentarios. Al marcar la casilla se envían las páginas publicadas en los dos últimos días (y las que se retiraron cuando se desmarcó por última vez); al desmarcarla se retiran las páginas enviadas.
site-second-factor = Inicio de sesión en dos pasos obligatorio para
site-second-factor-nobody = nadie (cada cuenta decide)
site-second-factor-admins = administradores
site-second-factor-staff = autores y administradores
site-second-factor-everyone = todas las cuentas
site-second-factor-what = Una cuenta afectada inicia sesión con su contraseña y un código de una aplicación de autenticación o una llave de acceso (o solo con una llave de acceso). La que aún no tiene ninguna de las dos debe añadir una al iniciar sesión, y solo puede escribir, publicar, moderar o cambiar el sitio cuando ya la tenga.
site-mail = Correo
site-mail-on-through = El correo sale por
site-mail-on-from = , desde
site-mail-on-end = .
site-mail-test-sent = Se ha enviado un mensaje de prueba a { $address }: comprueba que ha llegado.
site-mail-send-test = Enviar un mensaje de prueba a { $address }
site-mail-off-start = El correo está desactivado: este sitio no envía correos. Inicia Sibyl con
site-mail-off-and = y
site-mail-off-or = (o
site-mail-off-end = ) para activarlo.

## The administrators' list of accounts (admin/users.html)

admin-users-members = Miembros
admin-users-find-by = Buscar por nombre de usuario o correo electrónico
admin-users-find = Buscar
admin-users-shelves = Cuentas por inicial
admin-users-newest = más recientes
admin-users-shelf-other = otros
admin-users-role = Rol
admin-users-status = Estado
admin-users-joined = Alta
admin-users-desk = escritorio
admin-users-you = (tú)
admin-users-role-of = Rol de { $name }
admin-users-set = Aplicar
admin-users-deleted = eliminada
admin-users-banned = bloqueada
admin-users-active = activa
admin-users-ban = Bloquear
admin-users-unban = Desbloquear
admin-users-next = Página siguiente

## The administrators' list of the site's pages (admin/pages.html)

admin-pages-what = Las páginas del sitio (Acerca de, Contacto): se escriben y se revisan como las entradas, aparecen en la navegación una vez publicadas y nunca en la página de inicio, en los feeds ni en las etiquetas. Como máximo { $max }.
admin-pages-new = Nueva página
admin-pages-none = Todavía no hay páginas.
admin-pages-title = Título
admin-pages-status = Estado
admin-pages-made = Creada
admin-pages-published = Publicada, en la navegación
admin-pages-draft = Borrador

## The log of comment moderation (admin/comment_log.html)

comment-log-title = Registro de moderación
comment-log-heading = Registro de moderación, { $month }
comment-log-none = Este mes no se ha moderado nada.
comment-log-when = Cuándo
comment-log-who = Quién
comment-log-comment = Comentario
comment-log-from = De
comment-log-to = A
comment-log-reason = Motivo
comment-log-on = en { $title }
comment-log-pending = pendiente
comment-log-approved = aprobado
comment-log-rejected = rechazado
comment-log-spam = spam
comment-log-deleted = eliminado
comment-log-older = Registros anteriores

## Writing, editing and reviewing posts

## Writing a post or a page (posts/write.html)

write-new-page = Nueva página
write-heading-post = Escribir una entrada
write-heading-page = Escribir una página
write-page-what = Una página (Acerca de, Contacto) aparece en la navegación del sitio, no en la página de inicio, en los feeds ni en las etiquetas.
editor-preview-heading = Vista previa
editor-not-saved = (sin guardar)
editor-title = Título
editor-text = Texto (Markdown)
editor-tags = Etiquetas, separadas por comas
editor-language = Idioma: un código como en o en_US, o nada
editor-save-schedule = Guardar y programar…
editor-save-draft = Guardar borrador
editor-preview = Vista previa
editor-files = Archivos
write-files-what = Las imágenes y demás archivos se guardan con la entrada a la que pertenecen: guarda esta como borrador y el editor se abrirá con sus archivos, listo para subirlos.
write-save-add-files = Guardar borrador y añadir archivos

## Editing a post, a page or a translation (posts/edit.html)

post-edit-heading = Editar la entrada
post-edit-heading-translation = Editar la traducción: { $language }
editor-view-post = Ver la entrada
editor-view-page = Ver la página
post-edit-from-revision = editando a partir de la revisión { $revision }
post-edit-published = publicada
post-edit-discard-draft = Descartar el borrador
post-edit-tags-of-post = Las etiquetas son de la entrada: { $tags }
post-edit-message = Qué ha cambiado (se muestra en el historial)
post-edit-save = Guardar una nueva revisión
post-edit-save-publish = Guardar y publicar
post-edit-no-files = Todavía no hay archivos. Las imágenes se muestran ajustadas al espacio; los demás archivos se ofrecen para descargar.
post-edit-insert = Insertar en el texto
post-edit-remove = Quitar
post-edit-add-files = Añadir imágenes o archivos
post-edit-upload = Subir
post-edit-files-log = Registro de procesamiento de los archivos de la entrada

## Deleting a post or a page (posts/delete.html)

post-delete-heading = ¿Eliminar «{ $title }»?
post-delete-what-post = Esto elimina la entrada para siempre, con todo lo que le pertenece:
post-delete-what-page = Esto elimina la página para siempre, con todo lo que le pertenece:
post-delete-revisions =
    { $count ->
        [one] su texto y su única revisión, con cada traducción y borrador;
       *[other] su texto y sus { $count } revisiones, con cada traducción y borrador;
    }
post-delete-comments =
    { $count ->
        [one] su único comentario y las sugerencias que ha recibido;
       *[other] sus { $count } comentarios y las sugerencias que ha recibido;
    }
post-delete-files = sus archivos (imágenes y adjuntos), salvo que otra entrada use el mismo archivo;
post-delete-place = su lugar en la página de inicio, en los feeds, las etiquetas, el archivo, el mapa del sitio y la búsqueda.
post-delete-address-before = Su dirección y su enlace corto (
post-delete-address-after = ) indicarán a los visitantes que se ha eliminado; ninguna otra entrada los ocupará. Esto no se puede deshacer.
post-delete-confirm = Eliminar para siempre
post-delete-keep = Conservarla

## Scheduling a draft's publication (posts/schedule.html)

schedule-title = Programar
schedule-heading = Programar «{ $title }»
schedule-back = Volver al borrador
schedule-live-before = Se publica el
schedule-live-after = .
schedule-cancel = Cancelar la programación
schedule-date-time = Fecha y hora
schedule-zone = Zona horaria
schedule-what = Hasta entonces sigue siendo un borrador, y se publica con esa fecha: en la página de inicio, en los feeds y los mapas del sitio, y en sus etiquetas.
schedule-change = Cambiar la hora
schedule-button = Programar

## Suggesting an edit (posts/suggest.html)

suggest-based-on = basada en la revisión { $revision }. El autor ve tu versión junto a la suya.
suggest-back = Volver a la entrada
suggest-note = Una nota para el autor
suggest-send = Enviar la sugerencia

## One suggestion (posts/suggestion.html)

suggest-title = Sugerencia { $id }
suggest-from = De { $name },
suggest-on-revision = , basada en la revisión { $revision }
suggest-newer-base = (la entrada va ahora por la revisión { $revision }: aceptarla reemplaza el texto más reciente, que se conserva en el historial)
suggest-state-open = abierta
suggest-state-accepted = aceptada
suggest-state-rejected = rechazada
suggest-all = Todas las sugerencias
suggest-accept = Aceptar como nueva revisión
suggest-reject = Rechazar

## A post's suggestions (posts/suggestions.html)

suggest-list-heading = Sugerencias para «{ $title }»
suggest-none = Nadie ha sugerido todavía ningún cambio.
suggest-col-suggestion = Sugerencia
suggest-col-from = De
suggest-col-sent = Enviada
suggest-col-note = Nota
suggest-col-state = Estado

## A post's history (posts/history.html)

history-heading = Historial de «{ $title }»
history-heading-translation = Historial de «{ $title }» ({ $language })
history-revisions = Revisiones
history-col-from = Desde
history-col-to = Hasta
history-col-revision = Revisión
history-col-title = Título
history-col-saved = Guardada
history-col-by = Autor
history-col-note = Nota
history-compare-from = Comparar desde la revisión { $revision }
history-compare-to = Comparar hasta la revisión { $revision }
history-current = (actual)
history-compare = Comparar
history-newest = Revisiones más recientes
history-older = Revisiones anteriores

## One revision (posts/revision.html)

revision-title = Revisión { $number }
revision-saved = Revisión { $number }, guardada por { $author } el
revision-saved-current = Revisión { $number } (la actual), guardada por { $author } el
revision-saved-after = : { $message }.
revision-restore = Restaurar esta revisión

## The changes between two revisions (posts/diff.html)

diff-title = Cambios
diff-heading = Revisión { $from } → { $to }
diff-revision = revisión { $number }

## Account security

## The security page: two-step sign-in, passkeys, sessions and API tokens

security-signed-in-here = todos los navegadores y programas con sesión iniciada en ella
security-factors-on = Al iniciar sesión, después de tu contraseña se pide un código de tu aplicación de autenticación (añadida el
security-codes-left-before = ).{ " " }
security-codes-left-after =
    { $count ->
        [one] { " " }de tus códigos de recuperación sigue sin usar.
       *[other] { " " }de tus códigos de recuperación siguen sin usar.
    }
security-replace-authenticator = Cambiar a otra aplicación de autenticación
security-new-codes = Crear códigos de recuperación nuevos
security-remove-authenticator = Quitar la aplicación de autenticación
security-factors-passkey = Después de tu contraseña, al iniciar sesión se pide tu llave de acceso. Una aplicación de autenticación puede ser una segunda forma de superar ese paso.
security-factors-off = Tu cuenta inicia sesión solo con su contraseña. Con una aplicación de autenticación o una llave de acceso, una contraseña robada no basta.
security-passkeys = Llaves de acceso
security-passkeys-what = Una llave de acceso te permite iniciar sesión sin contraseña: tu dispositivo la guarda y la desbloquea con tu huella, tu cara o tu PIN. Nadie puede robártela con phishing, y el sitio no guarda ningún secreto de ella.
security-no-passkeys = Tu cuenta no tiene ninguna llave de acceso.
security-passkey-elsewhere = creada en { $site }, solo inicia sesión allí
security-passkey-added = añadida el
security-last-used = último uso el
security-passkey-never-used = aún sin usar
security-passkey = Llave de acceso
security-remove-passkey = Quitar esta llave de acceso
security-passkey-name = Nombre (dónde se guarda)
security-add-passkey = Añadir una llave de acceso
security-passkeys-not-here = Las llaves de acceso funcionan en sitios servidos con un nombre de host por HTTPS (o en localhost); la dirección de este sitio no lo es.
security-browsers = Navegadores con sesión iniciada
security-this-one = este
security-from = desde { $address }
security-on-site = en { $site }
security-began = iniciada el
security-last-seen = última actividad el
security-end-session = Cerrar la sesión de { $what } desde { $address }
security-end = Cerrar
security-end-others = Cerrar todas las demás sesiones
security-end-others-what = Cierra la sesión en todos los demás navegadores y revoca todos los tokens de la API a la vez.
security-also-ended = Cambiar tu contraseña, o una suspensión por parte de un administrador, también cierra todas las demás sesiones y tokens.
security-tokens = Tokens de la API
security-tokens-api-before = Los programas que usan la API JSON (descrita en
security-tokens-api-middle = ) inician sesión con un token: envíalo como
security-tokens-api-after = .
security-token-made-before = El token{ " " }
security-token-made-after = { " " }se ha creado. Cópialo ahora: no se volverá a mostrar.
security-token = Token
security-no-tokens = Ningún programa tiene una sesión iniciada en tu cuenta.
security-token-made-on = el
security-token-until = válido hasta el
security-revoke-token = Revocar el token { $what }
security-revoke = Revocar
security-make-token = Crear un token
security-token-name = Nombre (qué lo usará)

## Adding an authenticator app

authenticator-add = Añadir una aplicación de autenticación
authenticator-sessions-and-security = Sesiones y seguridad
authenticator-required-before = Este sitio exige el inicio de sesión en dos pasos para tu cuenta: añade aquí una aplicación de autenticación, o una llave de acceso en tu{ " " }
authenticator-required-link = página de seguridad
authenticator-required-after = , para continuar.
authenticator-replacing = Esto sustituye la aplicación de autenticación que tiene tu cuenta: sus códigos dejarán de funcionar.
authenticator-step-scan = En una aplicación de autenticación (como Aegis, FreeOTP, Google Authenticator o 1Password), añade una cuenta escaneando este código:
authenticator-step-type = o escribiendo esta clave:
authenticator-step-code = Escribe el código de seis cifras que muestra ahora la aplicación, y tu contraseña.
authenticator-code = Código de la aplicación
authenticator-add-button = Añadir la aplicación de autenticación
authenticator-ends-sessions = Al añadirla se cierra la sesión en todos los demás navegadores y se revocan todos los tokens de la API de tu cuenta.

## Recovery codes, shown once

recovery-codes = Códigos de recuperación
recovery-authenticator-added = Se ha añadido tu aplicación de autenticación: ahora, al iniciar sesión, se pide uno de sus códigos después de tu contraseña.
recovery-what-before = Si pierdes tu aplicación de autenticación, cada uno de estos códigos te permite iniciar sesión una vez en lugar de uno de sus códigos. Guárdalos en un lugar seguro, separados de tu contraseña:{ " " }
recovery-what-strong = no se volverán a mostrar
recovery-what-after = , y los códigos que tuvieras antes dejan de funcionar.
recovery-download = Descargarlos como archivo de texto
recovery-back = Volver a sesiones y seguridad

## Accounts, subscriptions, the desk and files

## Deleting an account (account/delete.html)

account-delete-title = Eliminar una cuenta
account-delete-own-question = ¿Eliminar tu cuenta?
account-delete-other-question = ¿Eliminar la cuenta { $name }?
account-delete-back = Volver
account-delete-own-intro = Esto elimina tu cuenta para siempre:
account-delete-other-intro-before = Esto elimina la cuenta
account-delete-other-intro-after = para siempre:
account-delete-signed-out = se cierra su sesión en todas partes y nunca podrá volver a iniciar sesión;
account-delete-comments-removed = sus comentarios se eliminan;
account-delete-comments-stay = sus comentarios se quedan, firmados como «deleted user»;
account-delete-names-freed = su nombre de usuario y su dirección de correo electrónico quedan libres: cualquiera puede registrarse con ellos;
account-delete-erased = su nombre, su perfil y su dirección se borran; las revisiones y sugerencias que escribió se quedan, con el nombre con el que se escribieron.
account-delete-cannot-undo = Esto no se puede deshacer.
account-delete-password = Tu contraseña
account-delete-mine = Eliminar mi cuenta
account-delete-this = Eliminar esta cuenta
account-delete-keep = Conservarla

## An account deleted (account/deleted.html)

deleted-title = Cuenta eliminada
deleted-own = Tu cuenta { $name } se ha eliminado y se ha cerrado tu sesión.
deleted-other = La cuenta { $name } se ha eliminado.
deleted-home = Inicio

## Confirming a new e-mail address (account/confirm_email.html)

confirm-title = Confirma tu dirección de correo electrónico
confirm-done-title = Tu dirección de correo electrónico ha cambiado
confirm-done-before = La cuenta
confirm-done-middle = tiene ahora la dirección
confirm-done-after = .
confirm-back-to-account = Volver a tu cuenta
confirm-ask-before = La cuenta
confirm-ask-middle = tendrá la dirección
confirm-ask-after = : el inicio de sesión, los enlaces para restablecer la contraseña y los avisos irán allí a partir de entonces.
confirm-button = Confirmar esta dirección

## Setting up a new site (account/setup.html)

setup-title = Configuración
setup-intro = Crea la cuenta de administrador. Puede escribir entradas y, más adelante, gestionar usuarios y comentarios.
setup-display-name = Nombre visible (opcional)
setup-create = Crear el administrador

## Confirming or ending a subscription (subscriptions/subscription.html)

subscription-title = Suscripción
subscription-confirm-title = Confirma tu suscripción
subscription-unsubscribe-title = Darse de baja
subscription-about-on = { $about } en { $site }
subscription-about-site = cada entrada nueva
subscription-about-author = las entradas nuevas de { $name }
subscription-about-author-gone = las entradas nuevas de un autor
subscription-will-receive = { $email } recibirá { $what }.
subscription-receives = { $email } recibe { $what }.
subscription-confirm-button = Confirmar
subscription-unsubscribe-button = Darme de baja
subscription-subscribed-title = Ya estás suscrito
subscription-unsubscribed-title = Te has dado de baja
subscription-subscribed = { $email } recibirá { $what }. Cada mensaje trae un enlace para darte de baja.
subscription-unsubscribed = { $email } ya no recibe { $what }.
subscription-home = Inicio

## A writer's desk (desk.html)

desk-yours = Tu escritorio
desk-of = Escritorio de { $name }
desk-write-post = Escribir una entrada
desk-download = Descargar tus entradas en Markdown (zip)
desk-followers = Seguidores en el fediverso
desk-tabs = Entradas por estado
desk-table = Entradas
desk-title = Título
desk-comments-waiting = Comentarios pendientes
desk-suggestions-open = Sugerencias abiertas
desk-tools = Acciones
desk-pending =
    { $count ->
        [one] { $count } pendiente
       *[other] { $count } pendientes
    }
desk-no-comments = ninguno
desk-suggested =
    { $count ->
        [one] { $count } abierta
       *[other] { $count } abiertas
    }
desk-no-suggestions = ninguna

## Files (binaries/admin.html, binaries/log.html, binaries/table.html)

files-admin-intro = Cada archivo adjuntado en este sitio, del más reciente al más antiguo, y el estado de sus bytes (OK, ERROR, RETRY). El registro de los archivos de una entrada se enlaza desde cada contexto.
files-no-older = No hay archivos anteriores.
files-none-yet = Todavía no se ha adjuntado ningún archivo.
files-table = Archivos
files-file = Archivo
files-context = Contexto
files-type = Tipo
files-size = Tamaño
size-bytes =
    { $count ->
        [one] 1 byte
       *[other] { $count } bytes
    }
size-kib = { $size } KiB
size-mib = { $size } MiB
size-gib = { $size } GiB
file-status-ok = Listo
file-status-error = Rechazado
file-status-retry = Se volverá a descargar
file-status-missing = Falta
files-status = Estado
files-added = Añadido
files-log = registro
files-post-log = registro de la entrada
files-newest = Archivos más recientes
files-older = Archivos anteriores
files-log-title = Registro de archivos
files-of-post = Archivos de «{ $title }»
files-of-context = Archivos de { $context }
files-the-post = La entrada
files-edit-attachments = Editar sus adjuntos
files-all-log = El registro de todos sus archivos
files-context-code = contexto
files-post-none = La entrada no tiene archivos ahora.
files-processing-log = Registro de procesamiento
files-nothing-logged = No se ha registrado nada.
files-when = Cuándo
files-reference = Referencia
files-what-happened = Qué pasó

## Mail
# Mail goes to a member in the language they chose, else in the site's; to a subscriber
# in the site's. { $site } is always the site's title.

# The end of a sentence that closes on a link.
mail-full-stop = .

## What a subscription is to

mail-about-site = todas las novedades de { $site }
mail-about-site-posts = las entradas de { $site }
# { $author } is an author's display name.
mail-about-author = las entradas de { $author } en { $site }

## Confirming a subscription

mail-subscribe-subject = Confirma tu suscripción a { $site }
mail-subscribe-title = Confirma tu suscripción
# { $about } is one of the "What a subscription is to" messages.
mail-subscribe-asked = Alguien, probablemente tú, ha pedido recibir { $about } por correo electrónico.
mail-subscribe-open =
    { $count ->
        [one] Para confirmar, abre este enlace en la próxima hora:
       *[other] Para confirmar, abre este enlace en las próximas { $count } horas:
    }
mail-subscribe-link = Confirma la suscripción
# After the link "Confirm the subscription".
mail-subscribe-within =
    { $count ->
        [one] en la próxima hora.
       *[other] en las próximas { $count } horas.
    }
mail-subscribe-not-you = Si no fuiste tú, ignora este mensaje: no se enviará nada.

## A new post, to its subscribers

# Under the post's title: { $author } wrote it.
mail-post-byline = por { $author }, en { $site }
mail-post-read = Lee la entrada: { $url }
mail-post-read-link = Lee la entrada en { $site }
mail-post-why = Recibes este mensaje porque te suscribiste a { $about }.
mail-post-unsubscribe = Date de baja con un clic: { $url }
mail-post-unsubscribe-link = Date de baja
# After the link "Unsubscribe".
mail-post-one-click = con un clic.

## A password reset link

mail-reset-subject = Tu contraseña en { $site }
mail-reset-asked = Alguien, probablemente tú, ha pedido restablecer la contraseña de la cuenta { $username } en { $site }.
mail-reset-open =
    { $count ->
        [one] Para elegir una contraseña nueva, abre este enlace en el próximo minuto (solo funciona una vez):
       *[other] Para elegir una contraseña nueva, abre este enlace en los próximos { $count } minutos (solo funciona una vez):
    }
mail-reset-link = Elige una contraseña nueva
# After the link "Choose a new password".
mail-reset-within =
    { $count ->
        [one] en el próximo minuto (el enlace solo funciona una vez).
       *[other] en los próximos { $count } minutos (el enlace solo funciona una vez).
    }
mail-not-you = Si no fuiste tú, ignora este mensaje: no cambia nada.

## Confirming a new e-mail address

mail-confirm-subject = Confirma tu dirección de correo electrónico en { $site }
mail-confirm-title = Confirma tu dirección en { $site }
mail-confirm-asked = Alguien, probablemente tú, ha pedido cambiar la dirección de correo electrónico de la cuenta { $username } en { $site } por { $address }.
mail-confirm-open =
    { $count ->
        [one] Para confirmar esta dirección, abre este enlace en la próxima hora (solo funciona una vez):
       *[other] Para confirmar esta dirección, abre este enlace en las próximas { $count } horas (solo funciona una vez):
    }
mail-confirm-link = Confirma esta dirección
# After the link "Confirm this address".
mail-confirm-within =
    { $count ->
        [one] en la próxima hora (el enlace solo funciona una vez).
       *[other] en las próximas { $count } horas (el enlace solo funciona una vez).
    }

## The old address told of a new one

mail-changed-subject = Se ha cambiado tu dirección de correo electrónico en { $site }
mail-changed-title = Se ha cambiado tu dirección en { $site }
mail-changed-what = La dirección de correo electrónico de la cuenta { $username } en { $site } se ha cambiado por { $address }.
mail-changed-then = A partir de ahora, el correo de esta cuenta se envía allí. Si no lo pediste, responde a este mensaje o avisa cuanto antes a un administrador de { $site }.

## An address asked for that has an account

mail-taken-subject = Alguien ha pedido usar tu dirección en { $site }
mail-taken-what = Alguien ha pedido asignar esta dirección a una cuenta en { $site }, al registrarse o al cambiar la dirección de una cuenta. Ya tiene una cuenta allí, { $username }, así que no ha cambiado nada.
mail-taken-sign-in = Si fuiste tú, inicia sesión: { $url }
mail-taken-reset = ¿Has olvidado tu contraseña? Pide una nueva: { $url }
# "If it was you, <link>sign in</link>."
mail-taken-if-you = Si fuiste tú,
mail-taken-sign-in-link = inicia sesión
mail-taken-forgot = ¿Has olvidado tu contraseña?
mail-taken-ask-link = Pide una nueva
mail-taken-not-you = Si no fuiste tú, no tienes que hacer nada.

## A new sign-in

mail-sign-in-subject = Nuevo inicio de sesión en tu cuenta de { $site }
mail-sign-in-recovery-subject = Se ha usado un código de recuperación para iniciar sesión en tu cuenta de { $site }
mail-sign-in-title = Nuevo inicio de sesión en { $site }
# Followed by one of the four ways below, then a colon and the browser.
mail-sign-in-what = Se ha iniciado sesión en la cuenta { $username } de { $site } { $how }:
mail-sign-in-browser = desde un navegador que esa cuenta no había usado antes
mail-sign-in-api = desde un programa, a través de la API JSON
mail-sign-in-recovery =
    { $count ->
        [0] con uno de sus códigos de recuperación (no queda ninguno sin usar)
        [one] con uno de sus códigos de recuperación (queda 1 sin usar)
       *[other] con uno de sus códigos de recuperación (quedan { $count } sin usar)
    }
mail-sign-in-api-recovery =
    { $count ->
        [0] desde un programa, a través de la API JSON, con uno de sus códigos de recuperación (no queda ninguno sin usar)
        [one] desde un programa, a través de la API JSON, con uno de sus códigos de recuperación (queda 1 sin usar)
       *[other] desde un programa, a través de la API JSON, con uno de sus códigos de recuperación (quedan { $count } sin usar)
    }
# { $browser } names the browser and system ("Firefox on Linux"); { $when } a date and time.
mail-sign-in-where = { $browser }, desde la dirección { $address }, el { $when }.
mail-sign-in-you = Si fuiste tú, no tienes que hacer nada.
mail-sign-in-not-you = Si no, cambia tu contraseña cuanto antes y cierra las sesiones que no reconozcas en la página de seguridad de tu cuenta:
# "…end the sessions you do not know on <link>your account's security page</link>."
mail-sign-in-not-you-before = Si no, cambia tu contraseña cuanto antes y cierra las sesiones que no reconozcas en
mail-sign-in-security-link = la página de seguridad de tu cuenta

## A test message

mail-test-subject = Un mensaje de prueba de { $site }
mail-test-title = Un mensaje de prueba de { $site }
mail-test-from = Este es un mensaje de prueba de { $site } ({ $url }).
# Followed by the site's title as a link.
mail-test-from-before = Este es un mensaje de prueba de
mail-test-through = Ha pasado por { $server }. Si lo estás leyendo, el correo del sitio funciona.

## The fediverse, the network of sites, and comment moderation

## The administrators' fediverse page (admin/federation.html)

federation-intro = El sitio y cada uno de sus autores se pueden seguir desde Mastodon y otros servidores del fediverso. Lo que publican se entrega a los servidores de sus seguidores.
federation-followers = Seguidores
federation-account = Cuenta
federation-follower-count = Seguidores
federation-site-followers = Los seguidores del sitio, y si esperan aprobación
federation-deliveries = Entregas
federation-sending =
    { $count ->
        [0] No se está entregando nada.
        [one] Se está entregando 1 actividad.
       *[other] Se están entregando { $count } actividades.
    }
federation-per-server = Entregas por servidor.
federation-per-server-counted =
    { $count ->
        [one] Entregas por servidor, contadas sobre la actividad más antigua en curso de entrega.
       *[other] Entregas por servidor, contadas sobre las { $count } actividades más antiguas en curso de entrega.
    }
federation-retry-explained = Una entrega que falla se reintenta cada vez más tarde, durante unos cinco días; «Entregar ahora» reintenta al momento las que esperan.
federation-deliveries-per-server = Entregas por servidor
federation-server = Servidor
federation-waiting = En espera
federation-failed = Fallidas, por reintentar
federation-given-up = Abandonadas
federation-next-attempt = Próximo intento
federation-last-failure = Último fallo
federation-deliver-now = Entregar ahora
federation-deliver-now-to = Entregar ahora a { $server }
federation-failing = Servidores en los que falla cada entrega
federation-none-failing = Ninguno: todos los servidores responden.
federation-set-aside = Un servidor en el que falla cada entrega durante un día se deja de lado: sus entregas se detienen hasta que responda, envíe algo a este sitio o pasen 30 días.
federation-failing-since = Falla desde
federation-last-answer = Última respuesta
federation-deliver-again = Volver a entregar
federation-deliver-again-to = Volver a entregar a { $server }
federation-blocks = Servidores y cuentas bloqueados
federation-blocks-explained = Lo que envía un servidor o una cuenta bloqueados se rechaza, no se le entrega nada y sus seguimientos terminan. El bloqueo de un servidor abarca los servidores que hay bajo su nombre.
federation-block-target = Servidor o cuenta
federation-block-placeholder = example.social o https://example.social/users/someone
federation-delete-comments = Eliminar también sus comentarios en este sitio
federation-block = Bloquear
federation-no-blocks = No hay nada bloqueado.
federation-blocked = Bloqueado
federation-kind = Tipo
federation-kind-server = Servidor
federation-kind-account = Cuenta
federation-since = Desde
federation-blocked-by = Por
federation-unblock = Desbloquear
federation-unblock-target = Desbloquear { $target }
federation-more-blocks = Más bloqueos

## A writer's followers on the fediverse (desk_fediverse.html)

fediverse-title = Seguidores en el fediverso
fediverse-can-be-followed = { $handle } se puede seguir desde Mastodon y otros servidores del fediverso.
fediverse-follower-count =
    { $count ->
        [one] Lo sigue 1 cuenta.
       *[other] Lo siguen { $count } cuentas.
    }
fediverse-approve-myself = Aprobar personalmente a los nuevos seguidores
fediverse-approval-explained = Si está activado, un seguimiento espera aquí abajo hasta que lo apruebes; si está desactivado, los seguimientos se aceptan al momento.
fediverse-waiting = Pendientes de tu aprobación
fediverse-none-waiting = No hay ningún seguimiento pendiente.
fediverse-waiting-table = Seguimientos pendientes de aprobación
fediverse-account = Cuenta
fediverse-since = Desde
fediverse-decision = Decisión
fediverse-approve = Aprobar
fediverse-approve-follower = Aprobar a { $follower }
fediverse-reject = Rechazar
fediverse-reject-follower = Rechazar a { $follower }

## The network administrators' list of sites (admin/network.html)

network-title = Red
network-intro = Todos los sitios que sirve esta instalación, con sus administradores y sus cifras. Los administradores de cada sitio gestionan sus miembros, entradas y comentarios.
network-none = No hay ningún sitio registrado.
network-sites = Sitios
network-site = Sitio
network-status = Estado
network-status-live = en servicio
network-status-suspended = suspendido
network-status-deleting = eliminándose
network-registered = Registrado
network-administrators = Administradores
network-posts-written = Entradas escritas
network-comments = Comentarios
network-aliases = Alias
network-suspend = Suspender
network-serve-again = Volver a servir
network-pending =
    { $count ->
        [one] ({ $count } pendiente)
       *[other] ({ $count } pendientes)
    }
network-next-page = Página siguiente
network-register = Registrar un sitio
network-url = Su URL
network-url-placeholder = https://blog.example.com
network-first-admin = Su primer administrador (el nombre de usuario o el correo electrónico de una cuenta)
network-register-button = Registrar

## Comment moderation (admin/comments.html)

moderation-view-post = Ver la entrada
moderation-log = Registro de moderación
moderation-lists = Listas
moderation-state-pending = pendientes
moderation-state-spam = spam
moderation-state-rejected = rechazados
moderation-state-approved = aprobados
moderation-state-deleted = eliminados
moderation-nothing-here = No hay nada aquí.
moderation-from-fediverse = desde el fediverso:
moderation-on = en
moderation-a-reply = una respuesta
moderation-ban-commenter = Vetar a este comentarista
moderation-reason = Motivo (opcional, se guarda en el registro)
moderation-approve = Aprobar
moderation-reject = Rechazar
moderation-spam = Spam
moderation-older = Anteriores
moderation-bans = Vetos a comentaristas
moderation-ban = Vetar
moderation-unban = Levantar el veto
moderation-bans-explained = Los comentarios de un comentarista vetado se rechazan con un mensaje; nada suyo llega a las listas.

## The site's comment settings (admin/comment_settings.html)

comment-settings-title = Ajustes de comentarios
comment-settings-saved = Guardado.
comment-settings-guests = Los visitantes sin cuenta pueden comentar, con un nombre y una dirección de correo electrónico que nunca se muestra
comment-settings-trust-approved = Los comentarios de alguien que ya tiene un comentario aprobado se saltan la cola
comment-settings-close-after = Cerrar los comentarios este número de días después de publicar una entrada (0: nunca)
comment-settings-deleted-accounts = Cuando se elimina una cuenta, sus comentarios
comment-settings-deleted-keep = se quedan, firmados «deleted user»
comment-settings-deleted-remove = se eliminan

## Said by the server
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/account.rs
said-this-site-already-has-an = Este sitio ya tiene administrador.

# web/account_deletion.rs
said-your-own-account-is-deleted = Tu propia cuenta se elimina desde la página de tu cuenta.
said-accounts-are-shared-with-the = Las cuentas se comparten con los demás sitios de esta instalación: en su lugar, bloquea aquí al miembro.

# web/admin.rs
said-this-site-lists-its-members = Este sitio muestra a sus miembros del más reciente al más antiguo, sin agruparlos por inicial.
said-that-page-of-accounts-does = Esa página de cuentas no existe.

# web/comment_section.rs
said-this-page-of-comments-does = Esta página de comentarios no existe. Vuelve a empezar desde la entrada.

# web/desk.rs
said-the-desk-has-the-tabs = El escritorio tiene las pestañas «Borradores», «Programadas» y «Publicadas».
said-only-an-administrator-opens-another = Solo un administrador puede abrir el escritorio de otro autor.

# web/email_change.rs
said-this-link-has-expired-or = Este enlace ha caducado o ya se ha usado: cada enlace funciona una vez, durante un día. Pide uno nuevo desde la página de tu cuenta.
said-another-account-took-that-address = Otra cuenta ha tomado esa dirección mientras tanto, así que no ha cambiado nada. Elige otra desde la página de tu cuenta.

# web/error.rs
said-this-form-has-expired-or = Este formulario ha caducado o no procede de este sitio. Vuelve atrás, recarga la página e inténtalo de nuevo.
said-the-form-was-not-sent = El formulario no se envió como formulario web.

# web/fediverse_followers.rs
said-the-actor-is-the-site = El actor es el del sitio (site) o el tuyo (vacío).
said-the-decision-is-approve-or = La decisión es «Aprobar» o «Rechazar».
said-approved-the-account-follows-and = Aprobado: la cuenta ya sigue, y se avisa a su servidor.
said-rejected-its-server-is-told = Rechazado: se avisa a su servidor.

# web/history.rs
said-this-page-link-is-broken = Este enlace de página está roto. Vuelve a empezar desde las revisiones más recientes.

# web/lists.rs
said-a-page-starts-after-one = Una página empieza después de una entrada o antes de una, no ambas cosas.

# web/locales.rs
said-the-address-s-query-could = No se pudieron leer los parámetros de la dirección.

# web/network.rs
said-only-the-network-s-administrators = Solo los administradores de la red pueden hacer esto.
said-that-is-not-a-page = Esa no es una página de esta lista.

# web/passkeys.rs
said-this-account-has-been-suspended = Esta cuenta está suspendida.

# web/post_download.rs
said-you-have-downloaded-your-posts = Ya has descargado tus entradas suficientes veces por ahora.

# web/posts.rs
said-only-an-administrator-makes-the = Solo un administrador crea las páginas del sitio.
said-a-new-text-is-a = Un texto nuevo es una entrada o una página.
said-choose-publish-save-and-schedule = Elige «Publicar», «Guardar y programar», «Guardar borrador», «Vista previa» o «Guardar borrador y añadir archivos».

# web/schedule.rs
said-this-post-went-live-before = Esta entrada se publicó antes de que pudiera cancelarse la programación: despublícala si no debe estar publicada.
said-this-post-is-published-unpublish = Esta entrada está publicada: despublícala primero para programarla.

# web/second_factor.rs
said-this-sign-in-has-expired = Este inicio de sesión ha caducado o ya se ha usado: vuelve a iniciar sesión con tu contraseña.

# web/security.rs
said-only-a-signed-in-browser = Solo un navegador con la sesión iniciada puede hacer esto.
said-ended-that-browser-is-signed = Sesión cerrada: ese navegador ya no tiene la sesión iniciada, o ese token ya no funciona.
said-your-new-authenticator-app-was = Se ha añadido tu nueva aplicación de autenticación: los códigos de la anterior ya no funcionan. Se han cerrado todas las demás sesiones.
said-your-authenticator-app-and-its = Se han quitado tu aplicación de autenticación y sus códigos de recuperación. Se han cerrado todas las demás sesiones.
said-your-new-passkey-was-added = Se ha añadido tu nueva llave de acceso: te permite iniciar sesión sin contraseña, y se pide después de tu contraseña. Se han cerrado todas las demás sesiones.
said-the-passkey-was-removed-it = Se ha quitado la llave de acceso: ya no te permite iniciar sesión. Se han cerrado todas las demás sesiones.
said-every-other-session-of-your = Se han cerrado todas las demás sesiones de tu cuenta: ningún otro navegador tiene la sesión iniciada, y ya no funciona ningún token.
said-too-many-wrong-passwords-for = Demasiadas contraseñas incorrectas para esta cuenta.

# web/sign_in.rs
said-wrong-user-name-e-mail = Nombre de usuario, correo electrónico o contraseña incorrectos.

# web/site_admin.rs
said-mail-is-off-on-this = El correo está desactivado en este sitio: inicia Sibyl con --smtp-url y --mail-from para enviar correos.
said-your-account-has-no-confirmed = Tu cuenta aún no tiene una dirección confirmada: primero confirma una desde la página de tu cuenta.
said-enough-test-messages-for-now = Basta de mensajes de prueba por ahora.

# web/sitemaps.rs
said-there-is-no-such-sitemap = Ese mapa del sitio no existe: /sitemap.xml enumera el de cada mes.

# web/tags.rs
said-this-page-link-is-broken-2 = Este enlace de página está roto. Vuelve a empezar desde la primera página de etiquetas.

# web/moderation/admin.rs
said-close-comments-after-a-number = Indica tras cuántos días se cierran los comentarios, de 0 (nunca) a 3650, y qué pasa con los comentarios de una cuenta eliminada.

# web/moderation/decisions.rs
said-choose-approve-reject-spam-or = Elige «Aprobar», «Rechazar», «Spam» o «Eliminar».
said-a-comment-of-another-post = Se eligió un comentario de otra entrada en la página de esta entrada.
said-choose-ban-or-unban = Elige «Vetar» o «Levantar el veto».
said-there-is-no-such-account = No existe esa cuenta.

# web/moderation/mod.rs
said-only-the-post-s-author = Solo el autor de la entrada o un administrador moderan sus comentarios.
said-this-page-link-is-broken-3 = Este enlace de página está roto. Vuelve a empezar desde la primera página de la lista.

# web/binaries/editor.rs
said-this-post-has-no-such = Esta entrada no tiene ese adjunto.
said-you-have-uploaded-many-times = Acabas de subir archivos muchas veces.

# web/binaries/files.rs
said-there-is-no-such-file = No existe ese archivo.
said-that-page-of-files-does = Esa página de archivos no existe.

# web/binaries/images.rs
said-many-images-were-scaled-for = Se acaban de redimensionar muchas imágenes para ti.

# web/binaries/mod.rs
said-only-the-post-s-author-2 = Solo el autor de la entrada o un administrador pueden cambiar sus adjuntos.

# web/settings/mod.rs
said-your-profile-was-saved = Tu perfil se ha guardado.
said-the-language-of-your-pages = Se ha guardado el idioma de tus páginas.
said-your-user-name-was-changed = Tu nombre de usuario se ha cambiado.
said-your-e-mail-address-was = Tu dirección de correo electrónico se ha cambiado.
said-we-sent-a-link-to = Hemos enviado un enlace a la nueva dirección: tu dirección cambia cuando lo sigas (en el plazo de un día). Hasta entonces, se queda como está.
said-your-password-was-changed-your = Tu contraseña se ha cambiado; se han cerrado tus otras sesiones.
said-welcome-we-mailed-a-link = ¡Te damos la bienvenida! Hemos enviado un enlace a la dirección que indicaste: pasa a ser la de tu cuenta cuando lo sigas (en el plazo de un día). Hasta entonces, inicia sesión con tu nombre de usuario.

# web/suggestions/mod.rs
said-only-the-post-s-author-3 = Solo el autor de la entrada o un administrador revisan las sugerencias.
said-that-revision-of-the-post = Esa revisión de la entrada no existe.
said-you-are-suggesting-changes-too = Estás sugiriendo cambios demasiado rápido.

# web/suggestions/review.rs
said-this-suggestion-was-already-accepted = Esta sugerencia ya se aceptó o se rechazó.

## Said by the server (continued)
# What a handler answers a form or a link with, shown on the page. The English is the
# text the code says; a page shows the message whose English is that text.

# web/suggestions/review.rs
said-the-post-kept-changing-while = La entrada no dejó de cambiar mientras se guardaba la sugerencia; se guardará en breve.

# web/subscriptions/links.rs
said-this-link-no-longer-works = Este enlace ya no funciona: un enlace de confirmación funciona una vez, durante dos días, y uno para darse de baja, hasta que se usa. Vuelve a suscribirte en /subscribe.

# web/subscriptions/mod.rs
said-this-site-sends-no-mail = Este sitio no envía correos, así que no tiene suscriptores por correo: sigue su feed en su lugar (/feed.xml).

# web/password_reset/mod.rs
said-mail-is-off-on-this-2 = Este sitio no envía correos, así que no se puede enviar ningún enlace: pide a un administrador que ponga una contraseña nueva (sibyl user reset-password).

# web/password_reset/new_password.rs
said-this-link-has-expired-or-2 = Este enlace ha caducado o ya se ha usado: cada enlace funciona una vez, durante una hora. Pide uno nuevo en /password/forgot.

# app/accounts.rs
said-this-site-has-not-been = Este sitio aún no se ha configurado.
said-too-many-sign-in-attempts = Demasiados intentos de inicio de sesión desde tu dirección.
said-too-many-failed-sign-ins = Demasiados inicios de sesión fallidos en esta cuenta.
said-too-many-sign-ups-for = Demasiados registros con esta dirección de correo electrónico.
said-too-many-sign-ups-from = Demasiados registros desde tu dirección.

# app/comments.rs
said-this-comment-looks-automated-and = Este comentario parece automático y no se ha publicado.
said-the-comment-form-has-expired = El formulario de comentarios ha caducado o no lo ha generado este sitio. Recarga la página y vuelve a intentarlo.
said-you-can-no-longer-comment = Ya no puedes comentar en este sitio.
said-there-is-no-such-comment = Ese comentario no existe en esta entrada.
said-a-reply-answers-a-published = Una respuesta contesta a un comentario publicado en la misma entrada.
said-only-its-author-can-change = Solo su autor puede cambiar un comentario.
said-only-the-post-s-author-4 = Solo el autor de la entrada o un administrador pueden cerrar sus comentarios.
said-pick-at-least-one-comment = Elige al menos un comentario.
said-too-many-comments-have-come = Han llegado demasiados comentarios desde tu dirección.
said-you-are-commenting-too-fast = Estás comentando demasiado rápido.

# app/confirmations.rs
said-enough-confirmation-links-have-been = Ya se han pedido suficientes enlaces de confirmación.

# app/passkeys.rs
said-too-many-second-steps-have = Han fallado demasiados segundos pasos desde tu dirección.
said-too-many-second-steps-have-2 = Han fallado demasiados segundos pasos en esta cuenta: espera un rato.

# app/posts.rs
said-only-the-post-s-author-5 = Solo el autor de la entrada o un administrador pueden hacer esto.
said-someone-saved-this-text-a = Alguien acaba de guardar este texto. Vuelve a abrirlo e inténtalo de nuevo.
said-the-post-is-already-written = La entrada ya está escrita en ese idioma.

# app/sessions.rs
said-that-session-has-ended-already = Esa sesión ya se ha cerrado o no es tuya.

# app/federation/blocks.rs
said-name-the-server-example-social = Indica el servidor (example.social) o la cuenta (https://example.social/users/someone) que quieres bloquear.
said-give-the-account-s-address = Indica la dirección de la cuenta tal como la enlaza su perfil (https://example.social/users/someone), o el nombre de su servidor.
said-a-server-is-blocked-by = Un servidor se bloquea por su nombre, sea cual sea su puerto: no pongas el puerto.
said-that-is-this-site-s = Ese es el propio servidor de este sitio: no puede bloquearse a sí mismo.

# app/federation/mod.rs
said-the-page-s-cursor-cannot = No se puede leer el cursor de la página.

# app/federation/remote.rs
said-too-many-keys-were-fetched = Últimamente se han obtenido demasiadas claves de tu servidor.

# app/federation/replies.rs
said-this-actor-is-replying-too = Este actor responde demasiado rápido.
said-this-server-s-accounts-are = Las cuentas de este servidor responden demasiado rápido.

# app/federation/requests.rs
said-only-the-account-s-author = Solo el autor de la cuenta o un administrador deciden quién la sigue.
said-no-such-follow-is-waiting = Ese seguimiento no está pendiente.
said-that-account-or-its-server = Esa cuenta o su servidor están bloqueados: su seguimiento se ha descartado.

# domain/comment.rs
said-a-comment-needs-some-text = Un comentario necesita algo de texto.
said-this-comment-is-too-long = Este comentario es demasiado largo una vez formateado: acórtalo o usa menos enlaces y menos caracteres como & < > y comillas, que ocupan varios bytes cada uno en la página.
said-please-give-a-name-to = Indica un nombre con el que firmar tu comentario.
said-a-name-has-at-most = Un nombre tiene como máximo 60 caracteres, en una sola línea.
said-a-reason-is-one-line = Un motivo es una sola línea de 200 caracteres como máximo.

# domain/post.rs
said-a-description-cannot-hold-control = Una descripción no puede contener caracteres de control.
said-a-revision-note-has-at = Una nota de revisión tiene como máximo 200 caracteres.
said-a-revision-note-is-one = Una nota de revisión es una sola línea de texto.
said-the-tags-field-has-at = El campo de etiquetas tiene como máximo 1024 caracteres.

# domain/schedule.rs
said-give-the-date-and-time = Indica la fecha y la hora de publicación, por ejemplo 2026-12-24T09:30.
said-that-time-has-passed-schedule = Esa hora ya ha pasado: programa una hora futura o publica ahora.

# domain/search.rs
said-type-a-word-or-two = Escribe una o dos palabras que buscar.

# domain/session.rs
said-give-the-token-a-name = Ponle un nombre al token, por ejemplo el del programa que lo usará.
said-a-token-s-name-is = El nombre de un token es una sola línea de texto.

# domain/site.rs
said-the-site-needs-a-title = El sitio necesita un título.
said-the-site-needs-a-language = El sitio necesita un idioma, como en, fr o en-GB.

# domain/user.rs
said-a-user-name-may-contain = Un nombre de usuario solo puede contener letras, cifras, '_', '-' y '.'.
said-a-user-name-cannot-mix = Un nombre de usuario no puede mezclar alfabetos (por ejemplo, letras latinas y cirílicas que se parecen).
said-enter-an-e-mail-address = Escribe una dirección de correo electrónico como name@example.com.
said-user-names-starting-with-deleted = Los nombres de usuario que empiezan por «deleted-» están reservados para cuentas eliminadas.
said-enter-an-address-that-receives = Escribe una dirección que reciba correo.
said-the-two-passwords-differ = Las dos contraseñas no coinciden.
said-a-bio-cannot-contain-control = Una biografía no puede contener caracteres de control.
said-a-homepage-is-an-address = Una página web es una dirección que empieza por https:// o http://, de 200 caracteres como máximo.
said-a-picture-is-the-address = Una foto es la dirección de una imagen, que empieza por https://, de 500 caracteres como máximo.
said-a-display-name-has-at = Un nombre visible tiene como máximo 64 caracteres y ningún carácter de control.

# domain/post/body.rs
said-a-post-needs-some-text = Una entrada necesita algo de texto.

# domain/post/names.rs
said-a-post-needs-a-title = Una entrada necesita un título.
said-a-title-cannot-contain-control = Un título no puede contener caracteres de control.
said-a-tag-cannot-be-empty = Una etiqueta no puede estar vacía.

## The deployment's own pages, which name no site

deployment-bad-request = Solicitud incorrecta
deployment-unavailable = No disponible
deployment-unavailable-why = Ahora mismo no se puede acceder a este sitio. Vuelve a intentarlo en un momento.
deployment-suspended = Sitio suspendido
deployment-suspended-why = Este sitio está suspendido por ahora. Vuelve más tarde.
deployment-unknown = No encontrado
deployment-unknown-why = No se sirve ningún sitio en esta dirección.
said-the-request-names-no-host = La solicitud no indica ningún host.

## Said by the server: the writer's desk

said-desk-drafts = Borradores
said-desk-scheduled = Programadas
said-desk-published = Publicadas
said-desk-started = Empezado
said-desk-goes-live = Se publica
said-desk-no-drafts = No hay borradores: lo que guardes como borrador espera aquí.
said-desk-nothing-scheduled = Nada programado: la página de un borrador y su editor lo programan.
said-desk-nothing-published = Aún no hay nada publicado.

## What the editor's and the passkey forms' scripts say
# { $time }, { $status }, { $reason }: filled in by the script.

editor-autosaved = Borrador guardado a las { $time }.
editor-autosave-failed = No se pudo guardar el borrador ({ $status }).
editor-autosave-unreachable = No se pudo guardar el borrador: el sitio no responde.
passkey-cannot-make = Este navegador no puede crear llaves de acceso.
passkey-cannot-use = Este navegador no puede usar llaves de acceso: inicia sesión desde uno que pueda.
passkey-asking = Preguntando a tu dispositivo…
passkey-checking = Comprobando…
passkey-not-used = No se usó ninguna llave de acceso: { $reason }

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# app/comments.rs
said-comments-close-days-after-a = Los comentarios se cierran { $days } días después de publicarse una entrada; los de esta ya están cerrados.
said-this-post-has-reached-its = Esta entrada ha llegado a su límite de { $max-comments-per-post } comentarios y no admite más.
said-a-comment-can-be-changed = Un comentario se puede cambiar durante { $edit-window-minutes } minutos después de escribirlo; este ya no.
said-at-most-comments-can-be = Se pueden mover como máximo { $max-picks } comentarios a la vez.
said-nothing-was-changed = No se ha cambiado nada: { $value }.

# app/factors.rs
said-qr-code-of-the-authenticator = Código QR del secreto de autenticación de { $value }

# app/formatting.rs
said-this-site-shows-images-from = Este sitio solo muestra imágenes de sus propios archivos, y la dirección { $url } está en otro sitio: quítala, guarda, y luego añade la imagen a los archivos de la entrada e insértala desde ahí.
said-the-server-could-not-format = El servidor no ha podido formatear este texto en { $value } segundos, porque está ocupado con otros; no se ha guardado nada. Vuelve a intentarlo en un momento.

# app/passkeys.rs
said-give-the-passkey-a-name = Ponle a la llave de acceso un nombre de 1 a { $max-name-chars } caracteres (dónde se guarda: «Portátil», «Teléfono»).
said-your-account-has-passkeys-the = Tu cuenta tiene { $max-passkeys } llaves de acceso, el máximo permitido: quita una primero.

# app/posts.rs
said-a-post-can-be-translated = Una entrada se puede traducir como máximo a { $value } idiomas.

# app/federation/blocks.rs
said-an-address-longer-than-characters = Una dirección de más de { $max-id-length } caracteres no corresponde a ninguna cuenta.
said-the-site-blocks-servers-and = El sitio ya bloquea { $max-blocks } servidores y cuentas, el máximo posible: desbloquea uno primero.

# app/federation/requests.rs
said-this-account-has-followers-the = Esta cuenta tiene { $max-remote-followers } seguidores, el máximo posible: rechaza algunos seguimientos o espera a que terminen algunos.

# domain/comment.rs
said-a-comment-has-at-most = Un comentario tiene como máximo { $value } caracteres; este tiene { $chars }.
said-this-comment-takes-too-many-bytes = Este comentario es demasiado largo: ocupa { $value } bytes, y un comentario ocupa como máximo { $value2 } (2000 caracteres en la mayoría de las escrituras, menos en aquellas cuyos caracteres ocupan 3 o 4 bytes, como el chino o los emojis).
said-a-comment-has-at-most-2 = Un comentario tiene como máximo { $value } enlaces; este tiene { $links }.

# domain/markdown.rs
said-this-text-has-ampersands-more = Este texto tiene { $ampersands } signos et (&), más de los { $max-ampersands } que puede tener una entrada. Escribe «y» en lugar de algunos, o divide el texto en varias entradas.
said-this-text-makes-more-than = Este texto genera más de { $max-elements } elementos (párrafos, elementos de lista, celdas de tabla, énfasis, enlaces…); divídelo en varias entradas.
said-this-text-makes-at-least = Una vez formateado, este texto genera al menos { $value } KiB de HTML, más de los { $value2 } KiB que puede tener una entrada (un enlace o una imagen dados por referencia repiten su dirección allí donde se usan). Acórtalo o divídelo en varias entradas.

# domain/password.rs
said-a-password-has-at-least = Una contraseña tiene al menos { $value } caracteres.
said-a-password-has-at-most = Una contraseña tiene como máximo { $value } caracteres.

# domain/post.rs
said-an-author-keeps-at-most = Un autor puede tener como máximo { $max-drafts-per-author } borradores en un sitio. Publica o elimina uno de ellos primero.
said-a-site-has-at-most = Un sitio tiene como máximo { $max-pages } páginas. Cambia una de ellas en su lugar.
said-a-description-is-characters-long = La descripción tiene { $count } caracteres; caben como máximo { $excerpt-chars }.
said-a-title-has-at-most = Un título tiene como máximo { $value } caracteres.
said-a-post-body-has-at = El cuerpo de una entrada tiene como máximo { $value } KiB de Markdown.

# domain/schedule.rs
said-a-post-can-be-scheduled = Una entrada se puede programar como máximo con { $max-days-ahead } días de antelación.
said-the-site-has-posts-waiting = El sitio tiene { $max-scheduled } entradas esperando a publicarse: publica algunas o cancela su programación primero.

# domain/search.rs
said-a-search-is-at-most = Una búsqueda tiene como máximo { $max-query-chars } caracteres; esta tiene { $length }.
said-a-search-has-at-most = Una búsqueda tiene como máximo { $max-query-words } palabras distintas; esta tiene { $value }.

## Said by the server, with values
# The same, for texts the code builds with values: each { $name } is a value the code
# fills in (a number, a name, an address, a reason in English); keep every one.

# domain/session.rs
said-a-token-s-name-has = El número de caracteres del nombre de un token está limitado a { $max-label }.

# domain/site.rs
said-no-such-choice-of-who = No existe esa opción para quién inicia sesión en dos pasos: { $text }.
said-the-cannot-hold-control-characters = El campo «{ $field }» no puede contener caracteres de control.
said-the-is-characters-long-at = El campo «{ $field }» es demasiado largo: tiene { $count } caracteres y el máximo es { $max }.

# domain/user.rs
said-a-user-name-has-to = Un nombre de usuario tiene de { $value } a { $value2 } caracteres.
said-an-e-mail-address-has = El número de caracteres de una dirección de correo electrónico está limitado a { $value }.
said-a-bio-has-at-most = El número de caracteres de una biografía está limitado a { $value }.

# domain/post/names.rs
said-a-tag-has-at-most = El número de caracteres de una etiqueta está limitado a { $value }.
said-the-tag-may-contain-only = La etiqueta { $tag } solo puede contener letras, cifras, espacios y - _ . + #
said-a-post-has-at-most = El número de etiquetas de una entrada está limitado a { $value }.

# web/admin.rs
said-no-account-is-called = Ninguna cuenta se llama { $value }.
said-there-is-no-shelf-in = El directorio no tiene ninguna sección { $shelf }.
said-you-cannot-your-own-account = No puedes hacer esto («{ $what }») con tu propia cuenta; pídeselo a otro administrador.

# web/archive.rs
said-there-is-no-month-an = No existe el mes { $year }/{ $number }: un mes del archivo tiene la forma /archive/2026/11.
said-nothing-was-published-in-the = No se publicó nada en { $value }. El archivo muestra los meses con entradas.

# web/error.rs
said-the-form-is-too-large = El formulario es demasiado grande: el máximo que se puede enviar es { $value } KiB.
said-the-form-could-not-be = No se pudo leer el formulario: { $other }.

# web/feeds.rs
said-no-post-is-tagged-so = Ninguna entrada tiene la etiqueta «{ $value }», así que no tiene feed.

# web/history.rs
said-this-post-has-no-revision = Esta entrada no tiene la revisión { $number }.

# web/lists.rs
said-this-page-link-is-broken-from = Este enlace de página está roto. Vuelve a empezar desde el principio: { $start }.
said-start-the-first-page-of-month = la primera página de { $month }
said-start-the-first-page-of-the-tag = la primera página de la etiqueta
said-start-the-desk-s-first-page = la primera página del escritorio
said-start-the-author-s-first-page = la primera página del autor
said-start-the-home-page = la página de inicio
said-there-are-no-older-posts = No hay entradas más antiguas. Vuelve al principio: { $start }.

# web/locales.rs
said-this-post-has-no-translation = Esta entrada aún no tiene traducción: { $value } ({ $value2 }).

# web/revisions.rs
said-you-are-starting-the-translation = Empiezas la traducción ({ $value }) a partir del texto original. Seguirá siendo un borrador hasta que la publiques.
said-this-is-your-draft-saved = Este es tu borrador (guardado: { $value }), basado en la revisión { $value2 }; todavía no es una revisión.{ $changed }
said-someone-saved-this-text-revision = Alguien guardó este texto (revisión { $value }) después de que lo abrieras. Tu texto está abajo: compáralo con el historial y vuelve a guardarlo.

# web/routes.rs
said-the-address-s-query-could-not-why = No se pudieron leer los parámetros de la dirección: { $why }.

# web/site_admin.rs
said-no-message-went = No se envió ningún mensaje: { $e }.
said-the-setting-is-a-box = El ajuste «{ $setting }» es una casilla que se marca o se deja vacía.

# web/sites.rs
said-the-request-s-host-is = El host de la solicitud no es válido: { $e }.

# web/tags.rs
said-no-post-is-tagged = Ninguna entrada tiene la etiqueta «{ $value }».

# web/suggestions/mod.rs
said-this-post-has-reached-its-2 = Esta entrada ha alcanzado su límite de sugerencias ({ $max-suggestions-per-post }) y no admite más.

# web/suggestions/review.rs
said-this-post-has-no-suggestion = Esta entrada no tiene la sugerencia { $id }.

## Descriptions and titles the handlers make
# { $name }: an author's display name; { $tag }: a tag; { $title }: a post's title;
# { $admins }: administrators' names, separated by commas.

author-description = Entradas de { $name }.
tag-description = Entradas con la etiqueta «{ $tag }».
moderation-comments-on = Comentarios sobre «{ $title }»
network-admins-and-more = { $admins } y más

## Notices after a decision on the moderation desk and on /admin/federation, and how the
## fediverse took a post.

moderation-done-approved =
    { $count ->
        [one] 1 comentario aprobado.
       *[other] { $count } comentarios aprobados.
    }
moderation-done-rejected =
    { $count ->
        [one] 1 comentario rechazado.
       *[other] { $count } comentarios rechazados.
    }
moderation-done-spam =
    { $count ->
        [one] 1 comentario marcado como spam.
       *[other] { $count } comentarios marcados como spam.
    }
moderation-done-deleted =
    { $count ->
        [one] 1 comentario eliminado.
       *[other] { $count } comentarios eliminados.
    }
moderation-done-banned = { $name } ya no puede comentar.
moderation-done-unbanned = { $name } puede volver a comentar.
federation-done-blocked = { $target } está bloqueado: { $follows ->
        [one] 1 seguimiento terminado
       *[other] { $follows } seguimientos terminados
    }, { $comments ->
        [one] 1 comentario eliminado
       *[other] { $comments } comentarios eliminados
    }.
federation-done-unblocked = { $target } ya no está bloqueado: lo que envía se vuelve a aceptar (sus seguimientos y comentarios no vuelven).
federation-done-retried = Se vuelve a entregar a { $server }: { $count ->
        [one] 1 entrega en espera pasa
       *[other] { $count } entregas en espera pasan
    } a enviarse ya.
federation-done-retried-aside = Ya no está apartado: las entregas nuevas salen enseguida.
fediverse-reactions-liked = Marcado como favorito { $likes ->
        [1] una vez
        [2] dos veces
       *[other] { $likes } veces
    } en el fediverso.
fediverse-reactions-shared = Compartido { $shares ->
        [1] una vez
        [2] dos veces
       *[other] { $shares } veces
    } en el fediverso.
fediverse-reactions-both = Marcado como favorito { $likes ->
        [1] una vez
        [2] dos veces
       *[other] { $likes } veces
    } y compartido { $shares ->
        [1] una vez
        [2] dos veces
       *[other] { $shares } veces
    } en el fediverso.

## Refusals that begin with what was refused (quoted as it was given).

said-value-is-not-a-site-status-to-set = { $status } no es un estado que pueda tener un sitio.
said-value-is-not-a-revision-number = { $number } no es un número de versión.
said-value-is-not-a-moderation-list = { $list } no es una lista de moderación: pending, spam o rejected.
said-value-does-not-name-a-comment = { $value } no corresponde a ningún comentario.
said-value-is-not-a-user-name = { $name } no es un nombre de usuario.
said-value-is-not-an-account = { $id } no es una cuenta.
said-value-is-not-a-month = { $month } no es un mes como 2026-11.
said-value-is-not-a-language-spoken = { $language } no es un idioma de estas páginas: elige uno de la lista.
said-value-wait-and-try-again = { $message } Espera hasta { $minutes } minutos y vuelve a intentarlo.
said-value-comments-were-moved-then = Se movieron { $moved } de { $total } comentarios; luego este no se pudo mover: { $why }
said-value-is-not-blocked = { $target } no está bloqueado.
said-value-is-not-a-comment-id = { $id } no es un identificador de comentario.
said-value-is-not-a-comment-state = { $state } no es un estado de comentario.
said-value-is-not-a-host-name = { $host } no es un nombre de host: { $why }
said-value-is-not-a-locale = { $locale } no es una configuración regional: usa un idioma, como en, o un idioma y un país, como en_US
said-value-is-not-a-page-path = { $path } no es una ruta de página: palabras en minúsculas de letras, cifras y guiones, separadas por /
said-value-is-not-a-site-s-status = { $status } no es un estado de sitio
said-value-is-not-a-language-code = { $code } no es un código de idioma: usa uno como en, fr o en-GB.
said-value-is-not-an-origin = { $origin } no es un origen: { $why }
said-value-is-not-an-origin-write = { $origin } no es un origen: escribe un esquema y un host, como https://app.example.com
said-value-does-not-exist-in-zone = { $time } no existe en { $zone }: los relojes se saltan esa hora. Elige otra hora.
said-value-is-not-a-post-address = { $address } no es una dirección de entrada
said-this-text-nests-too-deep = Este texto anida citas, listas o elementos HTML a más de { $depth } niveles de profundidad (un elemento de lista cuenta por dos: la lista y el elemento). Aplana las partes más profundas.
said-this-comment-nests-too-deep = Este comentario anida citas, listas o elementos HTML a más de { $depth } niveles de profundidad (un elemento de lista cuenta por dos: la lista y el elemento). Aplana las partes más profundas.

## What the security page says of a session's program and address.

agent-on = { $browser } en { $system }
agent-unknown-on = Un navegador desconocido en { $system }
agent-unknown = Un navegador desconocido
agent-unnamed = Un programa sin nombre
security-made-through-api = sesión iniciada a través de la API
security-made-in = creado en { $browser }
security-unknown-address = una dirección desconocida
