//! `serde` support (feature `serde`), written by hand rather than derived so
//! that the feature adds only `serde` itself, not a proc-macro toolchain.
//!
//! Values serialize the way people write them: a [`Grid`] as its
//! 81-character line ([`Grid::to_line`], `.` for blanks), a [`Level`], [`Technique`]
//! or `Symmetry` as its name, a [`Rating`] as a struct of those, a
//! [`TechniqueSet`] as a list of names, a [`Transform`] as its four parts,
//! and a [`Step`] (written only: steps come from the rater) as its
//! technique, difficulty, cells, units, placements and eliminations.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::grid::Grid;
use crate::rate::{Level, Rating, Step, Technique, TechniqueSet};
use crate::transform::Transform;

/// Deserializes a value from a string through its `FromStr`.
struct FromStrVisitor<T>(std::marker::PhantomData<T>, &'static str);

impl<T> Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

fn from_str<'de, D, T>(deserializer: D, expecting: &'static str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    deserializer.deserialize_str(FromStrVisitor(std::marker::PhantomData, expecting))
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_line())
    }
}

impl<'de> Deserialize<'de> for Grid {
    /// Accepts what [`Grid::from_str`] accepts; an 81-character line is the
    /// usual form.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        from_str(deserializer, "a Sudoku grid as an 81-character line")
    }
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        from_str(
            deserializer,
            "a level name (easy, medium, hard, expert, extreme)",
        )
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Technique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Technique, D::Error> {
        from_str(deserializer, "a technique name such as \"XY-Wing\"")
    }
}

#[cfg(feature = "generate")]
impl Serialize for crate::puzzle::Symmetry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "generate")]
impl<'de> Deserialize<'de> for crate::puzzle::Symmetry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        from_str(
            deserializer,
            "a symmetry name (none, rot180, rot90, mirror, diagonal)",
        )
    }
}

/// The fields of a serialized [`Rating`], in order.
const RATING_FIELDS: &[&str] = &[
    "score",
    "level",
    "hardest",
    "steps",
    "solved_logically",
    "pearl",
    "diamond",
];

impl Serialize for Rating {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Rating", RATING_FIELDS.len())?;
        state.serialize_field("score", &self.score)?;
        state.serialize_field("level", &self.level)?;
        state.serialize_field("hardest", &self.hardest)?;
        state.serialize_field("steps", &self.steps)?;
        state.serialize_field("solved_logically", &self.solved_logically)?;
        state.serialize_field("pearl", &self.pearl)?;
        state.serialize_field("diamond", &self.diamond)?;
        state.end()
    }
}

impl<'de> Deserialize<'de> for Rating {
    /// Reads the struct [`Rating`]'s `Serialize` writes. `level` may be left
    /// out (it follows from `score`), and so may `pearl` and `diamond`
    /// (written before they existed; they then default to `score`); every
    /// other field is required.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rating, D::Error> {
        struct RatingVisitor;

        impl<'de> Visitor<'de> for RatingVisitor {
            type Value = Rating;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a rating: score, level, hardest, steps, solved_logically")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rating, A::Error> {
                let mut score: Option<f32> = None;
                let mut level: Option<Level> = None;
                let mut hardest: Option<Technique> = None;
                let mut steps: Option<usize> = None;
                let mut logical: Option<bool> = None;
                let (mut pearl, mut diamond): (Option<f32>, Option<f32>) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "score" => score = Some(map.next_value()?),
                        "level" => level = Some(map.next_value()?),
                        "hardest" => hardest = Some(map.next_value()?),
                        "steps" => steps = Some(map.next_value()?),
                        "solved_logically" => logical = Some(map.next_value()?),
                        "pearl" => pearl = Some(map.next_value()?),
                        "diamond" => diamond = Some(map.next_value()?),
                        other => return Err(de::Error::unknown_field(other, RATING_FIELDS)),
                    }
                }
                let score = score.ok_or_else(|| de::Error::missing_field("score"))?;
                let level = match level {
                    Some(level) => level,
                    None => Level::try_of_score(score)
                        .ok_or_else(|| de::Error::custom("the score is not a number"))?,
                };
                Ok(Rating {
                    score,
                    level,
                    hardest: hardest.ok_or_else(|| de::Error::missing_field("hardest"))?,
                    steps: steps.ok_or_else(|| de::Error::missing_field("steps"))?,
                    solved_logically: logical
                        .ok_or_else(|| de::Error::missing_field("solved_logically"))?,
                    pearl: pearl.unwrap_or(score),
                    diamond: diamond.unwrap_or(score),
                })
            }
        }

        deserializer.deserialize_struct("Rating", RATING_FIELDS, RatingVisitor)
    }
}

impl Serialize for TechniqueSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.iter().count()))?;
        for technique in self.iter() {
            seq.serialize_element(&technique)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for TechniqueSet {
    /// A list of technique names (any that `Technique::from_str` reads).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TechniqueSet, D::Error> {
        struct SetVisitor;

        impl<'de> Visitor<'de> for SetVisitor {
            type Value = TechniqueSet;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of technique names")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TechniqueSet, A::Error> {
                let mut set = TechniqueSet::EMPTY;
                while let Some(technique) = seq.next_element::<Technique>()? {
                    set.insert(technique);
                }
                Ok(set)
            }
        }

        deserializer.deserialize_seq(SetVisitor)
    }
}

/// The fields of a serialized [`Transform`], in order.
const TRANSFORM_FIELDS: &[&str] = &["digits", "rows", "cols", "transpose"];

impl Serialize for Transform {
    /// The parts [`Transform::new`] takes: `digits` (the new labels of 1-9),
    /// `rows` and `cols` (0-based source lines of each output line) and
    /// `transpose`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Transform", TRANSFORM_FIELDS.len())?;
        state.serialize_field("digits", &self.digits())?;
        state.serialize_field("rows", &self.rows())?;
        state.serialize_field("cols", &self.cols())?;
        state.serialize_field("transpose", &self.transposes())?;
        state.end()
    }
}

impl<'de> Deserialize<'de> for Transform {
    /// Reads the four parts and checks them as [`Transform::new`] does.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Transform, D::Error> {
        struct TransformVisitor;

        impl<'de> Visitor<'de> for TransformVisitor {
            type Value = Transform;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a transform: digits, rows, cols, transpose")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Transform, A::Error> {
                let mut digits: Option<[u8; 9]> = None;
                let mut rows: Option<[usize; 9]> = None;
                let mut cols: Option<[usize; 9]> = None;
                let mut transpose: Option<bool> = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "digits" => digits = Some(map.next_value()?),
                        "rows" => rows = Some(map.next_value()?),
                        "cols" => cols = Some(map.next_value()?),
                        "transpose" => transpose = Some(map.next_value()?),
                        other => return Err(de::Error::unknown_field(other, TRANSFORM_FIELDS)),
                    }
                }
                Transform::new(
                    digits.ok_or_else(|| de::Error::missing_field("digits"))?,
                    rows.ok_or_else(|| de::Error::missing_field("rows"))?,
                    cols.ok_or_else(|| de::Error::missing_field("cols"))?,
                    transpose.ok_or_else(|| de::Error::missing_field("transpose"))?,
                )
                .map_err(de::Error::custom)
            }
        }

        deserializer.deserialize_struct("Transform", TRANSFORM_FIELDS, TransformVisitor)
    }
}

/// A list of `(cell, digit)` pairs as `[cell, digit]` pairs.
struct Pairs<'a>(&'a [(usize, u8)]);

impl Serialize for Pairs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for &(cell, digit) in self.0 {
            seq.serialize_element(&[cell, usize::from(digit)])?;
        }
        seq.end()
    }
}

/// A step's units by their names ("row 1", "box 5").
struct Units<'a>(&'a [crate::grid::Unit]);

impl Serialize for Units<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(ToString::to_string))
    }
}

impl Serialize for Step {
    /// `technique` (its name), `difficulty` (as the path scored it), `cells`
    /// (row-major 0-80), `units` (names such as "row 1"), `placements` and
    /// `eliminations` (`[cell, digit]` pairs), and `text`, the step as
    /// `sudoku explain` prints it.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Step", 7)?;
        state.serialize_field("technique", &self.technique)?;
        state.serialize_field("difficulty", &self.difficulty())?;
        state.serialize_field("cells", &self.cells)?;
        state.serialize_field("units", &Units(&self.units))?;
        state.serialize_field("placements", &Pairs(&self.placements))?;
        state.serialize_field("eliminations", &Pairs(&self.eliminations))?;
        state.serialize_field("text", &self.to_string())?;
        state.end()
    }
}
