//! `FinalBoards` against the contract, checked with the independent
//! validator in `common`: every board valid, no two equal, the top-left digit
//! fixed, the documented row scheme and order, and the iterator's size and
//! `nth` behaviour.

mod common;

use common::{grid_problem, is_valid_solution};
use proptest::prelude::*;
use sudoku_core::{FinalBoards, FINAL_BOARD_COUNT};

/// The shift by which `row` is `first` rotated left, if it is a rotation.
fn rotation_of(first: &[u8], row: &[u8]) -> Option<usize> {
    (0..9).find(|&s| (0..9).all(|c| row[c] == first[(c + s) % 9]))
}

fn board(first: u8, index: usize) -> [u8; 81] {
    let boards = FinalBoards::new(first).expect("1-9 is a valid first digit");
    *boards
        .board(index)
        .expect("index is within the range")
        .cells()
}

/// 4 bits per cell: a compact exact key for the distinctness scan.
fn pack(cells: &[u8; 81]) -> [u64; 6] {
    let mut key = [0u64; 6];
    for (i, &v) in cells.iter().enumerate() {
        key[i / 16] |= u64::from(v) << (4 * (i % 16));
    }
    key
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_board_is_valid_with_the_fixed_first_digit(
        first in 1u8..=9,
        index in 0..FINAL_BOARD_COUNT,
    ) {
        let cells = board(first, index);
        prop_assert_eq!(grid_problem(&cells), None, "board {} for {}", index, first);
        prop_assert_eq!(cells[0], first);
    }

    #[test]
    fn distinct_indices_give_distinct_boards(
        first in 1u8..=9,
        a in 0..FINAL_BOARD_COUNT,
        b in 0..FINAL_BOARD_COUNT,
    ) {
        prop_assume!(a != b);
        prop_assert_ne!(board(first, a), board(first, b));
    }

    #[test]
    fn near_indices_give_distinct_boards(
        first in 1u8..=9,
        a in 0..FINAL_BOARD_COUNT,
        delta in 1usize..80,
    ) {
        // Neighbours share most of their structure, the likeliest place for a collision.
        let b = (a + delta) % FINAL_BOARD_COUNT;
        prop_assert_ne!(board(first, a), board(first, b));
    }

    #[test]
    fn boards_follow_the_documented_row_scheme(
        first in 1u8..=9,
        index in 0..FINAL_BOARD_COUNT,
    ) {
        let cells = board(first, index);
        let top = &cells[..9];
        let shifts: Vec<usize> = (0..9)
            .map(|r| rotation_of(top, &cells[r * 9..r * 9 + 9]).expect("every row is a rotation of the first"))
            .collect();
        prop_assert_eq!(&shifts[..3], &[0, 3, 6]);
        let mut middle = shifts[3..6].to_vec();
        let mut bottom = shifts[6..].to_vec();
        middle.sort_unstable();
        bottom.sort_unstable();
        prop_assert_eq!(middle, vec![1, 4, 7]);
        prop_assert_eq!(bottom, vec![2, 5, 8]);
    }

    #[test]
    fn nth_jumps_to_the_board_at_that_index(
        first in 1u8..=9,
        start in 0..FINAL_BOARD_COUNT,
        jump in 0..FINAL_BOARD_COUNT,
    ) {
        let mut boards = FinalBoards::new(first).expect("valid digit");
        let mut reference = FinalBoards::new(first).expect("valid digit");
        if start > 0 {
            boards.nth(start - 1);
        }
        prop_assert_eq!(boards.len(), FINAL_BOARD_COUNT - start);
        let target = start.checked_add(jump).filter(|&t| t < FINAL_BOARD_COUNT);
        let got = boards.nth(jump);
        match target {
            Some(t) => {
                prop_assert_eq!(got, reference.board(t));
                prop_assert_eq!(boards.len(), FINAL_BOARD_COUNT - t - 1);
                prop_assert_eq!(boards.next(), reference.nth(t + 1));
            }
            None => {
                prop_assert_eq!(got, None);
                prop_assert_eq!(boards.len(), 0);
                prop_assert_eq!(boards.next(), None);
            }
        }
    }
}

#[test]
fn all_boards_for_the_default_digit_are_valid_and_pairwise_distinct() {
    let mut keys = Vec::with_capacity(FINAL_BOARD_COUNT);
    for (index, grid) in FinalBoards::new(9).expect("valid digit").enumerate() {
        let cells = grid.cells();
        assert!(
            is_valid_solution(cells),
            "board {index}: {:?}",
            grid_problem(cells)
        );
        assert_eq!(cells[0], 9, "board {index}");
        keys.push(pack(cells));
    }
    assert_eq!(keys.len(), FINAL_BOARD_COUNT);
    keys.sort_unstable();
    let before = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), before, "some boards repeat");
}

#[test]
fn order_is_lexicographic_in_the_first_row_with_36_boards_each() {
    for first in [1u8, 5, 9] {
        let mut previous: Option<[u8; 9]> = None;
        let mut run = 0;
        let mut rows = 0;
        for grid in FinalBoards::new(first).expect("valid digit") {
            let top: [u8; 9] = grid.cells()[..9].try_into().expect("nine cells");
            match previous {
                Some(p) if p == top => run += 1,
                Some(p) => {
                    assert!(p < top, "first rows must ascend: {p:?} then {top:?}");
                    assert_eq!(run, 36, "first row {p:?}");
                    run = 1;
                    rows += 1;
                }
                None => {
                    run = 1;
                    rows += 1;
                }
            }
            previous = Some(top);
        }
        assert_eq!(run, 36);
        assert_eq!(rows, 40_320, "every permutation of the other eight digits");
    }
}

#[test]
fn order_is_fixed_across_instances_and_clones() {
    let a: Vec<_> = FinalBoards::new(4)
        .expect("valid digit")
        .take(500)
        .collect();
    let b: Vec<_> = FinalBoards::new(4)
        .expect("valid digit")
        .take(500)
        .collect();
    assert_eq!(a, b);
    let mut boards = FinalBoards::new(4).expect("valid digit");
    boards.nth(99);
    let cloned: Vec<_> = boards.clone().take(10).collect();
    assert_eq!(cloned, a[100..110].to_vec());
}

#[test]
fn exact_size_counts_down_and_ends_fused() {
    let mut boards = FinalBoards::new(2).expect("valid digit");
    assert_eq!(boards.len(), FINAL_BOARD_COUNT);
    assert_eq!(
        boards.size_hint(),
        (FINAL_BOARD_COUNT, Some(FINAL_BOARD_COUNT))
    );
    for taken in 1..=50 {
        assert!(boards.next().is_some());
        assert_eq!(boards.len(), FINAL_BOARD_COUNT - taken);
    }
    assert!(boards.nth(FINAL_BOARD_COUNT - 51).is_some());
    assert_eq!(boards.len(), 0);
    assert_eq!(boards.next(), None);
    assert_eq!(boards.next(), None);
    assert_eq!(boards.nth(usize::MAX), None);
    assert_eq!(
        FinalBoards::new(2).expect("valid digit").count(),
        FINAL_BOARD_COUNT
    );
}

#[test]
fn nth_does_not_walk_the_range() {
    // Ten thousand jumps across the whole range: with an O(n) `nth` this
    // would step through billions of boards; with O(1) it is instant.
    let reference = FinalBoards::new(7).expect("valid digit");
    let mut rng = common::Rng(7);
    for _ in 0..10_000 {
        let index = rng.below(FINAL_BOARD_COUNT);
        let mut boards = FinalBoards::new(7).expect("valid digit");
        assert_eq!(boards.nth(index), reference.board(index));
    }
}

#[test]
fn back_and_front_meet_in_the_middle() {
    let reference = FinalBoards::new(3).expect("valid digit");
    let mut boards = FinalBoards::new(3).expect("valid digit");
    assert_eq!(boards.next_back(), reference.board(FINAL_BOARD_COUNT - 1));
    boards.nth(FINAL_BOARD_COUNT - 3);
    assert_eq!(boards.len(), 1);
    assert_eq!(boards.next_back(), reference.board(FINAL_BOARD_COUNT - 2));
    assert_eq!(boards.next_back(), None);
    assert_eq!(boards.next(), None);
    assert_eq!(
        FinalBoards::new(3).expect("valid digit").last(),
        reference.board(FINAL_BOARD_COUNT - 1)
    );
}

#[test]
fn board_past_the_end_is_none_and_bad_digits_are_refused() {
    let boards = FinalBoards::new(1).expect("valid digit");
    assert_eq!(boards.board(FINAL_BOARD_COUNT), None);
    assert_eq!(boards.board(usize::MAX), None);
    for bad in [0u8, 10, 255] {
        assert!(FinalBoards::new(bad).is_err(), "{bad}");
    }
}
