//! Whether generation options can be met, and how quickly: the checks
//! [`GeneratorOptions::feasibility`] makes before a single puzzle is drawn,
//! and the reasons it gives ([`Feasibility`], [`SlowReason`],
//! [`Impossibility`]). The bounds are measured (see each constant); the
//! ratings a band can hold come from the rater itself
//! ([`Scale::ratings`](crate::rate::Scale::ratings)), so the generator never
//! refuses a rating the rater gives.

use thiserror::Error;

use super::symmetry::{Orbit, Symmetry, SymmetryChoice};
use super::{
    GeneratorOptions, PuzzleError, EASY_BLANKS, FULL_HOUSE_BLANKS, MAX_UNIQUE_BLANKS,
    MIN_UNIQUE_CLUES, SLOW_UNIQUE_BLANKS,
};
use crate::grid::CELLS;
use crate::rate::{Level, Scale, Scores, Technique};

impl GeneratorOptions {
    /// Whether the options can be met, and whether quickly. See [`Feasibility`].
    ///
    /// A rating is the difficulty of the path's hardest step, so it is one
    /// of the [ratings the scale can give](Scale::ratings), and a lesson's
    /// one of [its techniques' difficulties](Scale::scores_of): a band,
    /// level or lesson that holds none of them is impossible, and every
    /// rating the rater gives is one the generator aims at.
    ///
    /// ```
    /// use sudoku_core::puzzle::{Feasibility, GeneratorOptions};
    ///
    /// // 17 clues is the minimum for a unique puzzle, so 65 blanks is impossible.
    /// assert!(GeneratorOptions::new().blanks(65..=70).feasibility().is_err());
    /// assert!(matches!(
    ///     GeneratorOptions::new().blanks(64..=64).feasibility(),
    ///     Ok(Feasibility::VerySlow(_))
    /// ));
    /// assert_eq!(GeneratorOptions::new().blanks(20..=55).feasibility(), Ok(Feasibility::Fine));
    /// // SE rates a hidden single in a row 1.5; nothing rates 2.1 or 2.2.
    /// assert_eq!(GeneratorOptions::new().rating(1.5..=1.5).feasibility(), Ok(Feasibility::Fine));
    /// assert!(GeneratorOptions::new().rating(2.1..=2.2).feasibility().is_err());
    /// ```
    pub fn feasibility(&self) -> Result<Feasibility, PuzzleError> {
        let impossible = |why: Impossibility| Err(PuzzleError::Impossible(why));
        if self.blanks.0 > self.blanks.1 {
            return impossible(Impossibility::EmptyBlankRange {
                lower: self.blanks.0,
                upper: self.blanks.1,
            });
        }
        if self.minimal && !self.unique {
            return impossible(Impossibility::MinimalNotUnique);
        }
        let rated = self.level.is_some() || self.rating.is_some();
        if rated && !self.unique {
            return impossible(Impossibility::RatedNotUnique);
        }
        if !self.techniques.is_empty() && !self.unique {
            return impossible(Impossibility::TechniqueNotUnique);
        }
        let scale = self.scale;
        for technique in self.techniques.iter() {
            let scores = scale.scores_of(technique);
            if scores.is_empty() {
                return impossible(Impossibility::TechniqueNotOnScale { technique, scale });
            }
            if let Some(level) = self.level {
                if scores.filter(|s| Level::of_score(s) == level).is_empty() {
                    return impossible(Impossibility::TechniqueOutsideLevel {
                        technique,
                        level,
                        scale,
                    });
                }
            }
            if let Some((a, b)) = self.rating {
                if scores.filter(|s| a <= s && s <= b).is_empty() {
                    return impossible(Impossibility::TechniqueOutsideRating {
                        technique,
                        lower: a,
                        upper: b,
                        scale,
                    });
                }
            }
        }
        if let Some((a, b)) = self.rating {
            let top = scale.ratings().highest().unwrap_or(0.0);
            if a.partial_cmp(&b).is_none_or(|o| o.is_gt()) || b < 0.0 || a > top {
                return impossible(Impossibility::RatingOutOfScale {
                    lower: a,
                    upper: b,
                    scale,
                });
            }
            if let Some(level) = self.level {
                let (lo, hi) = level.band();
                if b < lo || a >= hi {
                    return impossible(Impossibility::RatingOutsideLevel {
                        level,
                        lower: a,
                        upper: b,
                    });
                }
            }
        }
        let possible = self.possible_ratings();
        if possible.is_some_and(Scores::is_empty) {
            return impossible(Impossibility::NoSuchRating {
                scale,
                level: self.level,
                rating: self.rating,
            });
        }
        let ((lo, hi), _) = self.drawn_blanks();
        let lowest = possible.and_then(Scores::lowest);
        let highest = possible.and_then(Scores::highest);
        if let Some(lowest) = lowest.filter(|&l| l > SINGLES_MAX) {
            let (level_name, floor) = if lowest >= Level::Extreme.band().0 {
                ("extreme", EXTREME_BLANKS_MIN)
            } else {
                ("beyond singles", BEYOND_SINGLES_BLANKS_MIN)
            };
            if hi < floor {
                return impossible(Impossibility::TooFewBlanksForRating {
                    lowest,
                    level_name,
                    upper: hi,
                    floor,
                });
            }
        }
        if highest.is_some_and(|h| h <= FULL_HOUSE_MAX) {
            if self.minimal {
                return impossible(Impossibility::MinimalFullHouses);
            }
            if lo > FULL_HOUSE_BLANKS_MAX {
                return impossible(Impossibility::TooManyBlanksForFullHouses);
            }
        }
        if self.minimal && hi < MINIMAL_BLANKS_MIN {
            return impossible(Impossibility::TooFewBlanksForMinimal {
                lower: lo,
                upper: hi,
            });
        }
        if self.unique && lo > MAX_UNIQUE_BLANKS {
            return impossible(Impossibility::TooManyBlanksForUnique { lower: lo });
        }
        for symmetry in self.symmetries() {
            let reachable = symmetry.reachable_blanks();
            if !(lo..=hi).any(|b| reachable[b]) {
                return impossible(Impossibility::SymmetryBlanks {
                    symmetry,
                    group: symmetry.orbits().iter().map(Orbit::len).max().unwrap_or(1),
                    lower: lo,
                    upper: hi,
                });
            }
        }
        let full_house_is_rare = lo > FULL_HOUSE_BLANKS.1;
        let rare = self.techniques.iter().find(|&t| {
            rare_techniques(scale).contains(&t) && (t != Technique::FullHouse || full_house_is_rare)
        });
        if let Some(rare) = rare {
            return Ok(Feasibility::VerySlow(SlowReason::RareTechnique {
                technique: rare,
            }));
        }
        if let Some((a, _)) = self.rating {
            if a > HIGHEST_KNOWN_RATING {
                return Ok(Feasibility::VerySlow(SlowReason::UnknownRating {
                    above: HIGHEST_KNOWN_RATING,
                }));
            }
            if a > COMMON_SCORE_MAX {
                return Ok(Feasibility::VerySlow(SlowReason::RareRating {
                    above: COMMON_SCORE_MAX,
                }));
            }
        }
        if let Some(wanted) = possible {
            if wanted.intersection(common_ratings(scale)).is_empty() {
                return Ok(Feasibility::VerySlow(SlowReason::UncommonRating {
                    scores: wanted,
                }));
            }
        }
        if self.unique && lo > SLOW_UNIQUE_BLANKS {
            return Ok(Feasibility::VerySlow(SlowReason::FewClues { lower: lo }));
        }
        if self.minimal && hi < MINIMAL_TYPICAL_BLANKS_LOW {
            return Ok(Feasibility::VerySlow(SlowReason::DenseMinimal {
                below: MINIMAL_TYPICAL_BLANKS_LOW,
            }));
        }
        if !self.unique && lo >= CELLS - 2 {
            return Ok(Feasibility::VerySlow(SlowReason::NearlyEmpty));
        }
        if let Some(lowest) = lowest.filter(|&l| l > SINGLES_MAX) {
            let slow_below = if lowest >= Level::Extreme.band().0 {
                SLOW_EXTREME_BLANKS
            } else {
                SLOW_BEYOND_SINGLES_BLANKS
            };
            if hi < slow_below {
                return Ok(Feasibility::VerySlow(SlowReason::FewBlanksForRating {
                    lowest,
                    below: slow_below,
                }));
            }
        }
        Ok(Feasibility::Fine)
    }

    /// [`GeneratorOptions::feasibility`] for a run of `count` distinct
    /// puzzles: also impossible when fewer distinct puzzles meet the
    /// options, as happens with 80 or 81 blanks without uniqueness (the
    /// empty grid is the only puzzle with 81).
    ///
    /// ```
    /// use sudoku_core::puzzle::GeneratorOptions;
    ///
    /// let empty = GeneratorOptions::new().unique(false).blanks(81..=81);
    /// assert!(empty.feasibility_for(1).is_ok());
    /// assert!(empty.feasibility_for(2).is_err());
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::Impossible`], as [`GeneratorOptions::feasibility`].
    pub fn feasibility_for(&self, count: usize) -> Result<Feasibility, PuzzleError> {
        let feasibility = self.feasibility()?;
        if let Some(most) = self.most_distinct().filter(|&most| count as u64 > most) {
            let ((lower, upper), _) = self.drawn_blanks();
            return Err(PuzzleError::Impossible(Impossibility::TooFewDistinct {
                count,
                most,
                lower,
                upper,
            }));
        }
        Ok(feasibility)
    }

    /// How many distinct puzzles meet the blank range and symmetry, when
    /// there are few: only for 80 and 81 blanks without uniqueness, where
    /// every puzzle is the empty grid or one clue (any one clue has a
    /// solution) in a cell that is an orbit of its own. With two clues or
    /// more there are thousands, and a run's redraws find them.
    fn most_distinct(&self) -> Option<u64> {
        let ((lo, hi), _) = self.drawn_blanks();
        if self.unique || lo < CELLS - 1 {
            return None;
        }
        let mut one_clue = [false; CELLS];
        for symmetry in self.symmetries() {
            for orbit in symmetry.orbits().iter().filter(|o| o.len() == 1) {
                one_clue[orbit.first()] = true;
            }
        }
        let cells = one_clue.iter().filter(|&&c| c).count() as u64;
        let with_one = if (lo..=hi).contains(&(CELLS - 1)) {
            9 * cells
        } else {
            0
        };
        let empty = u64::from(hi == CELLS);
        Some(with_one + empty)
    }

    /// The symmetries puzzles are drawn with.
    fn symmetries(&self) -> Vec<Symmetry> {
        match self.symmetry {
            SymmetryChoice::Fixed(s) => vec![s],
            SymmetryChoice::Random => RANDOM_SYMMETRIES.to_vec(),
        }
    }

    /// The ratings a puzzle meeting the level, the rating band and the
    /// techniques can have on the scale in use, `None` when none of them is
    /// asked for. Only a grid without blanks rates 0.0, and the generator
    /// makes one only when a blank range starting at 0 was asked for
    /// (without a range it removes clues).
    pub(super) fn possible_ratings(&self) -> Option<Scores> {
        if self.level.is_none() && self.rating.is_none() && self.techniques.is_empty() {
            return None;
        }
        let scores = if self.techniques.is_empty() {
            self.scale.ratings()
        } else {
            self.techniques
                .iter()
                .fold(Scores::EMPTY, |all, t| all.union(self.scale.scores_of(t)))
        };
        let complete = self.spread && self.blanks.0 == 0;
        Some(scores.filter(|score| {
            (complete || score > 0.0)
                && self
                    .level
                    .is_none_or(|level| Level::of_score(score) == level)
                && self.rating.is_none_or(|(a, b)| a <= score && score <= b)
        }))
    }

    /// The blank range the generator draws from, and whether it draws each
    /// puzzle's target from it (otherwise clues are removed as far as
    /// uniqueness allows). Without a range asked for: puzzles only full
    /// houses solve come from [`FULL_HOUSE_BLANKS`], puzzles only singles
    /// solve (easy ones) from [`EASY_BLANKS`], and puzzles without
    /// uniqueness from [`ANY_BLANKS`].
    pub(super) fn drawn_blanks(&self) -> ((usize, usize), bool) {
        if self.spread || self.minimal {
            return (self.blanks, self.spread);
        }
        if !self.unique {
            return (ANY_BLANKS, true);
        }
        match self.possible_ratings().and_then(Scores::highest) {
            Some(h) if h <= FULL_HOUSE_MAX => (FULL_HOUSE_BLANKS, true),
            Some(h) if h <= SINGLES_MAX => (EASY_BLANKS, true),
            _ => (self.blanks, false),
        }
    }
}

/// The weight of a full house, the simplest step.
const FULL_HOUSE_MAX: f32 = 1.0;

/// The most blanks of puzzles solved by full houses alone, in practice: with
/// this generator (release build, one thread) 20 such puzzles with 21 blanks
/// came at once, and none with 22 to 26 in 3 s each (nor with 22 in 8 s).
const FULL_HOUSE_BLANKS_MAX: usize = 21;

/// The highest score of a puzzle solved by singles alone ([`rate::Technique::NakedSingle`]).
const SINGLES_MAX: f32 = 2.3;

/// The fewest blanks with which puzzles that need more than singles turn up
/// in practice. Measured with this generator (one thread, 10 s per range):
/// hard puzzles came at about one in 10 s with 28-30 blanks and three with
/// 31-33; medium and expert ones not at all below 34. Fewer than this would
/// leave a run drawing for hours; more blanks are only slow (see
/// [`SLOW_BEYOND_SINGLES_BLANKS`]).
const BEYOND_SINGLES_BLANKS_MIN: usize = 26;

/// Below this many blanks, puzzles beyond singles take seconds each (a
/// warning): medium ones came none in 3 s with 38 blanks, 13 with 42.
const SLOW_BEYOND_SINGLES_BLANKS: usize = 40;

/// The fewest blanks with which extreme puzzles (forcing chains, trial and
/// error) turn up in practice: one came with 42 blanks in 3 s, none with 34
/// to 37 nor 38 to 40 in 10 s each.
const EXTREME_BLANKS_MIN: usize = 32;

/// Below this many blanks, extreme puzzles take seconds each (a warning).
const SLOW_EXTREME_BLANKS: usize = 44;

/// The fewest blanks of a minimal puzzle: the most clues any minimal puzzle
/// is known to have is 40, and random minimal puzzles have 20-30.
const MINIMAL_BLANKS_MIN: usize = CELLS - 40;

/// The highest rating random minimal puzzles reach with any frequency
/// ([`rate::Technique::ForcingChain`]): about 3 in 100 rate this, while none of
/// several hundred such puzzles rated higher.
const COMMON_SCORE_MAX: f32 = 7.5;

/// The highest rating of any puzzle known to this crate: the hardest of
/// the forum's lists rate 9.7 to 11.9 on SE's scale (docs/rating.md).
/// Higher ratings are on the scale, but no search is known to end.
const HIGHEST_KNOWN_RATING: f32 = 11.9;

/// Techniques that are the hardest step of fewer than 1 in 2,000 random
/// minimal puzzles on the native scale. Measured on 40,000 (`sudoku puzzles
/// 20000 --minimal`, without symmetry and with rot180, through `sudoku rate
/// --csv --scale native`): Hidden Triple 20, Simple Colouring 19, Finned
/// Jellyfish 10, Swordfish 7, Naked Quad 4, Jellyfish 1, Hidden Quad 1,
/// and none for Full House (which comes from [`FULL_HOUSE_BLANKS`] unless a
/// blank range says otherwise), Dynamic Forcing Chain and Trial and Error.
const RARE_NATIVE_TECHNIQUES: [Technique; 10] = [
    Technique::FullHouse,
    Technique::HiddenTriple,
    Technique::SimpleColouring,
    Technique::FinnedJellyfish,
    Technique::Swordfish,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::DynamicForcingChain,
    Technique::TrialAndError,
];

/// The same on SE's scale, measured on the same 40,000 (`sudoku puzzles
/// 20000 --minimal [--symmetry rot180] --seed 1|2`, through `sudoku rate
/// --csv`): BUG type 2 18, Swordfish 16, Bidirectional X-Cycle 6, Naked
/// Quad 3, X-Chain 1, Jellyfish 1, and none for the rest listed here;
/// Direct Claiming was never the hardest step of 20,000 puzzles with 42-50
/// blanks either. SE's aligned pair and triplet exclusions came later: the
/// pair was the hardest step of 2 of about 52,000 public puzzles, the
/// triplet of none of about 55,000.
const RARE_SE_TECHNIQUES: [Technique; 19] = [
    Technique::FullHouse,
    Technique::DirectClaiming,
    Technique::Swordfish,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::BugType2,
    Technique::BugType4,
    Technique::BugType3,
    Technique::AlignedPairExclusion,
    Technique::XCycle,
    Technique::XChain,
    Technique::TuvwxyzWing,
    Technique::AlignedTripletExclusion,
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
    Technique::NestedMultipleForcingChain,
    Technique::NestedDynamicForcingChain,
    Technique::TrialAndError,
];

/// The techniques rarely the hardest step of a random puzzle on `scale`.
fn rare_techniques(scale: Scale) -> &'static [Technique] {
    match scale {
        Scale::Se => &RARE_SE_TECHNIQUES,
        Scale::Native => &RARE_NATIVE_TECHNIQUES,
    }
}

/// The ratings that at least 1 in 2,000 random puzzles get on `scale`, in
/// the shapes the generator draws them (minimal puzzles, 42-50 blanks for
/// singles, 8-14 for full houses): a band without any of them warns.
/// Measured with `sudoku puzzles 20000 --minimal [--symmetry rot180]`
/// (40,000), `--blanks 42..50` and `--blanks 8..14` (20,000 each), through
/// `sudoku rate --csv [--scale native]`. On SE's scale the others are 1.9
/// (never), 3.8 (16 of the minimal 40,000), 4.7-5.2 (at most 4 each), 6.2
/// and 6.5 (6), 7.5-7.7 and 7.9-8.2 (at most 13), 8.6-8.8 (at most 13) and
/// everything above 9.0; on the native one 3.8 (16), 5.0-5.4 (at most 8),
/// 8.5 and 11.0 (never).
fn common_ratings(scale: Scale) -> Scores {
    match scale {
        Scale::Se => Scores::tenths(&[10, 12, 15, 17, 20, 23, 25, 26, 28, 30, 32, 34, 36])
            .union(Scores::tenths_range(40, 46))
            .union(Scores::tenths_range(54, 57))
            .union(Scores::tenths(&[63, 64]))
            .union(Scores::tenths_range(66, 74))
            .union(Scores::tenths(&[78, 83, 84, 85, 89, 90])),
        Scale::Native => Scores::tenths(&[10, 12, 23, 26, 28, 30, 32, 34, 36])
            .union(Scores::tenths_range(40, 46))
            .union(Scores::tenths(&[56, 66, 68, 70, 75])),
    }
}

/// The blank range of puzzles without uniqueness when none is given: the
/// assignment's 20 to 55, as `sudoku -n N` without `-r` has them.
pub const ANY_BLANKS: (usize, usize) = (20, 55);

/// Below this many blanks (above 33 clues) minimal puzzles become rare.
const MINIMAL_TYPICAL_BLANKS_LOW: usize = 48;

/// The symmetries `--symmetry random` draws from.
pub(super) const RANDOM_SYMMETRIES: [Symmetry; 4] = [
    Symmetry::Rot180,
    Symmetry::Rot90,
    Symmetry::Mirror,
    Symmetry::Diagonal,
];

/// How quickly a set of [`GeneratorOptions`] can be met.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Feasibility {
    /// Puzzles come quickly.
    Fine,
    /// Possible, but each puzzle may take very long; the reason says why.
    VerySlow(SlowReason),
}

/// Why a possible request may still take very long (its `Display` is a
/// one-sentence warning).
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum SlowReason {
    /// The rating band starts above every rating known.
    #[error(
        "no puzzle is known to rate above {above} (the hardest known rate 9.7 to 11.9); \
         this will most likely run until it is stopped"
    )]
    UnknownRating {
        /// The highest rating known.
        above: f32,
    },
    /// The rating band starts above what random puzzles commonly reach.
    #[error(
        "puzzles rated above {above} (dynamic forcing chains, trial and error) \
         are very rare among random puzzles; this may take very long"
    )]
    RareRating {
        /// The highest common rating.
        above: f32,
    },
    /// No rating of the band is common among random puzzles.
    #[error(
        "puzzles rated {scores} are rare among random puzzles (fewer than 1 in 2,000); \
         this may take very long"
    )]
    UncommonRating {
        /// The ratings the request can have.
        scores: Scores,
    },
    /// Unique puzzles with this few clues are very rare.
    #[error(
        "unique puzzles with {lower} or more blanks ({} or fewer clues) are very rare; \
         this may take very long (at most {MAX_UNIQUE_BLANKS} blanks are possible)",
        CELLS - lower
    )]
    FewClues {
        /// The smallest blank count asked for.
        lower: usize,
    },
    /// Puzzles rated this high are rare with this few blanks.
    #[error(
        "puzzles rated {lowest} or more with fewer than {below} blanks are rare; \
         this may take very long"
    )]
    FewBlanksForRating {
        /// The lowest rating asked for.
        lowest: f32,
        /// Below this many blanks they become rare.
        below: usize,
    },
    /// Puzzles whose hardest step is this technique are rare.
    #[error(
        "puzzles whose hardest step is {technique} are rare among random puzzles \
         (fewer than 1 in 2,000 minimal ones); this may take very long"
    )]
    RareTechnique {
        /// The rare technique.
        technique: Technique,
    },
    /// Minimal puzzles with this many clues are rare.
    #[error("minimal puzzles rarely have fewer than {below} blanks; this may take very long")]
    DenseMinimal {
        /// Below this many blanks minimal puzzles become rare.
        below: usize,
    },
    /// There are very few distinct puzzles with 79 or more blanks.
    #[error(
        "there are very few puzzles with 79 or more blanks; \
         asking for many distinct ones may fail"
    )]
    NearlyEmpty,
}

/// Why a set of [`GeneratorOptions`] can never be met.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum Impossibility {
    /// [`Generator::run_near`](super::Generator::run_near): no seed has a
    /// blank and enough clues for a neighbour with a single solution.
    #[error(
        "no puzzle to search near has a blank and at least {MIN_UNIQUE_CLUES} clues, \
         so none has a neighbour with a single solution"
    )]
    NoSeedWithNeighbours,
    /// [`Generator::run_near`](super::Generator::run_near): a neighbour has
    /// its seed's number of blanks, and no seed has a number in the range.
    #[error(
        "a puzzle found near another has as many blanks, and no puzzle to search \
         near has {lower} to {upper}"
    )]
    NoSeedInBlankRange {
        /// The blank range's lower end.
        lower: usize,
        /// The blank range's upper end.
        upper: usize,
    },
    /// The blank range is empty.
    #[error("the blank range {lower}..{upper} is empty")]
    EmptyBlankRange {
        /// Its lower end.
        lower: usize,
        /// Its upper end, below `lower`.
        upper: usize,
    },
    /// Minimality is defined for puzzles with a unique solution only.
    #[error("a minimal puzzle must have a unique solution")]
    MinimalNotUnique,
    /// Ratings are defined for puzzles with a unique solution only.
    #[error("difficulty is rated on puzzles with a unique solution")]
    RatedNotUnique,
    /// The rating band is empty or outside the scale.
    #[error(
        "ratings on {} are {}, so none lies in {lower}..{upper}",
        scale_name(*scale),
        scale.ratings()
    )]
    RatingOutOfScale {
        /// The band's lower end.
        lower: f32,
        /// The band's upper end.
        upper: f32,
        /// The scale of the band.
        scale: Scale,
    },
    /// The rating band and the level do not overlap.
    #[error("{level} puzzles rate {} to {}, outside {lower}..{upper}", level.band().0, level.band().1)]
    RatingOutsideLevel {
        /// The level asked for.
        level: Level,
        /// The band's lower end.
        lower: f32,
        /// The band's upper end.
        upper: f32,
    },
    /// A unique puzzle needs at least [`MIN_UNIQUE_CLUES`] clues.
    #[error(
        "a puzzle with a unique solution needs at least {MIN_UNIQUE_CLUES} clues, \
         so at most {MAX_UNIQUE_BLANKS} blanks, not {lower}"
    )]
    TooManyBlanksForUnique {
        /// The smallest blank count asked for.
        lower: usize,
    },
    /// The symmetry blanks cells in groups whose sizes cannot add up to any
    /// count in the range.
    #[error(
        "{symmetry} symmetry blanks cells in groups of {group}, \
         so no puzzle has {lower} to {upper} blanks"
    )]
    SymmetryBlanks {
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// The size of its largest group of cells.
        group: usize,
        /// The blank range's lower end.
        lower: usize,
        /// The blank range's upper end.
        upper: usize,
    },
    /// Puzzles rated this high are too rare with this few blanks.
    #[error(
        "puzzles rated {lowest} or more ({level_name}) with at most {upper} blanks are \
         too rare to find: they need at least {floor} blanks in practice"
    )]
    TooFewBlanksForRating {
        /// The lowest rating asked for.
        lowest: f32,
        /// "extreme" or "beyond singles".
        level_name: &'static str,
        /// The most blanks asked for.
        upper: usize,
        /// The fewest blanks such puzzles have in practice.
        floor: usize,
    },
    /// Full houses alone leave only a few blanks.
    #[error(
        "puzzles rated {FULL_HOUSE_MAX} or less (full houses alone) have at most \
         {FULL_HOUSE_BLANKS_MAX} blanks in practice; ask for --blanks LO..HI with \
         LO at most {FULL_HOUSE_BLANKS_MAX}, or for no blank range"
    )]
    TooManyBlanksForFullHouses,
    /// Minimal puzzles have too many blanks for full houses alone.
    #[error(
        "puzzles rated {FULL_HOUSE_MAX} or less (full houses alone) have at most \
         {FULL_HOUSE_BLANKS_MAX} blanks in practice, and minimal puzzles at least {MINIMAL_BLANKS_MIN}"
    )]
    MinimalFullHouses,
    /// Minimal puzzles with this many clues are not known.
    #[error(
        "no minimal puzzle with more than {} clues is known, so none has {lower} to {upper} blanks",
        CELLS - MINIMAL_BLANKS_MIN
    )]
    TooFewBlanksForMinimal {
        /// The fewest blanks asked for.
        lower: usize,
        /// The most blanks asked for.
        upper: usize,
    },
    /// No rating the scale can give lies in the level and rating band (and
    /// the techniques' difficulties) asked for.
    #[error(
        "on {} a rating is the difficulty of the path's hardest step: {} (0.0 only for a \
         grid without blanks, from a blank range starting at 0); none lies in {}",
        scale_name(*scale),
        scale.ratings().filter(|s| s > 0.0),
        describe_band(*level, *rating)
    )]
    NoSuchRating {
        /// The scale of the level and band.
        scale: Scale,
        /// The level asked for.
        level: Option<Level>,
        /// The rating band asked for.
        rating: Option<(f32, f32)>,
    },
    /// The technique is not on the scale in use.
    #[error(
        "{technique} is not a technique of {}, on which this request is rated{} \
         (`sudoku rate --techniques` lists each technique's scales)",
        scale_name(*scale),
        other_scale_note(*technique, *scale)
    )]
    TechniqueNotOnScale {
        /// The technique asked for.
        technique: Technique,
        /// The scale in use.
        scale: Scale,
    },
    /// Techniques are taught by puzzles with a unique solution only.
    #[error("techniques are rated on puzzles with a unique solution")]
    TechniqueNotUnique,
    /// The technique's difficulties lie in other levels.
    #[error(
        "{technique} rates {}, which is {}, not {level} (on {})",
        scale.scores_of(*technique),
        levels_of(scale.scores_of(*technique)),
        scale_name(*scale)
    )]
    TechniqueOutsideLevel {
        /// The technique asked for.
        technique: Technique,
        /// The level asked for.
        level: Level,
        /// The scale in use.
        scale: Scale,
    },
    /// The technique's difficulties lie outside the rating band.
    #[error(
        "{technique} rates {}, outside the rating band {lower}..{upper} (on {})",
        scale.scores_of(*technique),
        scale_name(*scale)
    )]
    TechniqueOutsideRating {
        /// The technique asked for.
        technique: Technique,
        /// The band's lower end.
        lower: f32,
        /// The band's upper end.
        upper: f32,
        /// The scale in use.
        scale: Scale,
    },
    /// Fewer distinct puzzles meet the options than were asked for.
    #[error(
        "{}; {count} were asked for",
        match (most, lower == upper) {
            (1, true) => format!("only 1 distinct puzzle has {lower} blanks (the empty grid)"),
            (_, true) => format!("only {most} distinct puzzles have {lower} blanks"),
            _ => format!("only {most} distinct puzzles have {lower} to {upper} blanks"),
        }
    )]
    TooFewDistinct {
        /// The puzzles asked for.
        count: usize,
        /// The distinct puzzles there are.
        most: u64,
        /// The blank range's lower end.
        lower: usize,
        /// The blank range's upper end.
        upper: usize,
    },
}

/// "the SE scale" or "the native scale", as messages name them.
fn scale_name(scale: Scale) -> &'static str {
    match scale {
        Scale::Se => "the SE scale",
        Scale::Native => "the native scale",
    }
}

/// "; the native scale has it" when the other scale has `technique`.
fn other_scale_note(technique: Technique, scale: Scale) -> String {
    let other = match scale {
        Scale::Se => Scale::Native,
        Scale::Native => Scale::Se,
    };
    if other.has(technique) {
        format!("; {} has it", scale_name(other))
    } else {
        String::new()
    }
}

/// The levels of a set of scores: "hard or expert".
fn levels_of(scores: Scores) -> String {
    let mut levels: Vec<&str> = Vec::new();
    for score in scores.iter() {
        let name = Level::of_score(score).name();
        if !levels.contains(&name) {
            levels.push(name);
        }
    }
    levels.join(" or ")
}

/// A level and rating band as messages name them.
fn describe_band(level: Option<Level>, rating: Option<(f32, f32)>) -> String {
    match (level, rating) {
        (Some(level), Some((a, b))) => format!("{a}..{b} for {level} puzzles"),
        (Some(level), None) => format!("the {level} band"),
        (None, Some((a, b))) => format!("{a}..{b}"),
        (None, None) => String::new(),
    }
}
