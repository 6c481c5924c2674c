//! One language of the interface: its messages, and its way of writing dates and numbers.

use super::{CatalogError, count_missing};
use chrono::{DateTime, Datelike, Timelike, Utc};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use icu_calendar::Gregorian;
use icu_datetime::fieldsets::{M, T, YM, YMD};
use icu_datetime::input::{Date, Time};
use icu_datetime::options::TimePrecision;
use icu_datetime::{FixedCalendarDateTimeFormatter, NoCalendarFormatter};
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal;
use icu_locale::Locale as IcuLocale;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A value a message is given for one of its placeables.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    Text(&'a str),
    /// A count, which also picks the message's plural form.
    Count(u64),
}

/// A count a message is given: any whole number a page or a mail holds.
pub trait Count {
    fn count(&self) -> u64;
}

macro_rules! count {
    ($($t:ty),+) => {
        $(impl Count for $t {
            fn count(&self) -> u64 {
                u64::try_from(*self).unwrap_or(0)
            }
        })+
    };
}
count!(u8, u16, u32, u64, usize, i32, i64);

impl<T: Count> Count for &T {
    fn count(&self) -> u64 {
        (**self).count()
    }
}

/// A language of the interface, shared by every request that reads it.
pub struct Speech {
    tag: String,
    locale: IcuLocale,
    bundle: FluentBundle<FluentResource>,
    /// What a message this catalog lacks is said in (none for English itself).
    english: Option<Arc<Speech>>,
    rtl: bool,
    date: Option<FixedCalendarDateTimeFormatter<Gregorian, YMD>>,
    month_year: Option<FixedCalendarDateTimeFormatter<Gregorian, YM>>,
    month: Option<FixedCalendarDateTimeFormatter<Gregorian, M>>,
    time: Option<NoCalendarFormatter<T>>,
    numbers: Option<DecimalFormatter>,
    /// Days and counts already written, for the lists that write the same ones on every
    /// request (see [`Written`]).
    written: Mutex<Written>,
}

/// The most days and counts a language keeps written, all together: past it, they all
/// go (some 100 bytes each).
const MOST_WRITTEN: usize = 4096;

/// What a language has written of days (`November 28, 2026`) and of counts
/// (`3 comments`), by day and by message and count. A list page writes a date and a
/// count for each of its rows, the same ones at every request until the list changes;
/// each is formatted (ICU4X, Fluent) once and shared after.
#[derive(Default)]
struct Written {
    days: HashMap<chrono::NaiveDate, Arc<str>>,
    counts: HashMap<String, HashMap<u64, Arc<str>>>,
    kept: usize,
}

impl Written {
    /// Makes room for one more, forgetting everything when full.
    fn room(&mut self) {
        if self.kept >= MOST_WRITTEN {
            *self = Self::default();
        }
        self.kept += 1;
    }
}

impl std::fmt::Debug for Speech {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speech").field("tag", &self.tag).finish()
    }
}

impl Speech {
    /// The language `tag` speaking the catalog `source`, refused if anything in it is
    /// wrong.
    pub(super) fn new(
        tag: &str,
        source: &str,
        english: Option<Arc<Speech>>,
        rtl: bool,
    ) -> Result<Self, CatalogError> {
        let (speech, problems) = Self::lenient(tag, source, english, rtl);
        if problems.is_empty() {
            Ok(speech)
        } else {
            Err(CatalogError {
                name: format!("{tag}.ftl"),
                problems: problems.join("; "),
            })
        }
    }

    /// The language `tag` speaking what it can of `source` (whatever parses), with what
    /// is wrong in it. Dates and numbers fall back to ISO forms if ICU has no data.
    pub(super) fn lenient(
        tag: &str,
        source: &str,
        english: Option<Arc<Speech>>,
        rtl: bool,
    ) -> (Self, Vec<String>) {
        let mut problems = Vec::new();
        let locale: IcuLocale = tag.parse().unwrap_or_else(|_| {
            problems.push(format!("{tag:?} is not a language tag"));
            IcuLocale::UNKNOWN
        });
        let language: unic_langid::LanguageIdentifier = tag.parse().unwrap_or_default();
        let resource =
            FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, errors)| {
                problems.push(format!("{} syntax errors", errors.len()));
                partial
            });
        let mut bundle = FluentBundle::new_concurrent(vec![language]);
        // Placeables are isolated (FSI ... PDI) only in a right-to-left language, where a
        // name in a left-to-right script would otherwise reorder the sentence around it.
        bundle.set_use_isolating(rtl);
        // Counts are written as the language writes numbers (`1.234`, `1 234`).
        bundle.set_formatter(Some(written_number));
        if let Err(errors) = bundle.add_resource(resource) {
            problems.push(format!("{errors:?}"));
        }
        // Times are shown in UTC, where a 24-hour clock reads without doubt; English
        // writes them so too (every other language as its own custom has it).
        let clock: IcuLocale = if tag == "en" {
            "en-u-hc-h23".parse().unwrap_or_else(|_| locale.clone())
        } else {
            locale.clone()
        };
        let speech = Self {
            date: FixedCalendarDateTimeFormatter::try_new(locale.clone().into(), YMD::long()).ok(),
            month_year: FixedCalendarDateTimeFormatter::try_new(locale.clone().into(), YM::long())
                .ok(),
            month: FixedCalendarDateTimeFormatter::try_new(locale.clone().into(), M::long()).ok(),
            time: NoCalendarFormatter::try_new(
                clock.into(),
                T::medium().with_time_precision(TimePrecision::Minute),
            )
            .ok(),
            numbers: DecimalFormatter::try_new(locale.clone().into(), Default::default()).ok(),
            written: Mutex::default(),
            tag: tag.to_owned(),
            locale,
            bundle,
            english,
            rtl,
        };
        (speech, problems)
    }

    /// The language's BCP 47 tag (`de`, `zh-Hans`).
    pub fn tag(&self) -> &str {
        &self.tag
    }

    pub fn locale(&self) -> &IcuLocale {
        &self.locale
    }

    /// The language's name in itself (`Deutsch`), from its catalog's `language-name`;
    /// its tag if the catalog has none.
    pub fn name(&self) -> String {
        self.own("language-name", &[])
            .unwrap_or_else(|| self.tag.clone())
    }

    /// `rtl` or `ltr`, for HTML's `dir`.
    pub fn dir(&self) -> &'static str {
        if self.rtl { "rtl" } else { "ltr" }
    }

    pub fn is_english(&self) -> bool {
        self.english.is_none()
    }

    /// The message `id`, given `args`; said in English (and counted) if this catalog lacks
    /// it, and as its id only if English lacks it too (which the tests forbid).
    pub fn say(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        if let Some(said) = self.own(id, args) {
            return said;
        }
        match &self.english {
            Some(english) => {
                count_missing();
                english.say(id, args)
            }
            None => {
                tracing::error!(id, "no such message in the English catalog");
                id.to_owned()
            }
        }
    }

    /// The message `id`, without placeables.
    pub fn t(&self, id: &str) -> String {
        self.say(id, &[])
    }

    /// The message `id`, without placeables, borrowed from the catalog where it is plain
    /// text (what templates ask for: most of a page's words are).
    pub fn text(&self, id: &str) -> Cow<'_, str> {
        if let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let said = self.bundle.format_pattern(pattern, None, &mut errors);
            if !errors.is_empty() {
                tracing::warn!(id, language = %self.tag, ?errors, "a message could not be said whole");
            }
            return said;
        }
        match &self.english {
            Some(english) => {
                count_missing();
                english.text(id)
            }
            None => {
                tracing::error!(id, "no such message in the English catalog");
                Cow::Owned(id.to_owned())
            }
        }
    }

    /// The message `id` for a count, as [`Speech::count`] says it, written once and kept
    /// (see [`Written`]).
    pub fn counted(&self, id: &str, count: impl Count) -> Arc<str> {
        let n = count.count();
        self.written_once(
            |written| written.counts.get(id).and_then(|counts| counts.get(&n)),
            || self.count(id, n),
            |written, said| {
                written
                    .counts
                    .entry(id.to_owned())
                    .or_default()
                    .insert(n, said);
            },
        )
    }

    /// A day as [`Speech::date`] writes it, written once and kept (see [`Written`]).
    pub fn day(&self, at: DateTime<Utc>) -> Arc<str> {
        let day = at.date_naive();
        self.written_once(
            |written| written.days.get(&day),
            || self.date(at),
            |written, said| {
                written.days.insert(day, said);
            },
        )
    }

    /// What `find` finds already written; else what `write` writes, kept by `keep`. It is
    /// written outside the lock: two requests may both write it, and one copy stays.
    fn written_once(
        &self,
        find: impl Fn(&Written) -> Option<&Arc<str>>,
        write: impl FnOnce() -> String,
        keep: impl FnOnce(&mut Written, Arc<str>),
    ) -> Arc<str> {
        let lock = || self.written.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(said) = find(&lock()) {
            return Arc::clone(said);
        }
        let said: Arc<str> = write().into();
        let mut written = lock();
        written.room();
        keep(&mut written, Arc::clone(&said));
        said
    }

    /// `english`, a text the server said (an error, a notice), in this language if a
    /// `said-` message of the catalogs says it; else as it is.
    pub fn said(&self, english: &str) -> String {
        if self.is_english() {
            return english.to_owned();
        }
        match super::said(english) {
            Some((id, values)) => {
                // A value may be a text the server says too ("{ $message } Please wait..."),
                // always shorter than the whole.
                let values: Vec<_> = values
                    .iter()
                    .map(|(name, value)| {
                        let said = if value.len() < english.len() {
                            self.said(value)
                        } else {
                            (*value).to_owned()
                        };
                        (*name, said)
                    })
                    .collect();
                let args: Vec<_> = values
                    .iter()
                    .map(|(name, value)| (*name, Arg::Text(value)))
                    .collect();
                self.say(id, &args)
            }
            None => english.to_owned(),
        }
    }

    /// The message `id`, its placeable `name` given `value`.
    pub fn t1(&self, id: &str, name: &str, value: impl std::fmt::Display) -> String {
        self.say(id, &[(name, Arg::Text(&value.to_string()))])
    }

    /// The message `id`, its placeables `a` and `b` given their values.
    pub fn t2(
        &self,
        id: &str,
        a: &str,
        a_value: impl std::fmt::Display,
        b: &str,
        b_value: impl std::fmt::Display,
    ) -> String {
        let (first, second) = (a_value.to_string(), b_value.to_string());
        self.say(id, &[(a, Arg::Text(&first)), (b, Arg::Text(&second))])
    }

    /// The message `id`, its placeables `a`, `b` and `c` given their values.
    #[expect(
        clippy::too_many_arguments,
        reason = "three named placeables, as a mail says"
    )]
    pub fn t3(
        &self,
        id: &str,
        a: &str,
        a_value: impl std::fmt::Display,
        b: &str,
        b_value: impl std::fmt::Display,
        c: &str,
        c_value: impl std::fmt::Display,
    ) -> String {
        let values = [
            a_value.to_string(),
            b_value.to_string(),
            c_value.to_string(),
        ];
        self.say(
            id,
            &[
                (a, Arg::Text(&values[0])),
                (b, Arg::Text(&values[1])),
                (c, Arg::Text(&values[2])),
            ],
        )
    }

    /// The message `id` for a count (its `$count`, which picks the plural form).
    pub fn count(&self, id: &str, count: impl Count) -> String {
        self.say(id, &[("count", Arg::Count(count.count()))])
    }

    fn own(&self, id: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut fluent = FluentArgs::with_capacity(args.len());
        for (name, arg) in args {
            match arg {
                Arg::Text(text) => fluent.set(*name, FluentValue::from(*text)),
                Arg::Count(n) => fluent.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        let said = self
            .bundle
            .format_pattern(pattern, Some(&fluent), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(id, language = %self.tag, ?errors, "a message could not be said whole");
        }
        Some(said.into_owned())
    }

    /// A day as this language writes it: `November 28, 2026`, `28. November 2026`.
    pub fn date(&self, at: DateTime<Utc>) -> String {
        match (
            Date::try_new_gregorian(at.year(), at.month() as u8, at.day() as u8),
            &self.date,
        ) {
            (Ok(date), Some(f)) => f.format(&date).to_string(),
            _ => at.format("%Y-%m-%d").to_string(),
        }
    }

    /// A month of a year: `November 2026`, `novembre 2026`, `2026年11月`.
    pub fn month_year(&self, year: i32, month: u32) -> String {
        match (
            Date::try_new_gregorian(year, month as u8, 1),
            &self.month_year,
        ) {
            (Ok(date), Some(f)) => f.format(&date).to_string(),
            _ => format!("{year}-{month:02}"),
        }
    }

    /// A month's name alone (under its year's heading): `November`, `novembre`.
    pub fn month(&self, month: u32) -> String {
        match (Date::try_new_gregorian(2000, month as u8, 1), &self.month) {
            (Ok(date), Some(f)) => f.format(&date).to_string(),
            _ => format!("{month:02}"),
        }
    }

    /// A time of day (UTC) as this language writes it: `14:05`, `2:05 م`.
    pub fn time(&self, at: DateTime<Utc>) -> String {
        match (
            Time::try_new(at.hour() as u8, at.minute() as u8, 0, 0),
            &self.time,
        ) {
            (Ok(time), Some(f)) => f.format(&time).to_string(),
            _ => at.format("%H:%M").to_string(),
        }
    }

    /// A day and its time of day (UTC), in a sentence of this language.
    pub fn date_time(&self, at: DateTime<Utc>) -> String {
        self.say(
            "date-at-time",
            &[
                ("date", Arg::Text(&self.date(at))),
                ("time", Arg::Text(&self.time(at))),
            ],
        )
    }

    /// A number given in tenths, with one decimal unless it is whole: `12.5`, `12,5`, `12`.
    pub fn tenths(&self, tenths: u64) -> String {
        if tenths.is_multiple_of(10) {
            return self.number(tenths / 10);
        }
        let mut value = Decimal::from(tenths);
        value.absolute.multiply_pow10(-1);
        self.written(&value)
    }

    /// A whole number with this language's grouping: `1,234,567`, `1.234.567`.
    pub fn number(&self, n: u64) -> String {
        self.written(&Decimal::from(n))
    }

    /// `value` as this language writes numbers.
    fn written(&self, value: &Decimal) -> String {
        match &self.numbers {
            Some(numbers) => numbers.format(value).to_string(),
            None => value.to_string(),
        }
    }
}

/// A language's way of writing whole numbers, kept by Fluent's memoizer per bundle.
struct Digits(DecimalFormatter);

impl intl_memoizer::Memoizable for Digits {
    type Args = ();
    type Error = ();

    fn construct(language: unic_langid::LanguageIdentifier, _: ()) -> Result<Self, ()> {
        let locale: IcuLocale = language.to_string().parse().map_err(|_| ())?;
        DecimalFormatter::try_new(locale.into(), Default::default())
            .map(Digits)
            .map_err(|_| ())
    }
}

/// A whole number a message is given, written by ICU4X as the bundle's language writes
/// it; anything else as Fluent writes it.
fn written_number(
    value: &FluentValue,
    intls: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    use fluent_bundle::memoizer::MemoizerKind;
    let FluentValue::Number(number) = value else {
        return None;
    };
    let whole = number.value;
    if whole.fract() != 0.0 || !(0.0..=9.0e15).contains(&whole) {
        return None;
    }
    intls
        .with_try_get_threadsafe::<Digits, _, _>((), |digits| {
            digits.0.format(&Decimal::from(whole as u64)).to_string()
        })
        .ok()
}
