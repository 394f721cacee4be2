//! Hints for a player: the next step from the position on the board and the
//! player's own pencil marks, in three stages and in plain language.
//!
//! Every front end shows the same [`Hint`]: the terminal game, the web page
//! and the CLI's `sudoku hint --words`. A hint is built in this order:
//!
//! 1. a digit on the board that differs from the solution ([`HintKind::WrongDigit`]);
//! 2. pencil marks that leave out a cell's true digit ([`HintKind::WrongMarks`]);
//! 3. the step the rater takes from the player's pencil marks
//!    ([`HintKind::Step`]): a cell without marks keeps all its candidates,
//!    so a player who has pencilled nothing gets the rater's own next step,
//!    and one who has made eliminations is not told them again;
//! 4. the solution's digit for the open cell with the fewest candidates
//!    ([`HintKind::Reveal`]), should the rater have no step (it always has
//!    one for a position on the way to the unique solution).
//!
//! The stages let a player stop at a nudge: [`Hint::stages`] holds the
//! technique, then where to look (without the result), then the whole step
//! in a sentence that names the digits and every cell's part
//! ([`Role`]). Applying the hint is the front end's business: place
//! [`Hint::placements`], remove [`Hint::eliminations`] from the marks, and
//! clear the digits or reset the marks of [`Hint::clear`].
//!
//! ```
//! use sudoku_core::hint::{hint, HintKind, Role};
//! use sudoku_core::{solve, Grid, CELLS};
//!
//! let puzzle: Grid = "...........547......4..61..1...2....8.61..32..3...87...6...325..4..6.....718.....".parse().unwrap();
//! let solution = solve(&puzzle).unwrap();
//! let marks = [0u16; CELLS]; // no pencil marks yet
//! let hint = hint(&puzzle, &solution, &marks).unwrap();
//! assert_eq!(hint.kind, HintKind::Step);
//! println!("{}", hint.stages[0]); // e.g. "Technique: Hidden Single (SE 1.2)."
//! println!("{}", hint.stages[2]); // the step in a sentence
//! // Every placement is right.
//! for &(cell, digit) in &hint.placements {
//!     assert_eq!(solution.cells()[cell], digit);
//!     assert!(hint.cells.iter().any(|c| c.cell == cell && c.role == Role::Gets));
//! }
//! ```

use std::fmt::Write as _;

use crate::grid::{Grid, Unit, CELLS};
use crate::rate::{self, Candidates, Scale, Step, Technique};

/// What a hint is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HintKind {
    /// A logical step from the player's position and pencil marks.
    Step,
    /// Digits on the board that differ from the solution; applying the hint
    /// clears them ([`Hint::clear`]).
    WrongDigit,
    /// Pencil marks that leave out a cell's true digit; applying the hint
    /// resets those cells' marks to their candidates ([`Hint::clear`]).
    WrongMarks,
    /// The solution's digit for one cell, when no step applies.
    Reveal,
}

impl HintKind {
    /// The lowercase name, as the web page and the JSON-like outputs use it:
    /// `step`, `wrong-digit`, `wrong-marks` or `reveal`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HintKind::Step => "step",
            HintKind::WrongDigit => "wrong-digit",
            HintKind::WrongMarks => "wrong-marks",
            HintKind::Reveal => "reveal",
        }
    }
}

/// The part a cell plays in a hint; front ends give each its own colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Role {
    /// A cell of the pattern that proves the step.
    Pattern,
    /// A cell that loses one or more candidates.
    Loses,
    /// The cell that gets a digit.
    Gets,
    /// A cell whose digit or pencil marks are wrong.
    Wrong,
}

impl Role {
    /// The lowercase name: `pattern`, `loses`, `gets` or `wrong`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Role::Pattern => "pattern",
            Role::Loses => "loses",
            Role::Gets => "gets",
            Role::Wrong => "wrong",
        }
    }
}

/// A cell of a hint and its part in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HintCell {
    /// Row-major index, `0..81`.
    pub cell: usize,
    /// What the cell does in the hint.
    pub role: Role,
}

/// The next thing a player should do, told in three stages.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Hint {
    /// What the hint is about.
    pub kind: HintKind,
    /// The technique of a [`HintKind::Step`].
    pub technique: Option<Technique>,
    /// Its difficulty on Sudoku Explainer's scale (0 for other kinds).
    pub difficulty: f32,
    /// The digits the step is about, ascending.
    pub digits: Vec<u8>,
    /// The units the pattern lives in.
    pub units: Vec<Unit>,
    /// Every cell the hint names, each once, with its part. A cell that
    /// gets a digit or loses candidates is listed with that role even when
    /// it is also part of the pattern.
    pub cells: Vec<HintCell>,
    /// The cells to show at the second stage: the pattern without what it
    /// changes, so that it does not give the answer away (a naked single's
    /// cell, whose digit is not told until the third stage).
    pub focus: Vec<usize>,
    /// Digits to place: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates to remove: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// Cells whose digit ([`HintKind::WrongDigit`]) or pencil marks
    /// ([`HintKind::WrongMarks`]) applying the hint clears.
    pub clear: Vec<usize>,
    /// True when the step was found from the player's own pencil marks
    /// (some cell had marks that narrowed its candidates).
    pub used_marks: bool,
    /// What to tell the player: which technique, then where to look, then
    /// the whole step in a sentence.
    pub stages: [String; 3],
}

/// The hint for a player at `board` (givens and the digits placed so far)
/// with pencil marks `marks` (bit `d` for digit `d`; 0 for a cell without
/// marks), towards `solution`. `None` when the board is the solution, and
/// when `solution` is not a solved grid ([`Grid::is_solved`]): there is
/// nothing to hint towards.
///
/// See the [module docs](self) for the order in which hints are chosen.
#[must_use]
pub fn hint(board: &Grid, solution: &Grid, marks: &[u16; CELLS]) -> Option<Hint> {
    if !solution.is_solved() {
        return None;
    }
    let cells = board.cells();
    let wrong: Vec<usize> = (0..CELLS)
        .filter(|&c| cells[c] != 0 && cells[c] != solution.cells()[c])
        .collect();
    if !wrong.is_empty() {
        return Some(wrong_digits(&wrong));
    }
    let bad_marks: Vec<usize> = (0..CELLS)
        .filter(|&c| cells[c] == 0 && marks[c] != 0 && marks[c] & 1 << solution.cells()[c] == 0)
        .collect();
    if !bad_marks.is_empty() {
        return Some(wrong_marks(&bad_marks));
    }
    if board.is_complete() {
        return None;
    }
    let candidates = Candidates::with_pencil_marks(board, marks);
    let plain = Candidates::new(board);
    let used_marks = candidates != plain;
    match rate::next_step_from(&candidates, Scale::Se) {
        Some(step) => Some(for_step(&step, &candidates, used_marks)),
        None => reveal(board, solution, &plain),
    }
}

/// The hint that tells `step`, taken from the position whose candidates are
/// `marks` (the pattern's digits are read from them).
#[must_use]
pub fn for_step(step: &Step, marks: &Candidates, used_marks: bool) -> Hint {
    let digits = step_digits(step, marks);
    let mut cells: Vec<HintCell> = Vec::new();
    let mut add = |cell: usize, role: Role| match cells.iter_mut().find(|c| c.cell == cell) {
        Some(existing) if existing.role == Role::Pattern => existing.role = role,
        Some(_) => {}
        None => cells.push(HintCell { cell, role }),
    };
    for &(cell, _) in &step.placements {
        add(cell, Role::Gets);
    }
    for &(cell, _) in &step.eliminations {
        add(cell, Role::Loses);
    }
    for &cell in &step.cells {
        add(cell, Role::Pattern);
    }
    let changed = |cell: usize| {
        step.placements.iter().any(|&(c, _)| c == cell)
            || step.eliminations.iter().any(|&(c, _)| c == cell)
    };
    let mut focus: Vec<usize> = step
        .cells
        .iter()
        .copied()
        .filter(|&c| !changed(c))
        .collect();
    // A pattern made only of the cells it changes (a naked single's cell, a
    // forcing chain's starting cell) is shown as cells without digits.
    let bare = focus.is_empty();
    if bare && step.units.is_empty() {
        focus = step.cells.clone();
    }
    let technique = step.technique;
    // "Technique: Pointing (SE 2.6)." reads right for every name, where an
    // article would not ("a Pointing", "a 3 Strong Links").
    let mut first = format!(
        "Technique: {} ({} {}).",
        technique.name(),
        crate::rate::Scale::Se.label(),
        one_decimal(step.difficulty())
    );
    if used_marks {
        first.push_str(" It uses your pencil marks.");
    }
    let stages = [
        first,
        where_to_look(step, &digits, &focus, bare),
        sentence(step, &digits),
    ];
    Hint {
        kind: HintKind::Step,
        technique: Some(technique),
        difficulty: step.difficulty(),
        digits,
        units: step.units.clone(),
        cells,
        focus,
        placements: step.placements.clone(),
        eliminations: step.eliminations.clone(),
        clear: Vec::new(),
        used_marks,
        stages,
    }
}

/// The hint for digits on the board that differ from the solution.
fn wrong_digits(wrong: &[usize]) -> Hint {
    let many = wrong.len() > 1;
    let names = list(wrong.iter().map(|&c| cell_name(c)));
    Hint {
        kind: HintKind::WrongDigit,
        technique: None,
        difficulty: 0.0,
        digits: Vec::new(),
        units: Vec::new(),
        cells: wrong
            .iter()
            .map(|&cell| HintCell {
                cell,
                role: Role::Wrong,
            })
            .collect(),
        focus: wrong.to_vec(),
        placements: Vec::new(),
        eliminations: Vec::new(),
        clear: wrong.to_vec(),
        used_marks: false,
        stages: [
            if many {
                format!("{} digits on the board are wrong.", wrong.len())
            } else {
                "A digit on the board is wrong.".to_string()
            },
            format!("Look at {names}."),
            format!(
                "The solution has another digit in {names}: {} must be cleared.",
                if many { "they" } else { "it" }
            ),
        ],
    }
}

/// The hint for pencil marks that leave out a cell's true digit.
fn wrong_marks(bad: &[usize]) -> Hint {
    let names = list(bad.iter().map(|&c| cell_name(c)));
    let many = bad.len() > 1;
    Hint {
        kind: HintKind::WrongMarks,
        technique: None,
        difficulty: 0.0,
        digits: Vec::new(),
        units: Vec::new(),
        cells: bad
            .iter()
            .map(|&cell| HintCell {
                cell,
                role: Role::Wrong,
            })
            .collect(),
        focus: bad.to_vec(),
        placements: Vec::new(),
        eliminations: Vec::new(),
        clear: bad.to_vec(),
        used_marks: true,
        stages: [
            "Your pencil marks rule out a digit the solution needs.".to_string(),
            format!("Look at the pencil marks of {names}."),
            format!(
                "The pencil marks of {names} leave out the digit that belongs there; \
                 applying the hint resets {} to every candidate.",
                if many {
                    "those cells' marks"
                } else {
                    "its marks"
                }
            ),
        ],
    }
}

/// The solution's digit for the open cell with the fewest candidates.
fn reveal(board: &Grid, solution: &Grid, plain: &Candidates) -> Option<Hint> {
    let cell = (0..CELLS)
        .filter(|&c| board.cells()[c] == 0)
        .min_by_key(|&c| plain.mask(c).count_ones())?;
    let digit = solution.cells()[cell];
    let name = cell_name(cell);
    Some(Hint {
        kind: HintKind::Reveal,
        technique: None,
        difficulty: 0.0,
        digits: vec![digit],
        units: Vec::new(),
        cells: vec![HintCell {
            cell,
            role: Role::Gets,
        }],
        focus: vec![cell],
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        clear: Vec::new(),
        used_marks: false,
        stages: [
            "No technique applies here: the hint reveals a digit.".to_string(),
            format!("Look at {name}."),
            format!("The solution has {digit} in {name}."),
        ],
    })
}

/// The digits a step is about: what it places and removes, and for subsets
/// the digits of the subset, read from the position's candidates.
fn step_digits(step: &Step, marks: &Candidates) -> Vec<u8> {
    let mut mask = 0u16;
    for &(_, d) in step.placements.iter().chain(&step.eliminations) {
        mask |= 1 << d;
    }
    match step.technique {
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            mask = step
                .cells
                .iter()
                .fold(0, |m, &c| m | marks.try_mask(c).unwrap_or(0));
        }
        Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuad
        | Technique::DirectHiddenPair
        | Technique::DirectHiddenTriple => {
            if let Some(&unit) = step.units.first() {
                mask = hidden_digits(marks, unit, &step.cells);
                if matches!(
                    step.technique,
                    Technique::DirectHiddenPair | Technique::DirectHiddenTriple
                ) {
                    for &(_, d) in &step.placements {
                        mask |= 1 << d;
                    }
                }
            }
        }
        _ => {}
    }
    (1..=9u8).filter(|&d| mask & 1 << d != 0).collect()
}

/// The digits whose places in `unit` all lie among `cells` (the digits of a
/// hidden subset there).
fn hidden_digits(marks: &Candidates, unit: Unit, cells: &[usize]) -> u16 {
    let mut mask = 0u16;
    for digit in 1..=9u8 {
        let places: Vec<usize> = unit
            .cells()
            .into_iter()
            .filter(|&c| marks.value(c) == 0 && marks.has(c, digit))
            .collect();
        if !places.is_empty() && places.iter().all(|c| cells.contains(c)) {
            mask |= 1 << digit;
        }
    }
    mask
}

/// The second stage: where to look, without the result.
fn where_to_look(step: &Step, digits: &[u8], focus: &[usize], bare: bool) -> String {
    let t = step.technique;
    let units = list(step.units.iter().map(Unit::to_string));
    let cells = list(focus.iter().map(|&c| cell_name(c)));
    let placed = step.placements.first().map(|&(_, d)| d);
    match t {
        Technique::FullHouse => format!("Look at {units}: one cell is left."),
        Technique::HiddenSingle => match placed {
            Some(d) => format!("Look where {d} can go in {units}."),
            None => format!("Look at {units}."),
        },
        Technique::NakedSingle => format!("Look at the candidates of {cells}."),
        _ if focus.is_empty() => format!("Look at {units}."),
        _ if bare => format!("Look at {cells}."),
        _ if step.units.is_empty() => format!("Look at {cells} and {}.", the_digits(digits)),
        _ => format!("Look at {cells} in {units}, and {}.", the_digits(digits)),
    }
}

/// The third stage: the step in a sentence that names the digits and says
/// what each cell does.
#[must_use]
pub fn sentence(step: &Step, digits: &[u8]) -> String {
    let t = step.technique;
    let pattern = list(step.cells.iter().map(|&c| cell_name(c)));
    let units: Vec<String> = step.units.iter().map(Unit::to_string).collect();
    let unit = units.first().cloned().unwrap_or_default();
    let result = results(step);
    let (placed_cell, placed_digit) = step
        .placements
        .first()
        .map(|&(c, d)| (cell_name(c), d))
        .unwrap_or_default();
    let elim_digits: Vec<u8> = {
        let mask = step.eliminations.iter().fold(0u16, |m, &(_, d)| m | 1 << d);
        (1..=9u8).filter(|&d| mask & 1 << d != 0).collect()
    };
    let d = digit_list(&elim_digits);
    let n = step.cells.len();
    match t {
        Technique::FullHouse => format!(
            "In {unit}, only {placed_cell} is empty, so it takes the missing digit: \
             {placed_cell} = {placed_digit}."
        ),
        Technique::HiddenSingle => format!(
            "In {unit}, {placed_digit} fits in only one cell, {placed_cell}: \
             {placed_cell} = {placed_digit}."
        ),
        Technique::NakedSingle => format!(
            "Every digit but {placed_digit} is already in the row, column or box of \
             {placed_cell}, so {placed_cell} = {placed_digit}."
        ),
        Technique::DirectPointing | Technique::DirectClaiming if units.len() >= 2 => format!(
            "In {}, {placed_digit} can only go in {pattern}, all in {}. So {placed_digit} \
             cannot be elsewhere in {}, which leaves {placed_cell} as the only place for it \
             in one of its units: {placed_cell} = {placed_digit}.",
            units[0], units[1], units[1]
        ),
        Technique::DirectHiddenPair | Technique::DirectHiddenTriple => {
            let subset: Vec<u8> = digits
                .iter()
                .copied()
                .filter(|&x| x != placed_digit)
                .collect();
            format!(
                "In {unit}, {} fit only in {pattern}, so those cells hold nothing else. That \
                 leaves {placed_cell} as the only place for {placed_digit}: \
                 {placed_cell} = {placed_digit}.",
                the_digits(&subset)
            )
        }
        Technique::Pointing | Technique::Claiming if units.len() >= 2 => format!(
            "In {}, {d} can only go in {pattern}, all in {}. Whichever of them holds {d}, \
             no other cell of {} can: {result}.",
            units[0], units[1], units[1]
        ),
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "In {unit}, the {n} cells {pattern} hold only {} between them, so these digits \
             go in those cells and nowhere else in {unit}: {result}.",
            the_digits(digits)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "In {unit}, {} fit only in the {n} cells {pattern}, so those cells hold nothing \
             else: {result}.",
            the_digits(digits)
        ),
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish
            if units.len() % 2 == 0 && !units.is_empty() =>
        {
            let half = units.len() / 2;
            let (base, cover) = (
                list(units[..half].iter().cloned()),
                list(units[half..].iter().cloned()),
            );
            format!(
                "In {base}, {d} can only go in {pattern}, which lie in {cover}. Those {half} \
                 {d}s sit in {half} different lines of {cover}, so every {d} of {cover} comes \
                 from the pattern and no other cell there can be {d}: {result}."
            )
        }
        Technique::FinnedXWing | Technique::FinnedSwordfish | Technique::FinnedJellyfish => {
            format!(
                "The {d}s in {pattern} form a fish with a fin: whether the fin holds {d} or \
                 the fish does, {d} cannot be in a cell that sees the fin and lies in the \
                 fish's cover: {result}."
            )
        }
        Technique::TurbotFish
        | Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::ThreeStrongLinks
        | Technique::FourStrongLinks
        | Technique::XChain
        | Technique::XCycle
        | Technique::SimpleColouring => format!(
            "Follow {d} through {pattern}: each link is a unit where {d} has only two \
             places, so one end of the chain or the other holds {d}. A cell that sees both \
             ends cannot be {d}: {result}."
        ),
        Technique::XyWing
        | Technique::XyzWing
        | Technique::WWing
        | Technique::WxyzWing
        | Technique::VwxyzWing
        | Technique::UvwxyzWing
        | Technique::TuvwxyzWing => format!(
            "However the digits fall in {pattern}, {d} ends up in one of the pattern's cells \
             that hold it. So a cell that sees all of those cells cannot take that digit: \
             {result}."
        ),
        Technique::AlignedPairExclusion if step.cells.len() > 2 => {
            let base = list(step.cells[..2].iter().map(|&c| cell_name(c)));
            let excluders = list(step.cells[2..].iter().map(|&c| cell_name(c)));
            format!(
                "Try every pair of digits for {base}. A pair is impossible when the two see \
                 each other and the digits are the same, or when one of {excluders}, which \
                 see both and hold two candidates each, holds exactly that pair: it would be \
                 left empty. A digit in no possible pair goes: {result}."
            )
        }
        Technique::AlignedTripletExclusion if step.cells.len() > 3 => {
            let base = list(step.cells[..3].iter().map(|&c| cell_name(c)));
            let excluders = list(step.cells[3..].iter().map(|&c| cell_name(c)));
            format!(
                "Try every three digits for {base}. They are impossible together when two \
                 of the cells see each other and take the same digit, or when they hold \
                 every candidate of one of {excluders}, which see all three: it would be \
                 left empty. A digit in no possible three goes: {result}."
            )
        }
        Technique::XyChain | Technique::Aic | Technique::YCycle | Technique::XyCycle => format!(
            "A chain through {pattern} alternates between \"if this is not so, that is\" \
             and \"if this is so, that is not\"; however it starts, it rules out the same \
             candidates: {result}."
        ),
        Technique::UniqueRectangle | Technique::UniqueLoop => format!(
            "The cells {pattern} would form a deadly pattern (two digits that could swap, \
             giving two solutions) unless a candidate outside it is used. The puzzle has one \
             solution, so: {result}."
        ),
        Technique::BugPlusOne | Technique::BugType2 | Technique::BugType3 | Technique::BugType4 => {
            format!(
                "Without it, every open cell would have two candidates and every digit two \
             places in each unit: a pattern with two solutions. The puzzle has one, so: \
             {result}."
            )
        }
        Technique::TrialAndError => format!(
            "No technique of the scale applies: trying a candidate and following it to a \
             contradiction shows {result}."
        ),
        _ if t >= Technique::ForcingChain => format!(
            "Assume each possibility around {pattern} in turn and follow its consequences: \
             they all lead to the same conclusion, or the opposite leads to a contradiction. \
             So: {result}."
        ),
        _ => format!("The pattern in {pattern} shows: {result}."),
    }
}

/// "r1c7 = 5" or "remove 4 from r1c7 and r1c8; remove 6 from r2c2".
fn results(step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(c, d)| format!("{} = {d}", cell_name(c)))
        .collect();
    for digit in 1..=9u8 {
        let from: Vec<String> = step
            .eliminations
            .iter()
            .filter(|&&(_, d)| d == digit)
            .map(|&(c, _)| cell_name(c))
            .collect();
        if !from.is_empty() {
            parts.push(format!("remove {digit} from {}", list(from.into_iter())));
        }
    }
    parts.join("; ")
}

/// A difficulty with one decimal, `4.2`, exactly as `{:.1}` writes any
/// `f32` (ties to even, `-0.0`, `NaN`, `inf`); written by hand so that the
/// web page's WebAssembly build carries no float formatting.
#[must_use]
pub fn one_decimal(x: f32) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let magnitude = f64::from(x.abs());
    // From 2^24 on every f32 is a whole number (below 2^128, so a u128).
    if magnitude >= 16_777_216.0 {
        return format!("{sign}{}.0", magnitude as u128);
    }
    // Exact in an f64: 24 bits of mantissa times ten.
    let tenths = (magnitude * 10.0).round_ties_even() as u64;
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

/// "the digit 4", "the digits 4 and 7".
fn the_digits(digits: &[u8]) -> String {
    match digits {
        [one] => format!("the digit {one}"),
        _ => format!("the digits {}", digit_list(digits)),
    }
}

/// "4", "4 and 7", "2, 4 and 7".
fn digit_list(digits: &[u8]) -> String {
    list(digits.iter().map(u8::to_string))
}

/// Items joined as English does: "a", "a and b", "a, b and c".
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    let mut text = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            text.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        let _ = write!(text, "{item}");
    }
    text
}

/// `r3c5` for cell 22.
fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decimal_writes_tenths_as_the_formatting_machinery_does() {
        for tenths in -30..=2_000i32 {
            let x = tenths as f32 / 10.0;
            assert_eq!(one_decimal(x), format!("{x:.1}"), "{tenths} tenths");
        }
        // Any f32: halves, huge, tiny, negative zero, infinities, NaN.
        let mut bits = 0x9e37_79b9_u32;
        let special = [
            0.25f32,
            0.75,
            2.5,
            -0.04,
            -0.0,
            1e30,
            -3.4e38,
            f32::MAX,
            f32::MIN_POSITIVE,
            16_777_216.0,
            16_777_215.5,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        for x in special.into_iter().chain((0..200_000).map(|_| {
            bits ^= bits << 13;
            bits ^= bits >> 17;
            bits ^= bits << 5;
            f32::from_bits(bits)
        })) {
            assert_eq!(one_decimal(x), format!("{x:.1}"), "{:#x}", x.to_bits());
        }
    }

    #[test]
    fn no_hint_towards_a_grid_that_is_not_a_solution() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let solution = crate::solve(&puzzle).unwrap();
        assert!(hint(&puzzle, &solution, &[0; CELLS]).is_some());
        for not_a_solution in [Grid::EMPTY, puzzle] {
            assert!(hint(&Grid::EMPTY, &not_a_solution, &[0; CELLS]).is_none());
            assert!(hint(&puzzle, &not_a_solution, &[0; CELLS]).is_none());
        }
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(digit_list(&[4]), "4");
        assert_eq!(digit_list(&[4, 7]), "4 and 7");
        assert_eq!(digit_list(&[2, 4, 7]), "2, 4 and 7");
        assert_eq!(the_digits(&[4]), "the digit 4");
        assert_eq!(the_digits(&[4, 7]), "the digits 4 and 7");
    }

    #[test]
    fn sort_small_sorts_stably() {
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        crate::rate::sort_small(&mut v);
        assert_eq!(v, vec![(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
    }
}
