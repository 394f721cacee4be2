//! The name enums (levels, techniques, scales, symmetries) read and print as
//! a caller expects: parsing ignores ASCII case, every name parses back, and
//! `Display` honours width and alignment (`{:<12}`), as `str` does.

use sudoku_core::rate::{Level, Scale, Technique};

fn reads_and_prints_as_a_name<T>(values: &[T])
where
    T: std::fmt::Display + std::str::FromStr + PartialEq + std::fmt::Debug,
{
    for value in values {
        let name = value.to_string();
        for spelling in [name.clone(), name.to_uppercase(), name.to_lowercase()] {
            assert_eq!(
                spelling.parse::<T>().ok().as_ref(),
                Some(value),
                "{spelling}"
            );
        }
        let width = name.chars().count() + 3;
        assert_eq!(format!("{value:<width$}|"), format!("{name:<width$}|"));
        assert_eq!(format!("{value:>width$}|"), format!("{name:>width$}|"));
        assert_eq!(format!("{value:^width$}|"), format!("{name:^width$}|"));
    }
}

#[test]
fn levels_techniques_and_scales() {
    reads_and_prints_as_a_name(Level::ALL);
    reads_and_prints_as_a_name(Technique::ALL);
    reads_and_prints_as_a_name(&[Scale::Se, Scale::Native]);
}

#[cfg(feature = "generate")]
#[test]
fn symmetries() {
    use sudoku_core::puzzle::{Symmetry, SymmetryChoice};
    reads_and_prints_as_a_name(Symmetry::ALL);
    let choices: Vec<SymmetryChoice> = Symmetry::ALL
        .iter()
        .map(|&s| SymmetryChoice::Fixed(s))
        .chain([SymmetryChoice::Random])
        .collect();
    reads_and_prints_as_a_name(&choices);
}
