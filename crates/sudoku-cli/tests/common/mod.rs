//! Helpers for running the `sudoku` binary in a scratch directory and checking
//! what it did. The grid checks come from the library's test helpers, which are
//! written independently of the library (shared by path, not by dependency).
#![allow(dead_code)]

#[path = "../../../sudoku-core/tests/common/mod.rs"]
pub mod independent;

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The content every test puts in `sudoku.txt` before running, to prove the
/// program leaves it alone when it should.
pub const OLD: &[u8] = b"the previous sudoku.txt, which a failed run must keep\n";

/// The binary under test.
pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_sudoku")
}

/// A scratch directory under Cargo's target directory, removed on drop.
pub struct Scratch {
    pub path: PathBuf,
}

impl Scratch {
    /// A new empty directory, holding a `sudoku.txt` with [`OLD`] in it.
    pub fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "{name}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create scratch directory");
        std::fs::write(path.join("sudoku.txt"), OLD).expect("write old sudoku.txt");
        Scratch { path }
    }

    /// A path inside the directory.
    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// Writes a file in the directory and returns its path.
    pub fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.join(name);
        std::fs::write(&path, bytes).expect("write test file");
        path
    }

    /// The bytes of `sudoku.txt`.
    pub fn output(&self) -> Vec<u8> {
        std::fs::read(self.join("sudoku.txt")).expect("sudoku.txt exists")
    }

    /// Asserts that `sudoku.txt` still holds [`OLD`] and that no temporary file was left.
    pub fn assert_untouched(&self, context: &str) {
        assert_eq!(
            String::from_utf8_lossy(&self.output()),
            String::from_utf8_lossy(OLD),
            "{context}: sudoku.txt was changed"
        );
        let leftovers = self.temp_files();
        assert!(leftovers.is_empty(), "{context}: left {leftovers:?}");
    }

    /// Temporary files of the atomic writer left in the directory.
    pub fn temp_files(&self) -> Vec<String> {
        std::fs::read_dir(&self.path)
            .expect("list scratch directory")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
            .collect()
    }

    /// Runs `sudoku` with `args` in this directory, with no standard input.
    pub fn run<S: AsRef<OsStr>>(&self, args: &[S]) -> Output {
        self.command(args)
            .stdin(Stdio::null())
            .output()
            .expect("run the sudoku binary")
    }

    /// Runs `sudoku` with `args`, feeding `input` on standard input.
    pub fn run_with_stdin<S: AsRef<OsStr>>(&self, args: &[S], input: &[u8]) -> Output {
        let mut child = self
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn the sudoku binary");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let input = input.to_vec();
        // Write from a thread so a program that stops reading early cannot deadlock the test.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let output = child.wait_with_output().expect("wait for sudoku");
        let _ = writer.join();
        output
    }

    /// The command, not yet started.
    pub fn command<S: AsRef<OsStr>>(&self, args: &[S]) -> Command {
        let mut command = Command::new(binary());
        command.args(args).current_dir(&self.path);
        command
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts the shape every failure shares: the given status, exactly one
/// `sudoku:` line that comes first, nothing Rust-internal, and returns that line.
pub fn assert_failure(output: &Output, status: i32, context: &str) -> String {
    let err = stderr(output);
    assert_eq!(
        output.status.code(),
        Some(status),
        "{context}: stderr was {err:?}"
    );
    assert!(!err.contains("panicked"), "{context}: {err}");
    assert!(!err.contains("RUST_BACKTRACE"), "{context}: {err}");
    let first = err.lines().next().unwrap_or_default().to_string();
    assert!(first.starts_with("sudoku: "), "{context}: {err:?}");
    assert!(first.len() > "sudoku: ".len() + 5, "{context}: {err:?}");
    let messages = err.lines().filter(|l| l.starts_with("sudoku:")).count();
    assert_eq!(messages, 1, "{context}: one message expected, got {err:?}");
    first
}

/// The line after a usage error's message, and all that follows it.
pub const USAGE_HINT: &str = "Try 'sudoku --help' for more.";

/// Asserts a usage error: status 2, one message line, then only the usage
/// hint, [`USAGE_HINT`], on a line of its own (README: every message is one
/// line; a usage error adds that pointer and nothing else).
pub fn assert_usage_error(output: &Output, context: &str) -> String {
    let first = assert_failure(output, 2, context);
    let err = stderr(output);
    assert_eq!(
        err,
        format!("{first}\n{USAGE_HINT}\n"),
        "{context}: a usage error is its message and the hint, two lines"
    );
    first
}

/// Packs a completed grid into 4 bits a cell, a compact exact key for distinctness scans.
pub fn pack(cells: &[u8; 81]) -> [u64; 6] {
    let mut key = [0u64; 6];
    for (i, &v) in cells.iter().enumerate() {
        key[i / 16] |= u64::from(v) << (4 * (i % 16));
    }
    key
}

/// Checks a `-c` output independently: exact layout, valid, pairwise distinct,
/// and each top-left digit `first`. Returns the grids.
pub fn assert_final_boards(bytes: &[u8], count: usize, first: u8) -> Vec<[u8; 81]> {
    assert_eq!(bytes.len(), 163 * count - 1, "byte count for {count} grids");
    let grids = independent::split_assignment(bytes).expect("exact assignment format");
    assert_eq!(grids.len(), count);
    let mut keys = Vec::with_capacity(count);
    for (i, grid) in grids.iter().enumerate() {
        if let Some(problem) = independent::grid_problem(grid) {
            panic!("grid {}: {problem}", i + 1);
        }
        assert_eq!(grid[0], first, "grid {}", i + 1);
        keys.push(pack(grid));
    }
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), count, "grids repeat");
    grids
}
