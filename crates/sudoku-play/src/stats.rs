//! Games played and won, times and streaks, per level, kept in `stats.txt`
//! beside the save.
//!
//! # The file
//! A header line, `sudoku-play stats 2`, then one line per level:
//! `LEVEL played P won W no_hints N timed T total_ms S best_ms B`, where
//! `no_hints` counts the wins without a hint, `total_ms` sums the times of
//! the `timed` wins (for the average) and `best_ms` is the fastest win
//! *without hints* (`-` before the first). Levels are the difficulty names,
//! `daily`, `custom` and `technique`. One line `streak current C best B`
//! holds the streaks of wins in a row, and each daily puzzle solved adds a
//! line `daily_solved YYYY-MM-DD`: a date's daily counts once, and solving
//! it again is practice, with nothing counted.
//!
//! A game counts as played when it is won, lost (out of mistakes), or given
//! up (restarted, or replaced by a new game while in progress); a game lost
//! or given up ends the current streak.
//!
//! # Versions
//! Version 1 (`sudoku-play stats 1`) had only `LEVEL won N best_ms MS`. It
//! still reads: each win counts as a game played, none as won without hints
//! (version 1 did not know), and its best time is kept, since it was the
//! player's; its wins have no time for the average. The file is written
//! back as version 2 at the next win. Unknown lines and fields are skipped
//! so that an older game reads a newer file.
//!
//! # What is read
//! A record no game could have written makes the file unreadable, as a bad
//! number does, rather than show nonsense: more wins than games, more wins
//! without hints (or timed wins) than wins, a best time without a win, a
//! count above [`MAX_COUNT`] or a time above [`MAX_TIME`] (a total above
//! that per timed win), a current streak above the best one. Reading never
//! changes the file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

use crate::daily::Date;

const HEADER: &str = "sudoku-play stats 2";
const HEADER_V1: &str = "sudoku-play stats 1";

/// The most games, wins or streak a record may hold: a game a minute for
/// 190 years. More is a damaged or hand-made file, not play, and keeps the
/// sums of every level far from `u32`'s limit.
pub const MAX_COUNT: u32 = 100_000_000;

/// The longest time a win may count: 100 days. A longer time in the file is
/// a damaged one; a longer game (the clock runs while the game is open)
/// counts as this long, so that what is written can always be read back.
pub const MAX_TIME: Duration = Duration::from_secs(100 * 24 * 60 * 60);

/// One level's record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    /// Games finished or given up.
    pub played: u32,
    /// Games solved.
    pub won: u32,
    /// Games solved without a hint.
    pub no_hints: u32,
    /// Wins whose time is in `total` (wins from a version 1 file are not).
    pub timed: u32,
    /// The sum of the timed wins' times.
    pub total: Duration,
    /// The fastest solve without hints, if any.
    pub best: Option<Duration>,
}

impl Record {
    /// Wins as a whole percentage of games played; `None` before the first game.
    pub fn win_rate(&self) -> Option<u32> {
        (self.played > 0).then(|| {
            let rate = u64::from(self.won.min(self.played)) * 100 / u64::from(self.played);
            rate as u32
        })
    }

    /// The average time of the timed wins; `None` before the first.
    pub fn average(&self) -> Option<Duration> {
        (self.timed > 0).then(|| self.total / self.timed)
    }

    /// `Err` says why no game could have left this record (see the module
    /// documentation).
    fn check(&self) -> Result<(), &'static str> {
        let too_long = |time: Duration| time > MAX_TIME;
        if self.won > self.played {
            Err("more games won than played")
        } else if self.no_hints > self.won {
            Err("more games won without hints than won")
        } else if self.timed > self.won {
            Err("more timed wins than wins")
        } else if self.best.is_some() && self.won == 0 {
            Err("a best time without a win")
        } else if self.best.is_some_and(too_long) {
            Err("a best time of more than 100 days")
        } else if self.total > MAX_TIME * self.timed {
            Err("a total time of more than 100 days per timed win")
        } else {
            Ok(())
        }
    }
}

/// Wins in a row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Streak {
    /// Wins since the last game lost or given up.
    pub current: u32,
    /// The longest run of wins.
    pub best: u32,
}

/// Every level's record, the streaks and the dailies solved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    records: BTreeMap<String, Record>,
    streak: Streak,
    /// The dates whose daily puzzle has been solved.
    dailies: BTreeSet<Date>,
}

/// What a win changed, for the completion screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Win {
    /// The level's record after the win.
    pub record: Record,
    /// True when this win set the best time.
    pub new_best: bool,
    /// True when the game was a daily puzzle already solved before: it is
    /// practice, and nothing was counted.
    pub practice: bool,
    /// True when hints were used: the win counts, its time is not a best time.
    pub with_hints: bool,
}

/// The level a game's label counts under: its first word ("daily 2026-11-30" → "daily").
pub fn level_of(label: &str) -> &str {
    label.split_whitespace().next().unwrap_or("custom")
}

impl Stats {
    /// Reads the file's text, of version 2 or 1; `Err` names the line that
    /// cannot be read.
    pub fn parse(text: &str) -> Result<Stats, String> {
        let mut lines = text.lines().enumerate();
        let version = match lines.next().map(|(_, first)| first.trim_end()) {
            Some(HEADER) => 2,
            Some(HEADER_V1) => 1,
            _ => return Err(format!("line 1: expected '{HEADER}'")),
        };
        let mut stats = Stats::default();
        for (i, line) in lines {
            let at = || format!("line {}: '{line}'", i + 1);
            let bad = || format!("{} has a bad number", at());
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                [] => {}
                ["daily_solved", date] => {
                    let date = date.parse().map_err(|e| format!("{}: {e}", at()))?;
                    stats.dailies.insert(date);
                }
                ["streak", ref fields @ ..] if version >= 2 => {
                    for pair in fields.chunks(2) {
                        let [key, value] = pair else {
                            return Err(bad());
                        };
                        let n = parse_count(value).ok_or_else(bad)?;
                        match *key {
                            "current" => stats.streak.current = n,
                            "best" => stats.streak.best = n,
                            _ => {}
                        }
                    }
                    if stats.streak.current > stats.streak.best {
                        return Err(format!("{}: the current streak beats the best", at()));
                    }
                }
                [level, "won", won, "best_ms", best] if version == 1 => {
                    let won = parse_count(won).ok_or_else(bad)?;
                    let best = parse_ms(best).ok_or_else(bad)?;
                    let record = Record {
                        played: won,
                        won,
                        best,
                        ..Record::default()
                    };
                    record.check().map_err(|e| format!("{}: {e}", at()))?;
                    stats.records.insert(level.to_string(), record);
                }
                [level, ref fields @ ..] if version >= 2 && fields.len() % 2 == 0 => {
                    let mut record = Record::default();
                    for pair in fields.chunks(2) {
                        let (key, value) = (pair[0], pair[1]);
                        let n = || parse_count(value).ok_or_else(bad);
                        match key {
                            "played" => record.played = n()?,
                            "won" => record.won = n()?,
                            "no_hints" => record.no_hints = n()?,
                            "timed" => record.timed = n()?,
                            "total_ms" => record.total = parse_total_ms(value).ok_or_else(bad)?,
                            "best_ms" => record.best = parse_ms(value).ok_or_else(bad)?,
                            // A newer version's field.
                            _ => {}
                        }
                    }
                    record.check().map_err(|e| format!("{}: {e}", at()))?;
                    stats.records.insert(level.to_string(), record);
                }
                _ => {}
            }
        }
        Ok(stats)
    }

    /// The file's text, always of the newest version.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        for (level, r) in &self.records {
            let best = r
                .best
                .map_or("-".to_string(), |b| b.as_millis().to_string());
            let _ = writeln!(
                out,
                "{level} played {} won {} no_hints {} timed {} total_ms {} best_ms {best}",
                r.played,
                r.won,
                r.no_hints,
                r.timed,
                r.total.as_millis()
            );
        }
        let _ = writeln!(
            out,
            "streak current {} best {}",
            self.streak.current, self.streak.best
        );
        for date in &self.dailies {
            let _ = writeln!(out, "daily_solved {date}");
        }
        out
    }

    /// The record for `level` (zero games when none).
    pub fn get(&self, level: &str) -> Record {
        self.records.get(level).copied().unwrap_or_default()
    }

    /// Every level with a record, in name order.
    pub fn levels(&self) -> impl Iterator<Item = (&str, Record)> {
        self.records.iter().map(|(l, r)| (l.as_str(), *r))
    }

    /// The streaks of wins in a row, over every level.
    pub fn streak(&self) -> Streak {
        self.streak
    }

    /// True when the daily puzzle of `date` has been solved.
    pub fn daily_solved(&self, date: Date) -> bool {
        self.dailies.contains(&date)
    }

    /// True when a game of `label` is practice: a daily already solved.
    fn is_practice(&self, label: &str) -> bool {
        daily_date(label).is_some_and(|date| self.daily_solved(date))
    }

    /// Counts a game of `label` solved in `time` with `hints` hints. A daily
    /// puzzle ("daily YYYY-MM-DD") counts once per date: solved again, it is
    /// practice, and the record is left as it was. A win with hints counts
    /// as a win, but its time is not a best time.
    pub fn record_win(&mut self, label: &str, time: Duration, hints: u32) -> Win {
        let with_hints = hints > 0;
        if self.is_practice(label) {
            return Win {
                record: self.get(level_of(label)),
                new_best: false,
                practice: true,
                with_hints,
            };
        }
        if let Some(date) = daily_date(label) {
            self.dailies.insert(date);
        }
        // Never more than the file may hold, so that it always reads back.
        let time = time.min(MAX_TIME);
        let count = |n: u32| n.saturating_add(1).min(MAX_COUNT);
        let record = self.records.entry(level_of(label).to_string()).or_default();
        if record.won < MAX_COUNT {
            record.played = count(record.played);
            record.won += 1;
            record.timed += 1;
            record.total += time;
        }
        let mut new_best = false;
        if !with_hints {
            record.no_hints = count(record.no_hints);
            new_best = record.best.is_none_or(|best| time < best);
            if new_best {
                record.best = Some(time);
            }
        }
        let record = *record;
        self.streak.current = count(self.streak.current);
        self.streak.best = self.streak.best.max(self.streak.current);
        Win {
            record,
            new_best,
            practice: false,
            with_hints,
        }
    }

    /// Counts a game of `label` played and not won: lost (out of mistakes)
    /// or given up. It ends the current streak; a daily already solved is
    /// practice and changes nothing.
    pub fn record_loss(&mut self, label: &str) {
        if self.is_practice(label) {
            return;
        }
        let record = self.records.entry(level_of(label).to_string()).or_default();
        record.played = record.played.saturating_add(1).min(MAX_COUNT);
        self.streak.current = 0;
    }
}

/// `-` as `Some(None)`, milliseconds up to [`MAX_TIME`] as `Some(Some(_))`,
/// anything else `None`.
fn parse_ms(text: &str) -> Option<Option<Duration>> {
    match text {
        "-" => Some(None),
        ms => ms
            .parse()
            .ok()
            .map(Duration::from_millis)
            .filter(|&time| time <= MAX_TIME)
            .map(Some),
    }
}

/// A sum of times in milliseconds (checked against the timed wins later).
fn parse_total_ms(text: &str) -> Option<Duration> {
    text.parse().ok().map(Duration::from_millis)
}

/// A count up to [`MAX_COUNT`], else `None`.
fn parse_count(text: &str) -> Option<u32> {
    text.parse().ok().filter(|&n| n <= MAX_COUNT)
}

/// The date of a daily puzzle's label ("daily 2026-11-30"), else `None`.
fn daily_date(label: &str) -> Option<Date> {
    match label.split_whitespace().collect::<Vec<_>>()[..] {
        ["daily", date] => date.parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn wins_count_and_keep_the_best_time_per_level() {
        let mut stats = Stats::default();
        assert!(stats.record_win("easy", s(300), 0).new_best);
        assert!(!stats.record_win("easy", s(400), 0).new_best);
        let win = stats.record_win("easy", s(200), 0);
        assert!(win.new_best);
        assert_eq!(win.record.won, 3);
        assert_eq!(win.record.best, Some(s(200)));
        assert_eq!(win.record.average(), Some(s(300)));
        stats.record_win("daily 2026-11-30", s(500), 0);
        assert_eq!(stats.get("daily").won, 1);
        assert_eq!(stats.get("hard"), Record::default());
        let back = Stats::parse(&stats.to_text()).unwrap();
        assert_eq!(back, stats);
    }

    #[test]
    fn a_win_with_hints_counts_but_never_sets_the_best_time() {
        let mut stats = Stats::default();
        let win = stats.record_win("hard", s(100), 2);
        assert!(win.with_hints && !win.new_best);
        assert_eq!(win.record.best, None, "no best time from a win with hints");
        assert_eq!((win.record.won, win.record.no_hints), (1, 0));
        let win = stats.record_win("hard", s(500), 0);
        assert!(win.new_best);
        let win = stats.record_win("hard", s(50), 1);
        assert!(!win.new_best, "faster, but with a hint");
        assert_eq!(win.record.best, Some(s(500)));
        assert_eq!((win.record.won, win.record.no_hints), (3, 1));
        // The average counts every win, hints or not.
        assert_eq!(win.record.average(), Some(s(650) / 3));
    }

    #[test]
    fn losses_count_as_played_and_end_the_streak() {
        let mut stats = Stats::default();
        stats.record_win("easy", s(100), 0);
        stats.record_win("medium", s(100), 1);
        stats.record_win("easy", s(100), 0);
        assert_eq!(
            stats.streak(),
            Streak {
                current: 3,
                best: 3
            }
        );
        stats.record_loss("easy");
        assert_eq!(
            stats.streak(),
            Streak {
                current: 0,
                best: 3
            }
        );
        stats.record_win("easy", s(100), 0);
        assert_eq!(
            stats.streak(),
            Streak {
                current: 1,
                best: 3
            }
        );
        let easy = stats.get("easy");
        assert_eq!((easy.played, easy.won), (4, 3));
        assert_eq!(easy.win_rate(), Some(75));
        assert_eq!(Record::default().win_rate(), None);
        let back = Stats::parse(&stats.to_text()).unwrap();
        assert_eq!(back, stats);
    }

    #[test]
    fn a_version_1_file_reads_and_is_written_back_as_version_2() {
        let old = format!(
            "{HEADER_V1}\neasy won 3 best_ms 200000\nhard won 0 best_ms -\n\
             daily won 1 best_ms 500000\ndaily_solved 2026-11-30\n"
        );
        let stats = Stats::parse(&old).unwrap();
        let easy = stats.get("easy");
        assert_eq!((easy.played, easy.won, easy.no_hints), (3, 3, 0));
        assert_eq!(easy.best, Some(s(200)), "the old best time is kept");
        assert_eq!(easy.average(), None, "old wins have no times to average");
        assert_eq!(stats.get("hard").best, None);
        assert!(stats.daily_solved("2026-11-30".parse().unwrap()));
        let text = stats.to_text();
        assert!(text.starts_with("sudoku-play stats 2\n"), "{text}");
        assert!(
            text.contains("easy played 3 won 3 no_hints 0 timed 0 total_ms 0 best_ms 200000\n"),
            "{text}"
        );
        assert_eq!(Stats::parse(&text).unwrap(), stats);
        // A new win after the migration averages only the timed one.
        let mut stats = stats;
        let win = stats.record_win("easy", s(300), 0);
        assert_eq!(win.record.average(), Some(s(300)));
        assert_eq!(win.record.best, Some(s(200)));
    }

    #[test]
    fn rejects_a_bad_file_with_its_line() {
        assert!(Stats::parse("hello").unwrap_err().contains("line 1"));
        let bad = format!("{HEADER_V1}\neasy won x best_ms 1\n");
        assert!(Stats::parse(&bad).unwrap_err().contains("line 2"));
        let bad = format!("{HEADER}\neasy played 1 won x\n");
        assert!(Stats::parse(&bad).unwrap_err().contains("line 2"));
        let bad = format!("{HEADER}\nstreak current -1 best 2\n");
        assert!(Stats::parse(&bad).unwrap_err().contains("line 2"));
        let future = format!("{HEADER}\nsomething new\neasy won 1 played 1 stars 5\n");
        assert_eq!(Stats::parse(&future).unwrap().get("easy").won, 1);
        assert!(Stats::parse("sudoku-play stats 3\n").is_err());
    }

    #[test]
    fn rejects_records_no_game_could_have_written() {
        let max = u32::MAX;
        let reported = [
            format!(
                "{HEADER}\neasy played {max} won {max} no_hints {max} timed {max} \
                 total_ms {m} best_ms {m}\n",
                m = u64::MAX
            ),
            format!("{HEADER}\nmedium played 5 won 10 no_hints 0 timed 0 total_ms 0 best_ms -\n"),
            format!("{HEADER}\nmedium played 10 won 10 no_hints 20 timed 0 total_ms 0 best_ms -\n"),
            format!("{HEADER}\nhard played 1 won 1 no_hints 0 timed 2 total_ms 0 best_ms -\n"),
            format!("{HEADER}\nhard played 0 won 0 no_hints 0 timed 0 total_ms 0 best_ms 5000\n"),
            format!("{HEADER_V1}\neasy won 3 best_ms 200000\nextreme won {max} best_ms 1\n"),
            format!(
                "{HEADER_V1}\neasy won 3 best_ms 200000\nextreme won 4 best_ms {}\n",
                u64::MAX - 1
            ),
            format!("{HEADER}\nstreak current 3 best 2\n"),
            format!("{HEADER}\nstreak current 1 best {}\n", MAX_COUNT + 1),
        ];
        for text in reported {
            let err = Stats::parse(&text).expect_err(&text);
            let line = text.lines().count();
            assert!(err.contains(&format!("line {line}")), "{err}");
        }
        // Times: up to 100 days each, the total up to that per timed win.
        let day = 24 * 3600 * 1000u64;
        let ok = format!(
            "{HEADER}\nhard played 2 won 2 no_hints 1 timed 2 total_ms {} best_ms {}\n",
            200 * day,
            100 * day
        );
        assert!(Stats::parse(&ok).is_ok());
        for (total, best) in [(200 * day + 1, day), (day, 100 * day + 1)] {
            let bad = format!(
                "{HEADER}\nhard played 2 won 2 no_hints 1 timed 2 total_ms {total} best_ms {best}\n"
            );
            assert!(Stats::parse(&bad).unwrap_err().contains("line 2"), "{bad}");
        }
        // A game longer than the cap counts as the cap: the file reads back.
        let mut stats = Stats::default();
        stats.record_win("easy", MAX_TIME * 3, 0);
        assert_eq!(stats.get("easy").best, Some(MAX_TIME));
        assert_eq!(Stats::parse(&stats.to_text()).unwrap(), stats);
    }

    #[test]
    fn a_daily_counts_once_and_solving_it_again_is_practice() {
        let mut stats = Stats::default();
        let date: Date = "2026-11-30".parse().unwrap();
        assert!(!stats.daily_solved(date));
        let first = stats.record_win("daily 2026-11-30", s(500), 0);
        assert!(!first.practice && first.new_best);
        assert!(stats.daily_solved(date));
        let again = stats.record_win("daily 2026-11-30", s(100), 0);
        assert!(again.practice, "the same daily again is practice");
        assert!(!again.new_best);
        stats.record_loss("daily 2026-11-30");
        let daily = stats.get("daily");
        assert_eq!(
            (daily.played, daily.won, daily.best),
            (1, 1, Some(s(500))),
            "neither a game, a win nor a best time counted"
        );
        assert_eq!(stats.streak().current, 1, "practice leaves the streak");
        // Another date's daily counts.
        assert!(!stats.record_win("daily 2026-12-01", s(400), 0).practice);
        assert_eq!(stats.get("daily").won, 2);
        // Kept in the file.
        let text = stats.to_text();
        assert!(text.contains("daily_solved 2026-11-30\n"), "{text}");
        let back = Stats::parse(&text).unwrap();
        assert!(back.daily_solved(date));
        assert_eq!(back, stats);
        let bad = format!("{HEADER}\ndaily_solved 2026-02-30\n");
        assert!(Stats::parse(&bad).unwrap_err().contains("line 2"));
    }
}
