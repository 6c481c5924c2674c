use super::*;
use uuid::Uuid;

#[test]
fn a_new_post_is_its_first_version() {
    let new = NewPost::new(
        Site::parse("https://blog.example").unwrap(),
        Title::parse("Hello").unwrap(),
        Rendered::of(Body::parse(&"word ".repeat(200)).unwrap()).unwrap(),
        Tags::parse("a, b").unwrap(),
        UserId(Uuid::new_v4()),
        "Ann".into(),
        DateTime::from_timestamp_millis(1_795_000_000_000).unwrap(),
        true,
    );
    assert!(new.excerpt.chars().count() <= EXCERPT_CHARS + 1);
    let first = new.first_version();
    assert_eq!((first.base, first.message.as_str()), (0, FIRST_VERSION));
    assert_eq!(
        (&first.title, &first.body, first.at),
        (&new.title, &new.body, new.created)
    );
    let post = new.clone().into_post(Slug::parse("hello-2").unwrap(), 7);
    assert_eq!(
        (post.revision, post.short_id, post.status),
        (1, 7, PostStatus::Published)
    );
    assert_eq!(post.published, Some(new.created));
    assert_eq!(post.slug.as_str(), "hello-2");
    let draft = NewPost {
        publish: false,
        ..new
    }
    .into_post(Slug::parse("x").unwrap(), 1);
    assert_eq!((draft.status, draft.published), (PostStatus::Draft, None));
}

fn slug(title: &str) -> String {
    Slug::from_title(&Title::parse(title).unwrap())
        .as_str()
        .to_owned()
}

#[test]
fn slugs_are_made_from_titles() {
    assert_eq!(slug("Hello, World!"), "hello-world");
    assert_eq!(
        slug("  Cassandra & LWTs: a 2nd look "),
        "cassandra-lwts-a-2nd-look"
    );
    assert_eq!(slug("Crème brûlée"), "creme-brulee");
    assert_eq!(slug("Café crème"), "cafe-creme");
    assert_eq!(
        slug("Straße, Øresund, Łódź, Æsir"),
        "strasse-oresund-lodz-aesir"
    );
    assert_eq!(slug("!!!"), "post");
    assert!(slug(&"word ".repeat(39)).len() <= Slug::MAX_CHARS - 8);
    let s = Slug::from_title(&Title::parse("a b").unwrap());
    assert_eq!(s.numbered(2).as_str(), "a-b-2");
    assert!(Slug::parse(s.numbered(2).as_str()).is_ok());
}

#[test]
fn a_new_post_tries_its_slug_then_numbers_then_a_random_suffix() {
    let base = Slug::parse("hello").unwrap();
    let mut candidates = base.candidates();
    assert_eq!(candidates.next_slug().as_str(), "hello");
    for n in 2..=super::names::NUMBERED_SLUGS {
        assert_eq!(candidates.next_slug().as_str(), format!("hello-{n}"));
    }
    let mut randoms = std::collections::HashSet::new();
    for _ in 0..20 {
        let slug = candidates.next_slug();
        let n: u32 = slug.as_str()["hello-".len()..].parse().unwrap();
        assert!(n > super::names::NUMBERED_SLUGS, "{slug:?}");
        assert!(Slug::parse(slug.as_str()).is_ok());
        randoms.insert(n);
    }
    assert!(randoms.len() > 10, "random suffixes differ: {randoms:?}");
}

#[test]
fn a_long_word_is_cut_not_dropped() {
    // Each é is one Latin letter: transliterated, then cut to the bound.
    let s = slug(&"é".repeat(200));
    assert_eq!(s, "e".repeat(Slug::MAX_CHARS - 8));
    assert_eq!(
        slug(&format!("a {}", "x".repeat(100))),
        format!("a-{}", "x".repeat(70))
    );
    // A short first word and a long second one: the slug stops before it.
    let many = format!("{} {}", "w".repeat(50), "z".repeat(50));
    assert_eq!(slug(&many), "w".repeat(50));
}

#[test]
fn other_scripts_are_kept_as_written() {
    assert_eq!(slug("東京の天気"), "東京の天気");
    assert_eq!(slug("コーヒーの淹れ方"), "コーヒーの淹れ方");
    assert_eq!(slug("東京・大阪「旅行」"), "東京-大阪-旅行");
    assert_eq!(slug("Привет, Мир!"), "привет-мир");
    assert_eq!(slug("ΟΔΟΣ Σ"), "οδος-σ");
    assert_eq!(slug("مرحبا بالعالم"), "مرحبا-بالعالم");
    assert_eq!(slug("नमस्ते दुनिया"), "नमस्ते-दुनिया");
    assert_eq!(slug("안녕하세요"), "안녕하세요");
    // NFKC: full-width and compatibility forms fold; half-width katakana widens.
    assert_eq!(slug("ＲＵＳＴ ２０２４ ﬁx"), "rust-2024-fix");
    assert_eq!(slug("ｶﾀｶﾅ"), "カタカナ");
    // 80 three-byte characters: cut to the room left for a number.
    let long = slug(&"日".repeat(200));
    assert_eq!(long, "日".repeat(Slug::MAX_CHARS - 8));
    // Four-byte characters reach the byte bound first.
    let wide = slug(&"𠀋".repeat(100));
    assert!(
        wide.len() <= Slug::MAX_BYTES - 8 && wide.chars().count() == 58,
        "{wide}"
    );
    for s in [long, wide] {
        let slug = Slug::parse(&s).unwrap();
        for n in [2, 50, 1_000_050] {
            assert!(Slug::parse(slug.numbered(n).as_str()).is_ok());
        }
    }
}

#[test]
fn mixed_titles_and_punctuation() {
    assert_eq!(slug("Rust и Python: 東京 2024"), "rust-и-python-東京-2024");
    assert_eq!(slug("naïve東京"), "naive東京");
    assert_eq!(
        slug("What's new? (v2.0) — #1/2 100%"),
        "what-s-new-v2-0-1-2-100"
    );
    assert_eq!(slug("a/b?c#d%e&f"), "a-b-c-d-e-f");
    assert_eq!(slug("İstanbul"), "istanbul");
    // Invisible characters vanish; combining marks stay with their letter.
    assert_eq!(slug("zero\u{200B}width \u{202E}rtl"), "zerowidth-rtl");
    assert_eq!(slug("α\u{034F}\u{301}"), "ά");
    assert_eq!(slug("q\u{301}"), "q");
}

#[test]
fn symbol_and_emoji_titles_become_post() {
    assert_eq!(slug("🎉🎉🎉"), "post");
    assert_eq!(slug("👩‍👩‍👧 ❤️ ✨"), "post");
    assert_eq!(slug("I ❤️ Rust 🦀"), "i-rust");
    assert_eq!(slug("1️⃣"), "1");
    assert_eq!(
        Slug::from_title(&Title::parse("🎉").unwrap())
            .numbered(2)
            .as_str(),
        "post-2"
    );
}

#[test]
fn slugs_parse_back_to_themselves() {
    for title in [
        "東京の天気",
        "Привет, мир",
        "Café crème",
        "नमस्ते दुनिया",
        "Καλημέρα κόσμε",
        "🎉",
        &"é".repeat(200),
    ] {
        let made = Slug::from_title(&Title::parse(title).unwrap());
        assert_eq!(Slug::parse(made.as_str()).unwrap(), made, "{title}");
    }
    // What actix-web hands over for /posts/%E6%9D%B1%E4%BA%AC is the decoded text.
    assert!(Slug::parse("東京").is_ok());
    assert!(Slug::parse("hello-world-2").is_ok());
}

#[test]
fn slug_parse_rejects_anything_else() {
    let long_chars = "日".repeat(Slug::MAX_CHARS + 1);
    let long_bytes = "𠀋".repeat(Slug::MAX_BYTES / 4 + 1);
    assert!(long_bytes.chars().count() <= Slug::MAX_CHARS);
    let too_long = "a".repeat(Slug::MAX_CHARS + 1);
    for bad in [
        "",
        "A",
        "a--b",
        "-a",
        "a-",
        "a/b",
        "a b",
        "a?b",
        "a#b",
        "a%20b",
        "%E6%9D%B1",
        "a\tb",
        "a\nb",
        "a\u{0}b",
        "a\u{7f}b",
        "a\u{3000}b",
        "a\u{A0}b",
        ".",
        "..",
        "a.b",
        "a_b",
        "a+b",
        "Б",
        "ΟΔΟΣ",
        "café",
        "cafe\u{301}",
        "\u{301}",
        "東\u{200B}京",
        "東\u{202E}京",
        "東\u{FE0F}",
        "α\u{301}",
        "🎉",
        "a❤b",
        too_long.as_str(),
        long_chars.as_str(),
        long_bytes.as_str(),
    ] {
        assert!(Slug::parse(bad).is_err(), "{bad:?}");
    }
}

proptest::proptest! {
    #[test]
    fn any_title_makes_a_slug_that_parses(title in "\\PC{1,200}") {
        if let Ok(title) = Title::parse(&title) {
            let made = Slug::from_title(&title);
            let s = made.as_str();
            proptest::prop_assert!(s.chars().count() <= Slug::MAX_CHARS - 8);
            proptest::prop_assert!(s.len() <= Slug::MAX_BYTES - 8);
            proptest::prop_assert_eq!(Slug::parse(s), Ok(made.clone()));
            for n in [2, 51, 1_000_050] {
                proptest::prop_assert!(Slug::parse(made.numbered(n).as_str()).is_ok());
            }
        }
    }

    #[test]
    fn mixed_script_titles_make_slugs_that_parse(
        words in proptest::collection::vec(
            "[a-zA-Zéßø]{1,12}|[а-яА-Я]{1,12}|[ά-ώΑ-Ω]{1,12}|[\u{3041}-\u{3096}\u{30A1}-\u{30FC}\u{4E00}-\u{9FFF}]{1,30}|[\u{0900}-\u{097F}]{1,12}|[\u{0600}-\u{06FF}]{1,12}|[\u{0300}-\u{036F}\u{200B}-\u{200F}\u{FE00}-\u{FE0F}]{1,3}|[ -/:-@]{1,3}",
            1..30,
        )
    ) {
        let title: String = words.concat();
        if let Ok(title) = Title::parse(&title.chars().take(Title::MAX).collect::<String>()) {
            let made = Slug::from_title(&title);
            proptest::prop_assert_eq!(Slug::parse(made.as_str()), Ok(made.clone()));
        }
    }
}

#[test]
fn titles_tags_and_bodies_have_limits() {
    assert!(Title::parse("   ").is_err());
    assert!(Title::parse(&"t".repeat(201)).is_err());
    assert!(Body::parse(" \n ").is_err());
    assert!(Body::parse(&"x".repeat(Body::MAX_BYTES + 1)).is_err());
    let tags = Tags::parse("Rust, cassandra, rust, ,").unwrap();
    assert_eq!(tags.to_strings(), ["rust", "cassandra"]);
    assert!(Tags::parse(&"x".repeat(500)).is_err());
    assert!(Tags::parse("a<b").is_err());
    assert!(Tags::parse("a,b,c,d,e,f,g,h,i,j,k").is_err());
}

#[test]
fn posts_made_in_one_month_share_a_tally_bucket_and_64_months_use_every_bucket() {
    use chrono::TimeZone;
    let month =
        |year: i32, month: u32, day: u32| Utc.with_ymd_and_hms(year, month, day, 12, 0, 0).unwrap();
    let november: Vec<PostId> = (1..=30)
        .flat_map(|day| (0..10).map(move |_| PostId::made_in(month(2026, 11, day))))
        .collect();
    let bucket = november[0].tally_bucket();
    assert!(november.iter().all(|id| id.tally_bucket() == bucket));
    let distinct: std::collections::HashSet<_> = november.iter().collect();
    assert_eq!(distinct.len(), november.len(), "ids stay random");
    for id in &november {
        assert_eq!(id.0.get_version_num(), 7);
        assert_eq!(id.0.get_variant(), uuid::Variant::RFC4122);
    }
    // Ordered by the time they were made (Cassandra compares version 7 ids by their
    // bytes, as `Uuid` does), so a month's newest posts are neighbours in its bucket.
    for day in november.chunks(10).collect::<Vec<_>>().windows(2) {
        let (earlier, later) = (day[0], day[1]);
        assert!(earlier.iter().all(|a| later.iter().all(|b| a.0 < b.0)));
    }
    assert_eq!(
        PostId::made_in(month(2026, 12, 1)).tally_bucket(),
        (bucket + 1) % PostId::TALLY_BUCKETS,
        "the next month, the next bucket"
    );
    let buckets: std::collections::BTreeSet<u8> = (0..64)
        .map(|m| PostId::made_in(month(2020 + m / 12, (m % 12) as u32 + 1, 15)).tally_bucket())
        .collect();
    assert_eq!(
        buckets.len(),
        64,
        "64 months in a row use every bucket once"
    );
    assert_eq!(
        PostId::made_in(month(2020, 1, 1)).tally_bucket(),
        PostId::made_in(month(2025, 5, 1)).tally_bucket(),
        "64 months later a bucket is used again"
    );
}

#[test]
fn a_named_post_id_is_the_same_each_time_in_its_months_bucket() {
    use chrono::TimeZone;
    let at = Utc.with_ymd_and_hms(2020, 1, 15, 10, 0, 0).unwrap();
    let id = PostId::named("https://blog.example wordpress:post:1", at);
    assert_eq!(
        id,
        PostId::named("https://blog.example wordpress:post:1", at)
    );
    assert_ne!(
        id,
        PostId::named("https://blog.example wordpress:post:2", at)
    );
    assert_eq!(id.tally_bucket(), PostId::made_in(at).tally_bucket());
    assert_eq!(id.0.get_version_num(), 4);
    assert_eq!(id.0.get_variant(), uuid::Variant::RFC4122);
}

/// Tags are listed in the Unicode collation's order, not by code point: accented letters
/// beside their base letter, punctuation and digits before letters.
#[test]
fn tags_order_as_the_root_collation_orders_them() {
    let mut tags: Vec<&str> = vec![
        "zucker", "été", "äpfel", "apfel", "birne", "éclair", "eclair", "2026", "c++", "ñandú",
        "nube", "œuvre", "oeuvres",
    ];
    tags.sort_by_key(|t| tag_order_key(t));
    assert_eq!(
        tags,
        [
            "2026", "apfel", "äpfel", "birne", "c++", "eclair", "éclair", "été", "ñandú", "nube",
            "œuvre", "oeuvres", "zucker"
        ]
    );
    // Distinct tags have distinct keys: a page's cursor never skips a tag.
    assert_ne!(tag_order_key("apfel"), tag_order_key("äpfel"));
    assert_eq!(
        Tag::parse("Äpfel").unwrap().order_key(),
        tag_order_key("äpfel")
    );
}

/// The stores keep these keys: a new version of the collation data that moves one must
/// come with a new [`TAG_ORDER_VERSION`] and a schema change that writes the keys again.
#[test]
fn tag_order_keys_are_the_ones_the_stores_keep() {
    assert_eq!(TAG_ORDER_VERSION, 1);
    let hex = |t: &str| crate::domain::token::hex(&tag_order_key(t));
    assert_eq!(hex("äpfel"), "2b4935334101459608010a");
    assert_eq!(hex("c++ 2"), "2f0c7d0c7d041601090109");
    assert_eq!(hex("中文"), "fa025cfa316e01060106");
}
