//! The API's route table: every handler, registered with its OpenAPI description (the
//! document and the scope that serves it are both made from it).

use super::{
    article_writes, articles, comments, favorites, feed, lists, profiles, tags, user_update, users,
};

/// Gives `$scope` every handler of the API, in the order the router tries them: the
/// scope that serves them and the one the OpenAPI document is made from both come from
/// this one list.
macro_rules! every_handler {
    ($scope:expr) => {
        $scope
            .service(users::register_user)
            .service(users::login)
            .service(users::logout)
            .service(users::current_user)
            .service(user_update::update_user)
            .service(profiles::show_profile)
            .service(profiles::follow)
            .service(profiles::unfollow)
            .service(tags::list_tags)
            .service(lists::list_articles)
            // Before the article at a slug, which would take "feed" for one.
            .service(feed::feed)
            .service(article_writes::create_article)
            .service(articles::show_article)
            .service(article_writes::update_article)
            .service(article_writes::delete_article)
            .service(comments::list_comments)
            .service(comments::add_comment)
            .service(comments::delete_comment)
            .service(favorites::favorite)
            .service(favorites::unfavorite)
    };
}

/// The API's routes, each registered with its OpenAPI description: what the document
/// is made from, once.
pub(super) fn described() -> utoipa_actix_web::scope::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    every_handler!(utoipa_actix_web::scope("/api"))
}

/// The API's routes as each worker serves them: the same handlers, without making their
/// descriptions again in every worker at start (the document makes them once, when it is
/// first asked for).
pub(super) fn served() -> actix_web::Scope {
    every_handler!(actix_web::web::scope("/api"))
}
