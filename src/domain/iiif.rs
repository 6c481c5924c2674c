//! IIIF Image API 3.0 requests (compliance level 2): parsing the four path parameters,
//! and planning what to cut, scale, turn and encode for an image of a given size.
//! Pure: the pixels are the binary service's business.

/// Why a request cannot be served: a 400 (malformed, or asks for what this image cannot
/// give) or a 501 (valid IIIF, but a feature this server does not offer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IiifError {
    pub kind: IiifErrorKind,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IiifErrorKind {
    BadRequest,
    NotImplemented,
}

impl std::fmt::Display for IiifError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IiifError {}

fn bad(message: impl Into<String>) -> IiifError {
    IiifError {
        kind: IiifErrorKind::BadRequest,
        message: message.into(),
    }
}

fn not_implemented(message: impl Into<String>) -> IiifError {
    IiifError {
        kind: IiifErrorKind::NotImplemented,
        message: message.into(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Region {
    Full,
    Square,
    Pixels { x: u32, y: u32, w: u32, h: u32 },
    Percent { x: f64, y: f64, w: f64, h: f64 },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SizeKind {
    Max,
    Width(u32),
    Height(u32),
    Percent(f64),
    Exact(u32, u32),
    Confined(u32, u32),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    pub upscale: bool,
    pub kind: SizeKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quality {
    Default,
    Color,
    Gray,
    Bitonal,
}

impl Quality {
    pub fn as_str(self) -> &'static str {
        match self {
            Quality::Default => "default",
            Quality::Color => "color",
            Quality::Gray => "gray",
            Quality::Bitonal => "bitonal",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jpg,
    Png,
    Webp,
    Gif,
}

impl Format {
    pub fn mime(self) -> &'static str {
        match self {
            Format::Jpg => "image/jpeg",
            Format::Png => "image/png",
            Format::Webp => "image/webp",
            Format::Gif => "image/gif",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Jpg => "jpg",
            Format::Png => "png",
            Format::Webp => "webp",
            Format::Gif => "gif",
        }
    }
}

/// A parsed image request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IiifRequest {
    pub region: Region,
    pub size: Size,
    /// Degrees clockwise: 0, 90, 180 or 270.
    pub rotation: u16,
    /// Mirrored (flipped horizontally) before rotation.
    pub mirror: bool,
    pub quality: Quality,
    pub format: Format,
}

/// The server's limits on what it computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IiifLimits {
    pub max_width: u32,
    pub max_height: u32,
    pub max_area: u64,
}

impl Default for IiifLimits {
    fn default() -> Self {
        Self {
            max_width: 4096,
            max_height: 4096,
            max_area: 12_000_000,
        }
    }
}

/// What to do to the pixels: crop `x,y,w,h`, scale to `out_w × out_h`, mirror, rotate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub out_w: u32,
    pub out_h: u32,
    pub mirror: bool,
    pub rotate: u16,
    pub quality: Quality,
    pub format: Format,
}

impl Plan {
    /// The whole image scaled to `out_w × out_h`, as a JPEG, nothing else done.
    pub fn whole(width: u32, height: u32, out_w: u32, out_h: u32) -> Self {
        Self {
            x: 0,
            y: 0,
            w: width,
            h: height,
            out_w,
            out_h,
            mirror: false,
            rotate: 0,
            quality: Quality::Default,
            format: Format::Jpg,
        }
    }

    /// The size of the image sent: turned a quarter, width and height swap.
    pub fn final_size(&self) -> (u32, u32) {
        if self.rotate % 180 == 90 {
            (self.out_h, self.out_w)
        } else {
            (self.out_w, self.out_h)
        }
    }
}

/// A non-negative integer as IIIF writes it: digits only.
fn int(s: &str, what: &str) -> Result<u32, IiifError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(format!("{what} {s:?} is not a whole number")));
    }
    s.parse()
        .map_err(|_| bad(format!("{what} {s:?} is too large")))
}

/// A non-negative decimal: digits with at most one point, no sign, no exponent.
fn decimal(s: &str, what: &str) -> Result<f64, IiifError> {
    let valid = !s.is_empty()
        && s.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && s.bytes().filter(|&b| b == b'.').count() <= 1
        && s.bytes().any(|b| b.is_ascii_digit());
    if !valid {
        return Err(bad(format!("{what} {s:?} is not a number")));
    }
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| bad(format!("{what} {s:?} is not a number")))
}

fn four<T>(
    s: &str,
    what: &str,
    parse: impl Fn(&str, &str) -> Result<T, IiifError>,
) -> Result<[T; 4], IiifError> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 4 {
        return Err(bad(format!(
            "the {what} needs four numbers x,y,w,h; got {s:?}"
        )));
    }
    Ok([
        parse(parts[0], "x")?,
        parse(parts[1], "y")?,
        parse(parts[2], "w")?,
        parse(parts[3], "h")?,
    ])
}

fn parse_region(s: &str) -> Result<Region, IiifError> {
    match s {
        "full" => Ok(Region::Full),
        "square" => Ok(Region::Square),
        _ => {
            if let Some(pct) = s.strip_prefix("pct:") {
                let [x, y, w, h] = four(pct, "region", decimal)?;
                if w <= 0.0 || h <= 0.0 {
                    return Err(bad("a region must have a width and a height"));
                }
                if x >= 100.0 || y >= 100.0 {
                    return Err(bad("the region starts outside the image"));
                }
                Ok(Region::Percent { x, y, w, h })
            } else {
                let [x, y, w, h] = four(s, "region", int)?;
                if w == 0 || h == 0 {
                    return Err(bad("a region must have a width and a height"));
                }
                Ok(Region::Pixels { x, y, w, h })
            }
        }
    }
}

fn parse_size(s: &str) -> Result<Size, IiifError> {
    let (upscale, rest) = match s.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let positive = |v: u32, what: &str| {
        if v == 0 {
            Err(bad(format!("the {what} must be at least 1")))
        } else {
            Ok(v)
        }
    };
    let kind = if rest == "max" {
        SizeKind::Max
    } else if let Some(n) = rest.strip_prefix("pct:") {
        let n = decimal(n, "percentage")?;
        if n <= 0.0 {
            return Err(bad("the percentage must be more than 0"));
        }
        if n > 100.0 && !upscale {
            return Err(bad("more than 100% enlarges: ask for it with ^pct:"));
        }
        SizeKind::Percent(n)
    } else if let Some(wh) = rest.strip_prefix('!') {
        let (w, h) = wh
            .split_once(',')
            .ok_or_else(|| bad(format!("size {s:?}: !w,h needs both")))?;
        SizeKind::Confined(
            positive(int(w, "width")?, "width")?,
            positive(int(h, "height")?, "height")?,
        )
    } else {
        let (w, h) = rest
            .split_once(',')
            .ok_or_else(|| bad(format!("size {s:?} is not a IIIF size")))?;
        match (w.is_empty(), h.is_empty()) {
            (false, true) => SizeKind::Width(positive(int(w, "width")?, "width")?),
            (true, false) => SizeKind::Height(positive(int(h, "height")?, "height")?),
            (false, false) => SizeKind::Exact(
                positive(int(w, "width")?, "width")?,
                positive(int(h, "height")?, "height")?,
            ),
            (true, true) => return Err(bad("a size needs a width, a height or both")),
        }
    };
    Ok(Size { upscale, kind })
}

fn parse_rotation(s: &str) -> Result<(u16, bool), IiifError> {
    let (mirror, n) = match s.strip_prefix('!') {
        Some(n) => (true, n),
        None => (false, s),
    };
    let degrees = decimal(n, "rotation")?;
    if degrees > 360.0 {
        return Err(bad("a rotation is between 0 and 360 degrees"));
    }
    if degrees % 90.0 != 0.0 {
        return Err(not_implemented(
            "only rotations by multiples of 90 degrees are offered",
        ));
    }
    Ok(((degrees as u16) % 360, mirror))
}

fn parse_quality_format(s: &str) -> Result<(Quality, Format), IiifError> {
    let (quality, format) = s
        .rsplit_once('.')
        .ok_or_else(|| bad(format!("{s:?} is not quality.format, as in default.jpg")))?;
    let quality = match quality {
        "default" => Quality::Default,
        "color" => Quality::Color,
        "gray" => Quality::Gray,
        "bitonal" => Quality::Bitonal,
        other => return Err(bad(format!("there is no quality {other:?}"))),
    };
    let format = match format {
        "jpg" => Format::Jpg,
        "png" => Format::Png,
        "webp" => Format::Webp,
        "gif" => Format::Gif,
        "tif" | "jp2" | "pdf" => {
            return Err(not_implemented(format!(
                "the format {format} is not offered; jpg, png, webp and gif are"
            )));
        }
        other => return Err(bad(format!("there is no format {other:?}"))),
    };
    Ok((quality, format))
}

fn round(v: f64) -> u32 {
    v.round().clamp(0.0, f64::from(u32::MAX)) as u32
}

impl IiifRequest {
    pub fn parse(
        region: &str,
        size: &str,
        rotation: &str,
        quality_format: &str,
    ) -> Result<Self, IiifError> {
        let region = parse_region(region)?;
        let size = parse_size(size)?;
        let (rotation, mirror) = parse_rotation(rotation)?;
        let (quality, format) = parse_quality_format(quality_format)?;
        Ok(Self {
            region,
            size,
            rotation,
            mirror,
            quality,
            format,
        })
    }

    /// The named rendition this request asks for, as (box width, box height): the whole
    /// image fitted in a box, unturned, in colour, as JPEG.
    pub fn is_full_confined(&self) -> Option<(u32, u32)> {
        match (self.region, self.size) {
            (
                Region::Full,
                Size {
                    upscale: false,
                    kind: SizeKind::Confined(w, h),
                },
            ) if self.rotation == 0
                && !self.mirror
                && matches!(self.quality, Quality::Default | Quality::Color)
                && self.format == Format::Jpg =>
            {
                Some((w, h))
            }
            _ => None,
        }
    }

    /// Resolves the request against an image of `width × height` pixels.
    pub fn plan(&self, width: u32, height: u32, limits: &IiifLimits) -> Result<Plan, IiifError> {
        let (x, y, w, h) = match self.region {
            Region::Full => (0, 0, width, height),
            Region::Square => {
                let side = width.min(height);
                ((width - side) / 2, (height - side) / 2, side, side)
            }
            Region::Pixels { x, y, w, h } => {
                if x >= width || y >= height {
                    return Err(bad(format!(
                        "the region starts outside the {width}×{height} image"
                    )));
                }
                (x, y, w.min(width - x), h.min(height - y))
            }
            Region::Percent { x, y, w, h } => {
                let px = round(x * f64::from(width) / 100.0);
                let py = round(y * f64::from(height) / 100.0);
                if px >= width || py >= height {
                    return Err(bad("the region starts outside the image"));
                }
                let pw = round(w * f64::from(width) / 100.0).min(width - px);
                let ph = round(h * f64::from(height) / 100.0).min(height - py);
                if pw == 0 || ph == 0 {
                    return Err(bad("the region is less than a pixel"));
                }
                (px, py, pw, ph)
            }
        };
        let (rw, rh) = (f64::from(w), f64::from(h));
        let up = self.size.upscale;
        let too_big = |what: &str| {
            bad(format!(
                "{what} is larger than the {w}×{h} region; ask for enlarging with ^"
            ))
        };
        let (out_w, out_h) = match self.size.kind {
            SizeKind::Max => {
                // As large as allowed: the region, shrunk to the server's limits.
                let scale = [
                    f64::from(limits.max_width) / rw,
                    f64::from(limits.max_height) / rh,
                    (limits.max_area as f64 / (rw * rh)).sqrt(),
                    if up { f64::INFINITY } else { 1.0 },
                ]
                .into_iter()
                .fold(f64::INFINITY, f64::min);
                (round(rw * scale).max(1), round(rh * scale).max(1))
            }
            SizeKind::Width(tw) => {
                if tw > w && !up {
                    return Err(too_big(&format!("a width of {tw}")));
                }
                (tw, round(rh * f64::from(tw) / rw).max(1))
            }
            SizeKind::Height(th) => {
                if th > h && !up {
                    return Err(too_big(&format!("a height of {th}")));
                }
                (round(rw * f64::from(th) / rh).max(1), th)
            }
            SizeKind::Percent(p) => (round(rw * p / 100.0).max(1), round(rh * p / 100.0).max(1)),
            SizeKind::Exact(tw, th) => {
                if (tw > w || th > h) && !up {
                    return Err(too_big(&format!("{tw}×{th}")));
                }
                (tw, th)
            }
            SizeKind::Confined(bw, bh) => {
                let mut scale = f64::min(f64::from(bw) / rw, f64::from(bh) / rh);
                if !up {
                    scale = scale.min(1.0);
                }
                (
                    round(rw * scale).clamp(1, bw),
                    round(rh * scale).clamp(1, bh),
                )
            }
        };
        if out_w > limits.max_width
            || out_h > limits.max_height
            || u64::from(out_w) * u64::from(out_h) > limits.max_area
        {
            return Err(bad(format!(
                "{out_w}×{out_h} is larger than this server makes (at most {}×{} and {} megapixels)",
                limits.max_width,
                limits.max_height,
                limits.max_area / 1_000_000
            )));
        }
        Ok(Plan {
            x,
            y,
            w,
            h,
            out_w,
            out_h,
            mirror: self.mirror,
            rotate: self.rotation,
            quality: self.quality,
            format: self.format,
        })
    }
}

/// The size of `width`×`height` fitted inside a box, keeping its aspect ratio, never
/// enlarged and never zero: the named renditions' rule (a `!w,h` request without `^`).
pub fn fit(width: u32, height: u32, box_w: u32, box_h: u32) -> (u32, u32) {
    if width <= box_w && height <= box_h {
        return (width, height);
    }
    let scale = f64::min(
        f64::from(box_w) / f64::from(width),
        f64::from(box_h) / f64::from(height),
    );
    let w = (f64::from(width) * scale).round().max(1.0) as u32;
    let h = (f64::from(height) * scale).round().max(1.0) as u32;
    (w.min(box_w), h.min(box_h))
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The image information document (`info.json`) of an image.
pub fn info_json(
    id: &str,
    width: u32,
    height: u32,
    limits: &IiifLimits,
    sizes: &[(u32, u32)],
) -> String {
    let sizes: Vec<String> = sizes
        .iter()
        .map(|(w, h)| format!("{{\"type\":\"Size\",\"width\":{w},\"height\":{h}}}"))
        .collect();
    format!(
        "{{\"@context\":\"http://iiif.io/api/image/3/context.json\",\"id\":{},\"type\":\"ImageService3\",\
         \"protocol\":\"http://iiif.io/api/image\",\"profile\":\"level2\",\"width\":{width},\"height\":{height},\
         \"maxWidth\":{},\"maxHeight\":{},\"maxArea\":{},\"sizes\":[{}],\
         \"extraQualities\":[\"gray\",\"bitonal\"],\"extraFormats\":[\"webp\",\"gif\"],\
         \"extraFeatures\":[\"mirroring\",\"sizeUpscaling\"]}}",
        json_string(id),
        limits.max_width,
        limits.max_height,
        limits.max_area,
        sizes.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(
        region: &str,
        size: &str,
        rotation: &str,
        qf: &str,
        w: u32,
        h: u32,
    ) -> Result<Plan, IiifError> {
        IiifRequest::parse(region, size, rotation, qf)?.plan(w, h, &IiifLimits::default())
    }

    fn sizes(region: &str, size: &str, w: u32, h: u32) -> (u32, u32, u32, u32, u32, u32) {
        let p = plan(region, size, "0", "default.jpg", w, h).unwrap();
        (p.x, p.y, p.w, p.h, p.out_w, p.out_h)
    }

    fn kind(result: Result<Plan, IiifError>) -> IiifErrorKind {
        result.unwrap_err().kind
    }

    #[test]
    fn every_region_form() {
        assert_eq!(sizes("full", "max", 400, 300), (0, 0, 400, 300, 400, 300));
        assert_eq!(
            sizes("square", "max", 400, 300),
            (50, 0, 300, 300, 300, 300)
        );
        assert_eq!(
            sizes("square", "max", 300, 400),
            (0, 50, 300, 300, 300, 300)
        );
        assert_eq!(
            sizes("10,20,100,50", "max", 400, 300),
            (10, 20, 100, 50, 100, 50)
        );
        // Clipped at the image's edge.
        assert_eq!(
            sizes("350,250,100,100", "max", 400, 300),
            (350, 250, 50, 50, 50, 50)
        );
        assert_eq!(
            sizes("pct:10,10,50,50", "max", 400, 300),
            (40, 30, 200, 150, 200, 150)
        );
        assert_eq!(
            sizes("pct:0,0,100,100", "max", 400, 300),
            (0, 0, 400, 300, 400, 300)
        );
        assert_eq!(sizes("pct:50.5,0,100,100", "max", 400, 300).0, 202);
    }

    #[test]
    fn every_size_form() {
        let out = |size: &str| {
            let s = sizes("full", size, 400, 300);
            (s.4, s.5)
        };
        assert_eq!(out("200,"), (200, 150));
        assert_eq!(out(",150"), (200, 150));
        assert_eq!(out("pct:25"), (100, 75));
        assert_eq!(out("100,100"), (100, 100));
        let confined = sizes("full", "!800,600", 4000, 3000);
        assert_eq!((confined.4, confined.5), (800, 600));
        let portrait = sizes("full", "!800,600", 3000, 4000);
        assert_eq!((portrait.4, portrait.5), (450, 600));
        // Confined without ^ never enlarges.
        let small = sizes("full", "!800,600", 100, 50);
        assert_eq!((small.4, small.5), (100, 50));
        let up = sizes("full", "^!800,600", 100, 50);
        assert_eq!((up.4, up.5), (800, 400));
        let up = sizes("full", "^800,", 100, 50);
        assert_eq!((up.4, up.5), (800, 400));
        let up = sizes("full", "^,100", 100, 50);
        assert_eq!((up.4, up.5), (200, 100));
        let up = sizes("full", "^pct:200", 100, 50);
        assert_eq!((up.4, up.5), (200, 100));
        let up = sizes("full", "^300,300", 100, 50);
        assert_eq!((up.4, up.5), (300, 300));
        let up = sizes("full", "^max", 100, 50);
        assert_eq!((up.4, up.5), (4096, 2048));
        // max shrinks to the server's limits.
        let huge = sizes("full", "max", 8000, 2000);
        assert_eq!((huge.4, huge.5), (4096, 1024));
        // A tiny result is still a pixel.
        assert_eq!(sizes("full", "1,", 400, 3).5, 1);
    }

    #[test]
    fn rotations_qualities_and_formats() {
        let p = plan("full", "max", "!90", "gray.png", 40, 30).unwrap();
        assert!(p.mirror);
        assert_eq!(p.rotate, 90);
        assert_eq!(p.final_size(), (30, 40));
        assert_eq!(p.quality, Quality::Gray);
        assert_eq!(p.format, Format::Png);
        assert_eq!(
            plan("full", "max", "360", "default.jpg", 4, 4)
                .unwrap()
                .rotate,
            0
        );
        assert_eq!(
            plan("full", "max", "180.0", "bitonal.gif", 4, 4)
                .unwrap()
                .rotate,
            180
        );
        assert_eq!(
            plan("full", "max", "270", "color.webp", 4, 4)
                .unwrap()
                .format,
            Format::Webp
        );
        assert_eq!(Format::Jpg.mime(), "image/jpeg");
    }

    #[test]
    fn malformed_requests_are_400_and_unsupported_features_501() {
        for (region, size, rotation, qf) in [
            ("fullx", "max", "0", "default.jpg"),
            ("1,2,3", "max", "0", "default.jpg"),
            ("-1,0,10,10", "max", "0", "default.jpg"),
            ("+1,0,10,10", "max", "0", "default.jpg"),
            ("0,0,0,10", "max", "0", "default.jpg"),
            ("pct:0,0,0,10", "max", "0", "default.jpg"),
            ("pct:1e2,0,10,10", "max", "0", "default.jpg"),
            ("full", "", "0", "default.jpg"),
            ("full", ",", "0", "default.jpg"),
            ("full", "0,", "0", "default.jpg"),
            ("full", "!100,", "0", "default.jpg"),
            ("full", "pct:0", "0", "default.jpg"),
            ("full", "pct:101", "0", "default.jpg"),
            ("full", "w,h", "0", "default.jpg"),
            ("full", "max", "-90", "default.jpg"),
            ("full", "max", "361", "default.jpg"),
            ("full", "max", "ninety", "default.jpg"),
            ("full", "max", "0", "default"),
            ("full", "max", "0", "best.jpg"),
            ("full", "max", "0", "default.bmp"),
            ("full", "max", "0", "default.JPG"),
        ] {
            let err = IiifRequest::parse(region, size, rotation, qf).unwrap_err();
            assert_eq!(
                err.kind,
                IiifErrorKind::BadRequest,
                "{region}/{size}/{rotation}/{qf}"
            );
            assert!(!err.message.is_empty());
        }
        for (rotation, qf) in [
            ("45", "default.jpg"),
            ("0", "default.tif"),
            ("0", "default.jp2"),
        ] {
            let err = IiifRequest::parse("full", "max", rotation, qf).unwrap_err();
            assert_eq!(err.kind, IiifErrorKind::NotImplemented, "{rotation} {qf}");
        }
    }

    #[test]
    fn requests_the_image_cannot_satisfy_are_400() {
        assert_eq!(
            kind(plan("400,0,10,10", "max", "0", "default.jpg", 400, 300)),
            IiifErrorKind::BadRequest
        );
        assert_eq!(
            kind(plan("pct:100,0,10,10", "max", "0", "default.jpg", 400, 300)),
            IiifErrorKind::BadRequest
        );
        // Larger than the region without ^.
        assert!(plan("full", "401,", "0", "default.jpg", 400, 300).is_err());
        assert!(plan("full", ",301", "0", "default.jpg", 400, 300).is_err());
        assert!(plan("full", "400,301", "0", "default.jpg", 400, 300).is_err());
        assert!(plan("0,0,10,10", "20,", "0", "default.jpg", 400, 300).is_err());
        // Larger than the server makes, even with ^.
        let err = plan("full", "^5000,", "0", "default.jpg", 400, 300).unwrap_err();
        assert!(
            err.message.contains("larger than this server makes"),
            "{err}"
        );
        assert!(plan("full", "^4000,4000", "0", "default.jpg", 400, 300).is_err());
    }

    #[test]
    fn named_renditions_are_recognised() {
        let r = IiifRequest::parse("full", "!800,600", "0", "default.jpg").unwrap();
        assert_eq!(r.is_full_confined(), Some((800, 600)));
        for (region, size, rotation, qf) in [
            ("full", "^!800,600", "0", "default.jpg"),
            ("square", "!800,600", "0", "default.jpg"),
            ("full", "!800,600", "90", "default.jpg"),
            ("full", "!800,600", "!0", "default.jpg"),
            ("full", "!800,600", "0", "gray.jpg"),
            ("full", "!800,600", "0", "default.png"),
            ("full", "800,600", "0", "default.jpg"),
        ] {
            let r = IiifRequest::parse(region, size, rotation, qf).unwrap();
            assert_eq!(
                r.is_full_confined(),
                None,
                "{region}/{size}/{rotation}/{qf}"
            );
        }
    }

    #[test]
    fn info_json_describes_the_image() {
        let json = info_json(
            "https://blog.example/binary/AB\"C",
            4000,
            3000,
            &IiifLimits::default(),
            &[(800, 600), (116, 87)],
        );
        assert!(json.starts_with("{\"@context\":\"http://iiif.io/api/image/3/context.json\""));
        assert!(json.contains("\"id\":\"https://blog.example/binary/AB\\\"C\""));
        assert!(json.contains("\"type\":\"ImageService3\""));
        assert!(json.contains("\"profile\":\"level2\""));
        assert!(json.contains("\"width\":4000,\"height\":3000"));
        assert!(json.contains("{\"type\":\"Size\",\"width\":116,\"height\":87}"));
    }
}
