//! The solver on arbitrary 81-cell puzzles: a found solution solves the
//! puzzle, counts never exceed the limit, and conflicting givens have none.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{BitmaskSolver, Grid, Solver};

fuzz_target!(|data: &[u8]| {
    if data.len() < 82 {
        return;
    }
    let limit = usize::from(data[0] % 3) + 1;
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(&data[1..82]) {
        *cell = byte % 10;
    }
    let puzzle = Grid::from_cells(cells).expect("cells are 0-9");
    let solver = BitmaskSolver::new();
    let search = solver.search(&puzzle, limit);
    assert!(search.count <= limit);
    assert_eq!(search.solution.is_some(), search.count > 0);
    if let Some(solution) = search.solution {
        assert!(solution.solves(&puzzle), "{puzzle:?} -> {solution:?}");
    }
    if puzzle.first_conflict().is_some() {
        assert_eq!(search.count, 0);
    }
    // Asking for fewer solutions finds the same prefix of the count.
    assert_eq!(solver.search(&puzzle, 1).count, search.count.min(1));
});
