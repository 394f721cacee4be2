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
    for &level in Level::ALL {
        let json = serde_json::to_string(&level).expect("serialize");
        assert_eq!(json, format!("\"{}\"", level.name()));
        assert_eq!(
            serde_json::from_str::<Level>(&json).expect("deserialize"),
            level
        );
    }
    for &technique in Technique::ALL {
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
    for &symmetry in Symmetry::ALL {
        let json = serde_json::to_string(&symmetry).expect("serialize");
        assert_eq!(json, format!("\"{}\"", symmetry.name()));
        assert_eq!(
            serde_json::from_str::<Symmetry>(&json).expect("deserialize"),
            symmetry
        );
    }
}

#[test]
fn technique_sets_transforms_and_steps_serialize() {
    use sudoku_core::rate::{explain, TechniqueSet};
    use sudoku_core::transform::Transform;

    let set: TechniqueSet = [Technique::XWing, Technique::FullHouse]
        .into_iter()
        .collect();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#"["Full House","X-Wing"]"#);
    assert_eq!(serde_json::from_str::<TechniqueSet>(&json).unwrap(), set);
    assert_eq!(
        serde_json::from_str::<TechniqueSet>(r#"["x-wing", "full house"]"#).unwrap(),
        set
    );
    assert!(serde_json::from_str::<TechniqueSet>(r#"["no such"]"#).is_err());

    let t = Transform::new(
        [9, 2, 3, 4, 5, 6, 7, 8, 1],
        [1, 0, 2, 3, 4, 5, 8, 7, 6],
        [3, 4, 5, 0, 1, 2, 6, 7, 8],
        true,
    )
    .unwrap();
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(
        json,
        r#"{"digits":[9,2,3,4,5,6,7,8,1],"rows":[1,0,2,3,4,5,8,7,6],"cols":[3,4,5,0,1,2,6,7,8],"transpose":true}"#
    );
    assert_eq!(serde_json::from_str::<Transform>(&json).unwrap(), t);
    // Parts Transform::new refuses are refused here too: rows 2 and 3 are
    // in different bands.
    let bad = json.replace("[1,0,2,3", "[0,1,3,2");
    let error = serde_json::from_str::<Transform>(&bad).unwrap_err();
    assert!(error.to_string().contains("row order"), "{error}");

    let puzzle: Grid =
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
            .parse()
            .unwrap();
    let path = explain(&puzzle);
    let value = serde_json::to_value(&path).unwrap();
    let steps = value.as_array().unwrap();
    assert_eq!(steps.len(), path.len());
    for (json, step) in steps.iter().zip(&path) {
        assert_eq!(json["technique"], step.technique.name());
        assert_eq!(
            json["difficulty"].as_f64().unwrap() as f32,
            step.difficulty()
        );
        assert_eq!(json["text"], step.to_string());
        let placed: Vec<(usize, u8)> = json["placements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                (
                    pair[0].as_u64().unwrap() as usize,
                    pair[1].as_u64().unwrap() as u8,
                )
            })
            .collect();
        assert_eq!(placed, step.placements);
        assert_eq!(
            json["eliminations"].as_array().unwrap().len(),
            step.eliminations.len()
        );
        assert_eq!(json["units"].as_array().unwrap().len(), step.units.len());
    }
}
