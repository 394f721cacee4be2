//! `sudoku puzzles` requests built from the fuzzer's bytes, through the real
//! argument parser: each is refused (a usage error or an impossible request),
//! warned about as very slow, or it runs and stops within its time limit,
//! never spinning past it; and every puzzle it makes meets the request, as
//! checked here with the solver and the rater.
#![no_main]

use std::ffi::OsString;
use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use sudoku_cli::args::{parse, Command};
use sudoku_core::puzzle::{Feasibility, Generator, SymmetryChoice};
use sudoku_core::rate;
use sudoku_core::{BitmaskSolver, Solver};

/// How long one request may generate: short, so that the fuzzer tries many.
const TIME_LIMIT: Duration = Duration::from_millis(200);
/// The most a run may overshoot its deadline: one draw of the slowest kind
/// (dig, check, rate with forcing chains) takes well under this.
const SLACK: Duration = Duration::from_secs(3);

const LEVELS: [&str; 6] = ["easy", "medium", "hard", "expert", "extreme", "bogus"];
const SYMMETRIES: [&str; 7] = [
    "none", "rot180", "rot90", "mirror", "diagonal", "random", "x",
];
/// Scores near the techniques' weights and the level bands' edges.
const SCORES: [&str; 16] = [
    "0", "1.0", "1.2", "1.5", "2.3", "2.5", "2.6", "3.4", "3.5", "4.4", "5.0", "7.4", "7.5", "8.5",
    "11", "12",
];

/// Turns bytes into `puzzles N ...` or `-n N ...` arguments.
fn arguments(data: &[u8]) -> Vec<OsString> {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next().unwrap_or(0);
    let assignment = next() % 4 == 0;
    let mut args: Vec<String> = if assignment {
        vec!["-n".into(), (next() % 3 + 1).to_string()]
    } else {
        vec!["puzzles".into(), (next() % 3 + 1).to_string()]
    };
    for _ in 0..(next() % 6) {
        let choice = next();
        let (a, b) = (next(), next());
        let option: Vec<String> = match (assignment, choice % 11) {
            (true, 0) => vec!["-m".into(), (a % 4).to_string()],
            (true, 1) => vec!["-r".into(), format!("{}~{}", a % 60, b % 60)],
            (true, _) => vec!["-u".into()],
            (false, 0) => vec!["--difficulty".into(), LEVELS[a as usize % 6].into()],
            (false, 1) => vec![
                "--rating".into(),
                format!("{}..{}", SCORES[a as usize % 16], SCORES[b as usize % 16]),
            ],
            (false, 2) => vec!["--rating".into(), format!("{}..{}", a / 20, b / 20)],
            (false, 3) => vec!["--blanks".into(), format!("{}..{}", a % 83, b % 83)],
            (false, 4) => vec!["--blanks".into(), (a % 83).to_string()],
            (false, 5) => vec!["--any".into()],
            (false, 6) => vec!["--unique".into()],
            (false, 7) => vec!["--minimal".into()],
            (false, 8) => vec!["--symmetry".into(), SYMMETRIES[a as usize % 7].into()],
            (false, 9) => vec!["--format".into(), "line".into()],
            (false, _) => vec!["--with-solutions".into()],
        };
        args.extend(option);
    }
    args.into_iter().map(OsString::from).collect()
}

fuzz_target!(|data: &[u8]| {
    let args = arguments(data);
    let request = match parse(args.clone()) {
        Ok(Command::Puzzles(request)) => request,
        Ok(other) => panic!("{args:?} parsed as {other:?}"),
        Err(_) => return,
    };
    let options = request.generator_options().seed(7);
    let feasibility = match options.feasibility() {
        Ok(f) => f,
        Err(_) => return,
    };
    let generator = Generator::new(options).unwrap_or_else(|e| {
        panic!("{args:?}: feasible ({feasibility:?}) but the generator refuses: {e}")
    });
    let start = Instant::now();
    let mut made = Vec::new();
    let result = generator.run(request.count, 1, Some(start + TIME_LIMIT), |g| {
        made.push(*g);
        Ok::<(), ()>(())
    });
    let took = start.elapsed();
    assert!(
        took < TIME_LIMIT + SLACK,
        "{args:?} ({feasibility:?}) ran {took:?} past a {TIME_LIMIT:?} limit"
    );
    let summary = match result {
        Ok(summary) => summary,
        // Too few distinct puzzles exist (--any with 80 blanks): a clean error.
        Err(_) => return,
    };
    if !summary.timed_out {
        assert_eq!(made.len(), request.count, "{args:?}");
    }
    if feasibility == Feasibility::Fine && summary.timed_out && made.is_empty() {
        // Not an error (the machine may be busy), but worth seeing in the log.
        eprintln!("note: nothing in {TIME_LIMIT:?} for {args:?}");
    }
    let solver = BitmaskSolver::new();
    for g in &made {
        let blanks = g.puzzle.blanks();
        if let Some((lo, hi)) = request.blanks {
            assert!((lo..=hi).contains(&blanks), "{args:?}: {blanks} blanks");
        }
        assert!(g.solution.solves(&g.puzzle), "{args:?}");
        let count = solver.count_solutions(&g.puzzle, 2);
        assert!(
            count >= 1 && (!request.unique || count == 1),
            "{args:?}: {count}"
        );
        if let SymmetryChoice::Fixed(symmetry) = request.symmetry {
            assert!(symmetry.holds_for(&g.puzzle), "{args:?}");
        }
        if request.level.is_some() || request.rating.is_some() {
            let rating = rate::rate(&g.puzzle).expect("a unique puzzle is rated");
            if let Some(level) = request.level {
                assert_eq!(rating.level, level, "{args:?}");
            }
            if let Some((a, b)) = request.rating {
                assert!(
                    a <= rating.score && rating.score <= b,
                    "{args:?}: {}",
                    rating.score
                );
            }
        }
    }
});
