//! `serde` support (feature `serde`), written by hand rather than derived so
//! that the feature adds only `serde` itself, not a proc-macro toolchain.
//!
//! Values serialize the way people write them: a [`Grid`] as its
//! 81-character line ([`Grid::to_line`], `.` for blanks), a [`Level`], [`Technique`]
//! or `Symmetry` as its name, and a [`Rating`] as a struct of those.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::grid::Grid;
use crate::rate::{Level, Rating, Technique};

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
