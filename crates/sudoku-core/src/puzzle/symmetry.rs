//! Clue-pattern symmetries: which cells must be given or blank together.

use std::fmt;
use std::str::FromStr;

use crate::grid::{Grid, CELLS};

/// A symmetry of the clue pattern: a cell is given exactly when its images
/// are.
///
/// Only the pattern is symmetric, not the digits, as in published puzzles.
/// The list covers the symmetries in common use: the five that one
/// transformation generates (none, the half and quarter turns, a mirror,
/// a diagonal), the other mirror and the other diagonal, and the three
/// that two generate (both mirrors, both diagonals, all eight).
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
    /// Invariant under reflection in the middle row (top–bottom mirror).
    MirrorTopBottom,
    /// Invariant under reflection in the anti-diagonal (top right to
    /// bottom left).
    AntiDiagonal,
    /// Invariant under both mirrors (and so under a half turn).
    BothMirrors,
    /// Invariant under both diagonal reflections (and so under a half turn).
    BothDiagonals,
    /// Invariant under every rotation and reflection of the square: both
    /// mirrors, both diagonals and the quarter turns.
    Dihedral,
}

/// One transformation of the square, on (row, column).
type Map = fn(usize, usize) -> (usize, usize);

const IDENTITY: Map = |r, c| (r, c);
const HALF_TURN: Map = |r, c| (8 - r, 8 - c);
const QUARTER_TURN: Map = |r, c| (c, 8 - r);
const LEFT_RIGHT: Map = |r, c| (r, 8 - c);
const TOP_BOTTOM: Map = |r, c| (8 - r, c);
const MAIN_DIAGONAL: Map = |r, c| (c, r);
const ANTI_DIAGONAL: Map = |r, c| (8 - c, 8 - r);

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: &'static [Symmetry] = &[
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::MirrorTopBottom,
        Symmetry::AntiDiagonal,
        Symmetry::BothMirrors,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
    ];

    /// The transformations that generate this symmetry's group: a cell is
    /// given exactly when its images under each of them are.
    fn generators(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[IDENTITY],
            Symmetry::Rot180 => &[HALF_TURN],
            Symmetry::Rot90 => &[QUARTER_TURN],
            Symmetry::Mirror => &[LEFT_RIGHT],
            Symmetry::Diagonal => &[MAIN_DIAGONAL],
            Symmetry::MirrorTopBottom => &[TOP_BOTTOM],
            Symmetry::AntiDiagonal => &[ANTI_DIAGONAL],
            Symmetry::BothMirrors => &[LEFT_RIGHT, TOP_BOTTOM],
            Symmetry::BothDiagonals => &[MAIN_DIAGONAL, ANTI_DIAGONAL],
            Symmetry::Dihedral => &[QUARTER_TURN, LEFT_RIGHT],
        }
    }

    /// The cell that `cell` (row-major `0..81`) maps to under the first
    /// transformation generating this symmetry: the only one for the
    /// symmetries one transformation makes, the left–right mirror for
    /// [`Symmetry::BothMirrors`], the main diagonal for
    /// [`Symmetry::BothDiagonals`] and the quarter turn for
    /// [`Symmetry::Dihedral`]. [`Symmetry::orbits`] has every image.
    ///
    /// # Panics
    /// When `cell` is 81 or more; [`Symmetry::try_image`] returns `None` instead.
    #[must_use]
    pub fn image(self, cell: usize) -> usize {
        assert!(cell < CELLS, "there is no cell {cell} (cells are 0-80)");
        let (r, c) = self.generators()[0](cell / 9, cell % 9);
        r * 9 + c
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
    /// is in exactly one orbit; orbits are listed by their smallest cell,
    /// and each lists its cells in the order the generators reach them from it.
    #[must_use]
    pub fn orbits(self) -> Vec<Orbit> {
        let mut seen = [false; CELLS];
        let mut orbits = Vec::with_capacity(CELLS);
        for start in 0..CELLS {
            if seen[start] {
                continue;
            }
            let mut orbit = Orbit {
                cells: [0; MAX_ORBIT],
                len: 0,
            };
            seen[start] = true;
            orbit.cells[0] = start as u8;
            orbit.len = 1;
            // The closure under the generators, breadth first: the group
            // has at most 8 elements, so an orbit at most 8 cells.
            let mut next = 0;
            while next < orbit.len() {
                let cell = orbit.cells[next] as usize;
                next += 1;
                for map in self.generators() {
                    let (r, c) = map(cell / 9, cell % 9);
                    let image = r * 9 + c;
                    if !seen[image] {
                        seen[image] = true;
                        orbit.cells[orbit.len()] = image as u8;
                        orbit.len += 1;
                    }
                }
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// True when the clue pattern of `puzzle` has this symmetry.
    #[must_use]
    pub fn holds_for(self, puzzle: &Grid) -> bool {
        let cells = puzzle.cells();
        self.generators().iter().all(|map| {
            (0..CELLS).all(|cell| {
                let (r, c) = map(cell / 9, cell % 9);
                (cells[cell] == 0) == (cells[r * 9 + c] == 0)
            })
        })
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
            Symmetry::MirrorTopBottom => "mirror-top-bottom",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Dihedral => "dihedral",
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
#[error(
    "unknown symmetry '{0}' (expected none, rot180, rot90, mirror, diagonal, mirror-top-bottom, \
     anti-diagonal, both-mirrors, both-diagonals, dihedral or random)"
)]
pub struct SymmetryError(pub String);

impl FromStr for Symmetry {
    type Err = SymmetryError;

    /// Parses a name as [`Symmetry::name`] gives it, ignoring ASCII case
    /// (as levels, scales and techniques are parsed).
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .iter()
            .copied()
            .find(|s| s.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| SymmetryError(name.to_string()))
    }
}

/// The symmetry asked of a generator: one fixed symmetry, or a random one per puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// The most cells an orbit has: the dihedral group's eight.
const MAX_ORBIT: usize = 8;

/// One orbit of a [`Symmetry`]: 1, 2, 4 or 8 cells that are given or blank
/// together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Orbit {
    cells: [u8; MAX_ORBIT],
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
        for &symmetry in Symmetry::ALL {
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
            let mut sizes = [0; 9];
            for orbit in s.orbits() {
                sizes[orbit.len()] += 1;
            }
            sizes
        };
        assert_eq!(sizes(Symmetry::None), [0, 81, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot180), [0, 1, 40, 0, 0, 0, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot90), [0, 1, 0, 0, 20, 0, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Mirror), [0, 9, 36, 0, 0, 0, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Diagonal), [0, 9, 36, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            sizes(Symmetry::MirrorTopBottom),
            [0, 9, 36, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(sizes(Symmetry::AntiDiagonal), [0, 9, 36, 0, 0, 0, 0, 0, 0]);
        // The centre; the middle row and column less it, in pairs; the rest
        // in fours.
        assert_eq!(sizes(Symmetry::BothMirrors), [0, 1, 8, 0, 16, 0, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::BothDiagonals), [0, 1, 8, 0, 16, 0, 0, 0, 0]);
        // The centre; fours on the two diagonals and the middle lines; the
        // other 48 cells in eights.
        assert_eq!(sizes(Symmetry::Dihedral), [0, 1, 0, 0, 8, 0, 0, 0, 6]);
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
        for &symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert_eq!("random".parse(), Ok(SymmetryChoice::Random));
        assert!("spiral".parse::<SymmetryChoice>().is_err());
    }
}
