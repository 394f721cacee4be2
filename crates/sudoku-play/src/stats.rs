//! Games won and best times, per level, kept in `stats.txt` beside the save.
//!
//! The file is a header line and one line per level:
//! `LEVEL won N best_ms MS` (`best_ms -` before the first win). Levels are the
//! difficulty names, `daily` and `custom`. Each daily puzzle solved adds a
//! line `daily_solved YYYY-MM-DD`: a date's daily counts once, and solving it
//! again is practice, with no win or best time counted. A missing file means
//! no games yet; unknown lines are skipped so an older game reads a newer file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Duration;

use crate::daily::Date;

const HEADER: &str = "sudoku-play stats 1";

/// One level's record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    /// Games solved.
    pub won: u32,
    /// The fastest solve, if any.
    pub best: Option<Duration>,
}

/// Every level's record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    records: BTreeMap<String, Record>,
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
    /// practice, and neither the games won nor the best time changed.
    pub practice: bool,
}

/// The level a game's label counts under: its first word ("daily 2026-11-30" → "daily").
pub fn level_of(label: &str) -> &str {
    label.split_whitespace().next().unwrap_or("custom")
}

impl Stats {
    /// Reads the file's text; `Err` names the line that is not `LEVEL won N best_ms MS`.
    pub fn parse(text: &str) -> Result<Stats, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.trim_end() == HEADER => {}
            _ => return Err(format!("line 1: expected '{HEADER}'")),
        }
        let mut stats = Stats::default();
        for (i, line) in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                [] => {}
                ["daily_solved", date] => {
                    let date = date
                        .parse()
                        .map_err(|e| format!("line {}: '{line}': {e}", i + 1))?;
                    stats.dailies.insert(date);
                }
                [level, "won", won, "best_ms", best] => {
                    let bad = || format!("line {}: '{line}' has a bad number", i + 1);
                    let won = won.parse().map_err(|_| bad())?;
                    let best = match best {
                        "-" => None,
                        ms => Some(Duration::from_millis(ms.parse().map_err(|_| bad())?)),
                    };
                    stats
                        .records
                        .insert(level.to_string(), Record { won, best });
                }
                _ => {}
            }
        }
        Ok(stats)
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        for (level, r) in &self.records {
            let best = r
                .best
                .map_or("-".to_string(), |b| b.as_millis().to_string());
            let _ = writeln!(out, "{level} won {} best_ms {best}", r.won);
        }
        for date in &self.dailies {
            let _ = writeln!(out, "daily_solved {date}");
        }
        out
    }

    /// The record for `level` (zero games when none).
    pub fn get(&self, level: &str) -> Record {
        self.records.get(level).copied().unwrap_or_default()
    }

    /// True when the daily puzzle of `date` has been solved.
    pub fn daily_solved(&self, date: Date) -> bool {
        self.dailies.contains(&date)
    }

    /// Counts a game of `label` solved in `time`. A daily puzzle ("daily
    /// YYYY-MM-DD") counts once per date: solved again, it is practice, and
    /// the record is left as it was.
    pub fn record_win(&mut self, label: &str, time: Duration) -> Win {
        let daily = daily_date(label);
        if let Some(date) = daily {
            if !self.dailies.insert(date) {
                return Win {
                    record: self.get(level_of(label)),
                    new_best: false,
                    practice: true,
                };
            }
        }
        let record = self.records.entry(level_of(label).to_string()).or_default();
        record.won += 1;
        let new_best = record.best.is_none_or(|best| time < best);
        if new_best {
            record.best = Some(time);
        }
        Win {
            record: *record,
            new_best,
            practice: false,
        }
    }
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

    #[test]
    fn wins_count_and_keep_the_best_time_per_level() {
        let mut stats = Stats::default();
        let s = Duration::from_secs;
        assert!(stats.record_win("easy", s(300)).new_best);
        assert!(!stats.record_win("easy", s(400)).new_best);
        let win = stats.record_win("easy", s(200));
        assert!(win.new_best);
        assert_eq!(
            win.record,
            Record {
                won: 3,
                best: Some(s(200))
            }
        );
        stats.record_win("daily 2026-11-30", s(500));
        assert_eq!(stats.get("daily").won, 1);
        assert_eq!(stats.get("hard"), Record::default());
        let back = Stats::parse(&stats.to_text()).unwrap();
        assert_eq!(back, stats);
    }

    #[test]
    fn rejects_a_bad_file_with_its_line() {
        assert!(Stats::parse("hello").unwrap_err().contains("line 1"));
        let bad = format!("{HEADER}\neasy won x best_ms 1\n");
        assert!(Stats::parse(&bad).unwrap_err().contains("line 2"));
        let future = format!("{HEADER}\nsomething new\neasy won 1 best_ms -\n");
        assert_eq!(Stats::parse(&future).unwrap().get("easy").won, 1);
    }

    #[test]
    fn a_daily_counts_once_and_solving_it_again_is_practice() {
        let mut stats = Stats::default();
        let s = Duration::from_secs;
        let date: Date = "2026-11-30".parse().unwrap();
        assert!(!stats.daily_solved(date));
        let first = stats.record_win("daily 2026-11-30", s(500));
        assert!(!first.practice && first.new_best);
        assert!(stats.daily_solved(date));
        let again = stats.record_win("daily 2026-11-30", s(100));
        assert!(again.practice, "the same daily again is practice");
        assert!(!again.new_best);
        assert_eq!(
            stats.get("daily"),
            Record {
                won: 1,
                best: Some(s(500))
            },
            "neither a win nor a best time counted"
        );
        // Another date's daily counts.
        assert!(!stats.record_win("daily 2026-12-01", s(400)).practice);
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
