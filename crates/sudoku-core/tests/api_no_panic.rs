//! No panic on any input a caller can pass through the public API (except the
//! documented `# Panics` cases, whose checked alternatives are exercised
//! here instead): arbitrary cells, positions, digits, limits, scores, names,
//! transforms, generator options and bytes.

use proptest::prelude::*;
use sudoku_core::batch::{resolve_threads, MAX_THREADS};
use sudoku_core::check::check_grids;
use sudoku_core::format::{parse_one, GridWriter};
use sudoku_core::rate::{self, Candidates, Level, Scale, Technique, TechniqueSet};
use sudoku_core::transform::{automorphisms, canonical, Transform};
use sudoku_core::{BitmaskSolver, FinalBoards, Grid, PuzzleReader, Solver};

/// Any 81 cells, values 0-9 with blanks likely (so that grids are anything
/// from sparse to conflicting).
fn cells() -> impl Strategy<Value = [u8; 81]> {
    proptest::collection::vec(prop_oneof![3 => Just(0u8), 2 => 1u8..=9], 81)
        .prop_map(|v| v.try_into().expect("81 cells"))
}

fn grid() -> impl Strategy<Value = Grid> {
    cells().prop_map(|c| Grid::try_from(c).expect("cells in range"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn grid_construction_and_access(raw in proptest::collection::vec(any::<u8>(), 81),
                                    row in any::<usize>(), col in any::<usize>(), digit in any::<u8>()) {
        let raw: [u8; 81] = raw.try_into().expect("81 bytes");
        let in_range = raw.iter().all(|&v| v <= 9);
        prop_assert_eq!(Grid::from_cells(raw).is_ok(), in_range);
        let mut grid = Grid::from_cells(raw.map(|v| v % 10)).expect("in range");
        prop_assert_eq!(grid.try_get(row, col).is_some(), row < 9 && col < 9);
        prop_assert_eq!(grid.set(row, col, digit).is_ok(), row < 9 && col < 9 && digit <= 9);
        let _ = (grid.first_conflict(), grid.is_solved(), grid.givens(), grid.to_line());
        let _ = (grid.solves(&Grid::EMPTY), grid.agrees_with(&grid), grid.to_string());
        let mut writer = GridWriter::new(Vec::new());
        prop_assert!(writer.write(&grid).is_ok());
    }

    #[test]
    fn parsing_any_text(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_one(&bytes);
        let _ = String::from_utf8_lossy(&bytes).parse::<Grid>();
        for item in PuzzleReader::new(&bytes[..]).take(10) {
            let _ = item;
        }
        let _ = check_grids(&bytes[..], Some(9));
    }

    #[test]
    fn solving_any_grid(grid in grid(), limit in prop_oneof![Just(0usize), 1usize..5, Just(usize::MAX)]) {
        let solver = BitmaskSolver::new();
        let search = solver.search(&grid, limit);
        prop_assert!(search.count <= limit.max(1));
        let _ = solver.unique_solution(&grid);
        for solution in solver.solutions(&grid).take(3) {
            prop_assert!(solution.solves(&grid));
        }
        // The bulk forms, with any limit a search can finish.
        let bounded = limit.min(4096);
        let counted = solver.count_solutions(&grid, bounded);
        let mut buffer = vec![Grid::EMPTY];
        let appended = solver.solutions_into(&grid, bounded, &mut buffer);
        prop_assert_eq!(appended, if bounded == 0 { 0 } else { counted });
        prop_assert!(buffer[1..].iter().all(|s| s.solves(&grid)));
        prop_assert_eq!(solver.solutions_up_to(&grid, bounded).len(), appended);
    }

    #[test]
    fn solving_with_any_techniques_from_any_marks(grid in grid(),
                                                  pencil in proptest::array::uniform32(any::<u16>()),
                                                  picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..8),
                                                  native in any::<bool>()) {
        let set: TechniqueSet = picks.iter().map(|i| Technique::ALL[i.index(Technique::ALL.len())]).collect();
        let mut marks = [0u16; 81];
        for (cell, m) in marks.iter_mut().enumerate() {
            *m = pencil[cell % 32].rotate_left(cell as u32);
        }
        let scale = if native { Scale::Native } else { Scale::Se };
        for start in [Candidates::new(&grid), Candidates::with_pencil_marks(&grid, &marks)] {
            let progress = rate::apply_techniques(&start, set, scale);
            prop_assert!(progress.path.iter().all(|step| set.contains(step.technique)));
            let _ = rate::next_step_from(&progress.position, scale);
        }
    }

    #[test]
    fn rating_any_grid(grid in grid(), cell in any::<usize>(), digit in any::<u8>()) {
        let _ = rate::rate_checked(&grid);
        let _ = rate::explain_checked(&grid);
        let marks = Candidates::new(&grid);
        prop_assert_eq!(marks.try_value(cell).is_some(), cell < 81);
        prop_assert_eq!(marks.try_mask(cell).is_some(), cell < 81);
        let _ = marks.has(cell % 81, digit);
        if let Ok(mut step) = rate::next_step_checked(&grid) {
            // Steps have public fields: a caller may put anything in them.
            step.placements.push((cell, digit));
            step.eliminations.push((cell.wrapping_add(7), digit.wrapping_mul(3)));
            step.cells.push(cell);
            step.units.push(sudoku_core::Unit::Box(digit));
            let _ = step.to_string();
            let mut marks = marks.clone();
            marks.apply(&step);
        }
    }

    #[test]
    fn scores_names_and_indices(score in any::<f32>(), name in ".{0,24}", index in any::<usize>(),
                                first in any::<u8>()) {
        prop_assert_eq!(Level::try_of_score(score).is_some(), !score.is_nan());
        let _ = name.parse::<Level>();
        let _ = name.parse::<Technique>();
        prop_assert_eq!(FinalBoards::new(first).is_ok(), (1..=9).contains(&first));
        if let Ok(boards) = FinalBoards::new(first) {
            let _ = boards.board(index);
        }
        let threads = resolve_threads(index);
        prop_assert!((1..=MAX_THREADS.max(threads)).contains(&threads));
        prop_assert!(threads <= MAX_THREADS || index == 0);
    }

    #[test]
    fn transforms_from_any_parts(digits in proptest::array::uniform9(any::<u8>()),
                                 rows in proptest::array::uniform9(0usize..12),
                                 cols in proptest::array::uniform9(0usize..12),
                                 transpose in any::<bool>(), grid in grid()) {
        if let Ok(t) = Transform::new(digits, rows, cols, transpose) {
            let moved = t.apply(&grid);
            prop_assert_eq!(moved.givens(), grid.givens());
            prop_assert_eq!(t.inverse().apply(&moved), grid);
            prop_assert_eq!(t.then(&t).apply(&grid), t.apply(&moved));
        }
    }
}

proptest! {
    // A canonical form costs milliseconds to a second in a debug build.
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn canonical_form_of_any_grid(grid in grid()) {
        let form = canonical(&grid);
        prop_assert_eq!(form.givens(), grid.givens());
        prop_assert_eq!(automorphisms(&form), automorphisms(&grid));
    }
}

#[cfg(feature = "generate")]
mod generate {
    use proptest::prelude::*;
    use sudoku_core::puzzle::{Generator, GeneratorOptions, Symmetry};
    use sudoku_core::rate::Level;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn generator_options_of_any_values(lo in any::<usize>(), hi in any::<usize>(),
                                           a in any::<f32>(), b in any::<f32>(),
                                           unique in any::<bool>(), minimal in any::<bool>(),
                                           cell in any::<usize>(), k in any::<prop::sample::Index>()) {
            let options = GeneratorOptions::new()
                .blanks(lo..=hi)
                .rating(a..=b)
                .unique(unique)
                .minimal(minimal)
                .symmetry(Symmetry::ALL[k.index(Symmetry::ALL.len())])
                .level(Level::ALL[k.index(Level::ALL.len())]);
            let _ = options.feasibility();
            let _ = Generator::new(options);
            for &symmetry in Symmetry::ALL {
                prop_assert_eq!(symmetry.try_image(cell).is_some(), cell < 81);
            }
        }

        /// A puzzle from any grid given as its solution, and a search near
        /// any grids, with any count: an error or puzzles, never a panic;
        /// each run bounded by a deadline a few milliseconds away.
        #[test]
        fn puzzles_from_any_solution_and_near_any_seeds(cells in proptest::collection::vec(0u8..=9, 81),
                                                        count in prop_oneof![Just(0usize), 1usize..3, Just(usize::MAX)],
                                                        seed in any::<u64>()) {
            use sudoku_core::rand::SeedableRng;
            let grid = sudoku_core::Grid::from_cells(cells.try_into().expect("81 cells")).expect("in range");
            let generator = Generator::new(GeneratorOptions::new().seed(seed)).expect("default options");
            let soon = || Some(std::time::Instant::now() + std::time::Duration::from_millis(20));
            let mut rng = sudoku_core::rand::rngs::StdRng::seed_from_u64(seed);
            if let Ok(p) = generator.puzzle_from_solution(&grid, &mut rng, soon()) {
                prop_assert!(grid.is_solved() && p.solution == grid);
            }
            let mut found = 0usize;
            let run = generator.run_near(&[grid], count, 2, soon(), |_| true, |_| {
                found += 1;
                Ok::<(), std::convert::Infallible>(())
            });
            if let Ok(summary) = run {
                prop_assert_eq!(summary.generated, found);
                prop_assert!(found <= count);
            }
        }
    }
}

#[test]
fn units_of_any_number_display_and_list_cells() {
    for byte in 0..=u8::MAX {
        for unit in [
            sudoku_core::Unit::Row(byte),
            sudoku_core::Unit::Column(byte),
            sudoku_core::Unit::Box(byte),
        ] {
            assert!(unit
                .to_string()
                .ends_with(&(u16::from(byte) + 1).to_string()));
            let _ = unit.cells();
        }
    }
}
