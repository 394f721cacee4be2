//! Bulk enumeration and counting, sudoku-core against the `sudoku` crate, side by side.
//!
//! `enumeration-race FILE` prints the table (medians of 11 alternating runs).
//! `ONLY=ours|theirs CASE=0|1|2 [COUNT=1] enumeration-race FILE` times one
//! side alone, the best of 300 runs: on a busy machine the minimum is the
//! figure least disturbed by other processes.
use std::time::Instant;
use sudoku_core::{BitmaskSolver, Grid, Solver};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let path = std::env::args().nth(1).expect("17-clue file");
    let text = std::fs::read_to_string(path).unwrap();
    let solver = BitmaskSolver::new();
    // Puzzles with many solutions: a 17-clue puzzle less its first k givens.
    let (mut many, mut around) = (None, None);
    'outer: for line in text.lines().take(2000) {
        let line = line.trim();
        if line.len() < 81 {
            continue;
        }
        for k in 1..=3 {
            let mut cells: Vec<u8> = line[..81]
                .bytes()
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect();
            let mut removed = 0;
            for c in cells.iter_mut() {
                if *c != 0 && removed < k {
                    *c = 0;
                    removed += 1;
                }
            }
            let grid = Grid::from_cells(cells.clone().try_into().unwrap()).unwrap();
            let n = solver.count_solutions(&grid, 30_000);
            if many.is_none() && (1500..5000).contains(&n) {
                many = Some((grid, n));
            }
            if around.is_none() && (15_000..30_000).contains(&n) {
                around = Some((grid, n));
            }
            if many.is_some() && around.is_some() {
                break 'outer;
            }
        }
    }
    let (many, many_n) = many.unwrap();
    let (around, around_n) = around.unwrap();
    let cases: Vec<(String, Grid, usize)> = vec![
        (
            format!("1,000 of a puzzle with {many_n} solutions"),
            many,
            1000,
        ),
        (format!("all {around_n} of a puzzle"), around, usize::MAX),
        ("100,000 of the empty grid".into(), Grid::EMPTY, 100_000),
    ];
    if let Ok(only) = std::env::var("ONLY") {
        let k: usize = std::env::var("CASE").unwrap().parse().unwrap();
        let count = std::env::var_os("COUNT").is_some();
        let (_, grid, limit) = &cases[k];
        let theirs = sudoku::Sudoku::from_bytes(*grid.cells()).unwrap();
        let mut buf = Vec::new();
        let mut tbuf = vec![[0u8; 81]; 100_000];
        let mut total = 0;
        let mut best = f64::MAX;
        for _ in 0..300 {
            buf.clear();
            let t = Instant::now();
            total += match (only.as_str(), count) {
                ("ours", false) => solver.solutions_into(grid, *limit, &mut buf),
                ("ours", true) => solver.count_solutions(grid, 10_000_000),
                (_, false) => theirs.solutions_up_to_buffer(&mut tbuf, (*limit).min(1 << 40)),
                (_, true) => theirs.solutions_count_up_to(10_000_000),
            };
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        println!("{best:.4} ms ({total})");
        return;
    }
    println!("| case | sudoku-core ms | sudoku 0.8 ms | ratio |\n|---|---:|---:|---:|");
    for (name, grid, limit) in &cases {
        let theirs = sudoku::Sudoku::from_bytes(*grid.cells()).unwrap();
        let mut ours_t = vec![];
        let mut theirs_t = vec![];
        let mut buf = Vec::new();
        // The `sudoku` crate fills the slice it is given and only counts
        // past its end: give it room for every solution, so that both sides
        // write out each grid (an empty slice would make its side a count).
        let room = solver.count_solutions(grid, *limit);
        let mut tbuf = vec![[0u8; 81]; room];
        for _ in 0..11 {
            buf.clear();
            let t = Instant::now();
            let a = solver.solutions_into(grid, *limit, &mut buf);
            ours_t.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let b = theirs.solutions_up_to_buffer(&mut tbuf, (*limit).min(1 << 40));
            theirs_t.push(t.elapsed().as_secs_f64() * 1e3);
            assert_eq!(a, b, "{name}");
        }
        // Every listed solution solves the puzzle and they are distinct.
        assert!(buf.iter().all(|s| s.solves(grid)));
        let mut sorted = buf.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), buf.len());
        // Both sides listed the same solutions.
        let mut theirs_sorted: Vec<[u8; 81]> = tbuf.clone();
        theirs_sorted.sort();
        let ours_sorted: Vec<[u8; 81]> = sorted.iter().map(|g| *g.cells()).collect();
        let mut ours_sorted = ours_sorted;
        ours_sorted.sort();
        assert_eq!(ours_sorted, theirs_sorted, "{name}: different solutions");
        let (o, t) = (median(ours_t), median(theirs_t));
        println!("| {name} | {o:.2} | {t:.2} | {:.2} |", o / t);
    }
    // Counting with a large limit.
    for (grid, solutions) in [(many, many_n), (around, around_n)] {
        let grid = &grid;
        let theirs = sudoku::Sudoku::from_bytes(*grid.cells()).unwrap();
        let mut ours_t = vec![];
        let mut theirs_t = vec![];
        for _ in 0..11 {
            let t = Instant::now();
            let a = solver.count_solutions(grid, 10_000_000);
            ours_t.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let b = theirs.solutions_count_up_to(10_000_000);
            theirs_t.push(t.elapsed().as_secs_f64() * 1e3);
            assert_eq!((a, b), (solutions, solutions));
        }
        let (o, t) = (median(ours_t), median(theirs_t));
        println!(
            "| count (limit 10^7) of a puzzle with {solutions} solutions | {o:.2} | {t:.2} | {:.2} |",
            o / t
        );
    }
}
