//! Techniques by name, sets of them, and whether a solving path teaches one.
//!
//! A puzzle *teaches* a technique when the hardest step of the rater's path,
//! the one its rating names ([`hardest_step`](super::hardest_step): the
//! first of the highest difficulty), is that technique: the solver always
//! tries the simpler techniques first, so the named one was needed where it
//! appears, and a puzzle whose hardest step it is can be handed out as an
//! exercise in it, captioned with it wherever its rating is shown.
//!
//! ```
//! use sudoku_core::rate::{Technique, TechniqueSet};
//!
//! assert_eq!("x-wing".parse::<Technique>(), Ok(Technique::XWing));
//! assert_eq!("XY Wing".parse::<Technique>(), Ok(Technique::XyWing));
//! let set: TechniqueSet = [Technique::XWing, Technique::Swordfish].into_iter().collect();
//! assert!(set.contains(Technique::Swordfish));
//! assert_eq!(set.to_string(), "X-Wing or Swordfish");
//! ```

use std::fmt;

use super::{Step, Technique};

impl Technique {
    /// The name as typed on a command line: lowercase, words joined by `-`,
    /// no parentheses, which a shell would take (`x-wing`, `2-string-kite`,
    /// `bug+1`, `dynamic-forcing-chains-+`). [`FromStr`](std::str::FromStr) accepts it, the
    /// human [`name`](Technique::name), and any mix of case, spaces, `-` and `_`.
    pub fn slug(self) -> String {
        self.name()
            .to_ascii_lowercase()
            .replace(['(', ')'], "")
            .replace(' ', "-")
    }
}

/// A set of techniques, as a bit per [`Technique::ALL`] position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TechniqueSet(u64);

impl TechniqueSet {
    /// The empty set.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    /// Adds `technique`.
    pub fn insert(&mut self, technique: Technique) {
        self.0 |= 1 << technique as u64;
    }

    /// Whether `technique` is in the set.
    pub fn contains(self, technique: Technique) -> bool {
        self.0 & (1 << technique as u64) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The techniques in the set, in the solver's order (easiest first).
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .iter()
            .copied()
            .filter(move |&t| self.contains(t))
    }

    /// The easiest technique in the set.
    pub fn easiest(self) -> Option<Technique> {
        self.iter().next()
    }

    /// The hardest technique in the set.
    pub fn hardest(self) -> Option<Technique> {
        self.iter().last()
    }

    /// True when the hardest step of `path` (see
    /// [`hardest_step`](super::hardest_step)) is a technique of the set: one
    /// of them appears on the path and nothing of a higher difficulty does.
    pub fn is_taught_by(self, path: &[Step]) -> bool {
        super::hardest_step(path).is_some_and(|hardest| self.contains(hardest.technique))
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> Self {
        let mut set = TechniqueSet::EMPTY;
        for technique in iter {
            set.insert(technique);
        }
        set
    }
}

/// The names joined with "or": `X-Wing or Swordfish`.
impl fmt::Display for TechniqueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, technique) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" or ")?;
            }
            f.write_str(technique.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_slug_parses_back() {
        for &technique in Technique::ALL {
            assert_eq!(technique.name().parse::<Technique>(), Ok(technique));
            assert_eq!(technique.slug().parse::<Technique>(), Ok(technique));
            assert_eq!(
                technique.slug().to_uppercase().parse::<Technique>(),
                Ok(technique)
            );
        }
        assert!("x-wings".parse::<Technique>().is_err());
        assert!("".parse::<Technique>().is_err());
    }

    #[test]
    fn taught_means_hardest_on_the_path() {
        let step = |technique| Step::new(technique);
        let path = [
            step(Technique::HiddenSingle),
            step(Technique::XWing),
            step(Technique::NakedSingle),
        ];
        let set = |ts: &[Technique]| ts.iter().copied().collect::<TechniqueSet>();
        assert!(set(&[Technique::XWing]).is_taught_by(&path));
        assert!(set(&[Technique::XWing, Technique::XyWing]).is_taught_by(&path));
        assert!(!set(&[Technique::HiddenSingle]).is_taught_by(&path));
        assert!(!set(&[Technique::Swordfish]).is_taught_by(&path));
        assert!(!set(&[Technique::XWing]).is_taught_by(&[]));
        // Of two steps of one difficulty, the first is the hardest, as
        // the rating names it.
        let tie = [step(Technique::HiddenTriple), step(Technique::Skyscraper)];
        assert!(set(&[Technique::HiddenTriple]).is_taught_by(&tie));
        assert!(!set(&[Technique::Skyscraper]).is_taught_by(&tie));
    }
}
