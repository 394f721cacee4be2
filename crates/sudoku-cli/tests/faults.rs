//! Faults around the CLI (issue 4): bad input paths, unwritable and full
//! outputs, broken pipes, huge lines, concurrent runs, and signals midway.
//! Whatever happens, a pre-existing sudoku.txt is either kept byte for byte or
//! replaced by one complete, valid file.
#![cfg(unix)]

mod common;

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::independent::{data_file_puzzles, split_assignment};
use common::{assert_failure, assert_final_boards, stderr, Scratch, OLD};

fn puzzles_text() -> String {
    let path = format!(
        "{}/../sudoku-core/tests/data/17_clue.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The first `n` puzzles of [`puzzles_text`], one line each.
fn first_puzzle_lines(n: usize) -> String {
    let text = puzzles_text();
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(n).collect();
    lines.join("\n") + "\n"
}

/// True when util-linux's `script` can give a run a terminal; otherwise
/// prints why the test is skipped.
fn script_runs() -> bool {
    if run_tool("script", &["-qec", "true", "/dev/null"]) {
        return true;
    }
    eprintln!("note: script (util-linux) is not available; skipped");
    false
}

fn run_tool(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .status()
        .is_ok_and(|s| s.success())
}

/// Waits until `check` holds, polling; false after `limit`.
fn wait_for(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return true;
        }
        thread::sleep(Duration::from_millis(1));
    }
    false
}

fn send_signal(child: &Child, signal: &str) {
    let pid = child.id().to_string();
    assert!(run_tool("kill", &[signal, &pid]), "kill {signal} {pid}");
}

#[test]
fn input_that_cannot_be_read_is_refused() {
    let dir = Scratch::new("faults-input");
    std::fs::create_dir(dir.join("a-directory")).expect("mkdir");
    std::os::unix::fs::symlink("loop-b", dir.join("loop-a")).expect("symlink");
    std::os::unix::fs::symlink("loop-a", dir.join("loop-b")).expect("symlink");
    for (what, args) in [
        ("missing file", vec!["-s", "missing.txt"]),
        ("a directory", vec!["-s", "a-directory"]),
        ("a symlink loop", vec!["-s", "loop-a"]),
        ("count on a directory", vec!["count", "a-directory"]),
        ("check on a missing file", vec!["check", "missing.txt"]),
        ("bench on a symlink loop", vec!["bench", "loop-a"]),
    ] {
        let out = dir.run(&args);
        let message = assert_failure(&out, 2, what);
        assert!(
            message.contains(args[1]),
            "{what}: {message} should name the path"
        );
        dir.assert_untouched(what);
    }
}

#[test]
fn a_fifo_with_a_writer_is_read_like_a_file() {
    let dir = Scratch::new("faults-fifo");
    let fifo = dir.join("puzzles.fifo");
    if !run_tool("mkfifo", &[fifo.to_str().expect("utf-8 path")]) {
        eprintln!("skipped: mkfifo is not available here");
        return;
    }
    let text = puzzles_text();
    let child = dir
        .command(&["-s", "puzzles.fifo"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sudoku");
    // Opening a FIFO for writing blocks until the reader has opened it.
    let mut writer = std::fs::OpenOptions::new()
        .write(true)
        .open(&fifo)
        .expect("open the FIFO for writing");
    writer.write_all(text.as_bytes()).expect("write puzzles");
    drop(writer);
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{}", stderr(&out));
    let grids = split_assignment(&dir.output()).expect("exact format");
    assert_eq!(grids.len(), data_file_puzzles(&text).len());
}

#[test]
fn an_output_directory_that_cannot_exist_fails_with_status_3() {
    let dir = Scratch::new("faults-notdir");
    dir.write("plain-file", "not a directory\n");
    for args in [
        vec!["-c", "10", "-o", "plain-file/sudoku.txt"],
        vec!["-c", "10", "-o", "no-such-dir/sudoku.txt"],
    ] {
        let out = dir.run(&args);
        let message = assert_failure(&out, 3, &format!("{args:?}"));
        assert!(message.contains(args[3]), "{message}");
    }
    // The output path is a directory.
    std::fs::create_dir(dir.join("out-dir")).expect("mkdir");
    assert_failure(&dir.run(&["-c", "10", "-o", "out-dir"]), 3, "-o directory");
    let puzzles = dir.write("p.txt", puzzles_text());
    let out = dir.run(&[
        "-s",
        puzzles.to_str().expect("utf-8"),
        "-o",
        "plain-file/x.txt",
    ]);
    assert_failure(&out, 3, "-s into a non-directory");
    assert_eq!(
        std::fs::read(dir.join("plain-file")).expect("kept"),
        b"not a directory\n"
    );
    dir.assert_untouched("unwritable output");
}

/// A character device like /dev/full, made in the scratch directory so that a
/// regression cannot replace the machine's own device node. `None`, after
/// saying the test is skipped, where device nodes cannot be made.
fn scratch_full_device(dir: &Scratch) -> Option<std::path::PathBuf> {
    let path = dir.join("full");
    let made = path
        .to_str()
        .is_some_and(|name| run_tool("mknod", &[name, "c", "1", "7"]));
    if !made {
        eprintln!("skipped: cannot create a device node here (mknod needs CAP_MKNOD)");
    }
    made.then_some(path)
}

/// The scratch device opened for writing, to hand to a child as its stdout.
fn open_for_writing(device: &std::path::Path) -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open(device)
        .expect("open device")
}

#[test]
fn a_full_device_fails_with_status_3_and_is_not_replaced() {
    let dir = Scratch::new("faults-full");
    let Some(device) = scratch_full_device(&dir) else {
        return;
    };
    for args in [
        vec!["-c", "1000", "-o", "full"],
        vec!["-c", "1", "-o", "full"],
    ] {
        let out = dir.run(&args);
        let message = assert_failure(&out, 3, &format!("{args:?}"));
        assert!(message.contains("full"), "{message}");
        let meta = std::fs::symlink_metadata(&device).expect("still there");
        assert!(std::os::unix::fs::FileTypeExt::is_char_device(
            &meta.file_type()
        ));
    }
    dir.assert_untouched("-o full");
    dir.write("p.txt", puzzles_text());
    assert_failure(&dir.run(&["-s", "p.txt", "-o", "full"]), 3, "-s -o full");

    // Only once the scratch node has proven safe: the real /dev/full.
    let real = Path::new("/dev/full");
    if std::fs::metadata(real).is_ok() {
        let out = dir.run(&["-c", "1000", "-o", "/dev/full"]);
        assert_failure(&out, 3, "-o /dev/full");
        let meta = std::fs::symlink_metadata(real).expect("/dev/full is still there");
        assert!(std::os::unix::fs::FileTypeExt::is_char_device(
            &meta.file_type()
        ));
    }
    dir.assert_untouched("-o /dev/full");
}

#[test]
fn writing_to_dev_null_succeeds_and_keeps_the_device() {
    let dir = Scratch::new("faults-null");
    let out = dir.run(&["-c", "1000", "-o", "/dev/null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let meta = std::fs::symlink_metadata("/dev/null").expect("/dev/null exists");
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(
        &meta.file_type()
    ));
    dir.assert_untouched("-o /dev/null");
}

/// A tmpfs of 1 MiB mounted on a scratch directory, unmounted on drop.
struct SmallDisk(std::path::PathBuf);

impl Drop for SmallDisk {
    fn drop(&mut self) {
        run_tool("umount", &[self.0.to_str().unwrap_or_default()]);
    }
}

#[test]
fn a_full_disk_fails_with_status_3_and_keeps_the_old_file() {
    let dir = Scratch::new("faults-disk");
    let mount = dir.join("small");
    std::fs::create_dir(&mount).expect("mkdir");
    let Some(path) = mount.to_str() else { return };
    if !run_tool("mount", &["-t", "tmpfs", "-o", "size=1m", "tmpfs", path]) {
        eprintln!("skipped: cannot mount a small tmpfs here");
        return;
    }
    let _disk = SmallDisk(mount.clone());
    std::fs::write(mount.join("sudoku.txt"), OLD).expect("write old file");
    let out = dir
        .command(&["-c", "100000"])
        .current_dir(&mount)
        .output()
        .expect("run");
    assert_failure(&out, 3, "full tmpfs");
    assert_eq!(std::fs::read(mount.join("sudoku.txt")).expect("kept"), OLD);
    let names: Vec<_> = std::fs::read_dir(&mount)
        .expect("list")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 1, "the temporary file is removed: {names:?}");
}

#[test]
fn a_closed_pipe_on_stdout_ends_quietly_with_status_0() {
    let dir = Scratch::new("faults-pipe");
    for args in [vec!["-c", "1000000", "-o", "-"], vec!["-s", "-", "-o", "-"]] {
        let mut child = dir
            .command(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdin = child.stdin.take().expect("stdin");
        let feeder = thread::spawn(move || {
            let text = puzzles_text();
            for _ in 0..200 {
                if stdin.write_all(text.as_bytes()).is_err() {
                    break;
                }
            }
        });
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = [0u8; 1000];
        stdout
            .read_exact(&mut first)
            .expect("the first bytes arrive");
        drop(stdout);
        let out = child.wait_with_output().expect("wait");
        let _ = feeder.join();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
        assert!(first.starts_with(b"9 1 2 3") || args[0] == "-s");
        dir.assert_untouched("broken pipe");
    }
}

#[test]
fn a_closed_stdout_is_a_write_error() {
    // Before `main`, Rust's runtime reopens closed standard descriptors on
    // /dev/null; the output must not vanish into it with status 0, as it
    // did. A command whose output is a file is not affected.
    let dir = Scratch::new("faults-closed");
    let puzzle = first_puzzle_lines(1);
    dir.write("p.txt", &puzzle);
    for args in [
        "-c 5 -o -",
        "-s p.txt -o -",
        "count p.txt",
        "rate p.txt",
        "canon p.txt",
        "daily 2026-01-01",
        "--help",
    ] {
        let script = format!("exec 1>&-; exec '{}' {args}", common::binary());
        let out = Command::new("sh")
            .args(["-c", &script])
            .current_dir(&dir.path)
            .stderr(Stdio::piped())
            .output()
            .expect("run sh");
        let message = common::assert_failure(&out, 3, args);
        assert!(
            message.contains("<stdout>") && message.contains("Bad file descriptor"),
            "{args}: {message}"
        );
    }
    dir.assert_untouched("closed stdout");
    let script = format!("exec 1>&-; exec '{}' -c 5", common::binary());
    let out = Command::new("sh")
        .args(["-c", &script])
        .current_dir(&dir.path)
        .output()
        .expect("run sh");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    common::assert_final_boards(&dir.output(), 5, 9);
}

#[test]
fn a_full_stdout_fails_with_status_3() {
    let dir = Scratch::new("faults-stdout-full");
    let Some(device) = scratch_full_device(&dir) else {
        return;
    };
    let full = open_for_writing(&device);
    let out = dir
        .command(&["-c", "1000", "-o", "-"])
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("run");
    let message = assert_failure(&out, 3, "stdout on a full device");
    assert!(message.contains("<stdout>"), "{message}");
    dir.assert_untouched("stdout on a full device");
}

#[test]
fn every_command_reports_a_full_stdout_instead_of_panicking() {
    let dir = Scratch::new("faults-print-full");
    let Some(device) = scratch_full_device(&dir) else {
        return;
    };
    assert!(dir.run(&["-c", "3", "-o", "grids.txt"]).status.success());
    dir.write("p.txt", ".".repeat(81));
    let cases: &[&[&str]] = &[
        &["--help"],
        &["--version"],
        &["check", "grids.txt"],
        &["count", "p.txt"],
        &["bench", "p.txt", "--seconds", "1"],
        &["-s", "p.txt", "-o", "-"],
    ];
    for args in cases {
        let full = open_for_writing(&device);
        let out = dir
            .command(args)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("run");
        assert_failure(&out, 3, &format!("{args:?} > full"));
    }
    dir.assert_untouched("stdout on a full device");
}

#[test]
fn an_unwritable_stderr_does_not_turn_errors_into_panics() {
    let dir = Scratch::new("faults-stderr-full");
    let Some(device) = scratch_full_device(&dir) else {
        return;
    };
    dir.write("bad.txt", "1 2 3\n");
    for (args, status) in [
        (vec!["-c", "0"], 2),
        (vec!["-s", "bad.txt"], 2),
        (vec!["-c", "2"], 0),
    ] {
        let full = open_for_writing(&device);
        let out = dir
            .command(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(full)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(status), "{args:?} 2> full");
    }
}

#[test]
fn a_100_mb_line_without_newline_is_refused_early() {
    let dir = Scratch::new("faults-long-line");
    let mut child = dir
        .command(&["-s", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = thread::spawn(move || {
        let chunk = vec![b'1'; 1 << 16];
        let mut sent = 0usize;
        while sent < 100 << 20 {
            if stdin.write_all(&chunk).is_err() {
                break; // the reader gave up, as it should
            }
            sent += chunk.len();
        }
        sent
    });
    let out = child.wait_with_output().expect("wait");
    let sent = feeder.join().expect("feeder");
    let message = assert_failure(&out, 2, "100 MB line");
    assert!(message.contains("<stdin>:1:"), "{message}");
    assert!(message.contains("longer than"), "{message}");
    assert!(
        sent < 100 << 20,
        "the program read the whole line ({sent} bytes) before refusing it"
    );
    dir.assert_untouched("100 MB line");
}

#[test]
fn concurrent_runs_leave_one_complete_file() {
    let dir = Scratch::new("faults-concurrent");
    let count = 200_000;
    for round in 0..2 {
        let children: Vec<Child> = ["1", "2", "3"]
            .iter()
            .map(|first| {
                dir.command(&["-c", &count.to_string(), "--first", first])
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("spawn")
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().expect("wait");
            assert!(out.status.success(), "round {round}: {}", stderr(&out));
        }
        let bytes = dir.output();
        let first = bytes[0] - b'0';
        assert_final_boards(&bytes, count, first);
        assert!(dir.temp_files().is_empty(), "{:?}", dir.temp_files());
    }
}

/// Starts `sudoku -c 1000000` and returns it once its temporary file has
/// started to grow, or `None` if the run finished first.
fn start_big_generate(dir: &Scratch) -> Option<Child> {
    let mut child = dir
        .command(&["-c", "1000000"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let started = wait_for(Duration::from_secs(20), || {
        dir.temp_files()
            .iter()
            .any(|name| std::fs::metadata(dir.join(name)).is_ok_and(|m| m.len() > 0))
    });
    if started && child.try_wait().ok().flatten().is_none() {
        Some(child)
    } else {
        let _ = child.kill();
        let _ = child.wait();
        None
    }
}

/// Starts `sudoku -s -` fed a few puzzles and then kept waiting for more:
/// it is certainly midway when the signal comes.
fn start_waiting_solve(dir: &Scratch) -> (Child, std::process::ChildStdin) {
    let mut child = dir
        .command(&["-s", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(puzzles_text().as_bytes())
        .expect("feed puzzles");
    stdin.flush().expect("flush");
    assert!(
        wait_for(Duration::from_secs(20), || !dir.temp_files().is_empty()),
        "the temporary file never appeared"
    );
    (child, stdin)
}

#[test]
fn sigkill_midway_keeps_the_old_file() {
    let dir = Scratch::new("faults-kill");
    let mut killed_generate = false;
    for _ in 0..5 {
        let Some(child) = start_big_generate(&dir) else {
            continue;
        };
        send_signal(&child, "-KILL");
        let out = child.wait_with_output().expect("wait");
        if out.status.signal() == Some(9) {
            killed_generate = true;
            break;
        }
    }
    if killed_generate {
        assert_eq!(dir.output(), OLD, "-c 1000000 killed midway");
    } else {
        eprintln!("note: -c 1000000 always finished before SIGKILL; the -s case below still runs");
        std::fs::write(dir.join("sudoku.txt"), OLD).expect("reset");
    }

    let (child, stdin) = start_waiting_solve(&dir);
    send_signal(&child, "-KILL");
    let out = child.wait_with_output().expect("wait");
    drop(stdin);
    assert_eq!(out.status.signal(), Some(9));
    assert_eq!(dir.output(), OLD, "-s killed midway");
}

fn assert_interrupt_cleans_up(signal: &str, status: i32) {
    let dir = Scratch::new("faults-interrupt");
    let mut interrupted_generate = false;
    for _ in 0..5 {
        let Some(child) = start_big_generate(&dir) else {
            continue;
        };
        send_signal(&child, signal);
        let out = child.wait_with_output().expect("wait");
        if out.status.code() == Some(status) {
            interrupted_generate = true;
            break;
        }
        assert!(
            out.status.success(),
            "{signal}: {:?} {}",
            out.status,
            stderr(&out)
        );
        std::fs::write(dir.join("sudoku.txt"), OLD).expect("reset");
    }
    if interrupted_generate {
        dir.assert_untouched(&format!("-c 1000000 and {signal}"));
    } else {
        eprintln!("note: -c 1000000 always finished before {signal}; the -s case below still runs");
    }

    let (child, stdin) = start_waiting_solve(&dir);
    send_signal(&child, signal);
    let out = child.wait_with_output().expect("wait");
    drop(stdin);
    assert_eq!(
        out.status.code(),
        Some(status),
        "{signal}: {:?}",
        out.status
    );
    assert!(!stderr(&out).contains("panicked"));
    dir.assert_untouched(&format!("-s - and {signal}"));
}

#[test]
fn sigint_midway_removes_the_temporary_file_and_keeps_the_old_file() {
    assert_interrupt_cleans_up("-INT", 130);
}

#[test]
fn sigterm_midway_removes_the_temporary_file_and_keeps_the_old_file() {
    assert_interrupt_cleans_up("-TERM", 143);
}

#[test]
fn input_that_shrinks_while_read_never_yields_a_partial_file() {
    let dir = Scratch::new("faults-shrink");
    let text = puzzles_text().repeat(40);
    let path = dir.write("p.txt", &text);
    let child = dir
        .command(&["-s", "p.txt", "-j", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Cut the file in the middle of a line while it may be being read.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .expect("open");
    file.set_len(text.len() as u64 / 3 + 17).expect("truncate");
    let out = child.wait_with_output().expect("wait");
    match out.status.code() {
        Some(0) => {
            // Read before or after the cut: a complete file of valid solutions.
            let grids = split_assignment(&dir.output()).expect("exact format");
            assert!(!grids.is_empty());
        }
        Some(2) => {
            assert_failure(&out, 2, "shrunk input");
            dir.assert_untouched("shrunk input");
        }
        other => panic!("unexpected status {other:?}: {}", stderr(&out)),
    }
}

#[test]
fn non_utf8_paths_are_read_and_written() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let dir = Scratch::new("faults-non-utf8-path");
    let input = OsString::from_vec(b"puzzles-\xFF.txt".to_vec());
    let output = OsString::from_vec(b"out-\xFE.txt".to_vec());
    std::fs::write(dir.path.join(&input), puzzles_text()).expect("write puzzles");
    let args = [
        OsString::from("-s"),
        input,
        OsString::from("-o"),
        output.clone(),
    ];
    let out = dir.run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read(dir.path.join(&output)).expect("output written");
    let grids = split_assignment(&written).expect("exact format");
    assert_eq!(grids.len(), data_file_puzzles(&puzzles_text()).len());
    dir.assert_untouched("non-UTF-8 paths");

    // A missing non-UTF-8 path is named, lossily, in a one-line message.
    let missing = [
        OsString::from("-s"),
        OsString::from_vec(b"gone-\xFF.txt".to_vec()),
    ];
    let message = assert_failure(&dir.run(&missing), 2, "missing non-UTF-8 path");
    assert!(message.contains("gone-"), "{message}");
}

/// Runs `sh -c SCRIPT` in `dir`, with the binary in `$SUDOKU`.
fn shell_in(dir: &Scratch, script: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("SUDOKU", common::binary())
        .current_dir(&dir.path)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn output_to_dev_stdout_appends_to_the_redirected_file() {
    let dir = Scratch::new("faults-dev-stdout");
    let earlier = b"an earlier line of the log\n";
    for path in ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"] {
        if !Path::new(path).exists() {
            eprintln!("note: {path} does not exist here; skipped");
            continue;
        }
        for redirect in [">>", ">"] {
            dir.write("log.txt", earlier);
            let out = shell_in(
                &dir,
                &format!("\"$SUDOKU\" -c 2 -o {path} {redirect} log.txt"),
            );
            assert!(out.status.success(), "{path} {redirect}: {}", stderr(&out));
            let log = std::fs::read(dir.join("log.txt")).expect("log.txt");
            let grids = if redirect == ">>" {
                assert!(
                    log.starts_with(earlier),
                    "{path}: the log lost its first line"
                );
                &log[earlier.len()..]
            } else {
                &log[..]
            };
            assert_final_boards(grids, 2, 9);
            let link = std::fs::symlink_metadata(dir.join("log.txt")).expect("log.txt");
            assert!(link.file_type().is_file());
        }
    }
    assert!(dir.temp_files().is_empty(), "{:?}", dir.temp_files());
    dir.assert_untouched("-o /dev/stdout");
}

#[test]
fn threads_the_system_refuses_are_done_without() {
    // 1024 threads need 2 GB of stacks: under a 150 MB address-space limit
    // most cannot be created, and the run goes on with those that can.
    let dir = Scratch::new("faults-threads");
    dir.write("p.txt", puzzles_text());
    let runs = [
        "-s p.txt -j 1024",
        "count p.txt -j 1024 > counts.txt",
        "rate p.txt -j 1024 > ratings.txt",
        "puzzles 20 --seed 4 -j 1024 -o made.txt",
    ];
    for limit in ["100000", "150000"] {
        for args in runs {
            let out = shell_in(&dir, &format!("ulimit -v {limit} && \"$SUDOKU\" {args}"));
            assert!(
                out.status.success(),
                "ulimit -v {limit}; {args}: {:?} {}",
                out.status,
                stderr(&out)
            );
        }
        let solutions = split_assignment(&dir.output()).expect("exact format");
        assert_eq!(solutions.len(), data_file_puzzles(&puzzles_text()).len());
        let counts = std::fs::read_to_string(dir.join("counts.txt")).expect("counts");
        assert!(counts.lines().all(|l| l == "1"), "{counts}");
        let ratings = std::fs::read_to_string(dir.join("ratings.txt")).expect("ratings");
        assert_eq!(ratings.lines().count(), solutions.len());
        let made = std::fs::read(dir.join("made.txt")).expect("made");
        assert_eq!(split_assignment(&made).expect("format").len(), 20);
        let check = dir.run(&["check", "sudoku.txt", "--puzzles", "p.txt"]);
        assert!(check.status.success(), "{}", stderr(&check));
    }
}

#[test]
fn every_terminating_signal_removes_the_temporary_file() {
    // A closed terminal (SIGHUP), Ctrl-\, alarms and user signals end the run
    // like Ctrl-C: status 128 + N, the old file kept, no temporary file left.
    let dir = Scratch::new("faults-signals");
    let mut signals = vec![("-HUP", 1), ("-QUIT", 3), ("-ALRM", 14)];
    if cfg!(target_os = "linux") {
        signals.extend([("-USR1", 10), ("-USR2", 12)]);
    }
    for (signal, number) in signals {
        let (child, stdin) = start_waiting_solve(&dir);
        send_signal(&child, signal);
        let out = child.wait_with_output().expect("wait");
        drop(stdin);
        assert_eq!(
            out.status.code(),
            Some(128 + number),
            "{signal}: {:?}",
            out.status
        );
        dir.assert_untouched(&format!("-s - and {signal}"));
    }
}

#[test]
fn a_file_size_limit_is_a_write_error_that_keeps_the_old_file() {
    // `ulimit -f` counts blocks of 512 or 1024 bytes: either way far below
    // the 16 MB of 100,000 boards, and above the old sudoku.txt.
    let dir = Scratch::new("faults-ulimit-f");
    for args in ["-c 100000", "puzzles 3000 --seed 1 --format line"] {
        let out = shell_in(&dir, &format!("ulimit -f 64 && \"$SUDOKU\" {args}"));
        let message = assert_failure(&out, 3, args);
        assert!(message.contains("sudoku.txt"), "{args}: {message}");
        dir.assert_untouched(&format!("ulimit -f and {args}"));
    }
}

#[test]
fn a_path_with_a_newline_is_named_on_one_line() {
    let dir = Scratch::new("faults-newline-path");
    let out = dir.run(&["-s", "no\nsuch\x1b[2Jfile.txt"]);
    let message = assert_failure(&out, 2, "newline in the input path");
    assert!(message.contains("no\\nsuch\\x1b[2Jfile.txt"), "{message}");
    dir.write("p.txt", puzzles_text());
    let out = dir.run(&["-s", "p.txt", "-o", "missing-dir/out\n.txt"]);
    let message = assert_failure(&out, 3, "newline in the output path");
    assert!(message.contains("missing-dir/out\\n.txt"), "{message}");
    // Arguments quoted in usage errors too.
    for args in [
        &["-s", "p.txt", "x\ny"][..],
        &["puzzles", "1", "--symmetry", "a\nb"],
    ] {
        let message = common::assert_usage_error(&dir.run(args), "newline in an argument");
        assert!(message.contains("\\n"), "{message}");
    }
    dir.assert_untouched("newline in paths");
}

#[test]
fn messages_on_a_terminal_start_their_own_line_after_the_progress_line() {
    // `script` gives the run a terminal, so the progress line is shown; every
    // message must then begin a line, not trail the progress figures.
    if !script_runs() {
        return;
    }
    let dir = Scratch::new("faults-progress");
    // Enough puzzles for a progress update (every 250 ms), and unsolvable
    // ones spread through them, each reported on stderr as it is met.
    let text = puzzles_text();
    let dead = "55".to_string() + &".".repeat(79) + "\n";
    let mut input = String::new();
    for _ in 0..400 {
        input.push_str(&text);
        input.push_str(&dead);
    }
    dir.write("p.txt", input);
    let out = shell_in(
        &dir,
        "script -qec '\"$SUDOKU\" -s p.txt -j 1 2>&1' /dev/null",
    );
    let shown = String::from_utf8_lossy(&out.stdout);
    let messages = shown.matches("sudoku: ").count();
    assert!(messages > 400, "{messages} messages in {shown:.300}");
    for (i, _) in shown.match_indices("sudoku: ") {
        let before = &shown[..i];
        assert!(
            before.is_empty() || before.ends_with('\n') || before.ends_with("\r\x1b[K"),
            "a message trails other text: {:?}",
            &before[before.len().saturating_sub(40)..]
        );
    }
}

#[test]
fn every_reading_command_refuses_directories_and_empty_special_files() {
    let dir = Scratch::new("faults-special-inputs");
    std::fs::create_dir(dir.join("a-directory")).expect("mkdir");
    assert!(dir.run(&["-c", "2", "-o", "s.txt"]).status.success());
    for input in ["a-directory", "/dev/null"] {
        for command in [
            &["-s", input][..],
            &["count", input],
            &["rate", input],
            &["explain", input],
            &["hint", input],
            &["check", input],
            &["bench", input],
            &["check", "s.txt", "--puzzles", input],
        ] {
            let context = format!("{command:?}");
            let out = dir.run(command);
            let message = assert_failure(
                &out,
                if command[0] == "check" && input == "/dev/null" && command.len() == 2 {
                    1
                } else {
                    2
                },
                &context,
            );
            assert!(message.contains(input), "{context}: {message}");
            dir.assert_untouched(&context);
        }
    }
}

#[test]
fn a_fifo_as_output_is_written_in_place_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = Scratch::new("faults-fifo-output");
    let fifo = dir.join("out.fifo");
    if !run_tool("mkfifo", &[fifo.to_str().expect("utf-8 path")]) {
        eprintln!("skipped: mkfifo is not available here");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        thread::spawn(move || std::fs::read(&fifo).expect("read the FIFO"))
    };
    let out = dir.run(&["-c", "50", "-o", "out.fifo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = reader.join().expect("reader");
    assert_final_boards(&bytes, 50, 9);
    let kind = std::fs::symlink_metadata(&fifo).expect("fifo").file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced");
    assert!(dir.temp_files().is_empty(), "{:?}", dir.temp_files());
    // A directory as the output is refused before any work.
    std::fs::create_dir(dir.join("out-dir")).expect("mkdir");
    let message = assert_failure(&dir.run(&["-c", "5", "-o", "out-dir"]), 3, "-o a directory");
    assert!(message.contains("out-dir"), "{message}");
    dir.assert_untouched("FIFO and directory outputs");
}

#[test]
fn many_small_puzzles_run_in_bounded_memory_under_ulimit() {
    // 60,000 puzzles (5 MB) through -s and count with the address space
    // capped at 200 MB: memory does not grow with the input.
    let dir = Scratch::new("faults-many-puzzles");
    let source = puzzles_text();
    let lines: Vec<&str> = source
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .collect();
    let mut text = String::with_capacity(60_000 * 82);
    for i in 0..60_000 {
        text.push_str(lines[i % lines.len()]);
        text.push('\n');
    }
    dir.write("many.txt", &text);
    for script in [
        "ulimit -v 200000 && \"$SUDOKU\" -s many.txt -j 2 -o solved.txt",
        "ulimit -v 200000 && \"$SUDOKU\" count many.txt -j 2 > counts.txt",
        "ulimit -v 200000 && \"$SUDOKU\" -s - -o - < many.txt | wc -c > size.txt",
    ] {
        let out = shell_in(&dir, script);
        assert!(out.status.success(), "{script}: {}", stderr(&out));
    }
    let solved = std::fs::metadata(dir.join("solved.txt"))
        .expect("solved")
        .len();
    assert_eq!(solved, 163 * 60_000 - 1);
    let counts = std::fs::read_to_string(dir.join("counts.txt")).expect("counts");
    assert_eq!(counts.lines().count(), 60_000);
    assert!(counts.lines().all(|l| l == "1"));
    let size = std::fs::read_to_string(dir.join("size.txt")).expect("size");
    assert_eq!(size.trim(), (163 * 60_000 - 1).to_string());
    let check = dir.run(&["check", "solved.txt", "--puzzles", "many.txt"]);
    assert!(check.status.success(), "{}", stderr(&check));
}

#[test]
fn messages_do_not_depend_on_the_locale() {
    let dir = Scratch::new("faults-locale");
    dir.write("bad.txt", "1 2 3\n");
    let mut messages = Vec::new();
    for locale in ["C", "C.UTF-8", "tr_TR.UTF-8", "de_DE.ISO-8859-1"] {
        let out = dir
            .command(&["-s", "bad.txt"])
            .env("LC_ALL", locale)
            .env("LANG", locale)
            .stdin(Stdio::null())
            .output()
            .expect("run");
        messages.push(assert_failure(&out, 2, locale));
        let out = dir
            .command(&["-c", "3"])
            .env("LC_ALL", locale)
            .output()
            .expect("run");
        assert!(out.status.success(), "{locale}");
        assert_final_boards(&dir.output(), 3, 9);
        std::fs::write(dir.join("sudoku.txt"), OLD).expect("reset");
    }
    assert!(messages.windows(2).all(|w| w[0] == w[1]), "{messages:?}");
    assert!(messages[0].contains("bad.txt:1:"), "{}", messages[0]);
}

#[test]
fn a_file_size_limit_on_standard_output_is_a_write_error_not_a_signal() {
    // With `ulimit -f` reached on standard output (redirected to a file by
    // the shell), every command must end with status 3 and one message
    // naming <stdout>, as `-o FILE` does, never be killed by SIGXFSZ (153).
    // 4 blocks are 2 or 4 KiB (512 or 1024 bytes a block): every output
    // below is larger.
    let dir = Scratch::new("faults-ulimit-f-stdout");
    let text = puzzles_text();
    dir.write("p.txt", &text);
    dir.write("many.txt", text.repeat(20));
    let hard = text.lines().find(|l| l.len() == 81).expect("a puzzle line");
    let explain = format!("explain {hard} --grid");
    for args in [
        "-c 100000 -o -",
        "-s p.txt -o -",
        "count many.txt",
        "rate p.txt",
        "canon p.txt",
        "print p.txt -o -",
        "puzzles 60 --seed 1 --format line -o -",
        explain.as_str(),
    ] {
        let out = shell_in(
            &dir,
            &format!("ulimit -f 4 && exec \"$SUDOKU\" {args} > out.txt"),
        );
        assert_eq!(
            out.status.signal(),
            None,
            "{args}: killed by a signal, {:?}",
            out.status
        );
        let message = assert_failure(&out, 3, args);
        assert!(message.contains("<stdout>"), "{args}: {message}");
        assert!(message.contains("too large"), "{args}: {message}");
    }
    dir.assert_untouched("ulimit -f on standard output");
}

#[test]
fn an_output_path_in_a_symlink_loop_is_refused_and_left_alone() {
    // a -> b -> a: there is no file to replace. The run must fail like any
    // other unwritable output (status 3, one message naming the path), with
    // both links exactly as they were and no temporary file left.
    let dir = Scratch::new("faults-symlink-loop");
    std::os::unix::fs::symlink("b", dir.join("a")).expect("symlink a");
    std::os::unix::fs::symlink("a", dir.join("b")).expect("symlink b");
    std::os::unix::fs::symlink("loop.pdf", dir.join("loop.pdf")).expect("symlink");
    dir.write("p.txt", first_puzzle_lines(4));
    for (args, named) in [
        (&["-c", "2", "-o", "a"][..], "a"),
        (&["-c", "2", "-o", "b"], "b"),
        (&["-s", "p.txt", "-o", "a"], "a"),
        (&["canon", "p.txt", "-o", "b"], "b"),
        (&["puzzles", "1", "--seed", "1", "-o", "a"], "a"),
        (&["print", "p.txt", "-o", "loop.pdf"], "loop.pdf"),
        (&["-c", "2", "-o", "a/inside.txt"], "a/inside.txt"),
    ] {
        let out = dir.run(args);
        let message = assert_failure(&out, 3, &format!("{args:?}"));
        assert!(
            message.contains(&format!("cannot write {named}:")),
            "{args:?}: {message}"
        );
        assert!(message.contains("symbolic links"), "{args:?}: {message}");
        for (link, to) in [("a", "b"), ("b", "a"), ("loop.pdf", "loop.pdf")] {
            let meta = std::fs::symlink_metadata(dir.join(link)).expect("still there");
            assert!(meta.file_type().is_symlink(), "{args:?}: {link} replaced");
            let points = std::fs::read_link(dir.join(link)).expect("readlink");
            assert_eq!(points, Path::new(to), "{args:?}: {link} changed");
        }
        dir.assert_untouched(&format!("{args:?}"));
    }
}

/// True when the tests run as root, who may give files away and run the
/// binary as other users; otherwise prints why `what` is skipped.
fn running_as_root(dir: &Scratch, what: &str) -> bool {
    use std::os::unix::fs::MetadataExt;
    let uid = std::fs::metadata(&dir.path).expect("scratch").uid();
    if uid != 0 {
        eprintln!("note: {what} needs root (running as uid {uid}); skipped");
        return false;
    }
    if !run_tool(
        "setpriv",
        &["--reuid=4321", "--regid=4321", "--clear-groups", "true"],
    ) {
        eprintln!("note: setpriv (util-linux) cannot run as another user here; {what} skipped");
        return false;
    }
    true
}

/// Runs `sudoku ARGS` in `dir` as user `uid`, primary group `gid`, with the
/// supplementary `groups` (numeric ids: no account needs to exist).
fn run_as(
    dir: &Scratch,
    uid: u32,
    gid: u32,
    groups: &[u32],
    args: &[&str],
) -> std::process::Output {
    let groups = if groups.is_empty() {
        "--clear-groups".to_string()
    } else {
        let list: Vec<String> = groups.iter().map(u32::to_string).collect();
        format!("--groups={}", list.join(","))
    };
    Command::new("setpriv")
        .arg(format!("--reuid={uid}"))
        .arg(format!("--regid={gid}"))
        .arg(groups)
        .arg("--")
        .arg(common::binary())
        .args(args)
        .current_dir(&dir.path)
        .stdin(Stdio::null())
        .output()
        .expect("setpriv runs")
}

/// Owner, group and permission bits of `path`.
fn owner_group_mode(path: &Path) -> (u32, u32, u32) {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).expect("metadata");
    (meta.uid(), meta.gid(), meta.mode() & 0o7777)
}

#[test]
fn root_replacing_a_users_file_keeps_its_owner_group_and_mode() {
    let dir = Scratch::new("faults-owner-root");
    if !running_as_root(&dir, "keeping another user's owner and group") {
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    for (name, uid, gid, mode) in [
        ("user.txt", 4321, 4322, 0o640),
        ("other.txt", 4321, 0, 0o600),
        ("group.txt", 0, 4322, 0o664),
    ] {
        let path = dir.write(name, "old\n");
        std::os::unix::fs::chown(&path, Some(uid), Some(gid)).expect("chown");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
        let out = dir.run(&["-c", "2", "-o", name]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert_final_boards(&std::fs::read(&path).expect("read"), 2, 9);
        assert_eq!(owner_group_mode(&path), (uid, gid, mode), "{name}");
    }
    dir.assert_untouched("root keeps owners");
}

#[test]
fn a_user_replacing_a_file_keeps_its_group_where_the_user_is_a_member() {
    // User 4321 (primary group 4321, also in 4322) replaces files in a
    // directory of their own.
    let dir = Scratch::new("faults-owner-user");
    if !running_as_root(&dir, "a user keeping a file's group") {
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    std::os::unix::fs::chown(&dir.path, Some(4321), Some(4321)).expect("chown dir");
    // Their own file in a group of theirs keeps that group.
    let shared = dir.write("shared.txt", "old\n");
    std::os::unix::fs::chown(&shared, Some(4321), Some(4322)).expect("chown");
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let out = run_as(&dir, 4321, 4321, &[4322], &["-c", "2", "-o", "shared.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_final_boards(&std::fs::read(&shared).expect("read"), 2, 9);
    assert_eq!(owner_group_mode(&shared), (4321, 4322, 0o640));
    // Someone else's file, in a group the user is in: the user cannot give
    // the new file away, so it becomes theirs, but it keeps the group.
    let theirs = dir.write("theirs.txt", "old\n");
    std::os::unix::fs::chown(&theirs, Some(4999), Some(4322)).expect("chown");
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o664)).expect("chmod");
    let out = run_as(&dir, 4321, 4321, &[4322], &["-c", "2", "-o", "theirs.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(owner_group_mode(&theirs), (4321, 4322, 0o664));
    // A group the user is not in cannot be kept: the new file has the
    // user's own group (what the documentation says).
    let foreign = dir.write("foreign.txt", "old\n");
    std::os::unix::fs::chown(&foreign, Some(4321), Some(4999)).expect("chown");
    let out = run_as(&dir, 4321, 4321, &[4322], &["-c", "2", "-o", "foreign.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(owner_group_mode(&foreign).0, 4321);
    assert_eq!(owner_group_mode(&foreign).1, 4321);
    std::os::unix::fs::chown(&dir.path, Some(0), Some(0)).expect("chown dir back");
    dir.assert_untouched("a user keeps groups");
}

#[test]
fn replacing_breaks_a_hard_link_and_leaves_the_other_names_alone() {
    // What docs/cli.md says: the path gets a new file (inode); the file's
    // other names keep the old content.
    use std::os::unix::fs::MetadataExt;
    let dir = Scratch::new("faults-hard-link");
    let original = dir.write("f.txt", "old\n");
    std::fs::hard_link(&original, dir.join("g.txt")).expect("link");
    let inode = std::fs::metadata(&original).expect("f").ino();
    let out = dir.run(&["-c", "2", "-o", "f.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_final_boards(&std::fs::read(&original).expect("f"), 2, 9);
    let new = std::fs::metadata(&original).expect("f");
    assert_ne!(new.ino(), inode, "f.txt is a new file");
    assert_eq!(new.nlink(), 1);
    let other = std::fs::metadata(dir.join("g.txt")).expect("g");
    assert_eq!((other.ino(), other.nlink()), (inode, 1));
    assert_eq!(std::fs::read(dir.join("g.txt")).expect("g"), b"old\n");
    dir.assert_untouched("hard link");
}

#[test]
fn read_only_files_are_replaced_and_sticky_directories_protect_others_files() {
    // What docs/cli.md says, for a user who is not root: a read-only (444)
    // file of theirs is replaced, as `mv` would replace it, and stays
    // read-only; in a sticky directory (such as /tmp) another user's file
    // cannot be replaced, even a world-writable one: status 3, the file
    // and the directory left as they were.
    let dir = Scratch::new("faults-read-only-sticky");
    if !running_as_root(&dir, "replacing as a user who is not root") {
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let own = dir.join("own");
    std::fs::create_dir(&own).expect("mkdir");
    std::os::unix::fs::chown(&own, Some(4321), Some(4321)).expect("chown");
    let read_only = own.join("ro.txt");
    std::fs::write(&read_only, "old\n").expect("write");
    std::os::unix::fs::chown(&read_only, Some(4321), Some(4321)).expect("chown");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = run_as(&dir, 4321, 4321, &[], &["-c", "2", "-o", "own/ro.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_final_boards(&std::fs::read(&read_only).expect("read"), 2, 9);
    assert_eq!(owner_group_mode(&read_only), (4321, 4321, 0o444));

    let sticky = dir.join("sticky");
    std::fs::create_dir(&sticky).expect("mkdir");
    std::fs::set_permissions(&sticky, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
    let others = sticky.join("others.txt");
    std::fs::write(&others, "old\n").expect("write");
    std::os::unix::fs::chown(&others, Some(4999), Some(4999)).expect("chown");
    std::fs::set_permissions(&others, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    let out = run_as(
        &dir,
        4321,
        4321,
        &[],
        &["-c", "2", "-o", "sticky/others.txt"],
    );
    let message = assert_failure(&out, 3, "another user's file in a sticky directory");
    assert!(message.contains("sticky/others.txt"), "{message}");
    assert_eq!(std::fs::read(&others).expect("read"), b"old\n");
    assert_eq!(owner_group_mode(&others), (4999, 4999, 0o666));
    let names: Vec<_> = std::fs::read_dir(&sticky).expect("list").collect();
    assert_eq!(
        names.len(),
        1,
        "a temporary file was left in the sticky directory"
    );
    // The user's own file there is replaced as anywhere else.
    let out = run_as(&dir, 4321, 4321, &[], &["-c", "2", "-o", "sticky/mine.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_as(&dir, 4321, 4321, &[], &["-c", "3", "-o", "sticky/mine.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_final_boards(&std::fs::read(sticky.join("mine.txt")).expect("read"), 3, 9);
    dir.assert_untouched("read-only files and sticky directories");
}

#[test]
fn progress_never_lands_in_output_on_the_same_terminal() {
    // `script` puts standard output and standard error on one terminal. The
    // input arrives in two parts 0.6 s apart, so that a run lasts past the
    // first progress update (250 ms). Output to that terminal, whether `-o -`,
    // `rate`, `canon` or `-o /dev/stdout`, must hold no progress line: drawn
    // there, it lands in the output (the output is buffered and continues
    // the line, or the line replaces an empty line between grids).
    if !script_runs() {
        return;
    }
    let dir = Scratch::new("faults-progress-same-terminal");
    let text = puzzles_text();
    let puzzles = data_file_puzzles(&text).len();
    dir.write("p.txt", text.repeat(25));
    let slowly = "{ cat p.txt; sleep 0.6; cat p.txt; }";
    let run = |args: &str| {
        let out = shell_in(
            &dir,
            &format!("script -qec '{slowly} | \"$SUDOKU\" {args}' /dev/null"),
        );
        assert!(out.status.success(), "{args}: {:?}", out.status);
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n")
    };
    // The test can see progress at all: with output to a file it is shown.
    let shown = run("-s - -j 1 -o solved.txt");
    assert!(
        shown.contains("puzzles solved"),
        "no progress at all: {shown:.200}"
    );
    for args in ["-s - -j 1 -o -", "-s - -j 1 -o /dev/stdout"] {
        let shown = run(args);
        assert!(!shown.contains('…'), "{args}: progress in {:.300}", shown);
        assert!(
            !shown.contains("\x1b["),
            "{args}: terminal codes in the output"
        );
        let grids = split_assignment(shown.as_bytes()).expect("exact format on screen");
        assert_eq!(grids.len(), 50 * puzzles, "{args}");
    }
    for (args, lines) in [
        ("rate - -j 1", 50 * puzzles),
        ("canon - -j 1", 50 * puzzles),
    ] {
        let shown = run(args);
        assert!(!shown.contains('…'), "{args}: progress in {:.300}", shown);
        assert!(
            !shown.contains("\x1b["),
            "{args}: terminal codes in the output"
        );
        assert_eq!(shown.lines().count(), lines, "{args}");
        assert!(
            shown
                .lines()
                .all(|l| l.len() == 81 || l.split(' ').count() >= 3),
            "{args}: a line that is no output line"
        );
    }
    dir.assert_untouched("progress on the output's terminal");
}

#[test]
fn svg_page_names_past_255_bytes_are_refused_before_any_work() {
    // An SVG book's pages are FILE-1.svg, FILE-2.svg, ... (FILE-01.svg from
    // ten pages): a -o name that leaves no room for that is refused at once
    // with status 3, naming the limit, and nothing is written; one that
    // leaves room writes every page.
    let dir = Scratch::new("faults-svg-names");
    dir.write("p.txt", first_puzzle_lines(4));
    let name = |bytes: usize| format!("{}.svg", "n".repeat(bytes - 4));
    let before = std::fs::read_dir(&dir.path).expect("list").count();
    for (args, shortest_failing) in [
        // 4 pages: "-1" makes the name 2 bytes longer.
        (vec!["print", "p.txt", "--per-page", "1"], 254),
        // 12 puzzles and 12 answers a page each: "-01", 3 bytes longer.
        (
            vec![
                "puzzles",
                "12",
                "--seed",
                "1",
                "--per-page",
                "1",
                "--answers",
            ],
            253,
        ),
    ] {
        for bytes in [shortest_failing, 255] {
            let target = name(bytes);
            let mut run: Vec<&str> = args.clone();
            run.extend(["-o", target.as_str()]);
            let started = Instant::now();
            let out = dir.run(&run);
            let message = assert_failure(&out, 3, &format!("{args:?}, {bytes}-byte name"));
            assert!(message.contains("255"), "{message}");
            assert!(message.contains("shorter"), "{message}");
            assert!(started.elapsed() < Duration::from_secs(5));
            let now = std::fs::read_dir(&dir.path).expect("list").count();
            assert_eq!(now, before, "{args:?}, {bytes}: something was written");
        }
        let target = name(shortest_failing - 1);
        let mut run: Vec<&str> = args.clone();
        run.extend(["-o", target.as_str()]);
        let out = dir.run(&run);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let pages: Vec<String> = std::fs::read_dir(&dir.path)
            .expect("list")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".svg"))
            .collect();
        assert!(!pages.is_empty(), "{args:?}");
        assert!(pages.iter().all(|n| n.len() == 255), "{pages:?}");
        for page in pages {
            let svg = std::fs::read_to_string(dir.join(&page)).expect("page");
            assert!(svg.trim_end().ends_with("</svg>"), "{page}");
            std::fs::remove_file(dir.join(&page)).expect("remove");
        }
    }
    dir.assert_untouched("long SVG names");
}
