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
