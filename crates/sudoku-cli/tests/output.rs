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

#[test]
fn a_failed_rename_removes_the_finished_temporary_file() {
    let dir = scratch("rename-fails");
    let target = dir.join("sudoku.txt");
    let mut file = AtomicFile::create(&target).expect("create");
    file.write_all(&vec![b'x'; 1 << 20]).expect("write");
    // A non-empty directory appears at the target: no rename can replace it.
    std::fs::create_dir_all(target.join("inside")).expect("block the target");
    assert!(file.commit().is_err(), "the rename cannot succeed");
    assert_eq!(entries(&dir), ["sudoku.txt"], "no temporary file is left");
    assert!(target.join("inside").is_dir(), "the target is untouched");
    assert!(AtomicFile::create(std::path::Path::new("")).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg(unix)] // modes and symbolic links as Unix has them
fn a_replaced_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    for mode in [0o600, 0o640, 0o444, 0o755] {
        let target = dir.join(format!("out-{mode:o}.txt"));
        std::fs::write(&target, "old").expect("write");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode)).expect("chmod");
        let mut file = AtomicFile::create(&target).expect("create");
        file.write_all(b"new").expect("write");
        file.commit().expect("commit");
        let meta = std::fs::metadata(&target).expect("metadata");
        assert_eq!(meta.permissions().mode() & 0o7777, mode, "{mode:o}");
        assert_eq!(std::fs::read(&target).expect("read"), b"new");
    }
    // Set-id bits are not passed on to the new file.
    let target = dir.join("setgid.txt");
    std::fs::write(&target, "old").expect("write");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o2750)).expect("chmod");
    let file = AtomicFile::create(&target).expect("create");
    file.commit().expect("commit");
    let mode = std::fs::metadata(&target)
        .expect("metadata")
        .permissions()
        .mode();
    assert_eq!(mode & 0o7777, 0o750);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_up_to_255_bytes_can_be_written() {
    let dir = scratch("long-names");
    for len in [200, 244, 255] {
        let target = dir.join("n".repeat(len));
        for round in 0..2 {
            let mut file = AtomicFile::create(&target).expect("create");
            let name_len = file.temp_path().file_name().expect("name").len();
            assert!(name_len <= 255, "{len}: temporary name of {name_len} bytes");
            file.write_all(format!("round {round}").as_bytes())
                .expect("write");
            file.commit().expect("commit");
            assert_eq!(
                std::fs::read_to_string(&target).expect("read"),
                format!("round {round}")
            );
        }
    }
    assert_eq!(entries(&dir).len(), 3, "{:?}", entries(&dir));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[cfg(unix)] // modes and symbolic links as Unix has them
fn a_dangling_link_creates_its_target_and_stays_a_link() {
    let dir = scratch("dangling");
    std::fs::create_dir_all(dir.join("real")).expect("mkdir");
    // out.txt -> link2 -> real/made.txt, which does not exist yet.
    std::os::unix::fs::symlink("link2", dir.join("out.txt")).expect("symlink");
    std::os::unix::fs::symlink("real/made.txt", dir.join("link2")).expect("symlink");
    let mut file = AtomicFile::create(&dir.join("out.txt")).expect("create");
    file.write_all(b"through the link").expect("write");
    file.commit().expect("commit");
    let link = std::fs::symlink_metadata(dir.join("out.txt")).expect("link");
    assert!(link.file_type().is_symlink(), "the link is kept");
    assert_eq!(
        std::fs::read(dir.join("real/made.txt")).expect("the target was created"),
        b"through the link"
    );
    assert_eq!(entries(&dir.join("real")), ["made.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}
