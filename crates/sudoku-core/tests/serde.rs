//! The `serde` feature: values serialize the way people write them, and read
//! back to the same value; malformed input is an error, not a panic.
#![cfg(feature = "serde")]

use sudoku_core::rate::{rate, Level, Rating, Technique};
use sudoku_core::{FinalBoards, Grid};

const PUZZLE: &str =
    "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....";

#[test]
fn grid_serializes_as_its_81_character_line() {
    let puzzle: Grid = PUZZLE.parse().expect("puzzle parses");
    let json = serde_json::to_string(&puzzle).expect("serialize");
    assert_eq!(json, format!("\"{PUZZLE}\""));
    let back: Grid = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, puzzle);
    for board in FinalBoards::new(5).expect("digit").take(50) {
        let json = serde_json::to_string(&board).expect("serialize");
        assert_eq!(
            serde_json::from_str::<Grid>(&json).expect("deserialize"),
            board
        );
    }
}

#[test]
fn malformed_grids_are_errors() {
    for bad in ["\"123\"", "\"\"", "42", "null", "[1,2,3]", "\"x\""] {
        assert!(serde_json::from_str::<Grid>(bad).is_err(), "{bad}");
    }
}

#[test]
fn levels_and_techniques_serialize_as_their_names() {
    for level in Level::ALL {
        let json = serde_json::to_string(&level).expect("serialize");
        assert_eq!(json, format!("\"{}\"", level.name()));
        assert_eq!(
            serde_json::from_str::<Level>(&json).expect("deserialize"),
            level
        );
    }
    for technique in Technique::ALL {
        let json = serde_json::to_string(&technique).expect("serialize");
        assert_eq!(json, format!("\"{}\"", technique.name()));
        assert_eq!(
            serde_json::from_str::<Technique>(&json).expect("deserialize"),
            technique
        );
    }
    assert!(serde_json::from_str::<Level>("\"impossible\"").is_err());
    assert!(serde_json::from_str::<Technique>("\"Wing\"").is_err());
}

#[test]
fn rating_round_trips_as_a_struct_of_names() {
    let rating = rate(&PUZZLE.parse().expect("puzzle parses")).expect("rated");
    let json = serde_json::to_string(&rating).expect("serialize");
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(value["level"], rating.level.name());
    assert_eq!(value["hardest"], rating.hardest.name());
    assert_eq!(value["steps"], rating.steps);
    assert_eq!(value["solved_logically"], rating.solved_logically);
    let back: Rating = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, rating);
    // `level` may be left out; other fields may not.
    let without_level = r#"{"score":4.2,"hardest":"XY-Wing","steps":30,"solved_logically":true}"#;
    let back: Rating = serde_json::from_str(without_level).expect("deserialize");
    assert_eq!(back.level, Level::Hard);
    assert!(serde_json::from_str::<Rating>(r#"{"score":4.2}"#).is_err());
    assert!(serde_json::from_str::<Rating>(r#"{"score":1,"bogus":1}"#).is_err());
}

#[cfg(feature = "generate")]
#[test]
fn symmetries_serialize_as_their_names() {
    use sudoku_core::puzzle::Symmetry;
    for symmetry in Symmetry::ALL {
        let json = serde_json::to_string(&symmetry).expect("serialize");
        assert_eq!(json, format!("\"{}\"", symmetry.name()));
        assert_eq!(
            serde_json::from_str::<Symmetry>(&json).expect("deserialize"),
            symmetry
        );
    }
}
