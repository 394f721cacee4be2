//! `AtomicFile`: the target changes only on commit, and never into something
//! other than the complete new content.

use std::io::Write;
use std::path::PathBuf;

use sudoku_cli::output::AtomicFile;

fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn target_changes_only_on_commit_and_no_temporary_file_remains() {
    let dir = scratch("commit");
    let target = dir.join("sudoku.txt");
    std::fs::write(&target, "old").expect("write");

    let mut file = AtomicFile::create(&target).expect("create");
    let temp = file.temp_path().to_path_buf();
    assert_eq!(
        temp.parent(),
        Some(dir.as_path()),
        "the temporary file is beside the target"
    );
    file.write_all(&vec![b'x'; 3 << 20]).expect("write");
    assert_eq!(std::fs::read(&target).expect("read"), b"old");
    drop(file);
    assert_eq!(std::fs::read(&target).expect("read"), b"old");
    assert_eq!(entries(&dir), ["sudoku.txt"]);

    let mut file = AtomicFile::create(&target).expect("create");
    file.write_all(b"new").expect("write");
    file.commit().expect("commit");
    assert_eq!(std::fs::read(&target).expect("read"), b"new");
    assert_eq!(entries(&dir), ["sudoku.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unusable_targets_are_refused() {
    let dir = scratch("refused");
    std::fs::write(dir.join("plain"), "a file").expect("write");
    assert!(AtomicFile::create(&dir).is_err(), "a directory");
    assert!(
        AtomicFile::create(&dir.join("plain/sudoku.txt")).is_err(),
        "parent is a file"
    );
    assert!(
        AtomicFile::create(&dir.join("missing/sudoku.txt")).is_err(),
        "no parent"
    );
    assert_eq!(entries(&dir), ["plain"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn devices_are_written_in_place_and_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let null = std::path::Path::new("/dev/null");
    let mut file = AtomicFile::create(null).expect("open /dev/null");
    assert_eq!(file.temp_path(), null, "written in place");
    file.write_all(b"discarded").expect("write");
    file.commit().expect("commit");
    let meta = std::fs::symlink_metadata(null).expect("still there");
    assert!(meta.file_type().is_char_device());
}

#[cfg(unix)]
#[test]
fn a_symlink_target_replaces_the_file_it_points_to() {
    let dir = scratch("symlink");
    std::fs::write(dir.join("real.txt"), "old").expect("write");
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).expect("symlink");
    let mut file = AtomicFile::create(&dir.join("link.txt")).expect("create");
    file.write_all(b"new").expect("write");
    file.commit().expect("commit");
    let link = std::fs::symlink_metadata(dir.join("link.txt")).expect("link");
    assert!(link.file_type().is_symlink(), "the link is kept");
    assert_eq!(std::fs::read(dir.join("real.txt")).expect("read"), b"new");
    assert_eq!(entries(&dir), ["link.txt", "real.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn large_outputs_in_mixed_write_sizes_arrive_whole() {
    // Past the point where the write-back to disk starts (every 8 MiB), in
    // small buffered writes, large direct ones and partial `write` calls.
    let dir = scratch("large");
    let target = dir.join("sudoku.txt");
    std::fs::write(&target, "old").expect("write");
    let mut expected = Vec::new();
    let mut file = AtomicFile::create(&target).expect("create");
    let mut n = 0u32;
    while expected.len() < 20 << 20 {
        n += 1;
        let len = match n % 3 {
            0 => 100,
            1 => 83_000,
            _ => 1 << 20,
        };
        let block: Vec<u8> = (0..len).map(|i| (i as u32 ^ n) as u8).collect();
        if n % 5 == 0 {
            let written = file.write(&block).expect("write");
            expected.extend_from_slice(&block[..written]);
        } else {
            file.write_all(&block).expect("write_all");
            expected.extend_from_slice(&block);
        }
    }
    assert_eq!(std::fs::read(&target).expect("read"), b"old");
    file.commit().expect("commit");
    assert!(std::fs::read(&target).expect("read") == expected);
    assert_eq!(entries(&dir), ["sudoku.txt"]);
}
