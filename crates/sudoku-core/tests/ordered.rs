//! `batch::ordered` and `batch::solve_ordered`: results in input order for any
//! thread count, read-ahead bounded by the consumer, early drop, panics raised.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sudoku_core::batch::{ordered, solve_ordered};
use sudoku_core::{BitmaskSolver, Grid, Solver};

fn puzzles() -> Vec<Grid> {
    let mut all = Vec::new();
    for text in [
        include_str!("data/17_clue.txt"),
        include_str!("data/serg_benchmark.txt"),
    ] {
        for cells in common::data_file_puzzles(text) {
            all.push(Grid::try_from(cells).expect("test data is in range"));
        }
    }
    // Some without a solution: two equal givens in a row.
    let mut broken = *all[0].cells();
    broken[0] = 5;
    broken[1] = 5;
    all.insert(7, Grid::try_from(broken).expect("in range"));
    all
}

#[test]
fn solutions_come_in_input_order_for_any_thread_count() {
    let puzzles = puzzles();
    let solver = BitmaskSolver::new();
    let expected: Vec<Option<Grid>> = puzzles.iter().map(|p| solver.solve(p)).collect();
    assert!(expected[7].is_none());
    for threads in [0, 1, 3] {
        let got: Vec<Option<Grid>> = solve_ordered(puzzles.clone(), threads).collect();
        assert_eq!(got.len(), puzzles.len(), "threads {threads}");
        for (i, (solution, puzzle)) in got.iter().zip(&puzzles).enumerate() {
            match solution {
                Some(s) => {
                    assert!(common::is_valid_solution(s.cells()), "puzzle {i}");
                    assert!(
                        common::keeps_givens(s.cells(), puzzle.cells()),
                        "puzzle {i}"
                    );
                }
                None => assert!(expected[i].is_none(), "puzzle {i}"),
            }
        }
    }
}

#[test]
fn read_ahead_is_bounded_by_the_consumer() {
    let pulled = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&pulled);
    let items = (0..1_000_000u64).inspect(move |_| {
        counter.fetch_add(1, Ordering::Relaxed);
    });
    let (threads, chunk) = (2, 10);
    let mut results = ordered(items, threads, chunk, |x| x + 1);
    for expected in 1..=10u64 {
        assert_eq!(results.next(), Some(expected));
    }
    std::thread::sleep(Duration::from_millis(200));
    // threads × 8 chunks in flight, plus the one consumed and its replacement.
    let most = (threads * 8 + 2) * chunk;
    let seen = pulled.load(Ordering::Relaxed);
    assert!(seen <= most, "pulled {seen}, at most {most} expected");
    // The rest still comes, in order.
    assert!(results.zip(11..).take(5_000).all(|(got, want)| got == want));
}

#[test]
fn dropping_early_does_not_wait_for_the_input() {
    let start = std::time::Instant::now();
    let mut results = ordered(0..u64::MAX, 2, 64, |x| x);
    assert_eq!(results.next(), Some(0));
    drop(results);
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_panic_in_the_work_reaches_the_consumer() {
    let outcome = std::panic::catch_unwind(|| {
        ordered(0..1000u32, 2, 8, |x| {
            assert!(x != 500, "item 500 fails");
            x
        })
        .count()
    });
    assert!(outcome.is_err());
}
