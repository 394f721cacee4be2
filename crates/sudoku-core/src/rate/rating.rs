//! What a rating says: the [`Rating`] of a puzzle, its [`Level`], the
//! [`Scale`] it is on, and why a puzzle gets none ([`Unrated`]). These are
//! the public types a caller of the rater reads; they live apart from the
//! engine in `mod.rs` so that a reader finds them without the search.

use std::fmt;
use std::str::FromStr;

use super::Technique;

/// How hard a puzzle is, and how it was solved.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The weight of the hardest step (0.0 for a puzzle with no blank cell).
    pub score: f32,
    /// The level whose band holds `score`.
    pub level: Level,
    /// The hardest technique used ([`Technique::FullHouse`] when the grid
    /// was already complete).
    pub hardest: Technique,
    /// The number of steps on the path.
    pub steps: usize,
    /// False when the path needed [`Technique::TrialAndError`].
    pub solved_logically: bool,
    /// Sudoku Explainer's EP (pearl): the highest difficulty on the path up
    /// to and including its first step that places a digit. On the native
    /// scale, the same measure with native weights.
    pub pearl: f32,
    /// Sudoku Explainer's ED (diamond): the difficulty of the path's first
    /// step. On the native scale, the same measure with native weights.
    pub diamond: f32,
}

impl Rating {
    /// The hardest step as `sudoku rate` and a book's caption name it: the
    /// [`hardest`](Rating::hardest) technique's name, or `none (already
    /// complete)` for a grid that was complete and took no step.
    ///
    /// ```
    /// let solved = sudoku_core::FinalBoards::new(1).unwrap().next().unwrap();
    /// let rating = sudoku_core::rate::rate(&solved).unwrap();
    /// assert_eq!(rating.hardest_name(), "none (already complete)");
    /// ```
    #[must_use]
    pub fn hardest_name(&self) -> &'static str {
        if self.steps == 0 {
            "none (already complete)"
        } else {
            self.hardest.name()
        }
    }
}

impl fmt::Display for Rating {
    /// The score with one decimal, the level and the hardest step, as
    /// `sudoku rate` prints them: `4.2 hard XY-Wing` (see
    /// [`Rating::hardest_name`]).
    ///
    /// ```
    /// let puzzle = "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....";
    /// let rating = sudoku_core::rate::rate(&puzzle.parse().unwrap()).unwrap();
    /// let text = rating.to_string();
    /// assert!(text.starts_with(&format!("{:.1} {} ", rating.score, rating.level)));
    /// assert!(text.ends_with(rating.hardest.name()));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.1} {} {}",
            self.score,
            self.level,
            self.hardest_name()
        )
    }
}

/// Why a puzzle or position gets no rating, step or explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unrated {
    /// Two givens (or filled-in digits) repeat a digit in a unit.
    #[error("the givens conflict: {0}")]
    Conflict(crate::grid::Conflict),
    /// No conflict, but no grid completes the position (for a position with
    /// digits filled in, one of them is wrong).
    #[error("it has no solution")]
    NoSolution,
    /// More than one grid completes the puzzle; ratings are defined for
    /// puzzles with exactly one solution.
    #[error("it has more than one solution")]
    SeveralSolutions,
    /// Every cell is already filled: there is no step to take.
    #[error("it is already complete")]
    Complete,
}

/// A difficulty level: a band of ratings, as puzzle books name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs, X-Wing.
    Medium,
    /// Triples, Swordfish, finned X-Wing and Swordfish, Skyscraper, 2-String
    /// Kite, wings, colouring, unique rectangles.
    Hard,
    /// Quads, Jellyfish (basic and finned), BUG+1, X-chains, XY-chains,
    /// alternating inference chains.
    Expert,
    /// Forcing chains and trial and error.
    Extreme,
}

impl Level {
    /// Every level, easiest first. A slice, so that its type stays the
    /// same when a level is added (the enum is `non_exhaustive`).
    pub const ALL: &'static [Level] = &[
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The ratings of this level: `lo <= score < hi` (`hi` is infinite for
    /// [`Level::Extreme`]). The bands touch, so every score has one level.
    #[must_use]
    pub fn band(self) -> (f32, f32) {
        match self {
            Level::Easy => (0.0, 2.5),
            Level::Medium => (2.5, 3.5),
            Level::Hard => (3.5, 5.0),
            Level::Expert => (5.0, 7.5),
            Level::Extreme => (7.5, f32::INFINITY),
        }
    }

    /// The level whose band holds `score` (scores below 0 count as easy, above
    /// the scale as extreme).
    ///
    /// # Panics
    /// When `score` is NaN, which no rating has; [`Level::try_of_score`]
    /// returns `None` instead.
    #[must_use]
    pub fn of_score(score: f32) -> Level {
        Level::try_of_score(score).expect("a score is a number, not NaN")
    }

    /// The level whose band holds `score`, or `None` when it is NaN.
    ///
    /// ```
    /// use sudoku_core::rate::Level;
    ///
    /// assert_eq!(Level::try_of_score(4.2), Some(Level::Hard));
    /// assert_eq!(Level::try_of_score(f32::NAN), None);
    /// ```
    #[must_use]
    pub fn try_of_score(score: f32) -> Option<Level> {
        if score.is_nan() {
            return None;
        }
        let level = Level::ALL
            .iter()
            .copied()
            .find(|level| score < level.band().1)
            .unwrap_or(Level::Extreme);
        Some(level)
    }

    /// The lowercase name, as printed and parsed.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The error of parsing a [`Level`] from an unknown name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (expected easy, medium, hard, expert or extreme)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Parses a level name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .iter()
            .copied()
            .find(|level| level.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// The scale a rating, a solving path or a hint is on.
///
/// ```
/// use sudoku_core::rate::Scale;
///
/// assert_eq!(Scale::default(), Scale::Se);
/// assert_eq!("native".parse(), Ok(Scale::Native));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scale {
    /// Sudoku Explainer's (its `serate` command's ER, EP and ED): SE's
    /// techniques, in SE's order, with SE's difficulties. The default.
    #[default]
    Se,
    /// This crate's own list ([`Technique::ALL`]), with techniques SE lacks
    /// (W-Wing, Skyscraper and 2-String Kite, finned fish, simple colouring)
    /// at their [`weight`](Technique::weight)s.
    Native,
}

impl Scale {
    /// The lowercase name, as printed and parsed: `se` or `native`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scale::Se => "se",
            Scale::Native => "native",
        }
    }

    /// What a rating on this scale is called where people read it, before
    /// the number: `SE` (`SE 4.2`) or `native` (`native 4.2`). The CLI, the
    /// game, the web page, the hints and the books all label ratings so.
    ///
    /// ```
    /// use sudoku_core::rate::Scale;
    ///
    /// assert_eq!(format!("{} {:.1}", Scale::Se.label(), 4.2), "SE 4.2");
    /// assert_eq!(Scale::Native.label(), "native");
    /// ```
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Scale::Se => "SE",
            Scale::Native => "native",
        }
    }

    /// True when this scale's solver uses `technique`: SE-only techniques
    /// (Turbot Fish, the ALS wings, SE's forcing chains...) are not on the
    /// native scale, and the native scale's own (W-Wing, finned fish...) are
    /// not on SE's.
    ///
    /// ```
    /// use sudoku_core::rate::{Scale, Technique};
    ///
    /// assert!(Scale::Se.has(Technique::HiddenSingle) && Scale::Native.has(Technique::HiddenSingle));
    /// assert!(Scale::Native.has(Technique::WWing) && !Scale::Se.has(Technique::WWing));
    /// ```
    #[must_use]
    pub fn has(self, technique: Technique) -> bool {
        // Some finders make steps of a companion technique too.
        let finder = match (self, technique) {
            (_, Technique::DirectClaiming) => Technique::DirectPointing,
            (_, Technique::RegionForcingChain) => Technique::CellForcingChain,
            (Scale::Se, Technique::BugType2 | Technique::BugType3 | Technique::BugType4) => {
                Technique::BugPlusOne
            }
            (Scale::Se, Technique::UniqueLoop) => Technique::UniqueRectangle,
            (
                Scale::Se,
                Technique::XChain
                | Technique::XyChain
                | Technique::XCycle
                | Technique::YCycle
                | Technique::XyCycle,
            ) => Technique::Aic,
            (_, t) => t,
        };
        self.finders().iter().any(|&(t, _)| t == finder)
    }
}

impl fmt::Display for Scale {
    /// The [`name`](Scale::name) (`se`, `native`), padded to the width asked.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The error of parsing a [`Scale`] from an unknown name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scale '{0}' (expected se or native)")]
pub struct ParseScaleError(pub String);

impl FromStr for Scale {
    type Err = ParseScaleError;

    /// Parses `se` or `native`, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Scale, ParseScaleError> {
        [Scale::Se, Scale::Native]
            .into_iter()
            .find(|scale| scale.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseScaleError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_back_and_bands_touch() {
        for &level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            let (lo, hi) = level.band();
            assert_eq!(Level::of_score(lo), level);
            assert!(lo < hi);
        }
        for pair in Level::ALL.windows(2) {
            assert_eq!(pair[0].band().1, pair[1].band().0);
        }
        assert!("impossible".parse::<Level>().is_err());
    }
}
