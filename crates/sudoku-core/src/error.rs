//! Error types shared across the crate. Parse errors live in [`crate::format`].

use thiserror::Error;

/// A value that cannot be part of a [`Grid`](crate::Grid).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GridError {
    /// A cell value above 9.
    #[error("cell {index} holds {value}, but cells hold 0 (blank) or 1-9")]
    CellOutOfRange {
        /// Row-major index of the cell.
        index: usize,
        /// The offending value.
        value: u8,
    },
    /// A row or column index of 9 or more.
    #[error("there is no cell at row {row}, column {col} (both must be 0-8)")]
    PositionOutOfRange {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        col: usize,
    },
}

/// A top-left digit outside `1..=9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the top-left digit must be 1-9, not {0}")]
pub struct FirstDigitError(pub u8);
