//! Clue-pattern symmetries: which cells must be given or blank together.

use std::fmt;
use std::str::FromStr;

use crate::grid::{Grid, CELLS};

/// A symmetry of the clue pattern: a cell is given exactly when its image is.
///
/// Only the pattern is symmetric, not the digits, as in published puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint.
    None,
    /// Invariant under a half turn about the centre.
    Rot180,
    /// Invariant under a quarter turn (and so also under a half turn).
    Rot90,
    /// Invariant under reflection in the middle column (left–right mirror).
    Mirror,
    /// Invariant under reflection in the main diagonal (transposition).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The cell that `cell` (row-major `0..81`) maps to under the generating
    /// transformation of this symmetry.
    ///
    /// # Panics
    /// When `cell` is 81 or more; [`Symmetry::try_image`] returns `None` instead.
    #[must_use]
    pub fn image(self, cell: usize) -> usize {
        assert!(cell < CELLS, "there is no cell {cell} (cells are 0-80)");
        let (r, c) = (cell / 9, cell % 9);
        match self {
            Symmetry::None => cell,
            Symmetry::Rot180 => CELLS - 1 - cell,
            Symmetry::Rot90 => c * 9 + (8 - r),
            Symmetry::Mirror => r * 9 + (8 - c),
            Symmetry::Diagonal => c * 9 + r,
        }
    }

    /// The image of `cell` (see [`Symmetry::image`]), or `None` when there is
    /// no such cell.
    ///
    /// ```
    /// use sudoku_core::puzzle::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rot180.try_image(0), Some(80));
    /// assert_eq!(Symmetry::Rot180.try_image(81), None);
    /// ```
    #[must_use]
    pub fn try_image(self, cell: usize) -> Option<usize> {
        (cell < CELLS).then(|| self.image(cell))
    }

    /// The orbits: sets of cells that the symmetry maps onto each other, so
    /// that a symmetric puzzle gives or blanks each orbit as a whole. Every cell
    /// is in exactly one orbit; orbits are listed by their smallest cell.
    #[must_use]
    pub fn orbits(self) -> Vec<Orbit> {
        let mut seen = [false; CELLS];
        let mut orbits = Vec::with_capacity(CELLS);
        for start in 0..CELLS {
            if seen[start] {
                continue;
            }
            let mut orbit = Orbit {
                cells: [0; 4],
                len: 0,
            };
            let mut cell = start;
            // The generating transformations have order 1, 2 or 4.
            while !seen[cell] {
                seen[cell] = true;
                orbit.cells[orbit.len as usize] = cell as u8;
                orbit.len += 1;
                cell = self.image(cell);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// True when the clue pattern of `puzzle` has this symmetry.
    #[must_use]
    pub fn holds_for(self, puzzle: &Grid) -> bool {
        let cells = puzzle.cells();
        (0..CELLS).all(|cell| (cells[cell] == 0) == (cells[self.image(cell)] == 0))
    }

    /// The name used on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The blank counts a puzzle with this symmetry can have: a sum of orbit sizes.
    pub(crate) fn reachable_blanks(self) -> [bool; CELLS + 1] {
        let mut reachable = [false; CELLS + 1];
        reachable[0] = true;
        for orbit in self.orbits() {
            for total in (0..=CELLS - orbit.len()).rev() {
                if reachable[total] {
                    reachable[total + orbit.len()] = true;
                }
            }
        }
        reachable
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is not a symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry '{0}' (expected none, rot180, rot90, mirror, diagonal or random)")]
pub struct SymmetryError(pub String);

impl FromStr for Symmetry {
    type Err = SymmetryError;

    /// Parses a name as [`Symmetry::name`] gives it, ignoring ASCII case
    /// (as levels, scales and techniques are parsed).
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| SymmetryError(name.to_string()))
    }
}

/// The symmetry asked of a generator: one fixed symmetry, or a random one per puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymmetryChoice {
    /// Every puzzle has this symmetry.
    Fixed(Symmetry),
    /// Each puzzle draws one of rot180, rot90, mirror and diagonal.
    Random,
}

impl Default for SymmetryChoice {
    fn default() -> Self {
        SymmetryChoice::Fixed(Symmetry::None)
    }
}

impl From<Symmetry> for SymmetryChoice {
    fn from(symmetry: Symmetry) -> Self {
        SymmetryChoice::Fixed(symmetry)
    }
}

impl fmt::Display for SymmetryChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymmetryChoice::Fixed(s) => s.fmt(f),
            SymmetryChoice::Random => f.pad("random"),
        }
    }
}

impl FromStr for SymmetryChoice {
    type Err = SymmetryError;
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        if name.eq_ignore_ascii_case("random") {
            Ok(SymmetryChoice::Random)
        } else {
            name.parse().map(SymmetryChoice::Fixed)
        }
    }
}

/// One orbit of a [`Symmetry`]: 1, 2 or 4 cells that are given or blank together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Orbit {
    cells: [u8; 4],
    len: u8,
}

impl Orbit {
    /// The cells, as row-major indices.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..self.len as usize].iter().map(|&c| c as usize)
    }

    /// The number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: an orbit holds at least one cell.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first cell; every cell of the orbit is given or blank alike.
    #[must_use]
    pub fn first(&self) -> usize {
        self.cells[0] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in Symmetry::ALL {
            let mut count = [0; CELLS];
            for orbit in symmetry.orbits() {
                for cell in orbit.cells() {
                    count[cell] += 1;
                }
            }
            assert!(count.iter().all(|&n| n == 1), "{symmetry}");
        }
    }

    #[test]
    fn orbit_sizes_match_the_transformations() {
        let sizes = |s: Symmetry| {
            let mut sizes = [0; 5];
            for orbit in s.orbits() {
                sizes[orbit.len()] += 1;
            }
            sizes
        };
        assert_eq!(sizes(Symmetry::None), [0, 81, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot180), [0, 1, 40, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot90), [0, 1, 0, 0, 20]);
        assert_eq!(sizes(Symmetry::Mirror), [0, 9, 36, 0, 0]);
        assert_eq!(sizes(Symmetry::Diagonal), [0, 9, 36, 0, 0]);
    }

    #[test]
    fn rot90_cannot_blank_two_or_three_cells() {
        let reachable = Symmetry::Rot90.reachable_blanks();
        assert!(reachable[0] && reachable[1] && reachable[4] && reachable[5]);
        assert!(!reachable[2] && !reachable[3] && !reachable[6]);
        assert!(Symmetry::Rot180.reachable_blanks().iter().all(|&r| r));
    }

    #[test]
    fn names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert_eq!("random".parse(), Ok(SymmetryChoice::Random));
        assert!("spiral".parse::<SymmetryChoice>().is_err());
    }
}
