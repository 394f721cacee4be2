//! The command-line parser over arbitrary arguments (the input split at NUL
//! bytes, any bytes, not only UTF-8): it returns a command or a usage error,
//! never panics, gives the same answer twice, and its messages are one line.
#![no_main]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use libfuzzer_sys::fuzz_target;
use sudoku_cli::args::{parse, Command};

fuzz_target!(|data: &[u8]| {
    let args: Vec<OsString> = if data.is_empty() {
        Vec::new()
    } else {
        data.split(|&b| b == 0)
            .map(|arg| OsString::from_vec(arg.to_vec()))
            .collect()
    };
    let first = parse(args.clone());
    assert_eq!(first, parse(args.clone()), "parsing is deterministic");
    match first {
        Err(error) => {
            let message = error.message();
            assert!(!message.is_empty());
            assert!(
                !message.chars().any(char::is_control),
                "a usage message spans lines: {message:?}"
            );
        }
        Ok(Command::Puzzles(request)) => {
            // The request checker answers at once, whatever the request.
            let _ = request.generator_options().seed(1).feasibility();
        }
        Ok(_) => {}
    }
});
