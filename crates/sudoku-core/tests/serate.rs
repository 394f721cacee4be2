//! Agreement with Sudoku Explainer: puzzles rated by Sukaku Explainer's
//! `serate` (see the header of `tests/data/serate.txt` for the command,
//! commit and sources) are rated again by `rate::rate`, and the share of
//! exact ER/EP/ED matches is checked band by band.
//!
//! The floors are the agreement this crate measured when the file was made
//! (README, "Agreement with Sudoku Explainer"), rounded down: a change that
//! makes any band agree less fails here. Raise them when the rater improves;
//! never lower them to make a change pass.

mod common;

use std::path::Path;

use sudoku_core::rate;
use sudoku_core::Grid;

/// SE's bands as the README names them, by ER in tenths: singles (up to
/// 2.4), subsets and fish (2.5-5.4), wings, uniqueness, BUG and chains
/// (5.5-7.5), Nishio and forcing chains (7.6-8.7), dynamic chains (8.8+).
const BANDS: [(&str, u32, u32); 5] = [
    ("singles 1.0-2.4", 0, 24),
    ("subsets/fish 2.5-5.4", 25, 54),
    ("wings/uniqueness/chains 5.5-7.5", 55, 75),
    ("Nishio/forcing 7.6-8.7", 76, 87),
    ("dynamic 8.8+", 88, u32::MAX),
];

/// Per band: the least share (in %) of puzzles whose ER must match serate's
/// exactly, and the least share within 0.2. Measured values are in the
/// README; these are those, rounded down.
const FLOORS: [(f64, f64); 5] = [
    (100.0, 100.0),
    (100.0, 100.0),
    (100.0, 100.0),
    (100.0, 100.0),
    (100.0, 100.0),
];

/// A serate verdict: the puzzle and ER, EP, ED in tenths.
struct Rated {
    puzzle: Grid,
    line: String,
    se: [u32; 3],
}

fn tenths(x: f32) -> u32 {
    (x * 10.0).round() as u32
}

fn rated() -> Vec<Rated> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/serate.txt");
    let text = std::fs::read_to_string(&path).expect("test data is readable");
    common::rated_fixture(&text)
        .into_iter()
        .map(|(line, se)| Rated {
            puzzle: line.parse().expect("the puzzle parses"),
            line,
            se,
        })
        .collect()
}

#[test]
fn ratings_agree_with_serate_band_by_band() {
    let all = rated();
    assert!(
        all.len() >= 300,
        "the data file holds a few hundred puzzles"
    );
    let mut report = String::new();
    for (b, &(name, lo, hi)) in BANDS.iter().enumerate() {
        let band: Vec<&Rated> = all
            .iter()
            .filter(|r| (lo..=hi).contains(&r.se[0]))
            .collect();
        let (mut exact, mut near, mut erpd) = (0usize, 0usize, 0usize);
        let mut first_miss = None;
        for r in &band {
            let ours = rate::rate(&r.puzzle).expect("serate's puzzles have one solution");
            let mine = [tenths(ours.score), tenths(ours.pearl), tenths(ours.diamond)];
            if mine[0] == r.se[0] {
                exact += 1;
            } else if first_miss.is_none() {
                first_miss = Some(format!("{} SE {:?} ours {:?}", r.line, r.se, mine));
            }
            if mine[0].abs_diff(r.se[0]) <= 2 {
                near += 1;
            }
            if mine == r.se {
                erpd += 1;
            }
        }
        if band.is_empty() {
            continue;
        }
        let pct = |k: usize| 100.0 * k as f64 / band.len() as f64;
        report += &format!(
            "{name}: n={} exact {:.1}% within 0.2 {:.1}% ER/EP/ED {:.1}%\n",
            band.len(),
            pct(exact),
            pct(near),
            pct(erpd)
        );
        let (floor_exact, floor_near) = FLOORS[b];
        assert!(
            pct(exact) >= floor_exact && pct(near) >= floor_near,
            "{name}: exact {:.1}% (floor {floor_exact}), within 0.2 {:.1}% (floor {floor_near}); first miss {first_miss:?}\n{report}",
            pct(exact),
            pct(near)
        );
    }
    println!("{report}");
}

#[test]
fn ep_and_ed_never_exceed_er() {
    for r in rated().iter().take(200) {
        let ours = rate::rate(&r.puzzle).expect("one solution");
        assert!(
            ours.diamond <= ours.pearl && ours.pearl <= ours.score,
            "{}",
            r.line
        );
    }
}

/// A capped rating is the full rating when that is within the cap, and
/// `None` when it is above: checked against the uncapped rater on every
/// puzzle of the file, on both scales, at each level's top and a few caps
/// inside the chain bands.
#[test]
fn capped_ratings_agree_with_full_ones() {
    for scale in [rate::Scale::Se, rate::Scale::Native] {
        for r in rated() {
            let full = rate::rate_with(&r.puzzle, scale).expect("one solution");
            for cap in [1.2, 2.4, 3.4, 4.4, 4.9, 6.6, 7.0, 7.4, 8.2, 11.0] {
                let capped = rate::rate_up_to(&r.puzzle, scale, cap);
                if tenths(full.score) <= tenths(cap) {
                    assert_eq!(capped, Some(full), "{} {scale:?} cap {cap}", r.line);
                } else {
                    assert_eq!(capped, None, "{} {scale:?} cap {cap}", r.line);
                }
            }
        }
    }
}
