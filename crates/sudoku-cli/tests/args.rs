//! The argument parser under hostile argument lists: every command's parser
//! (the assignment's form, count, check, bench, puzzles, print, canon, rate,
//! explain, hint) answers with a command or a one-line usage error, never a
//! panic, and the same answer twice. The fuzz target `args` does the same
//! with arbitrary bytes; this runs in every `cargo test`.
#![cfg(unix)]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use proptest::prelude::*;
use sudoku_cli::args::parse;

/// Words the parsers know, values of every shape, and junk.
fn word() -> impl Strategy<Value = Vec<u8>> {
    const WORDS: &[&str] = &[
        "count",
        "check",
        "bench",
        "puzzles",
        "print",
        "canon",
        "rate",
        "explain",
        "hint",
        "-c",
        "-s",
        "-o",
        "-j",
        "-n",
        "-m",
        "-r",
        "-u",
        "-h",
        "-V",
        "--help",
        "--version",
        "--first",
        "--output",
        "--threads",
        "--seed",
        "--limit",
        "--puzzles",
        "--seconds",
        "--csv",
        "--techniques",
        "--technique",
        "--difficulty",
        "--rating",
        "--blanks",
        "--symmetry",
        "--minimal",
        "--format",
        "--with-solutions",
        "--with-path",
        "--time-limit",
        "--per-page",
        "--paper",
        "--title",
        "--answers",
        "--candidates",
        "--scale",
        "--",
        "-",
        "0",
        "1",
        "9",
        "-1",
        "81",
        "1000000",
        "1000001",
        "99999999999999999999",
        "2.5..4",
        "1.5~2",
        "easy",
        "extreme",
        "x-wing",
        "rot180",
        "line",
        "grid",
        "a4",
        "letter",
        "out.pdf",
        "out.svg",
        "p.txt",
        "-p.txt",
        "",
        " ",
        "NaN",
        "inf",
    ];
    prop_oneof![
        4 => proptest::sample::select(WORDS).prop_map(|w| w.as_bytes().to_vec()),
        1 => proptest::collection::vec(any::<u8>(), 0..12),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn every_argument_list_gets_an_answer(words in proptest::collection::vec(word(), 0..8)) {
        let args: Vec<OsString> = words.into_iter().map(OsString::from_vec).collect();
        let first = parse(args.clone());
        prop_assert_eq!(&first, &parse(args));
        if let Err(error) = first {
            let message = error.message();
            prop_assert!(!message.is_empty());
            prop_assert!(!message.chars().any(char::is_control), "{:?}", message);
        }
    }
}
