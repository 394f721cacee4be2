//! The hint model: hints lead to the solution, never lie about it, use the
//! player's pencil marks, and catch wrong digits and wrong marks first.

use sudoku_core::hint::{hint, HintKind, Role};
use sudoku_core::rate::{self, Candidates, Scale};
use sudoku_core::{solve, Grid, CELLS};

/// Puzzles from the shipped serate set: every band, most techniques.
fn puzzles() -> Vec<Grid> {
    let text = include_str!("data/serate.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .step_by(12)
        .collect()
}

/// Each cell's candidates from the digits alone (independent of the crate:
/// the digits no peer holds).
fn candidates(grid: &Grid) -> [u16; CELLS] {
    let cells = grid.cells();
    std::array::from_fn(|c| {
        if cells[c] != 0 {
            return 0;
        }
        let (r, col) = (c / 9, c % 9);
        let mut mask = 0b11_1111_1110u16;
        for (p, &digit) in cells.iter().enumerate() {
            let (pr, pc) = (p / 9, p % 9);
            let peer = pr == r || pc == col || (pr / 3 == r / 3 && pc / 3 == col / 3);
            if peer && p != c && digit != 0 {
                mask &= !(1 << digit);
            }
        }
        mask
    })
}

#[test]
fn following_hints_from_pencil_marks_reaches_the_solution_and_never_lies() {
    let mut seen = std::collections::HashSet::new();
    for puzzle in puzzles() {
        let solution = solve(&puzzle).unwrap();
        let mut board = puzzle;
        let mut marks = [0u16; CELLS];
        let mut steps = 0;
        while let Some(h) = hint(&board, &solution, &marks) {
            steps += 1;
            assert!(steps < 400, "hints go round in circles on {puzzle}");
            assert_eq!(h.kind, HintKind::Step, "{}", h.stages[2]);
            let technique = h.technique.unwrap();
            seen.insert(technique);
            assert!(!h.placements.is_empty() || !h.eliminations.is_empty());
            assert!(h.stages.iter().all(|s| !s.is_empty()));
            // The third stage names every cell the step changes.
            for &(cell, digit) in h.placements.iter().chain(&h.eliminations) {
                let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
                assert!(h.stages[2].contains(&name), "{name}: {}", h.stages[2]);
                assert!(h.stages[2].contains(&digit.to_string()));
            }
            // The second stage does not give the answer away.
            for &(cell, _) in h.placements.iter().chain(&h.eliminations) {
                let role = h.cells.iter().find(|c| c.cell == cell).unwrap().role;
                assert!(matches!(role, Role::Gets | Role::Loses));
                if h.focus.contains(&cell) {
                    // Only a pattern made of the changed cells alone (a
                    // naked single, a forcing chain's start) is shown, and
                    // then without its digits.
                    let all_changed = h.cells.iter().all(|c| c.role != Role::Pattern);
                    assert!(all_changed, "{}", h.stages[1]);
                    assert!(!h.stages[1].contains("digit"), "{}", h.stages[1]);
                }
            }
            let cands = candidates(&board);
            for &(cell, digit) in &h.eliminations {
                assert_ne!(solution.cells()[cell], digit, "{}", h.stages[2]);
                if marks[cell] == 0 {
                    marks[cell] = cands[cell];
                }
                assert!(
                    marks[cell] & 1 << digit != 0,
                    "already gone: {}",
                    h.stages[2]
                );
                marks[cell] &= !(1 << digit);
            }
            for &(cell, digit) in &h.placements {
                assert_eq!(solution.cells()[cell], digit, "{}", h.stages[2]);
                board.set(cell / 9, cell % 9, digit).unwrap();
                marks[cell] = 0;
            }
        }
        assert_eq!(board, solution);
    }
    assert!(seen.len() >= 15, "only {seen:?}");
}

#[test]
fn the_first_hint_without_marks_is_the_raters_next_step() {
    for puzzle in puzzles().into_iter().take(20) {
        let solution = solve(&puzzle).unwrap();
        let h = hint(&puzzle, &solution, &[0; CELLS]).unwrap();
        let step = rate::next_step(&puzzle).unwrap();
        assert_eq!(h.technique, Some(step.technique));
        assert_eq!(h.placements, step.placements);
        assert_eq!(h.eliminations, step.eliminations);
        assert!((h.difficulty - step.difficulty()).abs() < 1e-6);
        assert!(!h.used_marks);
    }
}

#[test]
fn a_wrong_digit_comes_first_and_is_named() {
    let puzzle = puzzles()[3];
    let solution = solve(&puzzle).unwrap();
    let cell = (0..CELLS).find(|&c| puzzle.cells()[c] == 0).unwrap();
    let wrong = solution.cells()[cell] % 9 + 1;
    let mut board = puzzle;
    board.set(cell / 9, cell % 9, wrong).unwrap();
    let h = hint(&board, &solution, &[0; CELLS]).unwrap();
    assert_eq!(h.kind, HintKind::WrongDigit);
    assert_eq!(h.clear, vec![cell]);
    assert_eq!(h.cells[0].role, Role::Wrong);
    assert!(h.technique.is_none());
}

#[test]
fn pencil_marks_that_drop_the_true_digit_are_caught() {
    let puzzle = puzzles()[5];
    let solution = solve(&puzzle).unwrap();
    let plain = candidates(&puzzle);
    let cell = (0..CELLS).find(|&c| plain[c].count_ones() >= 2).unwrap();
    let mut marks = [0u16; CELLS];
    marks[cell] = candidates(&puzzle)[cell] & !(1 << solution.cells()[cell]);
    let h = hint(&puzzle, &solution, &marks).unwrap();
    assert_eq!(h.kind, HintKind::WrongMarks);
    assert_eq!(h.clear, vec![cell]);
}

#[test]
fn marks_that_already_show_an_elimination_move_the_hint_on() {
    // Find a position whose next step is an elimination, make it in the
    // marks, and the hint must be another step.
    for puzzle in puzzles() {
        let solution = solve(&puzzle).unwrap();
        let mut marks = Candidates::new(&puzzle);
        for step in rate::explain(&puzzle) {
            if step.placements.is_empty() {
                let board = marks.grid();
                let mut pencil: [u16; CELLS] = std::array::from_fn(|c| marks.mask(c));
                let before = hint(&board, &solution, &pencil).unwrap();
                assert_eq!(before.eliminations, step.eliminations);
                for &(c, d) in &step.eliminations {
                    pencil[c] &= !(1 << d);
                }
                let after = hint(&board, &solution, &pencil).unwrap();
                assert!(after.used_marks);
                assert_ne!(after.eliminations, step.eliminations);
                // The marks were right, so the rater agrees from there.
                let mut narrowed = marks.clone();
                narrowed.apply(&step);
                let next = rate::next_step_from(&narrowed, Scale::Se).unwrap();
                assert_eq!(after.technique, Some(next.technique));
                return;
            }
            marks.apply(&step);
        }
    }
    panic!("no elimination step in the sample");
}

#[test]
fn a_solved_board_has_no_hint() {
    let puzzle = puzzles()[0];
    let solution = solve(&puzzle).unwrap();
    assert!(hint(&solution, &solution, &[0; CELLS]).is_none());
}

#[test]
fn pencil_marks_narrow_candidates_only_where_given() {
    let puzzle = puzzles()[1];
    let plain = candidates(&puzzle);
    let mut pencil = [0u16; CELLS];
    let cell = (0..CELLS).find(|&c| plain[c].count_ones() > 2).unwrap();
    let kept = plain[cell] & plain[cell].wrapping_neg(); // its lowest candidate
    pencil[cell] = kept | 1 << 0 | 0b1000_0000_0000_0000; // stray bits are ignored
    let marks = Candidates::with_pencil_marks(&puzzle, &pencil);
    for (c, &plain) in plain.iter().enumerate() {
        let expected = if c == cell { kept } else { plain };
        assert_eq!(marks.mask(c), expected, "cell {c}");
    }
}
