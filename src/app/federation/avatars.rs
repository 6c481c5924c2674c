//! Remote actors' pictures beside their comments: when a reply comes, its actor's `icon`
//! is fetched (in the background, under the address rules of every fetch and never from
//! a blocked server), cut to a centred square, scaled to [`AVATAR_SIDE`] pixels and kept
//! as a JPEG; pages link to it by a key made of the actor's id, so that showing one costs
//! the page no read, and readers' browsers never ask another server for anything.

use crate::app::{AppError, Ctx};
use crate::binaries::fetch::Fetcher;
use crate::binaries::image::{DecodeLimits, decode, encode_jpeg};
use crate::store::federation::{Avatar, MAX_AVATAR_BYTES, MAX_ID_LENGTH, avatar_key};
use image::{DynamicImage, GenericImageView};
use serde_json::Value;

/// The side of a kept avatar, in pixels (shown at 40, sharp on a screen of twice the
/// density).
pub const AVATAR_SIDE: u32 = 96;

/// The most bytes of an icon fetched.
pub const MAX_ICON_BYTES: u64 = 2 * 1024 * 1024;

/// How long a kept avatar is used before a new comment of its actor fetches it again.
const REFETCH_AFTER_HOURS: i64 = 24;

/// What an icon may be decoded into (an avatar of 96 pixels needs nothing larger).
const ICON_LIMITS: DecodeLimits = DecodeLimits {
    max_side: 2_048,
    max_pixels: 4_200_000,
    max_alloc: 32 * 1024 * 1024,
};

/// Avatars fetched and made at once by one instance: however many replies come, at
/// most this many icons are held and decoded (each within [`ICON_LIMITS`]).
const AT_ONCE: usize = 2;

/// How long a reply's errand waits for its turn before leaving the avatar for its
/// actor's next reply.
const TURN_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

static TURNS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(AT_ONCE);

/// The address of an actor's icon in its document: `icon` as an address, as an `Image`
/// whose `url` is an address or a `Link`, or the first of a list of them.
pub fn icon_of(actor: &Value) -> Option<String> {
    fn url(value: &Value) -> Option<&str> {
        match value {
            Value::String(s) => Some(s),
            Value::Array(items) => items.iter().find_map(url),
            Value::Object(fields) => fields
                .get("url")
                .and_then(url)
                .or_else(|| fields.get("href").and_then(Value::as_str)),
            _ => None,
        }
    }
    url(actor.get("icon")?)
        .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
        .map(str::to_owned)
}

/// The path a page shows an actor's avatar at.
pub fn path_of(actor: &str) -> String {
    format!("/fediverse/avatars/{}.jpg", avatar_key(actor))
}

/// An icon made an avatar: a centred square, scaled to [`AVATAR_SIDE`], on white where it
/// was transparent, as a JPEG.
pub fn square_jpeg(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let image = decode(bytes, &ICON_LIMITS).map_err(|e| e.to_string())?;
    let (w, h) = image.dimensions();
    let side = w.min(h);
    if side == 0 {
        return Err("the icon is empty".into());
    }
    let region = ((w - side) / 2, (h - side) / 2, side, side);
    let scaled = crate::binaries::resize::resize_image(&image, region, AVATAR_SIDE, AVATAR_SIDE);
    let flat = if scaled.color().has_alpha() {
        let mut rgba = scaled.to_rgba8();
        for pixel in rgba.pixels_mut() {
            let alpha = u16::from(pixel[3]);
            for channel in 0..3 {
                let value = u16::from(pixel[channel]);
                pixel[channel] = ((value * alpha + 255 * (255 - alpha)) / 255) as u8;
            }
            pixel[3] = 255;
        }
        DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(rgba).to_rgb8())
    } else {
        scaled
    };
    let jpeg = encode_jpeg(&flat).map_err(|e| e.to_string())?;
    if jpeg.len() > MAX_AVATAR_BYTES {
        return Err(format!(
            "the avatar made is {} bytes, more than {MAX_AVATAR_BYTES}",
            jpeg.len()
        ));
    }
    Ok(jpeg)
}

/// Keeps an actor's avatar up to date with its `icon`: fetched and made unless the one
/// kept came from the same address less than a day ago; forgotten when the actor has no
/// icon any more. What fails is logged and changes nothing.
pub async fn refresh(ctx: &Ctx, fetcher: &Fetcher, actor: &str, icon: Option<&str>) {
    if let Err(e) = try_refresh(ctx, fetcher, actor, icon).await {
        tracing::info!(actor, error = %e, "a remote actor's picture was not kept");
    }
}

async fn try_refresh(
    ctx: &Ctx,
    fetcher: &Fetcher,
    actor: &str,
    icon: Option<&str>,
) -> Result<(), String> {
    let key = avatar_key(actor);
    let kept = ctx
        .store
        .avatar(&ctx.site, &key)
        .await
        .map_err(|e| e.to_string())?;
    let Some(icon) = icon else {
        if kept.is_some() {
            ctx.store
                .drop_avatar(&ctx.site, &key)
                .await
                .map_err(|e| e.to_string())?;
        }
        return Ok(());
    };
    let now = ctx.clock.now();
    if let Some(kept) = &kept
        && kept.source == icon
        && now - kept.fetched < chrono::Duration::hours(REFETCH_AFTER_HOURS)
    {
        return Ok(());
    }
    // Only the fetch and the making wait for a turn.
    if icon.len() > MAX_ID_LENGTH {
        return Err(format!(
            "its icon's address is longer than {MAX_ID_LENGTH} bytes"
        ));
    }
    let Ok(Ok(_turn)) = tokio::time::timeout(TURN_WAIT, TURNS.acquire()).await else {
        return Err("too many pictures are being made: its actor's next reply makes it".into());
    };
    let bytes = super::remote::fetch_unblocked(ctx, fetcher, icon, MAX_ICON_BYTES, &|_| Vec::new())
        .await
        .map_err(|e| e.to_string())?;
    let jpeg = crate::app::blocking("making an avatar", move || square_jpeg(&bytes))
        .await
        .map_err(|e| e.to_string())??;
    ctx.store
        .keep_avatar(
            &ctx.site,
            &key,
            &Avatar {
                source: icon.to_owned(),
                jpeg,
                fetched: now,
            },
        )
        .await
        .map_err(|e| e.to_string())
}

/// The avatar kept under `key`, if there is one.
pub async fn avatar(ctx: &Ctx, key: &str) -> Result<Option<Avatar>, AppError> {
    let well_formed = key.len() == 32 && key.bytes().all(|b| b.is_ascii_hexdigit());
    if !well_formed {
        return Ok(None);
    }
    Ok(ctx.store.avatar(&ctx.site, key).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_icon_is_found_however_it_is_given() {
        let at = "https://social.example/a.png";
        for icon in [
            json!(at),
            json!({ "type": "Image", "url": at }),
            json!({ "type": "Image", "url": { "type": "Link", "href": at } }),
            json!([{ "type": "Image", "url": at }, { "type": "Image", "url": "https://x/b.png" }]),
        ] {
            assert_eq!(icon_of(&json!({ "icon": icon })).as_deref(), Some(at));
        }
        assert_eq!(icon_of(&json!({})), None);
        assert_eq!(icon_of(&json!({ "icon": "javascript:alert(1)" })), None);
        assert_eq!(icon_of(&json!({ "icon": 5 })), None);
    }

    #[test]
    fn an_icon_becomes_a_small_square_on_white() {
        // A wide, half-transparent picture.
        let mut wide = image::RgbaImage::new(300, 100);
        for (x, _, pixel) in wide.enumerate_pixels_mut() {
            *pixel = if x < 150 {
                image::Rgba([255, 0, 0, 255])
            } else {
                image::Rgba([0, 0, 0, 0])
            };
        }
        let mut png = Vec::new();
        DynamicImage::ImageRgba8(wide)
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        let jpeg = square_jpeg(&png).unwrap();
        let made = image::load_from_memory(&jpeg).unwrap();
        assert_eq!(made.dimensions(), (AVATAR_SIDE, AVATAR_SIDE));
        let rgb = made.to_rgb8();
        // The centred square: red on its left half, white (not black) on its right.
        let left = rgb.get_pixel(10, 48);
        let right = rgb.get_pixel(85, 48);
        assert!(left[0] > 200 && left[1] < 60, "{left:?}");
        assert!(right.0.iter().all(|c| *c > 200), "{right:?}");
        assert!(square_jpeg(b"not a picture").is_err());
        // An icon larger than an avatar needs is refused unread.
        let mut wide = Vec::new();
        DynamicImage::ImageRgb8(image::RgbImage::new(3_000, 4))
            .write_to(
                &mut std::io::Cursor::new(&mut wide),
                image::ImageFormat::Png,
            )
            .unwrap();
        let refused = square_jpeg(&wide).unwrap_err();
        assert!(refused.contains("3000×4"), "{refused}");
    }
}
