//! The image half of the benchmark (scripts/bench-images): makes a 12-megapixel JPEG,
//! times Sibyl making its four named renditions (and decoding it alone), and stores it
//! through the binary service in an SQLite file for the serving half, with a 7000x7000
//! PNG for the memory half.
//!
//! usage: image_bench <folder> <runs> <site url>
//! prints: key=value lines (milliseconds are medians of <runs>).

// Tests and benchmark helpers: a failed unwrap is the run failing, with its message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use sibyl::binaries::image::{DecodeLimits, decode, encode_jpeg, renditions};
use sibyl::binaries::service::Upload;
use sibyl::binaries::{Binaries, BinaryLimits, Context};
use sibyl::domain::{PostId, Site, UserId};
use std::time::Instant;

/// A photo-like picture: smooth light over the frame, edges, and sensor noise, so that
/// it compresses like a photograph (a few MB), not like a flat test card.
fn photo(width: u32, height: u32) -> image::RgbImage {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    image::RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let noise = (seed % 24) as f32 - 12.0;
        let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
        let sky = 200.0 - 120.0 * fy;
        let hills = ((fx * 9.0).sin() * 0.08 + 0.6 < fy) as u8 as f32 * 70.0;
        let r =
            (sky * 0.7 + hills * 0.4 + 60.0 * (fx * 23.0).sin().abs() + noise).clamp(0.0, 255.0);
        let g = (sky * 0.8 + hills + noise).clamp(0.0, 255.0);
        let b = (sky + 40.0 * (fy * 31.0).cos().abs() - hills * 0.5 + noise).clamp(0.0, 255.0);
        image::Rgb([r as u8, g as u8, b as u8])
    })
}

fn median_ms(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: image_bench <folder> <runs> <site url>");
        std::process::exit(2);
    }
    let folder = std::path::PathBuf::from(&args[1]);
    let runs: usize = args[2].parse().expect("runs is a number");
    let site = Site::parse(&args[3]).expect("a site URL");
    std::fs::create_dir_all(&folder).expect("the folder can be made");

    let jpeg = {
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
            .encode_image(&photo(4000, 3000))
            .expect("encodes");
        out
    };
    std::fs::write(folder.join("photo.jpg"), &jpeg).expect("writes");
    println!("photo_bytes={}", jpeg.len());

    let limits = DecodeLimits::default();
    let mut made = Vec::new();
    let mut decoded = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        let all = renditions(&jpeg, &limits).expect("renditions");
        made.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(all.len(), 4);
        let started = Instant::now();
        let image = decode(&jpeg, &limits).expect("decodes");
        decoded.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!((image.width(), image.height()), (4000, 3000));
        if made.len() == 1 {
            std::fs::write(folder.join("sibyl-800x600.jpg"), &all[0].jpeg).expect("writes");
            let _ = encode_jpeg(&image);
        }
    }
    println!("renditions_ms={:.1}", median_ms(made));
    println!("decode_ms={:.1}", median_ms(decoded));

    let store = sibyl::store::open(
        &sibyl::store::StoreUrl::Sqlite(folder.join("blog.db")),
        Default::default(),
    )
    .await
    .expect("the store opens");
    let binaries = Binaries::new(store.binaries(), BinaryLimits::default());
    let upload = Upload {
        site,
        context: Context::post(PostId(uuid::Uuid::new_v4())),
        owner: UserId(uuid::Uuid::new_v4()),
        name: "photo.jpg".into(),
    };
    let body = futures_util::stream::iter([Ok::<_, std::io::Error>(bytes::Bytes::from(jpeg))]);
    let stored = binaries.ingest(upload.clone(), body).await.expect("stored");
    println!("reference={}", stored.reference.id);

    // A large picture for the memory half: 7000x7000 RGBA (196 MB decoded), smooth
    // enough to stay within the 32 MiB an image file may have.
    let side = 7000;
    let large = image::RgbaImage::from_fn(side, side, |x, y| {
        image::Rgba([(x / 28) as u8, (y / 28) as u8, ((x + y) / 56) as u8, 255])
    });
    let mut png = std::io::Cursor::new(Vec::new());
    large
        .write_to(&mut png, image::ImageFormat::Png)
        .expect("encodes");
    drop(large);
    let png = png.into_inner();
    println!("large_bytes={}", png.len());
    let body = futures_util::stream::iter([Ok::<_, std::io::Error>(bytes::Bytes::from(png))]);
    let upload = Upload {
        name: "large.png".into(),
        ..upload
    };
    let stored = binaries.ingest(upload, body).await.expect("stored");
    assert_eq!(
        stored.original.width,
        Some(side),
        "{:?}",
        stored.original.error
    );
    println!("large_reference={}", stored.reference.id);
}
