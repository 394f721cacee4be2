//! Where the game keeps its save file, and writing it safely.
//!
//! The directory is the platform's conventional place for application data:
//! `$XDG_DATA_HOME/sudoku-play` (else `~/.local/share/sudoku-play`) on Linux
//! and other Unix systems, `~/Library/Application Support/sudoku-play` on
//! macOS, `%APPDATA%\sudoku-play` on Windows.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The save file's name inside [`data_dir`].
pub const SAVE_FILE: &str = "game.txt";

/// The game's data directory, from the environment; `None` when the
/// environment names no home at all.
pub fn data_dir() -> Option<PathBuf> {
    dir_from(|name| std::env::var_os(name))
}

/// [`data_dir`] with the environment passed in, so each platform's rule is testable.
fn dir_from(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    // Relative values are ignored, as the XDG spec asks: they would make the
    // save depend on the directory the game was started from.
    let absolute = |name: &str| var(name).map(PathBuf::from).filter(|p| p.is_absolute());
    let base = if cfg!(windows) {
        absolute("APPDATA")?
    } else if cfg!(target_os = "macos") {
        absolute("HOME")?
            .join("Library")
            .join("Application Support")
    } else {
        match absolute("XDG_DATA_HOME") {
            Some(dir) => dir,
            None => absolute("HOME")?.join(".local").join("share"),
        }
    };
    Some(base.join("sudoku-play"))
}

/// The stats file's name, beside the save file.
pub const STATS_FILE: &str = "stats.txt";

/// The stats file beside the save file at `save`.
pub fn stats_path_beside(save: &Path) -> PathBuf {
    save.with_file_name(STATS_FILE)
}

/// The settings file's name, beside the save file.
pub const SETTINGS_FILE: &str = "settings.txt";

/// The settings file beside the save file at `save`.
pub fn settings_path_beside(save: &Path) -> PathBuf {
    save.with_file_name(SETTINGS_FILE)
}

/// The full path of the save file.
pub fn save_path() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join(SAVE_FILE))
}

/// Writes `text` to `path` so that a crash mid-write never leaves half a save:
/// a temporary file beside it is written, then renamed over it.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(format!(".{}.tmp", std::process::id()));
    let temp = PathBuf::from(temp);
    fs::write(&temp, text)?;
    fs::rename(&temp, path).inspect_err(|_| {
        let _ = fs::remove_file(&temp);
    })
}

/// Moves the file at `path` aside, to the first free name of
/// `game.txt.unreadable`, `game.txt.unreadable.1`, `game.txt.unreadable.2`, ...,
/// so that a save the game cannot read is kept for the player rather than
/// overwritten, and an earlier one kept so is never replaced. Returns the
/// new path.
///
/// The new name is taken with a hard link, which fails when the name is in
/// use, so two copies of the game setting files aside at once cannot pick
/// the same name; where hard links are not supported (some network and FAT
/// file systems), a rename to a name that does not exist yet.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    for n in 0..10_000u32 {
        let mut kept = path.as_os_str().to_owned();
        kept.push(".unreadable");
        if n > 0 {
            kept.push(format!(".{n}"));
        }
        let kept = PathBuf::from(kept);
        match fs::hard_link(path, &kept) {
            Ok(()) => {
                fs::remove_file(path)?;
                return Ok(kept);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // The file itself is gone, or cannot be reached: say so.
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(e),
            Err(_) => {
                if fs::symlink_metadata(&kept).is_ok() {
                    continue;
                }
                fs::rename(path, &kept)?;
                return Ok(kept);
            }
        }
    }
    Err(io::Error::other(
        "10,000 unreadable saves are kept already; remove some",
    ))
}

/// The lock file's name, beside the save file.
pub const LOCK_FILE: &str = "game.lock";

/// The save file held for this process: while it lives, another copy of the
/// game sharing the data directory gets [`Held`] from [`lock`]. The kernel
/// drops the lock when the process ends in any way (a crash, SIGKILL, a
/// power cut), so a lock can never be left stale: nothing waits for a
/// process that is gone, and no lock file has to be cleaned up.
#[derive(Debug)]
pub struct SaveLock {
    _file: fs::File,
}

/// Another process holds the save's lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    /// Its process id, as it wrote it in the lock file, when readable.
    pub pid: Option<u32>,
}

/// Takes the lock on the save file at `save` (`game.lock` beside it) for
/// this process, creating the directory when needed.
///
/// # Errors
/// `Ok(Err(Held))` when another process holds it; `Err` when the lock file
/// cannot be made (then the save cannot be written either, and says so).
#[cfg(unix)]
pub fn lock(save: &Path) -> io::Result<Result<SaveLock, Held>> {
    use std::io::{Read, Seek, Write};
    use std::os::unix::io::AsRawFd;
    let path = save.with_file_name(LOCK_FILE);
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let mut file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)?;
    // SAFETY: flock on a file descriptor this function owns (through `file`),
    // valid until `file` is dropped; it touches no memory.
    let taken = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if taken != 0 {
        let e = io::Error::last_os_error();
        if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            return Ok(Err(Held {
                pid: text.trim().parse().ok(),
            }));
        }
        // A file system without flock: go on unlocked rather than refuse to save.
        return Ok(Ok(SaveLock { _file: file }));
    }
    // The pid is only for the other copy's message; the lock itself is flock's.
    file.set_len(0)?;
    file.seek(io::SeekFrom::Start(0))?;
    write!(file, "{}", std::process::id())?;
    Ok(Ok(SaveLock { _file: file }))
}

/// Without flock, no lock: every copy saves, as before.
#[cfg(not(unix))]
pub fn lock(save: &Path) -> io::Result<Result<SaveLock, Held>> {
    let path = save.with_file_name(LOCK_FILE);
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let file = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)?;
    Ok(Ok(SaveLock { _file: file }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(all(unix, not(target_os = "macos")))]
    fn prefers_xdg_data_home_then_home() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        assert_eq!(
            dir_from(env(&[("XDG_DATA_HOME", "/x/data"), ("HOME", "/home/a")])),
            Some(PathBuf::from("/x/data/sudoku-play"))
        );
        assert_eq!(
            dir_from(env(&[("XDG_DATA_HOME", "relative"), ("HOME", "/home/a")])),
            Some(PathBuf::from("/home/a/.local/share/sudoku-play"))
        );
        assert_eq!(dir_from(env(&[])), None);
    }

    #[test]
    fn atomic_write_replaces_and_creates_directories() {
        let dir = std::env::temp_dir().join(format!("sudoku-play-save-{}", std::process::id()));
        let path = dir.join("nested").join(SAVE_FILE);
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_earlier_unreadable_save_is_never_replaced() {
        let dir = std::env::temp_dir().join(format!("sudoku-play-aside-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join(SAVE_FILE);
        let mut kept = Vec::new();
        for text in ["first", "second", "third"] {
            fs::write(&path, text).unwrap();
            kept.push(set_aside(&path).unwrap());
            assert!(!path.exists());
        }
        let names: Vec<String> = kept
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "game.txt.unreadable",
                "game.txt.unreadable.1",
                "game.txt.unreadable.2"
            ]
        );
        for (path, text) in kept.iter().zip(["first", "second", "third"]) {
            assert_eq!(fs::read_to_string(path).unwrap(), text);
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("sudoku-play-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let save = dir.join(SAVE_FILE);
        let first = lock(&save).unwrap().expect("the first lock");
        // flock locks belong to the open file, so a second open in this
        // process is refused as another process's would be.
        let held = lock(&save).unwrap().expect_err("a second lock");
        assert_eq!(held.pid, Some(std::process::id()));
        drop(first);
        let again = lock(&save).unwrap();
        assert!(again.is_ok(), "the lock is free once its holder is gone");
        drop(again);
        fs::remove_dir_all(&dir).unwrap();
    }
}
