//! Random completed grids, the starting point of every puzzle.
//!
//! The three boxes on the main diagonal share no row, column or box, so each
//! can hold any of the 9! orders independently. Filling them at random and
//! completing the grid with the solver gives a valid random grid in a few
//! microseconds. The solver's completion is deterministic, so the result is
//! then passed through validity-preserving transformations drawn at random:
//! a relabelling of the digits, a permutation of the bands and of the rows
//! inside each band, the same for stacks and columns, and a transposition.
//! Together they reach every grid equivalent to the completed one, which
//! spreads the output over many more grids than the completion alone could.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Grid, CELLS};
use crate::solver::BitmaskSolver;

/// A random completed grid, drawn from `rng`.
pub(crate) fn random_solution<R: Rng + ?Sized>(rng: &mut R, solver: &BitmaskSolver) -> Grid {
    loop {
        let mut cells = [0u8; CELLS];
        for band in 0..3 {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            digits.shuffle(rng);
            for (i, &digit) in digits.iter().enumerate() {
                cells[(band * 3 + i / 3) * 9 + band * 3 + i % 3] = digit;
            }
        }
        // Every filling of the diagonal boxes is known to complete; the loop
        // only guards against trusting that.
        if let Some(grid) = solver
            .search_basic(&Grid::from_cells_unchecked(cells), 1)
            .solution
        {
            return transform(&grid, rng);
        }
    }
}

/// A random permutation of `0..9` that keeps the three groups of three
/// (bands or stacks) together.
fn line_order<R: Rng + ?Sized>(rng: &mut R) -> [usize; 9] {
    let mut groups = [0, 1, 2];
    groups.shuffle(rng);
    let mut order = [0; 9];
    for (g, &group) in groups.iter().enumerate() {
        let mut inner = [0, 1, 2];
        inner.shuffle(rng);
        for (i, &line) in inner.iter().enumerate() {
            order[g * 3 + i] = group * 3 + line;
        }
    }
    order
}

/// Applies a random validity-preserving transformation (see the module docs).
fn transform<R: Rng + ?Sized>(grid: &Grid, rng: &mut R) -> Grid {
    let rows = line_order(rng);
    let cols = line_order(rng);
    let mut labels = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    labels[1..].shuffle(rng);
    let transpose = rng.random::<bool>();
    let source = grid.cells();
    let mut cells = [0u8; CELLS];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            cells[r * 9 + c] = labels[source[sr * 9 + sc] as usize];
        }
    }
    Grid::from_cells_unchecked(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn random_solutions_are_solved_and_varied() {
        let solver = BitmaskSolver::new();
        let mut rng = StdRng::seed_from_u64(3);
        let grids: Vec<Grid> = (0..200)
            .map(|_| random_solution(&mut rng, &solver))
            .collect();
        assert!(grids.iter().all(Grid::is_solved));
        let distinct: std::collections::HashSet<_> = grids.iter().collect();
        assert_eq!(distinct.len(), grids.len());
    }
}
