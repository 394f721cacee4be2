//! One [`Step`] of a solving path: the technique, the cells and units of
//! its pattern, what it placed and removed, its difficulty, and the player
//! notation it prints as. The finders fill steps in; the engine in `mod.rs`
//! scores them.

use std::fmt;

use super::Technique;
use crate::grid::Unit;

/// One step of a solving path.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The technique applied.
    pub technique: Technique,
    /// The cells that make up the pattern, as row-major indices `0..81`.
    pub cells: Vec<usize>,
    /// The units the pattern lives in.
    pub units: Vec<Unit>,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// The step's difficulty in tenths, on the scale of the path it is on
    /// (see [`Step::difficulty`]). Tenths keep `Step` `Eq` and match the
    /// one-decimal values Sudoku Explainer prints.
    pub(super) tenths: u16,
}

impl Step {
    /// An empty step of `technique`, to be filled in.
    pub(super) fn new(technique: Technique) -> Step {
        Step {
            technique,
            cells: Vec::new(),
            units: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            tenths: tenths(technique.weight()),
        }
    }

    /// Clears the step for reuse, keeping its buffers.
    pub(super) fn reset(&mut self, technique: Technique) {
        self.technique = technique;
        self.cells.clear();
        self.units.clear();
        self.placements.clear();
        self.eliminations.clear();
        self.tenths = tenths(technique.weight());
    }

    /// The step's difficulty. On the default [`Scale::Se`](super::Scale::Se)
    /// path it is Sudoku Explainer's difficulty of this very step (a hidden
    /// single is 1.2 in a box and 1.5 in a row or column, a Turbot Fish 4.0
    /// or 4.1 by its links, a chain more with its length); on a
    /// [`Scale::Native`](super::Scale::Native) path it is the technique's
    /// [`weight`](Technique::weight).
    #[must_use]
    pub fn difficulty(&self) -> f32 {
        f32::from(self.tenths) / 10.0
    }
}

/// `x` in tenths, rounded (weights are one-decimal values).
pub(super) fn tenths(x: f32) -> u16 {
    (x * 10.0).round() as u16
}

/// `r3c5` for cell 22.
fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Player notation, with the step's [difficulty](Step::difficulty):
/// `Hidden Single (1.2): r3c5 in box 2 => r3c5=7`, or
/// `Pointing (2.6): r1c2,r1c3 in box 1 => r1c7<>4, r1c8<>4`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:.1}):", self.technique, self.difficulty())?;
        if !self.cells.is_empty() {
            let cells: Vec<String> = self.cells.iter().map(|&c| cell_name(c)).collect();
            write!(f, " {}", cells.join(","))?;
        }
        if !self.units.is_empty() {
            let units: Vec<String> = self.units.iter().map(|u| u.to_string()).collect();
            write!(f, " in {}", units.join(", "))?;
        }
        let results: Vec<String> = self
            .placements
            .iter()
            .map(|&(c, d)| format!("{}={d}", cell_name(c)))
            .chain(
                self.eliminations
                    .iter()
                    .map(|&(c, d)| format!("{}<>{d}", cell_name(c))),
            )
            .collect();
        write!(f, " => {}", results.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_display_uses_player_notation() {
        let mut step = Step::new(Technique::HiddenSingle);
        step.cells.push(22);
        step.units.push(Unit::Box(1));
        step.placements.push((22, 7));
        assert_eq!(
            step.to_string(),
            "Hidden Single (1.2): r3c5 in box 2 => r3c5=7"
        );
        step.reset(Technique::Pointing);
        step.eliminations.extend([(1, 4), (2, 4)]);
        assert_eq!(step.to_string(), "Pointing (2.6): => r1c2<>4, r1c3<>4");
    }
}
