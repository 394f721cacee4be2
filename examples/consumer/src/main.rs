//! A tour of sudoku-core's public API from outside its workspace. Every step
//! checks its result, so a run that ends with "tour complete" is a test.

use std::io::Cursor;

use sudoku_core::batch::solve_ordered;
use sudoku_core::rate::{self, Candidates, Scale, Technique, TechniqueSet, Unrated};
use sudoku_core::transform::{automorphisms, canonical, Transform};
use sudoku_core::{BitmaskSolver, Grid, PuzzleReader, PuzzleRecord, Solver};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle: Grid = PUZZLE.parse()?;
    let solver = BitmaskSolver::new();

    // Solving: the unique solution, and up to N solutions of a loose puzzle.
    let solution = solver
        .unique_solution(&puzzle)
        .ok_or("no unique solution")?;
    assert!(solution.solves(&puzzle));
    let mut loose = puzzle;
    loose.set(0, 0, 0)?;
    let some: Vec<Grid> = solver.solutions(&loose).take(3).collect();
    assert!(some.iter().all(|s| s.solves(&loose)));
    println!(
        "solution {}\nloose puzzle: {} solutions shown",
        solution.to_line(),
        some.len()
    );

    // Many solutions at once, into a buffer that is reused.
    let mut buffer = Vec::new();
    assert_eq!(solver.solutions_into(&Grid::EMPTY, 5000, &mut buffer), 5000);
    buffer.clear();
    assert_eq!(
        solver.solutions_into(&loose, usize::MAX, &mut buffer),
        solver.count_solutions(&loose, usize::MAX)
    );
    let mut distinct = solver.solutions_up_to(&loose, usize::MAX);
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), buffer.len());
    println!("loose puzzle: {} solutions in all", buffer.len());

    // Rating, with the reason when there is none.
    let rating = rate::rate_checked(&puzzle).map_err(|e| e.to_string())?;
    println!("rating: {rating}");
    assert_eq!(
        rate::rate_checked(&Grid::EMPTY).err(),
        Some(Unrated::SeveralSolutions)
    );
    let hardest: Technique = rating.hardest.name().parse()?;
    assert_eq!(hardest, rating.hardest);

    // Equivalence: a shuffled copy has the same canonical form.
    let t = Transform::new(
        [2, 1, 3, 4, 5, 6, 7, 8, 9],
        [3, 4, 5, 0, 1, 2, 6, 7, 8],
        [2, 1, 0, 3, 4, 5, 8, 7, 6],
        true,
    )?;
    assert_eq!(canonical(&t.apply(&puzzle)), canonical(&puzzle));
    println!("canonical {}", canonical(&puzzle).to_line());
    // Symmetries of a grid's own: the identity alone for this one, the
    // whole group for the empty grid.
    assert_eq!(automorphisms(&solution), 1);
    assert_eq!(automorphisms(&Grid::EMPTY), 2 * 1296 * 1296 * 362_880);

    // Solving with chosen techniques: singles alone stall on this puzzle;
    // from there, and from a player's pencil marks, the next steps.
    let singles: TechniqueSet = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ]
    .into_iter()
    .collect();
    let stalled = rate::apply_techniques(&Candidates::new(&puzzle), singles, Scale::Se);
    assert!(!stalled.is_solved());
    assert!(stalled.path.iter().all(|s| singles.contains(s.technique)));
    let next = rate::next_step_from(&stalled.position, Scale::Se).ok_or("a next step")?;
    assert!(!singles.contains(next.technique));
    println!(
        "singles stall after {} steps; then {}",
        stalled.path.len(),
        next.technique
    );
    let mut pencil = [0u16; sudoku_core::CELLS];
    pencil[1] = 1 << solution.cells()[1]; // the player is sure of r1c2
    let marked = Candidates::with_pencil_marks(&puzzle, &pencil);
    let from_marks = rate::apply_techniques(&marked, singles, Scale::Se);
    assert!(from_marks.path.len() >= stalled.path.len());

    // '_' blanks and a byte order mark are read like '.' blanks.
    let underscored = format!("\u{FEFF}{}", PUZZLE.replace('.', "_"));
    assert_eq!(underscored.parse::<Grid>()?, puzzle);

    // Reading the block format, then solving in parallel, in order.
    let block = "4.. | ... | 8.5\n.3. | ... | ...\n... | 7.. | ...\n------+-------+------\n\
                 .2. | ... | .6.\n... | .8. | 4..\n... | .1. | ...\n------+-------+------\n\
                 ... | 6.3 | .7.\n5.. | 2.. | ...\n1.4 | ... | ...\n";
    let read: Vec<Grid> = PuzzleReader::new(Cursor::new(block))
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()?;
    assert_eq!(read, vec![puzzle]);
    // Each record knows the line its puzzle started on (for error messages).
    let record: PuzzleRecord = PuzzleReader::new(Cursor::new(block))
        .next()
        .ok_or("empty")??;
    assert_eq!((record.grid, record.line), (puzzle, 1));
    // The line form without an allocation, for writers of many lines.
    assert_eq!(&puzzle.to_line_bytes()[..], puzzle.to_line().as_bytes());
    let solved: Vec<Option<Grid>> = solve_ordered(vec![puzzle; 100], 0).collect();
    assert!(solved.iter().all(|s| *s == Some(solution)));

    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&(puzzle, rating))?;
        println!("json {json}");
        let (back, back_rating): (Grid, rate::Rating) = serde_json::from_str(&json)?;
        assert_eq!((back, back_rating), (puzzle, rating));
    }

    #[cfg(feature = "generate")]
    {
        // rand through the library's re-export: always the version its
        // APIs take.
        use sudoku_core::puzzle::{random_grid, Generator, GeneratorOptions, Symmetry};
        use sudoku_core::rand::{rngs::StdRng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(2026);
        assert!(random_grid(&mut rng).is_solved());
        let generator = Generator::new(GeneratorOptions::new().blanks(45..=50))?;
        let made = generator.puzzle_with_rng(&mut rng, None)?;
        assert!(solver.has_unique_solution(&made.puzzle));
        println!("generated {}", made.puzzle.to_line());
        // A puzzle of the solution found above, with all eight symmetries.
        let dihedral = Generator::new(GeneratorOptions::new().symmetry(Symmetry::Dihedral))?;
        let mine = dihedral.puzzle_from_solution(&solution, &mut rng, None)?;
        assert_eq!(solver.unique_solution(&mine.puzzle), Some(solution));
        assert!(Symmetry::Dihedral.holds_for(&mine.puzzle));
        // Every symmetry by name (a slice: its type does not change when one is added).
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        assert!(names.contains(&"dihedral"));
        println!("dihedral puzzle of that solution {}", mine.puzzle.to_line());
    }

    println!("tour complete");
    Ok(())
}
