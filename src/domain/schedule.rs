//! Scheduled publishing: a draft that goes live at a time its author chose, in their
//! own time zone.

use super::{Invalid, PostId, Slug, UserId};
use chrono::{DateTime, LocalResult, NaiveDateTime, TimeZone, Utc};

/// How many posts a site can have waiting to be published at once: the scheduler and
/// the desks read them all in one read, so the list stays small.
pub const MAX_SCHEDULED: usize = 500;

/// How many scheduled posts a read takes at most: the cap and room for the few that
/// posts scheduled at the same moment can add.
pub const SCHEDULED_READ: usize = MAX_SCHEDULED + 50;

/// How far ahead a post can be scheduled.
pub const MAX_DAYS_AHEAD: i64 = 5 * 366;

/// A draft waiting for its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledPost {
    pub id: PostId,
    pub slug: Slug,
    pub title: String,
    pub author_id: UserId,
    pub author_name: String,
    /// When it goes live (and the date it is published with).
    pub due: DateTime<Utc>,
}

/// The moment a schedule form names: `local` is a date and time as a browser's
/// `datetime-local` field sends it (`2026-12-24T09:30`, seconds optional), in the IANA
/// time zone `zone` (`Europe/Paris`, `UTC`). It must exist in that zone (not in the hour
/// a change to summer time skips; in the hour repeated when it ends, the first of the
/// two), be after `now`, and be at most [`MAX_DAYS_AHEAD`] days ahead.
pub fn parse_schedule(
    local: &str,
    zone: &str,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, Invalid> {
    let local = local.trim();
    let zone = zone.trim();
    let naive = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(local, format).ok())
        .ok_or_else(|| {
            Invalid::new("Give the date and time to publish at, such as 2026-12-24T09:30.")
        })?;
    let tz: chrono_tz::Tz = zone.parse().map_err(|_| {
        Invalid::new(format!(
            "\"{}\" is not a time zone: give one such as Europe/Paris, America/New_York or UTC.",
            zone.chars().take(60).collect::<String>()
        ))
    })?;
    let due = match tz.from_local_datetime(&naive) {
        LocalResult::Single(at) => at,
        LocalResult::Ambiguous(first, _) => first,
        LocalResult::None => {
            return Err(Invalid::new(format!(
                "{} does not exist in {zone}: the clocks skip that hour. Choose another time.",
                naive.format("%Y-%m-%d %H:%M")
            )));
        }
    }
    .with_timezone(&Utc);
    let due = super::millis_to_time(due.timestamp_millis());
    if due <= now {
        return Err(Invalid::new(
            "That time has passed: schedule a time to come, or publish now.",
        ));
    }
    if due - now > chrono::Duration::days(MAX_DAYS_AHEAD) {
        return Err(Invalid::new(format!(
            "A post can be scheduled at most {MAX_DAYS_AHEAD} days ahead."
        )));
    }
    Ok(due)
}

/// Whether a site with `scheduled` posts waiting can schedule one more.
pub fn room_for_schedule(scheduled: usize) -> Result<(), Invalid> {
    if scheduled >= MAX_SCHEDULED {
        return Err(Invalid::new(format!(
            "The site has {MAX_SCHEDULED} posts waiting to be published: publish or unschedule some first."
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_local_time_becomes_the_moment_it_names_in_its_zone() {
        let now = at("2026-11-24T12:00:00Z");
        assert_eq!(
            parse_schedule("2026-12-24T09:30", "Europe/Paris", now),
            Ok(at("2026-12-24T08:30:00Z"))
        );
        assert_eq!(
            parse_schedule(" 2027-07-01T09:30:15 ", "America/New_York", now),
            Ok(at("2027-07-01T13:30:15Z"))
        );
        assert_eq!(
            parse_schedule("2026-11-24T12:01", "UTC", now),
            Ok(at("2026-11-24T12:01:00Z"))
        );
    }

    #[test]
    fn times_that_do_not_exist_or_have_passed_are_refused() {
        let now = at("2026-01-10T12:00:00Z");
        // Paris skips 02:00-03:00 on 29 March 2026.
        let skipped = parse_schedule("2026-03-29T02:30", "Europe/Paris", now).unwrap_err();
        assert!(skipped.0.contains("does not exist"), "{skipped}");
        // The repeated hour of 25 October 2026: the first of the two.
        assert_eq!(
            parse_schedule("2026-10-25T02:30", "Europe/Paris", now),
            Ok(at("2026-10-25T00:30:00Z"))
        );
        for zone in ["Mars/Olympus", "", "UTC+25", "Europe/Paris; DROP"] {
            let e = parse_schedule("2026-12-24T09:30", zone, now).unwrap_err();
            assert!(e.0.contains("not a time zone"), "{zone}: {e}");
        }
        for local in [
            "",
            "tomorrow",
            "2026-02-30T10:00",
            "2026-12-24T25:00",
            "2026-12-24",
        ] {
            let e = parse_schedule(local, "UTC", now).unwrap_err();
            assert!(e.0.contains("date and time"), "{local}: {e}");
        }
        let past = parse_schedule("2026-01-10T11:59", "UTC", now).unwrap_err();
        assert!(past.0.contains("passed"), "{past}");
        let exactly_now = parse_schedule("2026-01-10T12:00", "UTC", now).unwrap_err();
        assert!(exactly_now.0.contains("passed"), "{exactly_now}");
        let far = parse_schedule("2036-01-10T12:00", "UTC", now).unwrap_err();
        assert!(far.0.contains("at most"), "{far}");
    }

    #[test]
    fn the_cap_leaves_room_up_to_its_number() {
        assert!(room_for_schedule(MAX_SCHEDULED - 1).is_ok());
        assert!(room_for_schedule(MAX_SCHEDULED).is_err());
    }
}
