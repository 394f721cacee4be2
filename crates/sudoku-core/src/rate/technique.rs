//! The solving techniques the rater knows: [`Technique`], with each one's
//! name and weight, and parsing a technique from its name. They live apart
//! from the engine in `mod.rs`, which tries them in [`Technique::ALL`]'s
//! order.

use std::fmt;
use std::str::FromStr;

/// A solving technique. The declaration order is the order the solver tries
/// them in, which is also ascending [`weight`](Technique::weight).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last blank cell of a unit.
    FullHouse,
    /// The only cell of a unit where a digit can go.
    HiddenSingle,
    /// Sudoku Explainer's direct pointing: a pointing whose eliminations
    /// leave a hidden single in another box; the step places it.
    DirectPointing,
    /// Sudoku Explainer's direct claiming: a claiming whose eliminations
    /// leave a hidden single in another line; the step places it.
    DirectClaiming,
    /// Sudoku Explainer's direct hidden pair: a hidden pair whose
    /// eliminations leave a hidden single in its unit; the step places it.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// Sudoku Explainer's direct hidden triplet (as the direct hidden pair).
    DirectHiddenTriple,
    /// A digit confined to one row or column inside a box.
    Pointing,
    /// A digit confined to one box inside a row or column.
    Claiming,
    /// Two cells of a unit holding only the same two digits.
    NakedPair,
    /// A digit confined to the same two columns in two rows (or the transpose).
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit holding only three digits between them.
    NakedTriple,
    /// A digit confined to three columns in three rows (or the transpose).
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// Sudoku Explainer's Turbot Fish: two strong links of one digit (in any
    /// unit types) joined by a weak link. Skyscraper and 2-String Kite are
    /// its special cases on the native scale.
    TurbotFish,
    /// Two conjugate pairs of a digit in parallel lines that share one end's line.
    Skyscraper,
    /// A row and a column conjugate pair of a digit joined in a box.
    TwoStringKite,
    /// An X-Wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A Swordfish with fins in one box.
    FinnedSwordfish,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Two identical bivalue cells joined by a conjugate pair.
    WWing,
    /// Unique rectangle type 1 (only for puzzles known to have one solution).
    UniqueRectangle,
    /// Sudoku Explainer's unique loop: the unique rectangle's deadly pattern
    /// on a loop of six or more cells (types 1, 2 and 4).
    UniqueLoop,
    /// Two-colouring the conjugate pairs of one digit.
    SimpleColouring,
    /// Four cells of a unit holding only four digits between them.
    NakedQuad,
    /// A digit confined to four columns in four rows (or the transpose).
    Jellyfish,
    /// A Jellyfish with fins in one box.
    FinnedJellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Sudoku Explainer's three strong links: a Turbot Fish with one more
    /// conjugate pair in the chain.
    ThreeStrongLinks,
    /// Sudoku Explainer's WXYZ-Wing: three cells that see each other, with
    /// four digits between them, and a bivalue cell (an ALS-XZ).
    WxyzWing,
    /// Bivalue universal grave plus one (only for puzzles known to have one solution).
    BugPlusOne,
    /// Sudoku Explainer's BUG type 2: a bivalue universal grave plus one
    /// digit in several cells (only for puzzles known to have one solution).
    BugType2,
    /// Sudoku Explainer's BUG type 4: two cells beyond a bivalue universal
    /// grave, in one unit, sharing one digit within it (only for puzzles
    /// known to have one solution).
    BugType4,
    /// Sudoku Explainer's BUG type 3: the cells beyond a bivalue universal
    /// grave, in one unit, make a naked set with other cells of that unit
    /// (only for puzzles known to have one solution).
    BugType3,
    /// Sudoku Explainer's four strong links: three strong links with one
    /// more conjugate pair (or grouped link) in the chain.
    FourStrongLinks,
    /// Sudoku Explainer's VWXYZ-Wing: the WXYZ-Wing with a set of four cells.
    VwxyzWing,
    /// Sudoku Explainer's aligned pair exclusion: two cells cannot take a
    /// pair of digits that some bivalue cell seeing both holds, and a digit
    /// of one of them left in no possible pair leaves it.
    AlignedPairExclusion,
    /// Sudoku Explainer's bidirectional X-cycle: a loop of one digit's
    /// places, every other link a conjugate pair.
    XCycle,
    /// Sudoku Explainer's bidirectional Y-cycle: a loop of bivalue cells,
    /// each seeing the next and sharing a digit with it.
    YCycle,
    /// Sudoku Explainer's UVWXYZ-Wing: the WXYZ-Wing with a set of five cells.
    UvwxyzWing,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// An alternating inference chain mixing digits and cells.
    Aic,
    /// Sudoku Explainer's bidirectional cycle: a loop with both kinds of
    /// link (conjugate pairs and bivalue cells).
    XyCycle,
    /// Sudoku Explainer's TUVWXYZ-Wing: the WXYZ-Wing with a set of six cells.
    TuvwxyzWing,
    /// Sudoku Explainer's aligned triplet exclusion: the aligned pair
    /// exclusion with three cells, and excluders of two or three candidates
    /// that see all three.
    AlignedTripletExclusion,
    /// An assumption that leads to a contradiction by singles alone.
    ForcingChain,
    /// Sudoku Explainer's Nishio forcing chains: an assumption whose
    /// consequences along X-links, erased as they go, contradict each other.
    NishioForcingChain,
    /// Sudoku Explainer's cell forcing chains: every candidate of a cell
    /// leads to the same conclusion.
    CellForcingChain,
    /// Sudoku Explainer's region forcing chains: every place of a digit in a
    /// unit leads to the same conclusion.
    RegionForcingChain,
    /// An assumption that leads to a contradiction with the basic techniques.
    DynamicForcingChain,
    /// Sudoku Explainer's dynamic forcing chains (+): dynamic forcing chains
    /// that also apply locked candidates, pairs and X-Wings along the way.
    DynamicForcingChainPlus,
    /// Sudoku Explainer's nested forcing chains ("+ Forcing Chains"):
    /// dynamic forcing chains (+) that also apply forcing chains along the way.
    NestedForcingChain,
    /// Sudoku Explainer's nested forcing chains ("+ Multiple Forcing
    /// Chains"): the same, with cell and region forcing chains too.
    NestedMultipleForcingChain,
    /// Sudoku Explainer's experimental nesting ("+ Dynamic Forcing
    /// Chains"): dynamic forcing chains with whole dynamic forcing chains
    /// searched inside them.
    NestedDynamicForcingChain,
    /// Every candidate of a cell but one is shown, by exhaustive search, to
    /// lead to no solution.
    TrialAndError,
}

impl Technique {
    /// Every technique, in the order the solver tries them.
    pub const ALL: &'static [Technique] = &[
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::TurbotFish,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::FinnedXWing,
        Technique::XyWing,
        Technique::FinnedSwordfish,
        Technique::XyzWing,
        Technique::WWing,
        Technique::UniqueRectangle,
        Technique::UniqueLoop,
        Technique::SimpleColouring,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::FinnedJellyfish,
        Technique::HiddenQuad,
        Technique::ThreeStrongLinks,
        Technique::WxyzWing,
        Technique::BugPlusOne,
        Technique::BugType2,
        Technique::BugType4,
        Technique::BugType3,
        Technique::FourStrongLinks,
        Technique::VwxyzWing,
        Technique::AlignedPairExclusion,
        Technique::XCycle,
        Technique::YCycle,
        Technique::UvwxyzWing,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::XyCycle,
        Technique::TuvwxyzWing,
        Technique::AlignedTripletExclusion,
        Technique::ForcingChain,
        Technique::NishioForcingChain,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
        Technique::NestedMultipleForcingChain,
        Technique::NestedDynamicForcingChain,
        Technique::TrialAndError,
    ];

    /// The difficulty weight, on a scale modelled on Sudoku Explainer's:
    /// 1.0 for a full house up to 11.0 for trial and error. Weights never
    /// decrease along [`Technique::ALL`].
    #[must_use]
    pub fn weight(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.2,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::FinnedXWing => 4.1,
            Technique::HiddenTriple => 4.0,
            Technique::TurbotFish => 4.0,
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::XyWing => 4.2,
            Technique::FinnedSwordfish => 4.3,
            Technique::XyzWing => 4.4,
            Technique::WWing => 4.4,
            Technique::UniqueRectangle => 4.5,
            Technique::UniqueLoop => 4.6,
            Technique::SimpleColouring => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::FinnedJellyfish => 5.3,
            Technique::HiddenQuad => 5.4,
            Technique::ThreeStrongLinks => 5.4,
            Technique::WxyzWing => 5.5,
            Technique::VwxyzWing | Technique::AlignedPairExclusion => 6.2,
            Technique::XCycle | Technique::YCycle => 6.5,
            Technique::XyCycle => 7.0,
            Technique::UvwxyzWing => 6.6,
            Technique::TuvwxyzWing | Technique::AlignedTripletExclusion => 7.5,
            Technique::BugPlusOne => 5.6,
            Technique::BugType2 | Technique::BugType4 => 5.7,
            Technique::BugType3 => 5.8,
            Technique::FourStrongLinks => 5.8,
            Technique::XChain => 6.6,
            Technique::XyChain => 6.8,
            Technique::Aic => 7.0,
            Technique::ForcingChain => 7.5,
            Technique::NishioForcingChain => 7.5,
            Technique::CellForcingChain => 8.0,
            Technique::RegionForcingChain => 8.0,
            Technique::DynamicForcingChain => 8.5,
            Technique::DynamicForcingChainPlus => 9.0,
            Technique::NestedForcingChain => 9.5,
            Technique::NestedMultipleForcingChain => 10.0,
            Technique::NestedDynamicForcingChain => 10.5,
            Technique::TrialAndError => 11.0,
        }
    }

    /// The human name, as players know it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triplet",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::Swordfish => "Swordfish",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::TurbotFish => "Turbot Fish",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::XyWing => "XY-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangle => "Unique Rectangle",
            Technique::UniqueLoop => "Unique Loop",
            Technique::SimpleColouring => "Simple Colouring",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::ThreeStrongLinks => "3 Strong Links",
            Technique::FourStrongLinks => "4 Strong Links",
            Technique::WxyzWing => "WXYZ-Wing",
            Technique::VwxyzWing => "VWXYZ-Wing",
            Technique::XCycle => "Bidirectional X-Cycle",
            Technique::YCycle => "Bidirectional Y-Cycle",
            Technique::XyCycle => "Bidirectional Cycle",
            Technique::UvwxyzWing => "UVWXYZ-Wing",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::TuvwxyzWing => "TUVWXYZ-Wing",
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Technique::BugPlusOne => "BUG+1",
            Technique::BugType2 => "BUG type 2",
            Technique::BugType3 => "BUG type 3",
            Technique::BugType4 => "BUG type 4",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::Aic => "AIC",
            Technique::ForcingChain => "Forcing Chain",
            Technique::NishioForcingChain => "Nishio Forcing Chains",
            Technique::CellForcingChain => "Cell Forcing Chains",
            Technique::RegionForcingChain => "Region Forcing Chains",
            Technique::DynamicForcingChain => "Dynamic Forcing Chain",
            Technique::DynamicForcingChainPlus => "Dynamic Forcing Chains (+)",
            Technique::NestedForcingChain => "Dynamic Forcing Chains (+ Forcing Chains)",
            Technique::NestedMultipleForcingChain => {
                "Dynamic Forcing Chains (+ Multiple Forcing Chains)"
            }
            Technique::NestedDynamicForcingChain => {
                "Dynamic Forcing Chains (+ Dynamic Forcing Chains)"
            }
            Technique::TrialAndError => "Trial and Error",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The error of parsing a [`Technique`] from an unknown name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique '{0}' (expected a name such as \"Hidden Single\" or \"XY-Wing\")")]
pub struct ParseTechniqueError(pub String);

/// A technique name reduced to its lowercase letters, digits and `+`, so
/// that "XY-Wing", "xy wing" and "XyWing" compare equal (the `+` tells SE's
/// "Dynamic Forcing Chains (+)" from its plain dynamic chains).
fn name_key(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '+')
        .map(|c| c.to_ascii_lowercase())
}

impl FromStr for Technique {
    type Err = ParseTechniqueError;

    /// Parses a technique's [name](Technique::name), ignoring case, spaces,
    /// hyphens and other punctuation.
    ///
    /// ```
    /// use sudoku_core::rate::Technique;
    ///
    /// assert_eq!("XY-Wing".parse(), Ok(Technique::XyWing));
    /// assert_eq!("hidden single".parse(), Ok(Technique::HiddenSingle));
    /// assert_eq!("BUG+1".parse(), Ok(Technique::BugPlusOne));
    /// for &t in Technique::ALL {
    ///     assert_eq!(t.to_string().parse(), Ok(t));
    /// }
    /// assert!("Wing".parse::<Technique>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Technique, ParseTechniqueError> {
        Technique::ALL
            .iter()
            .copied()
            .find(|t| name_key(t.name()).eq(name_key(s)))
            .ok_or_else(|| ParseTechniqueError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn techniques_are_in_order_and_weights_never_decrease() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(pair[0].weight() <= pair[1].weight(), "{:?}", pair);
        }
    }
}
