//! Removing clues from a completed grid while the puzzle stays unique.
//!
//! # Why a removal test needs no solution count
//! The current puzzle `P` always has exactly one solution, `S`, which we know.
//! Removing an orbit `O` gives `P \ O`, whose solutions are `S` and any grid
//! that differs from `S` somewhere in `O` (a solution agreeing with `S` on `O`
//! solves `P`, so it *is* `S`). Taking the cells `c1, c2, …` of `O` in turn,
//! such a grid differs at some first cell `cj`: it solves `P \ O` with
//! `c1..c(j-1)` set as in `S` and `cj` holding anything but its digit in `S`.
//! So the removal keeps the puzzle unique exactly when, for every `j`, that
//! puzzle has no solution. Each of those is one search with one candidate
//! ruled out (`BitmaskSolver::solve_excluding`), usually refuted by
//! propagation alone, and when one succeeds its solution is a *witness*: a
//! second solution that proves the removal would break uniqueness. (Trying
//! each other digit of `cj` as a given instead takes one search per digit:
//! 13-15% more instructions per puzzle.)
//!
//! Two shortcuts skip the solver altogether: when the givens already force
//! `cj` to its digit as a naked single (its row, column and box show every
//! other digit) or a hidden single (one of its units has no other place for
//! the digit), no other digit can go there.
//!
//! # Refusals without a search: swappable sets
//! Take two rows of one band. Following where each digit of the first row sits
//! in the second splits the columns into cycles; on the columns `C` of one
//! cycle both rows hold the same digits. Exchanging the two rows' digits on
//! `C` gives another valid grid: each row keeps its set of digits, each column
//! of `C` swaps two of its cells, and each box keeps its digits because both
//! rows cross it. (The same holds for two columns of one stack.) So any puzzle
//! that blanks all `2·|C|` cells has a second solution, ready made. Before
//! searching, a removal is refused when it would blank such a set, with the
//! exchanged grid as its witness. This catches a share of the refusals, which
//! are the costliest tests (a refusal's search must reach a full solution).
//!
//! # Refusals without a search: digit-exchange sets
//! When a search would be needed for a blank cell `c` holding `a`, each other
//! digit `b` that the givens still allow there is tried first: starting from
//! `c`, take in every cell's row, column and box the cell holding the other of
//! the two digits, until the set is closed. Exchanging `a` and `b` on a closed
//! set gives another valid grid (every unit it touches keeps both digits), so
//! when the set meets no given, that grid is the witness. The closure stops at
//! the first given, so failures are cheap; computed on demand like this the
//! sets spare about 8 % of the searches (computing them all per grid did not
//! pay). They are looked for only late in a dig ([`EXCHANGE_MIN_BLANKS`]).
//!
//! # Why one pass gives a minimal puzzle
//! An orbit whose removal was refused at some step has a witness: a second
//! solution of the puzzle of that step without the orbit. Later steps only
//! remove givens, which keeps every old solution, so the witness still solves
//! the final puzzle without that orbit. Every orbit still given at the end has
//! been refused once, so none can be removed: the puzzle is minimal. The
//! witnesses are kept, and the final check confirms each one (see `verify`).

use crate::grid::{Grid, CELLS};
use crate::solver::BitmaskSolver;

use super::symmetry::Orbit;

/// All nine digits, as bits `1..=9`.
const ALL_DIGITS: u16 = 0x3FE;

/// The row, column and box of every cell.
const UNITS: [[u8; 3]; CELLS] = {
    let mut units = [[0; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        units[cell] = [r as u8, c as u8, (r / 3 * 3 + c / 3) as u8];
        cell += 1;
    }
    units
};

/// A puzzle under construction, with the digits given in every unit as bit sets.
#[derive(Clone, Copy)]
pub(crate) struct Givens {
    cells: [u8; CELLS],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    blanks: usize,
    /// The given cells, bit `cell`.
    given: u128,
    /// `places[d][b]`: the cells of band `b` given as digit `d + 1`, for
    /// [`BitmaskSolver::solve_excluding_placed`].
    places: [[u32; 3]; 9],
}

impl Givens {
    /// Every cell of `grid` given.
    pub(crate) fn full(grid: &Grid) -> Givens {
        let mut givens = Givens {
            cells: [0; CELLS],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            blanks: CELLS,
            given: 0,
            places: [[0; 3]; 9],
        };
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                givens.put(cell, digit);
            }
        }
        givens
    }

    pub(crate) fn blanks(&self) -> usize {
        self.blanks
    }

    pub(crate) fn grid(&self) -> Grid {
        Grid::from_cells_unchecked(self.cells)
    }

    fn put(&mut self, cell: usize, digit: u8) {
        let [r, c, b] = UNITS[cell];
        let bit = 1 << digit;
        self.rows[r as usize] |= bit;
        self.cols[c as usize] |= bit;
        self.boxes[b as usize] |= bit;
        self.cells[cell] = digit;
        self.blanks -= 1;
        self.given |= 1 << cell;
        self.places[digit as usize - 1][cell / 27] |= 1 << (cell % 27);
    }

    pub(crate) fn clear(&mut self, cell: usize) {
        let digit = self.cells[cell];
        let [r, c, b] = UNITS[cell];
        let bit = !(1u16 << digit);
        self.rows[r as usize] &= bit;
        self.cols[c as usize] &= bit;
        self.boxes[b as usize] &= bit;
        self.cells[cell] = 0;
        self.blanks += 1;
        self.given &= !(1 << cell);
        self.places[digit as usize - 1][cell / 27] &= !(1 << (cell % 27));
    }

    /// The digits given in the row, column and box of `cell`.
    fn seen(&self, cell: usize) -> u16 {
        let [r, c, b] = UNITS[cell];
        self.rows[r as usize] | self.cols[c as usize] | self.boxes[b as usize]
    }

    /// True when the givens leave `digit` no other place than the blank
    /// `cell` in one of its units (a hidden single).
    fn hidden_single(&self, cell: usize, digit: u8) -> bool {
        BitmaskSolver::hidden_single(&self.places, self.given, cell, digit)
    }
}

/// A second solution that proves an orbit cannot be removed (see the module docs).
#[derive(Clone, Copy)]
pub(crate) struct Witness {
    pub(crate) orbit: Orbit,
    pub(crate) grid: Grid,
}

/// Digit-exchange sets are looked for only from this many blanks on: with
/// more givens they nearly always meet one, and the search is cheap anyway.
const EXCHANGE_MIN_BLANKS: usize = 50;

/// A solution of `givens` (whose orbit `orbit` is blank) other than
/// `solution`, or `None` when `solution` is the only one.
///
/// The tests put the orbit's cells back one by one (see the module docs),
/// in place rather than on a copy: `givens` is left as it came, with the
/// orbit blank.
fn other_solution(
    givens: &mut Givens,
    orbit: &Orbit,
    solution: &Grid,
    solver: &BitmaskSolver,
    places: &DigitPlaces,
) -> Option<Grid> {
    let mut found = None;
    let mut put_back = 0;
    for cell in orbit.cells() {
        let digit = solution.cells()[cell];
        let others = !givens.seen(cell) & ALL_DIGITS & !(1 << digit);
        if others != 0 && !givens.hidden_single(cell, digit) {
            if givens.blanks() >= EXCHANGE_MIN_BLANKS {
                found = places.exchange(solution, cell, others, givens.given);
            }
            if found.is_none() {
                found = solver.solve_excluding_placed(&givens.places, cell, digit);
            }
            if found.is_some() {
                break;
            }
        }
        if put_back + 1 == orbit.len() {
            break;
        }
        givens.put(cell, digit);
        put_back += 1;
    }
    for cell in orbit.cells().take(put_back) {
        givens.clear(cell);
    }
    found
}

/// Where each digit sits in every row, column and box of a solution, for
/// finding digit-exchange sets on demand (see the module docs).
pub(crate) struct DigitPlaces {
    /// `cell[kind][unit][digit]`: the cell of `digit` in row (kind 0),
    /// column (1) or box (2) number `unit`.
    cell: [[[u8; 10]; 9]; 3],
}

impl DigitPlaces {
    pub(crate) fn new() -> DigitPlaces {
        DigitPlaces {
            cell: [[[0; 10]; 9]; 3],
        }
    }

    /// Records the places of `solution`'s digits.
    pub(crate) fn compute(&mut self, solution: &Grid) {
        for (cell, &digit) in solution.cells().iter().enumerate() {
            for (kind, &unit) in UNITS[cell].iter().enumerate() {
                self.cell[kind][unit as usize][digit as usize] = cell as u8;
            }
        }
    }

    /// A second solution of the puzzle whose given cells are `given`, made
    /// by exchanging `solution`'s digit at the blank `start` with one of
    /// `others` on a digit-exchange set: the smallest set of cells holding
    /// either digit that contains `start` and, with each cell, the cells of
    /// the other digit in its row, column and box. `None` when every such
    /// set meets a given.
    fn exchange(&self, solution: &Grid, start: usize, others: u16, given: u128) -> Option<Grid> {
        let cells = solution.cells();
        let a = cells[start];
        let mut digits = others;
        'digit: while digits != 0 {
            let b = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            // The cells of `set` not yet `done` are the ones to follow.
            let (mut set, mut done) = (1u128 << start, 0u128);
            loop {
                let todo = set & !done;
                if todo == 0 {
                    break;
                }
                let cell = todo.trailing_zeros() as usize;
                done |= 1 << cell;
                let partner = (a ^ b ^ cells[cell]) as usize;
                let [r, c, k] = UNITS[cell];
                let linked = (1u128 << self.cell[0][r as usize][partner])
                    | (1u128 << self.cell[1][c as usize][partner])
                    | (1u128 << self.cell[2][k as usize][partner]);
                if linked & given != 0 {
                    continue 'digit;
                }
                set |= linked;
            }
            let mut other = *cells;
            while set != 0 {
                let cell = set.trailing_zeros() as usize;
                set &= set - 1;
                other[cell] ^= a ^ b;
            }
            return Some(Grid::from_cells_unchecked(other));
        }
        None
    }
}

/// Cells of a solution whose digits can be exchanged between two rows (or
/// two columns) to give another solution (see the module docs).
#[derive(Clone, Copy)]
pub(crate) struct Swappable {
    /// The cells, bit `cell`.
    cells: u128,
    /// The two rows (or columns).
    lines: (u8, u8),
    /// True for two columns.
    columns: bool,
    /// The crossing columns (or rows), bit `index`.
    across: u16,
}

/// The cell where line `line` meets crossing line `i`: rows and columns, or
/// columns and rows when `columns`.
fn meet(columns: bool, line: usize, i: usize) -> usize {
    if columns {
        i * 9 + line
    } else {
        line * 9 + i
    }
}

impl Swappable {
    /// The other solution: `solution` with the set's digits exchanged.
    fn witness(&self, solution: &Grid) -> Grid {
        let mut cells = *solution.cells();
        let (a, b) = (self.lines.0 as usize, self.lines.1 as usize);
        for i in (0..9).filter(|i| self.across & (1 << i) != 0) {
            cells.swap(meet(self.columns, a, i), meet(self.columns, b, i));
        }
        Grid::from_cells_unchecked(cells)
    }
}

/// The largest cycle kept: larger sets are rarely all blank.
const MAX_SWAP_CYCLE: u32 = 4;

/// The most sets kept for one solution (a bit each in [`SwapSets::by_cell`]).
/// There are at most 72: 18 pairs of lines with at most four cycles each.
const MAX_SETS: usize = 128;

/// The swappable sets of one solution, indexed by cell.
pub(crate) struct SwapSets {
    sets: Vec<Swappable>,
    /// The digits' places, for digit-exchange sets.
    places: DigitPlaces,
    /// `by_cell[cell]`: the sets holding `cell`, bit `index`.
    by_cell: [u128; CELLS],
}

impl SwapSets {
    pub(crate) fn new() -> SwapSets {
        SwapSets {
            sets: Vec::with_capacity(MAX_SETS),
            places: DigitPlaces::new(),
            by_cell: [0; CELLS],
        }
    }

    /// Replaces the sets with those of `solution`: from cycles of at most
    /// [`MAX_SWAP_CYCLE`] lines, for every pair of rows in a band and of
    /// columns in a stack.
    pub(crate) fn compute(&mut self, solution: &Grid) {
        self.sets.clear();
        self.places.compute(solution);
        self.by_cell = [0; CELLS];
        let cells = solution.cells();
        for columns in [false, true] {
            for a in 0..9 {
                for b in (a + 1)..(a / 3 * 3 + 3) {
                    // position[digit]: where line `b` holds it.
                    let mut position = [0u8; 10];
                    for i in 0..9 {
                        position[cells[meet(columns, b, i)] as usize] = i as u8;
                    }
                    let mut seen = 0u16;
                    for start in 0..9 {
                        if seen & (1 << start) != 0 {
                            continue;
                        }
                        let (mut across, mut i, mut len) = (0u16, start, 0);
                        while across & (1 << i) == 0 {
                            across |= 1 << i;
                            len += 1;
                            i = position[cells[meet(columns, a, i)] as usize] as usize;
                        }
                        seen |= across;
                        if len <= MAX_SWAP_CYCLE {
                            self.push(Swappable {
                                cells: line_cells(columns, a, across)
                                    | line_cells(columns, b, across),
                                lines: (a as u8, b as u8),
                                columns,
                                across,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Adds `set` and indexes its cells.
    fn push(&mut self, set: Swappable) {
        let index = self.sets.len();
        if index == MAX_SETS {
            return;
        }
        let mut across = set.across;
        while across != 0 {
            let i = across.trailing_zeros() as usize;
            across &= across - 1;
            for line in [set.lines.0, set.lines.1] {
                self.by_cell[meet(set.columns, line as usize, i)] |= 1 << index;
            }
        }
        self.sets.push(set);
    }

    /// A set holding a cell of `orbit` and none of `given`: with the
    /// current puzzle unique, only such a set can be all blank after
    /// removing the orbit.
    fn blank_after_removing(&self, orbit: &Orbit, given: u128) -> Option<&Swappable> {
        let mut candidates = orbit
            .cells()
            .fold(0u128, |acc, cell| acc | self.by_cell[cell]);
        while candidates != 0 {
            let set = &self.sets[candidates.trailing_zeros() as usize];
            if set.cells & given == 0 {
                return Some(set);
            }
            candidates &= candidates - 1;
        }
        None
    }
}

/// `SPREAD[mask]`: the cells of column 0 in the rows of `mask`, bit `cell`.
const SPREAD: [u128; 512] = {
    let mut spread = [0u128; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut row = 0;
        while row < 9 {
            if mask & (1 << row) != 0 {
                spread[mask] |= 1 << (row * 9);
            }
            row += 1;
        }
        mask += 1;
    }
    spread
};

/// The cells where line `line` meets the crossing lines of `across` (bit
/// `index`): rows and columns, or columns and rows when `columns`.
fn line_cells(columns: bool, line: usize, across: u16) -> u128 {
    if columns {
        SPREAD[across as usize & 0x1FF] << line
    } else {
        u128::from(across) << (9 * line)
    }
}

/// What to aim for while removing clues.
#[derive(Clone, Copy)]
pub(crate) struct Target {
    /// Stop once this many cells are blank (ignored when `minimal`).
    pub(crate) stop_at: usize,
    /// Never blank more cells than this (ignored when `minimal`).
    pub(crate) max_blanks: usize,
    /// Keep the solution unique.
    pub(crate) unique: bool,
    /// Try every orbit, keeping witnesses for the refused ones.
    pub(crate) minimal: bool,
}

/// Removes the orbits of `solution` in the given order, as far as `target`
/// allows, and returns the puzzle; refused orbits' witnesses go to `witnesses`
/// when the target is minimal.
pub(crate) fn dig(
    solution: &Grid,
    orbits: &[Orbit],
    target: Target,
    solver: &BitmaskSolver,
    swappable: &SwapSets,
    witnesses: &mut Vec<Witness>,
) -> Grid {
    let mut givens = Givens::full(solution);
    for orbit in orbits {
        if !target.minimal {
            if givens.blanks() >= target.stop_at {
                break;
            }
            if givens.blanks() + orbit.len() > target.max_blanks {
                continue;
            }
        }
        for cell in orbit.cells() {
            givens.clear(cell);
        }
        if !target.unique {
            continue;
        }
        let ready_made = swappable
            .blank_after_removing(orbit, givens.given)
            .map(|set| set.witness(solution));
        match ready_made
            .or_else(|| other_solution(&mut givens, orbit, solution, solver, &swappable.places))
        {
            None => {}
            Some(grid) => {
                for cell in orbit.cells() {
                    givens.put(cell, solution.cells()[cell]);
                }
                if target.minimal {
                    witnesses.push(Witness {
                        orbit: *orbit,
                        grid,
                    });
                }
            }
        }
    }
    givens.grid()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Unit;
    use crate::puzzle::symmetry::Symmetry;

    fn solved() -> Grid {
        crate::FinalBoards::new(9).unwrap().nth(12_345).unwrap()
    }

    #[test]
    fn swappable_sets_give_other_solutions_that_differ_only_on_the_set() {
        use rand::SeedableRng;
        let solver = BitmaskSolver::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut sets = SwapSets::new();
        let mut found = 0;
        for _ in 0..50 {
            let grid = crate::puzzle::solution::random_solution(&mut rng, &solver);
            sets.compute(&grid);
            for (index, set) in sets.sets.iter().enumerate() {
                let other = set.witness(&grid);
                assert!(other.is_solved());
                for cell in 0..CELLS {
                    let inside = set.cells & (1 << cell) != 0;
                    assert_eq!(other.cells()[cell] != grid.cells()[cell], inside);
                    assert_eq!(sets.by_cell[cell] & (1 << index) != 0, inside);
                }
                found += 1;
            }
        }
        assert!(found > 0);
    }

    /// Each digit-exchange set found from a blank cell gives another
    /// solution of the puzzle, differing from the first only on blanks and
    /// exactly on cells holding the two exchanged digits; and one is found
    /// exactly when a brute-force closure over those two digits finds a set
    /// free of givens.
    #[test]
    fn digit_exchange_sets_give_other_solutions() {
        use rand::{Rng, SeedableRng};
        let solver = BitmaskSolver::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(8);
        let (mut found, mut none) = (0, 0);
        for _ in 0..200 {
            let grid = crate::puzzle::solution::random_solution(&mut rng, &solver);
            let mut places = DigitPlaces::new();
            places.compute(&grid);
            let mut givens = Givens::full(&grid);
            for cell in 0..CELLS {
                if rng.random_bool(0.7) {
                    givens.clear(cell);
                }
            }
            let cells = grid.cells();
            for start in (0..CELLS).filter(|&c| givens.cells[c] == 0) {
                let a = cells[start];
                let others = ALL_DIGITS & !(1 << a);
                // Brute force: grow the set until nothing changes, by scanning
                // every pair of cells that share a unit.
                let closed_free = (1..=9u8).filter(|&b| b != a).any(|b| {
                    let mut set = vec![start];
                    loop {
                        let before = set.len();
                        for (cell, &d) in cells.iter().enumerate() {
                            if set.contains(&cell) || (d != a && d != b) {
                                continue;
                            }
                            let linked = set.iter().any(|&m| {
                                cells[m] != d
                                    && UNITS[m].iter().zip(&UNITS[cell]).any(|(x, y)| x == y)
                            });
                            if linked {
                                set.push(cell);
                            }
                        }
                        if set.len() == before {
                            break;
                        }
                    }
                    set.iter().all(|&cell| givens.cells[cell] == 0)
                });
                match places.exchange(&grid, start, others, givens.given) {
                    Some(other) => {
                        assert!(closed_free);
                        assert!(other.is_solved() && other.solves(&givens.grid()));
                        assert_ne!(other.cells()[start], a);
                        let (x, y) = (a, other.cells()[start]);
                        for (&now, &was) in other.cells().iter().zip(cells) {
                            assert!(now == was || was == x || was == y);
                        }
                        found += 1;
                    }
                    None => {
                        assert!(!closed_free);
                        none += 1;
                    }
                }
            }
        }
        assert!(found > 0 && none > 0);
    }

    /// Every removal test of a dig (a swappable set, else a search with one
    /// candidate ruled out) agrees with counting the solutions of the puzzle
    /// without the orbit, and every second solution it finds solves that
    /// puzzle.
    #[test]
    fn removal_tests_agree_with_counting_solutions() {
        use crate::Solver;
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let solver = BitmaskSolver::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(21);
        let (mut refused, mut removed, mut swapped) = (0, 0, 0);
        for round in 0..24 {
            let symmetry = [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90][round % 3];
            let solution = crate::puzzle::solution::random_solution(&mut rng, &solver);
            let mut orbits = symmetry.orbits();
            orbits.shuffle(&mut rng);
            let mut givens = Givens::full(&solution);
            let mut sets = SwapSets::new();
            sets.compute(&solution);
            for orbit in &orbits {
                let mut trial = givens;
                for cell in orbit.cells() {
                    trial.clear(cell);
                }
                let unique = solver.count_solutions(&trial.grid(), 2) == 1;
                let ready_made = sets
                    .blank_after_removing(orbit, trial.given)
                    .map(|set| set.witness(&solution));
                if ready_made.is_some() {
                    swapped += 1;
                }
                let before = trial;
                let second = ready_made.or_else(|| {
                    other_solution(&mut trial, orbit, &solution, &solver, &sets.places)
                });
                // The tests put the orbit back in place, then blank it again.
                assert_eq!(trial.cells, before.cells);
                assert_eq!((trial.given, trial.places), (before.given, before.places));
                assert_eq!(
                    (trial.rows, trial.cols, trial.boxes),
                    (before.rows, before.cols, before.boxes)
                );
                match second {
                    None => {
                        assert!(unique);
                        givens = trial;
                        removed += 1;
                    }
                    Some(second) => {
                        assert!(!unique);
                        assert!(second.solves(&trial.grid()));
                        assert_ne!(second, solution);
                        refused += 1;
                    }
                }
            }
        }
        assert!(refused > swapped && swapped > 0 && removed > 0);
    }

    /// The solver's mask test for a hidden single agrees with scanning the
    /// three units cell by cell.
    #[test]
    fn hidden_singles_agree_with_scanning_the_units() {
        use rand::{Rng, SeedableRng};
        let solver = BitmaskSolver::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(13);
        let (mut single, mut not) = (0, 0);
        for _ in 0..100 {
            let grid = crate::puzzle::solution::random_solution(&mut rng, &solver);
            let mut givens = Givens::full(&grid);
            let share = rng.random_range(0.2..0.8);
            for cell in 0..CELLS {
                if rng.random_bool(share) {
                    givens.clear(cell);
                }
            }
            for cell in (0..CELLS).filter(|&c| givens.cells[c] == 0) {
                let digit = grid.cells()[cell];
                let bit = 1 << digit;
                let [r, c, b] = UNITS[cell];
                let scanned = [Unit::Row(r), Unit::Column(c), Unit::Box(b)]
                    .into_iter()
                    .any(|unit| {
                        unit.cells().into_iter().all(|other| {
                            other == cell
                                || givens.cells[other] != 0
                                || givens.seen(other) & bit != 0
                        })
                    });
                assert_eq!(givens.hidden_single(cell, digit), scanned);
                if scanned {
                    single += 1;
                } else {
                    not += 1;
                }
            }
        }
        assert!(single > 100 && not > 100, "{single} {not}");
    }

    #[test]
    fn single_blank_is_forced() {
        let grid = solved();
        let mut givens = Givens::full(&grid);
        givens.clear(40);
        let orbit = Symmetry::None.orbits()[40];
        let mut places = DigitPlaces::new();
        places.compute(&grid);
        assert!(
            other_solution(&mut givens, &orbit, &grid, &BitmaskSolver::new(), &places).is_none()
        );
    }

    /// The corners of a rectangle over two rows, two columns and two boxes
    /// holding `a b / b a`: swapping them gives another valid grid.
    fn deadly_rectangle(grid: &Grid) -> Option<[usize; 4]> {
        let cells = grid.cells();
        for r1 in 0..9 {
            for r2 in (r1 + 1)..9 {
                for c1 in 0..9 {
                    for c2 in (c1 + 1)..9 {
                        // Exactly one of the pairs shares a band or stack: two boxes.
                        if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                            continue;
                        }
                        let (a, b) = (cells[r1 * 9 + c1], cells[r1 * 9 + c2]);
                        if cells[r2 * 9 + c1] == b && cells[r2 * 9 + c2] == a {
                            return Some([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]);
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn finds_a_second_solution_of_a_deadly_rectangle() {
        use rand::SeedableRng;
        let solver = BitmaskSolver::new();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let (grid, rectangle) = (0..1000)
            .map(|_| crate::puzzle::solution::random_solution(&mut rng, &solver))
            .find_map(|g| deadly_rectangle(&g).map(|r| (g, r)))
            .expect("random grids often have a deadly rectangle");
        let mut givens = Givens::full(&grid);
        for &cell in &rectangle[..3] {
            givens.clear(cell);
        }
        // The puzzle with the fourth corner still given is unique; removing
        // it (an orbit of one) lets the rectangle swap.
        givens.clear(rectangle[3]);
        let orbit = Symmetry::None.orbits()[rectangle[3]];
        let mut places = DigitPlaces::new();
        places.compute(&grid);
        let second =
            other_solution(&mut givens, &orbit, &grid, &solver, &places).expect("the swap");
        assert!(second.solves(&givens.grid()));
        assert_ne!(second, grid);
    }
}
