//! The puzzles of a book and what is printed about them: their solutions for
//! the answer key and their ratings for the captions, computed in parallel
//! when the caller does not already know them.

use sudoku_core::batch::map_ordered;
use sudoku_core::rate::{self, Level, Rating, Scale};
use sudoku_core::{BitmaskSolver, Grid, Solver};

/// One puzzle of a book.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The number printed under it (1 for the first puzzle of the book).
    pub number: usize,
    /// The puzzle, 0 for blanks.
    pub puzzle: Grid,
    /// Its solution and rating, once known (see [`fill`]).
    pub facts: Option<Facts>,
}

impl Entry {
    /// True when the puzzle has exactly one solution: its rating says so
    /// once [`fill`] has run (a puzzle with several is not rated), and a
    /// search for two solutions otherwise. A lesson is drawn only for such
    /// a puzzle: with several solutions no step follows from the givens,
    /// and the rater's path would be trial and error pretending otherwise.
    pub fn has_unique_solution(&self) -> bool {
        match &self.facts {
            Some(facts) => facts.rating.is_some(),
            None => BitmaskSolver::new().search(&self.puzzle, 2).count == 1,
        }
    }
}

/// What a book prints about a puzzle besides its givens.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Facts {
    /// The solution (one of them, when there are several).
    pub solution: Grid,
    /// The rater's verdict; `None` when the puzzle has several solutions,
    /// which the rater does not rate.
    pub rating: Option<Rating>,
    /// The scale `rating` is on, which names it in the caption.
    pub scale: Scale,
}

/// The caption under a puzzle: its number on the left, its rating on the
/// right (`SE 4.2 · hard · XY-Wing`, `native 4.2 · ...` on the native
/// scale), labelled as the CLI, the game, the hints and the web page label
/// ratings ([`Scale::label`]), the hardest step named as `sudoku rate` names
/// it (`none (already complete)` for a completed grid).
pub fn caption(entry: &Entry) -> (String, String) {
    let left = format!("No. {}", entry.number);
    let right = match entry.facts.as_ref() {
        Some(Facts {
            rating: Some(r),
            scale,
            ..
        }) => format!(
            "{} {:.1} · {} · {}",
            scale.label(),
            r.score,
            r.level,
            r.hardest_name()
        ),
        _ => "not rated: more than one solution".to_string(),
    };
    (left, right)
}

/// How a caption shows a puzzle's difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RatingStyle {
    /// The score and the level: `SE 4.2 · hard` (the default).
    #[default]
    Number,
    /// One to five stars, one per level: easy ★, medium ★★, hard ★★★,
    /// expert ★★★★, extreme ★★★★★ (drawn, out of five).
    Stars,
    /// Nothing about the difficulty.
    None,
}

impl std::str::FromStr for RatingStyle {
    type Err = String;

    fn from_str(s: &str) -> Result<RatingStyle, String> {
        match s.to_ascii_lowercase().as_str() {
            "number" => Ok(RatingStyle::Number),
            "stars" => Ok(RatingStyle::Stars),
            "none" => Ok(RatingStyle::None),
            _ => Err(format!(
                "--show-rating must be number, stars or none, not '{s}'"
            )),
        }
    }
}

/// The stars out of five of a level: one for easy to five for extreme.
pub fn stars(level: Level) -> u8 {
    match level {
        Level::Easy => 1,
        Level::Medium => 2,
        Level::Hard => 3,
        Level::Expert => 4,
        _ => 5,
    }
}

/// The parts of a caption's right side, before it is fitted to its space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptionParts {
    /// Stars out of five to draw, with [`RatingStyle::Stars`].
    pub stars: Option<u8>,
    /// The text: `SE 4.2 · hard · XY-Wing`, or less, per the options.
    pub text: String,
    /// The text with the technique's parenthesised tail dropped
    /// (`Dynamic Forcing Chains (+ Forcing Chains)` → `Dynamic Forcing
    /// Chains`), when it has one.
    pub shorter: Option<String>,
    /// The text without the technique, when it has one.
    pub without_technique: Option<String>,
}

/// The right side of `entry`'s caption as `rating` and `technique` ask: the
/// difficulty as [`caption`] gives it, as stars, or not at all, then the
/// hardest technique unless `technique` is false. A puzzle with several
/// solutions always says so.
pub fn caption_parts(entry: &Entry, rating: RatingStyle, technique: bool) -> CaptionParts {
    let Some(Facts {
        rating: Some(r),
        scale,
        ..
    }) = entry.facts.as_ref()
    else {
        return CaptionParts {
            stars: None,
            text: "not rated: more than one solution".to_string(),
            shorter: None,
            without_technique: None,
        };
    };
    let difficulty = match rating {
        RatingStyle::Number => Some(format!("{} {:.1} · {}", scale.label(), r.score, r.level)),
        RatingStyle::Stars | RatingStyle::None => None,
    };
    let join = |name: Option<&str>| -> String {
        match (&difficulty, name) {
            (Some(d), Some(n)) => format!("{d} · {n}"),
            (Some(d), None) => d.clone(),
            (None, Some(n)) => n.to_string(),
            (None, None) => String::new(),
        }
    };
    let name = r.hardest_name();
    let (text, shorter, without_technique) = if technique {
        let short = name
            .find(" (")
            .filter(|&at| at > 0 && name.ends_with(')'))
            .map(|at| join(Some(&name[..at])));
        (join(Some(name)), short, Some(join(None)))
    } else {
        (join(None), None, None)
    };
    CaptionParts {
        stars: (rating == RatingStyle::Stars).then(|| stars(r.level)),
        text,
        shorter,
        without_technique,
    }
}

/// Sorts `entries` into sections by level, easiest first, and by score
/// within a level (the book's order kept among equals), puzzles with several
/// solutions last, and numbers them again from 1 in that order.
pub fn sort_into_sections(entries: &mut [Entry]) {
    let key = |e: &Entry| match e.facts.as_ref().and_then(|f| f.rating) {
        Some(r) => (stars(r.level), r.score),
        None => (u8::MAX, 0.0),
    };
    entries.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    for (i, entry) in entries.iter_mut().enumerate() {
        entry.number = i + 1;
    }
}

/// A puzzle of the book that has no solution: `index` into the entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSolution {
    /// Its position among the entries, from 0.
    pub index: usize,
}

/// Entries per chunk handed to a worker: rating takes from microseconds to
/// tens of milliseconds per puzzle, so small chunks keep both cores busy.
const CHUNK: usize = 32;

/// Solves and rates every entry whose [`Facts`] are not known yet, on
/// `threads` threads (0 or 1: the calling thread), on Sudoku Explainer's
/// scale as `sudoku rate` rates: [`fill_with`] on [`Scale::Se`].
///
/// # Errors
/// The first entry without a solution: a book must not print one.
pub fn fill(entries: &mut Vec<Entry>, threads: usize) -> Result<(), NoSolution> {
    fill_with(entries, threads, Scale::Se)
}

/// [`fill`] on the given scale.
///
/// # Errors
/// The first entry without a solution: a book must not print one.
pub fn fill_with(entries: &mut Vec<Entry>, threads: usize, scale: Scale) -> Result<(), NoSolution> {
    let taken = std::mem::take(entries);
    let work = |chunk: Vec<Entry>, start: usize| {
        let solver = BitmaskSolver::new();
        let mut done = Vec::with_capacity(chunk.len());
        for (i, mut entry) in chunk.into_iter().enumerate() {
            if entry.facts.is_none() {
                let search = solver.search(&entry.puzzle, 2);
                let Some(solution) = search.solution else {
                    return Err(NoSolution { index: start + i });
                };
                let rating = if search.count == 1 {
                    rate::rate_with(&entry.puzzle, scale)
                } else {
                    None
                };
                entry.facts = Some(Facts {
                    solution,
                    rating,
                    scale,
                });
            }
            done.push(entry);
        }
        Ok(done)
    };
    map_ordered(taken.into_iter(), threads, CHUNK, work, |chunk| {
        entries.extend(chunk?);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn fill_solves_and_rates_in_order_and_refuses_unsolvable_puzzles() {
        let puzzle: Grid = EASY.parse().unwrap();
        let mut entries: Vec<Entry> = (1..=70)
            .map(|number| Entry {
                number,
                puzzle: if number == 5 { Grid::EMPTY } else { puzzle },
                facts: None,
            })
            .collect();
        fill(&mut entries, 2).unwrap();
        assert_eq!(entries.len(), 70);
        for (i, e) in entries.iter().enumerate() {
            assert_eq!(e.number, i + 1);
            let facts = e.facts.unwrap();
            assert!(facts.solution.solves(&e.puzzle));
            assert_eq!(facts.rating.is_none(), e.number == 5);
        }
        let (_, right) = caption(&entries[0]);
        assert!(right.starts_with("SE 1."), "{right}");
        assert_eq!(caption(&entries[4]).1, "not rated: more than one solution");
        let parts = caption_parts(&entries[0], RatingStyle::Number, true);
        assert_eq!(parts.text, right);
        let parts = caption_parts(&entries[0], RatingStyle::Stars, false);
        assert_eq!((parts.stars, parts.text.as_str()), (Some(1), ""));
        let parts = caption_parts(&entries[0], RatingStyle::None, true);
        let name = entries[0].facts.unwrap().rating.unwrap().hardest_name();
        assert_eq!(parts.text, name);
        assert_eq!(parts.without_technique.as_deref(), Some(""));

        let mut cells = *puzzle.cells();
        cells[2] = 5; // a second 5 in the first row
        let mut broken = vec![Entry {
            number: 1,
            puzzle: Grid::from_cells(cells).unwrap(),
            facts: None,
        }];
        assert_eq!(fill(&mut broken, 1), Err(NoSolution { index: 0 }));
    }
}
