//! What a file is (sniffed from its bytes, never from the client's claim), and bounded
//! image decoding and scaling: a decompression bomb or a truncated file is an error
//! message, never a crash or a stalled server.

use crate::domain::iiif::{Format, Plan, Quality};
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageReader};
use std::io::Cursor;

/// What the first bytes of a file say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    pub mime: &'static str,
    /// A raster image browsers may show inline.
    pub raster: bool,
}

pub fn sniff(head: &[u8]) -> Sniffed {
    let raster = |mime| Sniffed { mime, raster: true };
    let file = |mime| Sniffed {
        mime,
        raster: false,
    };
    if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return raster("image/jpeg");
    }
    if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        return raster("image/png");
    }
    if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
        return raster("image/gif");
    }
    if head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        return raster("image/webp");
    }
    if head.starts_with(b"%PDF-") {
        return file("application/pdf");
    }
    if head.starts_with(b"PK\x03\x04") {
        return file("application/zip");
    }
    let text = std::str::from_utf8(head).or_else(|e| {
        // A multi-byte character cut by the end of the head is still text.
        if e.error_len().is_none() {
            std::str::from_utf8(&head[..e.valid_up_to()])
        } else {
            Err(e)
        }
    });
    match text {
        Ok(text) if !text.contains('\0') => {
            let lower = text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .to_ascii_lowercase();
            if (lower.starts_with("<?xml")
                || lower.starts_with("<svg")
                || lower.starts_with("<!--"))
                && lower.contains("<svg")
            {
                file("image/svg+xml")
            } else {
                file("text/plain")
            }
        }
        _ => file("application/octet-stream"),
    }
}

/// The type a file name's extension promises, for the extensions whose content can be
/// recognised (others promise nothing).
pub fn mime_for_extension(name: &str) -> Option<&'static str> {
    let (_, ext) = name.rsplit_once('.')?;
    Some(match ext.to_ascii_lowercase().as_str() {
        "jpg" | "jpeg" | "jpe" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        "zip" => "application/zip",
        _ => return None,
    })
}

/// Bounds on what is decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeLimits {
    pub max_side: u32,
    pub max_pixels: u64,
    /// The most memory the decoder may allocate.
    pub max_alloc: u64,
}

impl Default for DecodeLimits {
    fn default() -> Self {
        Self {
            max_side: 16_384,
            max_pixels: 50_000_000,
            max_alloc: 512 * 1024 * 1024,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error(
        "the image is {width}×{height} pixels; at most {max_side} pixels a side and {max_megapixels} megapixels are accepted"
    )]
    TooLarge {
        width: u32,
        height: u32,
        max_side: u32,
        max_megapixels: u64,
    },
    #[error("the image file is truncated or corrupt: {0}")]
    Corrupt(String),
    #[error("not an image this site can read: {0}")]
    Unsupported(String),
}

/// A reader bounded in what it may allocate. Dimensions are checked by [`probe`] from
/// the header, which says more than the decoder's own limit error would.
fn reader<'b>(
    bytes: &'b [u8],
    limits: &DecodeLimits,
) -> Result<ImageReader<Cursor<&'b [u8]>>, ImageError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ImageError::Unsupported(e.to_string()))?;
    let mut decode_limits = image::Limits::default();
    decode_limits.max_alloc = Some(limits.max_alloc);
    reader.limits(decode_limits);
    Ok(reader)
}

fn map_error(e: image::ImageError) -> ImageError {
    match e {
        image::ImageError::Unsupported(e) => ImageError::Unsupported(e.to_string()),
        image::ImageError::Limits(e) => {
            ImageError::Corrupt(format!("over the decoding limits ({e})"))
        }
        other => ImageError::Corrupt(other.to_string()),
    }
}

/// The pixel size as the image is shown (its EXIF orientation applied: a phone's
/// portrait photo is stored sideways with a note to turn it), from the header only;
/// refuses what is over the limits before any pixel is decoded (a small file that
/// declares a huge image is a decompression bomb).
pub fn probe(bytes: &[u8], limits: &DecodeLimits) -> Result<(u32, u32), ImageError> {
    probe_oriented(bytes, limits).map(|(w, h, _)| (w, h))
}

fn probe_oriented(
    bytes: &[u8],
    limits: &DecodeLimits,
) -> Result<(u32, u32, Orientation), ImageError> {
    let mut decoder = reader(bytes, limits)?.into_decoder().map_err(map_error)?;
    let (width, height) = decoder.dimensions();
    check(width, height, limits)?;
    // A broken EXIF block is no reason to refuse the picture: shown as stored.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    Ok(if turns(orientation) {
        (height, width, orientation)
    } else {
        (width, height, orientation)
    })
}

/// Whether an orientation swaps width and height.
fn turns(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

fn check(width: u32, height: u32, limits: &DecodeLimits) -> Result<(), ImageError> {
    if width == 0
        || height == 0
        || width > limits.max_side
        || height > limits.max_side
        || u64::from(width) * u64::from(height) > limits.max_pixels
    {
        return Err(ImageError::TooLarge {
            width,
            height,
            max_side: limits.max_side,
            max_megapixels: limits.max_pixels / 1_000_000,
        });
    }
    Ok(())
}

/// Whether a file has the end its format requires. Decoders are lenient with a file cut
/// short (the missing part comes out grey); a stored image must be whole.
fn check_complete(bytes: &[u8]) -> Result<(), ImageError> {
    let end = |marker: &[u8], within: usize| {
        let tail = &bytes[bytes.len().saturating_sub(within)..];
        tail.windows(marker.len()).any(|w| w == marker)
    };
    let whole = match sniff(bytes).mime {
        "image/jpeg" => end(&[0xFF, 0xD9], 4096),
        "image/png" => end(b"IEND", 64),
        "image/gif" => bytes.ends_with(&[0x3B]) || end(&[0x00, 0x3B], 4096),
        "image/webp" => {
            bytes.len() >= 12
                && u64::from(u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]])) + 8
                    <= bytes.len() as u64
        }
        _ => true,
    };
    if whole {
        Ok(())
    } else {
        Err(ImageError::Corrupt(
            "the file ends before the image does".into(),
        ))
    }
}

/// Decodes a whole image within the limits, with 8-bit samples (a wider image's buffer
/// is converted and dropped before the picture is turned).
pub fn decode(bytes: &[u8], limits: &DecodeLimits) -> Result<DynamicImage, ImageError> {
    let (_, _, orientation) = probe_oriented(bytes, limits)?;
    check_complete(bytes)?;
    let image = reader(bytes, limits)?.decode().map_err(map_error)?;
    let mut image = super::resize::to_eight_bits(image);
    image.apply_orientation(orientation);
    Ok(image)
}

/// What decoding an image takes, read from its header alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The size as shown (its orientation applied).
    pub width: u32,
    pub height: u32,
    /// Bytes a decoded pixel takes, and its samples (a 16-bit RGBA pixel: 8 and 4).
    pub bytes_per_pixel: u64,
    pub channels: u64,
    /// Whether the picture is turned or mirrored after decoding (a copy).
    pub oriented: bool,
    pub jpeg: bool,
    /// A progressive JPEG (or one whose frame header was not read): its decoder keeps
    /// every coefficient at full size, however small it decodes.
    pub progressive: bool,
    /// A WebP: its decoder goes through a buffer of its own.
    pub webp: bool,
}

/// The marker of a JPEG's frame header, if it is within `bytes`.
fn jpeg_frame(bytes: &[u8]) -> Option<u8> {
    let mut at = 2;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return None;
        }
        let marker = bytes[at + 1];
        if marker == 0xFF {
            at += 1;
            continue;
        }
        if (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
            return Some(marker);
        }
        at += 2 + usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
    }
    None
}

/// The header of an image within the limits.
pub fn header(bytes: &[u8], limits: &DecodeLimits) -> Result<Header, ImageError> {
    let mut decoder = reader(bytes, limits)?.into_decoder().map_err(map_error)?;
    let (width, height) = decoder.dimensions();
    check(width, height, limits)?;
    let colour = decoder.color_type();
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let (width, height) = if turns(orientation) {
        (height, width)
    } else {
        (width, height)
    };
    Ok(Header {
        width,
        height,
        bytes_per_pixel: u64::from(colour.bytes_per_pixel()),
        channels: u64::from(colour.channel_count()),
        oriented: orientation != Orientation::NoTransforms,
        jpeg: sniff(bytes).mime == "image/jpeg",
        progressive: sniff(bytes).mime == "image/jpeg"
            && jpeg_frame(bytes).is_none_or(|m| matches!(m, 0xC2 | 0xC6 | 0xCA | 0xCE)),
        webp: sniff(bytes).mime == "image/webp",
    })
}

/// The shrink-on-load factor (1, 2, 4 or 8) a JPEG is decoded at for a plan: the largest
/// that still leaves the region at least as many pixels as the output has.
pub fn jpeg_shrink(header: &Header, plan: &Plan) -> u32 {
    // The decoder picks its scale by either side: a picture with a side under 16
    // pixels could come out smaller than asked.
    if !header.jpeg || header.width.min(header.height) < 16 {
        return 1;
    }
    [8, 4, 2]
        .into_iter()
        .find(|s| plan.w / s >= plan.out_w && plan.h / s >= plan.out_h)
        .unwrap_or(1)
}

/// The most memory that decoding this image and rendering `plan` from it takes at once,
/// in bytes (the file's own bytes aside). Counted generously: the decoded pixels (a
/// JPEG's as CMYK, the widest it decodes to, plus a progressive JPEG's coefficients at
/// full size; a WebP's through its decoder's own buffer), a second buffer when they are
/// converted to 8 bits or turned, and the output four times over (scaled, mirrored or
/// turned, converted for the encoder, encoded).
pub fn render_cost(header: &Header, plan: &Plan) -> u64 {
    let shrink = u64::from(jpeg_shrink(header, plan));
    let full = u64::from(header.width) * u64::from(header.height);
    let pixels =
        u64::from(header.width).div_ceil(shrink) * u64::from(header.height).div_ceil(shrink);
    let decoded = if header.jpeg {
        // Coefficients are 16 bits: three components at full size at most.
        pixels * 4 + if header.progressive { full * 6 } else { 0 }
    } else if header.webp {
        full * 8
    } else {
        pixels * header.bytes_per_pixel
    };
    let copied = if header.jpeg || header.oriented || header.bytes_per_pixel > header.channels {
        pixels * 4
    } else {
        0
    };
    let output = u64::from(plan.out_w) * u64::from(plan.out_h) * 4;
    decoded + copied + 4 * output
}

/// Decodes an image as small as `plan` allows (a JPEG shrunk on load, see
/// [`jpeg_shrink`]) and returns it with the plan moved onto the decoded pixels.
pub fn decode_for(
    bytes: &[u8],
    plan: &Plan,
    limits: &DecodeLimits,
) -> Result<(DynamicImage, Plan), ImageError> {
    let header = header(bytes, limits)?;
    let shrink = jpeg_shrink(&header, plan);
    if shrink == 1 {
        return Ok((decode(bytes, limits)?, *plan));
    }
    let image = decode_jpeg_at_least(
        bytes,
        header.width.div_ceil(shrink),
        header.height.div_ceil(shrink),
        limits,
    )?;
    let (w, h) = (u64::from(image.width()), u64::from(image.height()));
    let (full_w, full_h) = (u64::from(header.width), u64::from(header.height));
    let across = |v: u32| (u64::from(v) * w / full_w) as u32;
    let down = |v: u32| (u64::from(v) * h / full_h) as u32;
    let mut moved = *plan;
    moved.x = across(plan.x).min(image.width() - 1);
    moved.y = down(plan.y).min(image.height() - 1);
    moved.w = across(plan.w).clamp(1, image.width() - moved.x);
    moved.h = down(plan.h).clamp(1, image.height() - moved.y);
    Ok((image, moved))
}

/// Decodes a JPEG only as large as a `box_w × box_h` rendition needs: the smallest of
/// 1/8, 1/4, 1/2 or full scale that still covers the image's best fit in the box. The
/// inverse DCT does the shrinking (what vipsthumbnail calls shrink-on-load), so a
/// 12-megapixel photo is never decoded whole to make its renditions.
fn decode_jpeg_for(
    bytes: &[u8],
    box_w: u32,
    box_h: u32,
    limits: &DecodeLimits,
) -> Result<DynamicImage, ImageError> {
    let (width, height) = probe(bytes, limits)?;
    let (want_w, want_h) = fit(width, height, box_w, box_h);
    decode_jpeg_at_least(bytes, want_w, want_h, limits)
}

/// Decodes a JPEG at the smallest of 1/8, 1/4, 1/2 or full scale that is at least
/// `want_w × want_h` (as shown, its orientation applied).
fn decode_jpeg_at_least(
    bytes: &[u8],
    want_w: u32,
    want_h: u32,
    limits: &DecodeLimits,
) -> Result<DynamicImage, ImageError> {
    let (_, _, orientation) = probe_oriented(bytes, limits)?;
    check_complete(bytes)?;
    let corrupt = |e: jpeg_decoder::Error| ImageError::Corrupt(e.to_string());
    let mut decoder = jpeg_decoder::Decoder::new(Cursor::new(bytes));
    decoder.set_max_decoding_buffer_size(limits.max_alloc as usize);
    // The file holds the picture before its turn.
    let (want_w, want_h) = if turns(orientation) {
        (want_h, want_w)
    } else {
        (want_w, want_h)
    };
    let (w, h) = decoder
        .scale(
            want_w.min(u32::from(u16::MAX)) as u16,
            want_h.min(u32::from(u16::MAX)) as u16,
        )
        .map_err(corrupt)?;
    let pixels = decoder.decode().map_err(corrupt)?;
    let info = decoder
        .info()
        .ok_or_else(|| ImageError::Corrupt("no image in the file".into()))?;
    let (w, h) = (u32::from(w), u32::from(h));
    let short = || ImageError::Corrupt("the decoded image is shorter than its header says".into());
    let image = match info.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => {
            DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, pixels).ok_or_else(short)?)
        }
        jpeg_decoder::PixelFormat::L8 => {
            DynamicImage::ImageLuma8(image::GrayImage::from_raw(w, h, pixels).ok_or_else(short)?)
        }
        jpeg_decoder::PixelFormat::L16 => {
            let wide: Vec<u16> = pixels
                .chunks_exact(2)
                .map(|p| u16::from_be_bytes([p[0], p[1]]))
                .collect();
            DynamicImage::ImageLuma16(image::ImageBuffer::from_raw(w, h, wide).ok_or_else(short)?)
        }
        jpeg_decoder::PixelFormat::CMYK32 => {
            // Adobe's inverted CMYK, as JPEG files carry it.
            let rgb: Vec<u8> = pixels
                .chunks_exact(4)
                .flat_map(|p| {
                    let k = u16::from(p[3]);
                    [0, 1, 2].map(|i| ((u16::from(p[i]) * k) / 255) as u8)
                })
                .collect();
            DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).ok_or_else(short)?)
        }
    };
    let mut image = super::resize::to_eight_bits(image);
    image.apply_orientation(orientation);
    Ok(image)
}

/// The named renditions of the binary service: best fit inside each box, never enlarged.
pub const RENDITIONS: [(&str, u32, u32); 4] = [
    ("800x600", 800, 600),
    ("440x330", 440, 330),
    ("140x105", 140, 105),
    ("116x87", 116, 87),
];

/// A named rendition, as JPEG.
#[derive(Debug, Clone)]
pub struct Rendition {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub jpeg: Vec<u8>,
}

pub use crate::domain::iiif::fit;

/// Makes the four named renditions: the image is decoded once, the largest is scaled
/// from it and each smaller one from the one before (cheaper, and as sharp at these
/// ratios).
pub fn renditions(bytes: &[u8], limits: &DecodeLimits) -> Result<Vec<Rendition>, ImageError> {
    let (_, box_w, box_h) = RENDITIONS[0];
    let image = if sniff(bytes).mime == "image/jpeg" {
        decode_jpeg_for(bytes, box_w, box_h, limits)?
    } else {
        decode(bytes, limits)?
    };
    let mut source = image;
    let mut made = Vec::with_capacity(RENDITIONS.len());
    for (name, box_w, box_h) in RENDITIONS {
        let (w, h) = fit(source.width(), source.height(), box_w, box_h);
        let scaled = if (w, h) == (source.width(), source.height()) {
            source.clone()
        } else {
            let whole = (0, 0, source.width(), source.height());
            super::resize::resize_image(&source, whole, w, h)
        };
        made.push(Rendition {
            name,
            width: w,
            height: h,
            jpeg: encode_jpeg(&scaled)?,
        });
        source = scaled;
    }
    Ok(made)
}

pub fn encode_jpeg(image: &DynamicImage) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82);
    // Grey and RGB pictures are encoded as they are; others are converted first.
    match image {
        DynamicImage::ImageLuma8(grey) => encoder.encode_image(grey),
        DynamicImage::ImageRgb8(rgb) => encoder.encode_image(rgb),
        other => encoder.encode_image(&other.to_rgb8()),
    }
    .map_err(map_error)?;
    Ok(out)
}

/// Carries out a IIIF plan: crop, scale, mirror, turn, colour, encode. The source is
/// dropped as soon as the scaled region is made.
pub fn render(image: DynamicImage, plan: &Plan) -> Result<Vec<u8>, ImageError> {
    let region = (plan.x, plan.y, plan.w, plan.h);
    let mut out = if (plan.w, plan.h) != (plan.out_w, plan.out_h) {
        let scaled = super::resize::resize_image(&image, region, plan.out_w, plan.out_h);
        drop(image);
        scaled
    } else if region == (0, 0, image.width(), image.height()) {
        image
    } else {
        image.crop_imm(plan.x, plan.y, plan.w, plan.h)
    };
    if plan.mirror {
        out = out.fliph();
    }
    out = match plan.rotate {
        90 => out.rotate90(),
        180 => out.rotate180(),
        270 => out.rotate270(),
        _ => out,
    };
    out = match plan.quality {
        Quality::Default | Quality::Color => out,
        Quality::Gray => DynamicImage::ImageLuma8(out.to_luma8()),
        Quality::Bitonal => {
            let mut luma = out.to_luma8();
            for p in luma.pixels_mut() {
                p.0[0] = if p.0[0] >= 128 { 255 } else { 0 };
            }
            DynamicImage::ImageLuma8(luma)
        }
    };
    let mut bytes = Vec::new();
    match plan.format {
        Format::Jpg => return encode_jpeg(&out),
        Format::Png => out
            .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)
            .map_err(map_error)?,
        Format::Webp => DynamicImage::ImageRgba8(out.to_rgba8())
            .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::WebP)
            .map_err(map_error)?,
        Format::Gif => DynamicImage::ImageRgba8(out.to_rgba8())
            .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Gif)
            .map_err(map_error)?,
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::iiif::{IiifLimits, IiifRequest};

    fn photo(width: u32, height: u32) -> Vec<u8> {
        let img = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        encode_jpeg(&DynamicImage::ImageRgb8(img)).unwrap()
    }

    #[test]
    fn sniffing_reads_the_content_not_the_name() {
        assert_eq!(sniff(&photo(4, 4)).mime, "image/jpeg");
        assert!(sniff(&photo(4, 4)).raster);
        assert_eq!(sniff(b"GIF89a....").mime, "image/gif");
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 ").mime, "image/webp");
        assert_eq!(sniff(b"%PDF-1.7").mime, "application/pdf");
        assert_eq!(sniff(b"PK\x03\x04rest").mime, "application/zip");
        let svg = sniff(b"\xef\xbb\xbf  <?xml version=\"1.0\"?>\n<svg xmlns=\"...\">");
        assert_eq!(svg.mime, "image/svg+xml");
        assert!(!svg.raster);
        assert_eq!(sniff("héllo wörld".as_bytes()).mime, "text/plain");
        assert_eq!(sniff(b"<html><script>").mime, "text/plain");
        assert_eq!(sniff(&[0, 1, 2, 255]).mime, "application/octet-stream");
        assert_eq!(sniff(b"").mime, "text/plain");
        assert_eq!(mime_for_extension("A.JPEG"), Some("image/jpeg"));
        assert_eq!(mime_for_extension("notes.txt"), None);
        assert_eq!(mime_for_extension("noext"), None);
    }

    #[test]
    fn renditions_fit_their_boxes_and_never_enlarge() {
        let made = renditions(&photo(1200, 900), &DecodeLimits::default()).unwrap();
        let sizes: Vec<_> = made.iter().map(|r| (r.name, r.width, r.height)).collect();
        assert_eq!(
            sizes,
            [
                ("800x600", 800, 600),
                ("440x330", 440, 330),
                ("140x105", 140, 105),
                ("116x87", 116, 87)
            ]
        );
        let portrait = renditions(&photo(600, 1200), &DecodeLimits::default()).unwrap();
        assert_eq!((portrait[0].width, portrait[0].height), (300, 600));
        let small = renditions(&photo(100, 50), &DecodeLimits::default()).unwrap();
        assert_eq!((small[0].width, small[0].height), (100, 50));
        assert_eq!((small[3].width, small[3].height), (100, 50));
        for r in &made {
            assert_eq!(sniff(&r.jpeg).mime, "image/jpeg");
        }
    }

    /// A JPEG carrying an EXIF orientation (APP1 right after SOI).
    fn with_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
        let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
        tiff.extend_from_slice(&1u16.to_be_bytes());
        tiff.extend_from_slice(&0x0112u16.to_be_bytes());
        tiff.extend_from_slice(&3u16.to_be_bytes());
        tiff.extend_from_slice(&1u32.to_be_bytes());
        tiff.extend_from_slice(&orientation.to_be_bytes());
        tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        let mut app1 = b"Exif\0\0".to_vec();
        app1.extend_from_slice(&tiff);
        let mut out = jpeg[..2].to_vec();
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(&app1);
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    #[test]
    fn photos_are_turned_as_their_exif_orientation_says() {
        let sideways = with_orientation(&photo(1600, 1200), 6);
        assert_eq!(
            probe(&sideways, &DecodeLimits::default()).unwrap(),
            (1200, 1600)
        );
        let made = renditions(&sideways, &DecodeLimits::default()).unwrap();
        assert_eq!((made[0].width, made[0].height), (450, 600));
        let back = image::load_from_memory(&made[0].jpeg).unwrap();
        assert_eq!((back.width(), back.height()), (450, 600));
        let whole = decode(&sideways, &DecodeLimits::default()).unwrap();
        assert_eq!((whole.width(), whole.height()), (1200, 1600));
        let upside_down = with_orientation(&photo(1600, 1200), 3);
        assert_eq!(
            probe(&upside_down, &DecodeLimits::default()).unwrap(),
            (1600, 1200)
        );
    }

    #[test]
    fn large_and_grey_jpegs_are_shrunk_while_decoding() {
        // 3200x2400 decodes at a quarter, 800x600: exactly the largest rendition.
        let made = renditions(&photo(3200, 2400), &DecodeLimits::default()).unwrap();
        assert_eq!((made[0].width, made[0].height), (800, 600));
        assert_eq!((made[3].width, made[3].height), (116, 87));
        let grey =
            image::GrayImage::from_fn(1700, 900, |x, y| image::Luma([((x ^ y) % 256) as u8]));
        let mut grey_jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut grey_jpeg, 85)
            .encode_image(&grey)
            .unwrap();
        let grey = grey_jpeg;
        let made = renditions(&grey, &DecodeLimits::default()).unwrap();
        assert_eq!((made[0].width, made[0].height), (800, 424));
        let back = image::load_from_memory(&made[0].jpeg).unwrap();
        assert_eq!((back.width(), back.height()), (800, 424));
    }

    #[test]
    fn rendering_follows_the_plan() {
        let image = decode(&photo(400, 300), &DecodeLimits::default()).unwrap();
        for (region, size, rotation, qf, mime, w, h) in [
            ("full", "200,", "0", "default.jpg", "image/jpeg", 200, 150),
            ("square", "100,100", "90", "gray.png", "image/png", 100, 100),
            (
                "0,0,100,50",
                "max",
                "!90",
                "bitonal.png",
                "image/png",
                50,
                100,
            ),
            (
                "pct:0,0,50,50",
                "pct:50",
                "180",
                "color.webp",
                "image/webp",
                100,
                75,
            ),
            ("full", "!64,64", "270", "default.gif", "image/gif", 48, 64),
        ] {
            let plan = IiifRequest::parse(region, size, rotation, qf)
                .unwrap()
                .plan(400, 300, &IiifLimits::default())
                .unwrap();
            let bytes = render(image.clone(), &plan).unwrap();
            assert_eq!(sniff(&bytes).mime, mime, "{qf}");
            let back = image::load_from_memory(&bytes).unwrap();
            assert_eq!(
                (back.width(), back.height()),
                (w, h),
                "{region}/{size}/{rotation}"
            );
        }
    }

    #[test]
    fn bombs_and_truncated_files_are_refused_quickly() {
        let mut png = Vec::new();
        DynamicImage::new_rgb8(1, 1)
            .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        png[16..20].copy_from_slice(&70_000u32.to_be_bytes());
        png[20..24].copy_from_slice(&70_000u32.to_be_bytes());
        let mut crc = 0xFFFF_FFFFu32;
        for &b in &png[12..29] {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        png[29..33].copy_from_slice(&(!crc).to_be_bytes());
        let started = std::time::Instant::now();
        let err = decode(&png, &DecodeLimits::default()).unwrap_err();
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        assert!(err.to_string().contains("70000×70000"), "{err}");
        let full = photo(64, 64);
        let err = decode(&full[..full.len() - 10], &DecodeLimits::default()).unwrap_err();
        assert!(err.to_string().contains("truncated or corrupt"), "{err}");
        assert!(decode(b"not an image at all", &DecodeLimits::default()).is_err());
    }
}
