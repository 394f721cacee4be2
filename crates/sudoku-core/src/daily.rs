//! The daily puzzle: the same for every player on a (UTC) date, in every
//! front end (the terminal game's `--daily`, `sudoku daily`, the web page).
//!
//! The date picks the level and the seed, and `puzzle::for_level` (feature `generate`)
//! does the rest (the same puzzle for the same level and seed on every
//! machine and target). The derivation, fixed so that it never changes:
//!
//! - the date is written as the number `YYYYMMDD` (20261130 for 30 November 2026);
//! - the seed is SplitMix64's output for that number: add `0x9E3779B97F4A7C15`,
//!   then mix with `(z ^ z>>30)·0xBF58476D1CE4E5B9`, `(z ^ z>>27)·0x94D049BB133111EB`,
//!   `z ^ z>>31` (wrapping arithmetic), so neighbouring dates get unrelated seeds;
//! - the level follows the weekday: Monday easy, Tuesday and Wednesday
//!   medium, Thursday and Friday hard, Saturday and Sunday expert.
//!
//! ```
//! use sudoku_core::daily::Date;
//! use sudoku_core::rate::Level;
//!
//! let date: Date = "2026-11-30".parse().unwrap();
//! assert_eq!(date.level(), Level::Easy); // a Monday
//! # #[cfg(feature = "generate")]
//! # {
//! let daily = sudoku_core::daily::puzzle(date);
//! assert_eq!(daily, sudoku_core::daily::puzzle(date));
//! assert_eq!(daily.rating.map(|r| r.level), Some(date.level()));
//! # }
//! ```

use std::fmt;

use crate::rate::Level;

/// A day of the proleptic Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year, e.g. 2026.
    pub year: i32,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
}

impl Date {
    /// Today in UTC, from the system clock (1970-01-01 if it is before then).
    ///
    /// Not on wasm32-unknown-unknown, which has no clock: a web page takes
    /// the date from JavaScript's `Date` and passes it in.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    #[must_use]
    pub fn today() -> Date {
        use std::time::{SystemTime, UNIX_EPOCH};
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days((secs / 86_400) as i64)
    }

    /// The date `days` after 1970-01-01 (civil-from-days, counting in
    /// 400-year eras of 146,097 days that start on 1 March). Days beyond
    /// the years an `i32` holds give the first or last day of those years.
    #[must_use]
    pub fn from_days(days: i64) -> Date {
        let first = Date {
            year: i32::MIN,
            month: 1,
            day: 1,
        };
        let last = Date {
            year: i32::MAX,
            month: 12,
            day: 31,
        };
        let z = days.clamp(first.days(), last.days()) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097); // day of era, 0..146096
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..399
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the March-based year
        let mp = (5 * doy + 2) / 153; // month from March, 0..11
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days from 1970-01-01 to this date (the inverse of [`Date::from_days`]).
    #[must_use]
    pub fn days(&self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let mp = if m > 2 { m - 3 } else { m + 9 };
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday).
    #[must_use]
    pub fn weekday(&self) -> u32 {
        (self.days() + 3).rem_euclid(7) as u32
    }

    /// The daily puzzle's level on this date.
    #[must_use]
    pub fn level(&self) -> Level {
        match self.weekday() {
            0 => Level::Easy,
            1 | 2 => Level::Medium,
            3 | 4 => Level::Hard,
            _ => Level::Expert,
        }
    }

    /// The daily puzzle's seed on this date (see the module docs).
    #[must_use]
    pub fn seed(&self) -> u64 {
        // Wrapping, for years below 0 or far beyond 9999 (the number is
        // then taken modulo 2^64, as two's complement has it).
        let number = (i64::from(self.year) as u64)
            .wrapping_mul(10_000)
            .wrapping_add(u64::from(self.month) * 100 + u64::from(self.day));
        let mut z = number.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The daily puzzle of `date`: [`crate::puzzle::for_level`] at the date's
/// [level](Date::level) and [seed](Date::seed).
#[cfg(feature = "generate")]
#[must_use]
pub fn puzzle(date: Date) -> crate::puzzle::Generated {
    crate::puzzle::for_level(date.level(), date.seed())
}

/// `YYYY-MM-DD`; a year before 1 or after 9999 as ISO 8601's expanded
/// years write it, with its sign below 0 and at least four digits
/// (`-0005-01-02`, `12345-01-02`), which [`Date::from_str`](std::str::FromStr)
/// reads back.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.year < 0 { "-" } else { "" };
        write!(
            f,
            "{sign}{:04}-{:02}-{:02}",
            self.year.unsigned_abs(),
            self.month,
            self.day
        )
    }
}

/// The error of parsing a [`Date`]: the text is not a real date written
/// `YYYY-MM-DD`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a date like 2026-11-30")]
pub struct ParseDateError(pub String);

impl std::str::FromStr for Date {
    type Err = ParseDateError;

    /// `YYYY-MM-DD`, a real date (a year of more digits, or with a minus
    /// sign, as [`Date`]'s `Display` writes years outside 1-9999).
    fn from_str(text: &str) -> Result<Date, ParseDateError> {
        let bad = || ParseDateError(text.to_string());
        let text_trimmed = text.trim();
        let (negative, unsigned) = match text_trimmed.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text_trimmed),
        };
        let parts: Vec<&str> = unsigned.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if y.len() < 4 || m.len() != 2 || d.len() != 2 || !digits(y) || !digits(m) || !digits(d) {
            return Err(bad());
        }
        // Five digits or more only where four do not hold the year.
        if y.len() > 4 && y.starts_with('0') {
            return Err(bad());
        }
        let year: i64 = y.parse().map_err(|_| bad())?;
        let date = Date {
            year: i32::try_from(if negative { -year } else { year }).map_err(|_| bad())?,
            month: m.parse().map_err(|_| bad())?,
            day: d.parse().map_err(|_| bad())?,
        };
        // A date is real when it survives the round trip through day numbers.
        if date.month == 0 || date.day == 0 || Date::from_days(date.days()) != date {
            return Err(bad());
        }
        Ok(date)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates_and_weekdays() {
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(0).weekday(), 3, "a Thursday");
        assert_eq!(Date::from_days(10_957).to_string(), "2000-01-01");
        assert_eq!(Date::from_days(11_016).to_string(), "2000-02-29");
        let d: Date = "2026-11-30".parse().unwrap();
        assert_eq!(d.weekday(), 0, "a Monday");
        assert_eq!(d.level(), Level::Easy);
    }

    #[test]
    fn days_round_trip_and_step_by_one_calendar_day() {
        // An independent walk through the calendar, month lengths by the rule.
        let leap = |y: i32| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let mut expected = Date {
            year: 1900,
            month: 1,
            day: 1,
        };
        let start = expected.days();
        for days in start..start + 200 * 366 {
            let date = Date::from_days(days);
            assert_eq!(date, expected);
            assert_eq!(date.days(), days);
            let len = match expected.month {
                2 if leap(expected.year) => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            expected.day += 1;
            if expected.day > len {
                expected.day = 1;
                expected.month += 1;
                if expected.month > 12 {
                    expected.month = 1;
                    expected.year += 1;
                }
            }
        }
    }

    /// Every day an `i64` can name gives a date (the ends clamped to the
    /// first and last days of `i32`'s years), and every date's text reads
    /// back as the same date, years below 1 and above 9999 included.
    #[test]
    fn any_day_number_gives_a_date_whose_text_reads_back() {
        let first = Date::from_days(i64::MIN);
        let last = Date::from_days(i64::MAX);
        assert_eq!((first.year, first.month, first.day), (i32::MIN, 1, 1));
        assert_eq!((last.year, last.month, last.day), (i32::MAX, 12, 31));
        assert_eq!(Date::from_days(last.days() + 1), last);
        let ends = [first.days(), last.days()];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut days: Vec<i64> = vec![
            ends[0], ends[1], -719_528, -719_529, -2_000_000, 3_000_000, 0,
        ];
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            days.push(ends[0] + (state % (ends[1] - ends[0]) as u64) as i64);
        }
        for d in days {
            let date = Date::from_days(d);
            assert_eq!(date.days(), d, "{date:?}");
            let text = date.to_string();
            assert_eq!(text.parse::<Date>(), Ok(date), "{text}");
            // The seed is the module's derivation of the number YYYYMMDD, in
            // two's complement modulo 2^64, for any year.
            let number = i128::from(date.year) * 10_000 + i128::from(date.month * 100 + date.day);
            assert_eq!(date.seed(), splitmix_reference(number as u64), "{text}");
        }
        assert_eq!(
            Date {
                year: -5,
                month: 1,
                day: 2
            }
            .to_string(),
            "-0005-01-02"
        );
        assert_eq!("12345-01-02".parse::<Date>().map(|d| d.year), Ok(12_345));
        for refused in [
            "02026-01-01",
            "+2026-01-01",
            "-2026-1-01",
            "20 6-01-01",
            "2026-13-01",
            "99999999999-01-01",
        ] {
            assert!(refused.parse::<Date>().is_err(), "{refused}");
        }
    }

    #[test]
    fn the_seed_is_fixed_and_differs_between_days() {
        let d: Date = "2026-11-30".parse().unwrap();
        // SplitMix64 of 20261130, written down once so the derivation never drifts.
        assert_eq!(d.seed(), splitmix_reference(20_261_130));
        let next: Date = "2026-12-01".parse().unwrap();
        assert_ne!(d.seed(), next.seed());
    }

    /// SplitMix64 (Steele, Lea and Flood) written independently of `Date::seed`.
    fn splitmix_reference(x: u64) -> u64 {
        let mut z = x.wrapping_add(0x9e3779b97f4a7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }

    #[cfg(feature = "generate")]
    #[test]
    fn the_daily_puzzle_is_the_game_puzzle_of_the_dates_level_and_seed() {
        for text in ["2026-11-30", "2026-12-04", "2027-01-02"] {
            let date: Date = text.parse().unwrap();
            let daily = puzzle(date);
            let game = crate::puzzle::for_level(date.level(), date.seed());
            assert_eq!(daily, game);
            assert_eq!(daily.rating.map(|r| r.level), Some(date.level()));
            assert!(daily.solution.solves(&daily.puzzle));
        }
    }

    #[test]
    fn rejects_dates_that_do_not_exist() {
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-1-1",
            "today",
            "2026-11-31",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
        assert!("2024-02-29".parse::<Date>().is_ok());
    }
}
