//! Scaling 8-bit images with a Catmull-Rom filter, one output row at a time.
//!
//! The memory taken is the output plus the few filtered source rows one output row
//! needs, whatever the ratio. `image`'s own `resize` first filters every column into a
//! 32-bit float image as wide as the source and as tall as the output: 388 MB to make a
//! 3464×3464 picture from a 7000×7000 one, which is what let one request take 900 MB.

use image::{DynamicImage, ImageBuffer};
use std::collections::VecDeque;

/// The Catmull-Rom cubic (B = 0, C = 0.5), as `image`'s `FilterType::CatmullRom`.
fn catmull_rom(x: f32) -> f32 {
    let a = x.abs();
    if a < 1.0 {
        (9.0 * a * a * a - 15.0 * a * a + 6.0) / 6.0
    } else if a < 2.0 {
        (-3.0 * a * a * a + 15.0 * a * a - 24.0 * a + 12.0) / 6.0
    } else {
        0.0
    }
}

const SUPPORT: f32 = 2.0;

/// The source samples one output sample is made of, and their weights.
struct Taps {
    start: usize,
    weights: Vec<f32>,
}

/// The taps of each of `dst` output samples over `src` source samples (sampled as
/// `image` does: the filter widens with the shrinking, so nothing aliases).
fn taps(src: u32, dst: u32) -> Vec<Taps> {
    let ratio = src as f32 / dst as f32;
    let scale = ratio.max(1.0);
    let support = SUPPORT * scale;
    (0..dst)
        .map(|out| {
            let centre = (out as f32 + 0.5) * ratio;
            let left = ((centre - support).floor().max(0.0) as usize).min(src as usize - 1);
            let right = ((centre + support).ceil() as usize).clamp(left + 1, src as usize);
            let centre = centre - 0.5;
            let mut weights: Vec<f32> = (left..right)
                .map(|i| catmull_rom((i as f32 - centre) / scale))
                .collect();
            let sum: f32 = weights.iter().sum();
            if sum.abs() > f32::EPSILON {
                weights.iter_mut().for_each(|w| *w /= sum);
            }
            Taps {
                start: left,
                weights,
            }
        })
        .collect()
}

/// A region of an 8-bit image with `channels` samples a pixel, `width` pixels a row.
pub struct Region<'a> {
    pub pixels: &'a [u8],
    pub width: u32,
    pub channels: usize,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// Scales `region` to `out_w × out_h`; returns the pixels, `channels` samples each.
pub fn resize(region: &Region<'_>, out_w: u32, out_h: u32) -> Vec<u8> {
    let c = region.channels;
    let across = taps(region.w, out_w);
    let down = taps(region.h, out_h);
    let row_len = region.width as usize * c;
    // One source row of the region, filtered across: `out_w × c` samples.
    let filter_row = |r: usize| -> Vec<f32> {
        let start = (region.y as usize + r) * row_len + region.x as usize * c;
        let row = &region.pixels[start..start + region.w as usize * c];
        let mut out = vec![0f32; out_w as usize * c];
        for (x, tap) in across.iter().enumerate() {
            let acc = &mut out[x * c..(x + 1) * c];
            for (k, w) in tap.weights.iter().enumerate() {
                let px = &row[(tap.start + k) * c..(tap.start + k + 1) * c];
                for ch in 0..c {
                    acc[ch] += w * f32::from(px[ch]);
                }
            }
        }
        out
    };
    // Each source row, once filtered across, is added into the output rows whose taps
    // cover it; an output row is written out as soon as its last source row is in. So
    // only the output rows under way are held (about four), whatever the ratio.
    let mut pending: VecDeque<(usize, Vec<f32>)> = VecDeque::new();
    let mut next_out = 0;
    let mut pixels = Vec::with_capacity(out_w as usize * out_h as usize * c);
    for r in 0..region.h as usize {
        while next_out < down.len() && down[next_out].start <= r {
            pending.push_back((next_out, vec![0f32; out_w as usize * c]));
            next_out += 1;
        }
        if pending.is_empty() {
            continue;
        }
        let row = filter_row(r);
        for (j, acc) in pending.iter_mut() {
            let tap = &down[*j];
            if let Some(w) = r.checked_sub(tap.start).and_then(|k| tap.weights.get(k)) {
                for (a, v) in acc.iter_mut().zip(&row) {
                    *a += w * v;
                }
            }
        }
        while pending
            .front()
            .is_some_and(|(j, _)| down[*j].start + down[*j].weights.len() <= r + 1)
        {
            if let Some((_, acc)) = pending.pop_front() {
                pixels.extend(acc.iter().map(|v| v.round().clamp(0.0, 255.0) as u8));
            }
        }
    }
    // Output rows whose taps reach past the region's last row (none, as taps are
    // clamped to it) would end here.
    for (_, acc) in pending {
        pixels.extend(acc.iter().map(|v| v.round().clamp(0.0, 255.0) as u8));
    }
    pixels
}

/// Scales a region of an image to `out_w × out_h`. Images of more than 8 bits a sample
/// are brought to 8 bits first (the decoder's [`to_eight_bits`] has already done that
/// for everything [`super::image`] decodes).
pub fn resize_image(
    image: &DynamicImage,
    (x, y, w, h): (u32, u32, u32, u32),
    out_w: u32,
    out_h: u32,
) -> DynamicImage {
    let region = |pixels: &[u8], channels| {
        resize(
            &Region {
                pixels,
                width: image.width(),
                channels,
                x,
                y,
                w,
                h,
            },
            out_w,
            out_h,
        )
    };
    let scaled = match image {
        DynamicImage::ImageLuma8(i) => {
            ImageBuffer::from_raw(out_w, out_h, region(i.as_raw(), 1)).map(DynamicImage::ImageLuma8)
        }
        DynamicImage::ImageLumaA8(i) => ImageBuffer::from_raw(out_w, out_h, region(i.as_raw(), 2))
            .map(DynamicImage::ImageLumaA8),
        DynamicImage::ImageRgb8(i) => {
            ImageBuffer::from_raw(out_w, out_h, region(i.as_raw(), 3)).map(DynamicImage::ImageRgb8)
        }
        DynamicImage::ImageRgba8(i) => {
            ImageBuffer::from_raw(out_w, out_h, region(i.as_raw(), 4)).map(DynamicImage::ImageRgba8)
        }
        other => {
            return resize_image(&to_eight_bits(other.clone()), (x, y, w, h), out_w, out_h);
        }
    };
    scaled.unwrap_or_else(|| unreachable!("resize makes exactly out_w × out_h pixels"))
}

/// An image with 8-bit samples: 16-bit and float images are converted (and their wide
/// buffer dropped), 8-bit ones are returned as they are.
pub fn to_eight_bits(image: DynamicImage) -> DynamicImage {
    match image {
        DynamicImage::ImageLuma8(_)
        | DynamicImage::ImageLumaA8(_)
        | DynamicImage::ImageRgb8(_)
        | DynamicImage::ImageRgba8(_) => image,
        DynamicImage::ImageLuma16(_) => DynamicImage::ImageLuma8(image.to_luma8()),
        DynamicImage::ImageLumaA16(_) => DynamicImage::ImageLumaA8(image.to_luma_alpha8()),
        DynamicImage::ImageRgb16(_) | DynamicImage::ImageRgb32F(_) => {
            DynamicImage::ImageRgb8(image.to_rgb8())
        }
        _ => DynamicImage::ImageRgba8(image.to_rgba8()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::imageops::FilterType;

    fn picture(w: u32, h: u32) -> DynamicImage {
        DynamicImage::ImageRgb8(image::RgbImage::from_fn(w, h, |x, y| {
            image::Rgb([
                (x * 255 / w) as u8,
                (y * 255 / h) as u8,
                ((x * 7 + y * 13) % 256) as u8,
            ])
        }))
    }

    fn largest_difference(a: &DynamicImage, b: &DynamicImage) -> u8 {
        let (a, b) = (a.to_rgba8(), b.to_rgba8());
        assert_eq!(a.dimensions(), b.dimensions());
        a.as_raw()
            .iter()
            .zip(b.as_raw())
            .map(|(x, y)| x.abs_diff(*y))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn scaling_matches_the_image_crates_catmull_rom() {
        let source = picture(301, 207);
        for (w, h) in [
            (100, 69),
            (37, 300),
            (301, 207),
            (602, 414),
            (1, 1),
            (7, 200),
        ] {
            let ours = resize_image(&source, (0, 0, 301, 207), w, h);
            let theirs = source.resize_exact(w, h, FilterType::CatmullRom);
            let diff = largest_difference(&ours, &theirs);
            assert!(diff <= 2, "{w}x{h}: differs by {diff}");
        }
    }

    #[test]
    fn a_region_is_scaled_from_its_own_pixels() {
        let source = picture(200, 100);
        let ours = resize_image(&source, (50, 20, 100, 60), 40, 24);
        let theirs = source
            .crop_imm(50, 20, 100, 60)
            .resize_exact(40, 24, FilterType::CatmullRom);
        assert!(largest_difference(&ours, &theirs) <= 2);
    }

    #[test]
    fn every_pixel_layout_keeps_its_layout() {
        let grey = DynamicImage::ImageLuma8(image::GrayImage::from_fn(50, 40, |x, _| {
            image::Luma([x as u8 * 5])
        }));
        assert!(matches!(
            resize_image(&grey, (0, 0, 50, 40), 10, 8),
            DynamicImage::ImageLuma8(_)
        ));
        let wide = DynamicImage::ImageRgba16(image::ImageBuffer::from_pixel(
            20,
            20,
            image::Rgba([65535u16, 0, 0, 65535]),
        ));
        let scaled = resize_image(&wide, (0, 0, 20, 20), 5, 5).to_rgba8();
        assert_eq!(scaled.get_pixel(2, 2).0, [255, 0, 0, 255]);
    }
}
