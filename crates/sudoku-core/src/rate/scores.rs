//! Sets of difficulties: the [`Scores`] a technique's steps can have on a
//! scale, and the ratings a scale's rater can give at all
//! ([`Scale::ratings`](super::Scale::ratings)). The generator asks them
//! whether a rating band can be met, so that it never refuses a rating the
//! rater gives, nor aims at one the rater cannot give.

use std::fmt;

/// A set of difficulties in tenths, from 0.0 to 25.5: the ratings, or the
/// step difficulties, a scale can give (see
/// [`Scale::ratings`](super::Scale::ratings) and
/// [`Scale::scores_of`](super::Scale::scores_of)).
///
/// ```
/// use sudoku_core::rate::{Scale, Technique};
///
/// let se = Scale::Se.ratings();
/// assert!(se.contains(1.5) && se.contains(7.2));
/// assert!(!se.contains(5.3)); // the native scale's Finned Jellyfish
/// assert!(Scale::Native.ratings().contains(5.3));
/// assert_eq!(Scale::Se.scores_of(Technique::TurbotFish).to_string(), "4.0, 4.1, 4.3");
/// assert!(Scale::Se.scores_of(Technique::Skyscraper).is_empty());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Scores([u64; 4]);

impl Scores {
    /// The empty set.
    pub const EMPTY: Scores = Scores([0; 4]);

    /// The most tenths a set holds (25.5).
    const MAX_TENTHS: u16 = 255;

    /// The set of the tenths `lo..=hi` (capped at 25.5).
    pub(crate) const fn tenths_range(lo: u16, hi: u16) -> Scores {
        let mut words = [0u64; 4];
        let mut t = lo;
        while t <= hi && t <= Scores::MAX_TENTHS {
            words[(t / 64) as usize] |= 1 << (t % 64);
            t += 1;
        }
        Scores(words)
    }

    /// The set of the listed tenths.
    pub(crate) const fn tenths(list: &[u16]) -> Scores {
        let mut set = Scores::EMPTY;
        let mut i = 0;
        while i < list.len() {
            set = set.union(Scores::tenths_range(list[i], list[i]));
            i += 1;
        }
        set
    }

    /// Every score of `self` and of `other`.
    #[must_use]
    pub const fn union(self, other: Scores) -> Scores {
        let (a, b) = (self.0, other.0);
        Scores([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// The scores in both sets.
    #[must_use]
    pub fn intersection(self, other: Scores) -> Scores {
        Scores(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// True when the set holds no score.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    fn has_tenths(self, t: u16) -> bool {
        t <= Scores::MAX_TENTHS && self.0[(t / 64) as usize] & (1 << (t % 64)) != 0
    }

    /// The tenths in the set, lowest first.
    fn tenths_iter(self) -> impl Iterator<Item = u16> {
        (0..=Scores::MAX_TENTHS).filter(move |&t| self.has_tenths(t))
    }

    /// True when `score`, to the nearest tenth, is in the set (as the rater
    /// gives it: a [`Rating::score`](super::Rating::score) is a whole
    /// number of tenths).
    #[must_use]
    pub fn contains(self, score: f32) -> bool {
        score.is_finite()
            && score >= 0.0
            && score <= f32::from(Scores::MAX_TENTHS) / 10.0
            && self.has_tenths((score * 10.0).round() as u16)
    }

    /// The scores, lowest first, as the rater gives them (`tenths / 10`).
    pub fn iter(self) -> impl Iterator<Item = f32> {
        self.tenths_iter().map(|t| f32::from(t) / 10.0)
    }

    /// The lowest score, if any.
    #[must_use]
    pub fn lowest(self) -> Option<f32> {
        self.iter().next()
    }

    /// The highest score, if any.
    #[must_use]
    pub fn highest(self) -> Option<f32> {
        self.iter().last()
    }

    /// The scores `s` with `keep(s)`: for a rating band, `|s| lo <= s && s
    /// <= hi`, the very comparison the generator makes with a rating.
    #[must_use]
    pub fn filter(self, keep: impl Fn(f32) -> bool) -> Scores {
        let mut out = Scores::EMPTY;
        for t in self.tenths_iter() {
            if keep(f32::from(t) / 10.0) {
                out = out.union(Scores::tenths_range(t, t));
            }
        }
        out
    }
}

/// The scores with one decimal, joined by commas, runs of three or more
/// tenths in a row as `LO-HI`: `1.0, 1.2, 1.5`, `4.0-5.2, 5.4-5.7`.
impl fmt::Display for Scores {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut runs: Vec<(u16, u16)> = Vec::new();
        for t in self.tenths_iter() {
            match runs.last_mut() {
                Some((_, hi)) if *hi + 1 == t => *hi = t,
                _ => runs.push((t, t)),
            }
        }
        let tenths = |t: u16| format!("{}.{}", t / 10, t % 10);
        let mut parts: Vec<String> = Vec::new();
        for (lo, hi) in runs {
            match hi - lo {
                0 => parts.push(tenths(lo)),
                1 => parts.extend([tenths(lo), tenths(hi)]),
                _ => parts.push(format!("{}-{}", tenths(lo), tenths(hi))),
            }
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_shown_as_ranges_and_scores_read_back() {
        let set = Scores::tenths(&[10, 12, 13, 15, 16, 17, 18]).union(Scores::tenths_range(62, 70));
        assert_eq!(set.to_string(), "1.0, 1.2, 1.3, 1.5-1.8, 6.2-7.0");
        assert!(set.contains(1.5) && set.contains(6.7) && !set.contains(1.4));
        assert!(!set.contains(f32::NAN) && !set.contains(-1.0) && !set.contains(99.0));
        assert_eq!(set.lowest(), Some(1.0));
        assert_eq!(set.highest(), Some(7.0));
        let band = set.filter(|s| (1.3..=1.6).contains(&s));
        assert_eq!(band.to_string(), "1.3, 1.5, 1.6");
        assert!(set.intersection(Scores::tenths(&[11, 14])).is_empty());
        assert_eq!(Scores::EMPTY.to_string(), "");
    }
}
