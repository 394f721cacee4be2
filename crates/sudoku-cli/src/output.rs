//! Replacing a file atomically: a failed run never leaves a partial file.
//!
//! [`AtomicFile`] writes to a temporary file in the target's directory and
//! renames it over the target only in [`AtomicFile::commit`], after every byte
//! is written and flushed. A rename within one directory is atomic on POSIX
//! file systems, so readers see either the old file or the complete new one.
//! On Windows, [`std::fs::rename`] replaces an existing target too
//! (`MoveFileExW` with `MOVEFILE_REPLACE_EXISTING`); it fails, leaving the
//! target as it was, if another program holds the target open.
//! If the process dies first, even by SIGKILL, the target is untouched; a
//! dropped, uncommitted `AtomicFile` removes its temporary file.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Size of the write buffer for small writes (such as one line per puzzle).
/// Writers that produce large blocks (`-c` writes 1 MiB, `-s` one chunk of
/// grids) go past it straight to the file, without a copy into the buffer.
const BUFFER_BYTES: usize = 1 << 16;

/// A file that replaces its target only when committed. See the [module docs](self).
///
/// ```
/// use std::io::Write;
/// use sudoku_cli::output::AtomicFile;
///
/// let dir = std::env::temp_dir().join(format!("atomic-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let target = dir.join("sudoku.txt");
/// std::fs::write(&target, "old").unwrap();
///
/// let mut file = AtomicFile::create(&target).unwrap();
/// file.write_all(b"new").unwrap();
/// drop(file); // not committed: the old content stays
/// assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
///
/// let mut file = AtomicFile::create(&target).unwrap();
/// file.write_all(b"new").unwrap();
/// file.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
    /// The target is a device or a FIFO (such as `/dev/null` or `/dev/full`):
    /// it cannot be replaced, and must not be, so it is written in place.
    direct: bool,
    /// Bytes handed to the writer so far.
    written: u64,
    /// Bytes already sent on their way to the disk (see [`writeback`]).
    sent: u64,
}

/// How much new data in the file starts its write-back to the disk. Small
/// enough that little is still in flight when the rename comes: renaming
/// over an 8 MB file (serg_benchmark ×5 solved) took 8-12 ms with 8 MiB
/// steps and 3.5 ms with 1 MiB steps (`strace -T`, AMD EPYC machine), the
/// whole run 4 % less time; the calls cost the same in total, as the work
/// is per byte.
const WRITEBACK_BYTES: u64 = 1 << 20;

impl AtomicFile {
    /// Starts replacing `target`: creates a new temporary file beside it.
    ///
    /// A target that exists but is not a regular file (a device such as
    /// `/dev/null`, or a FIFO) is opened and written in place instead: renaming
    /// a file over it would destroy the device node. So is a name for an
    /// already open file (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`),
    /// appending: replacing the file behind it would destroy what the shell
    /// redirected there (`>> log.txt`). A symbolic link replaces the file it
    /// points to, not the link, and a dangling link creates its target; a
    /// loop of links is refused (ELOOP) and left as it is. A
    /// replaced file keeps its permissions (without set-id bits), as editors
    /// and `install` keep them, and its owner and group as far as the
    /// process may set them: root keeps both, another user the group when
    /// a member of it (the new file is theirs: only root may give a file away).
    ///
    /// # Errors
    /// When the directory cannot be written to, `target` is a directory or
    /// empty, or it cannot be looked up (a loop of symbolic links).
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        if target.as_os_str().is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the output path is empty",
            ));
        }
        if names_open_file(target) {
            let file = OpenOptions::new().append(true).open(target)?;
            return Ok(AtomicFile::writing(
                target,
                target.to_path_buf(),
                file,
                true,
            ));
        }
        let resolved;
        let mut replaced = None;
        let target = match fs::metadata(target) {
            Ok(meta) if meta.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "the output path is a directory",
                ))
            }
            Ok(meta) if !meta.is_file() => {
                let file = OpenOptions::new().write(true).open(target)?;
                return Ok(AtomicFile::writing(
                    target,
                    target.to_path_buf(),
                    file,
                    true,
                ));
            }
            Ok(meta) => {
                replaced = Some(meta);
                if fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink()) {
                    resolved = fs::canonicalize(target)?;
                    resolved.as_path()
                } else {
                    target
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                resolved = dangling_link_target(target);
                resolved.as_path()
            }
            // Above all a loop of symbolic links (ELOOP): there is no file to
            // replace, and renaming over the path would replace the link
            // itself. Anything else that stops `stat` (a directory that
            // cannot be searched, a name too long) would stop the write too.
            Err(e) => return Err(e),
        };
        let dir = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = temp_name_stem(target);
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let suffix = format!(".{}.{n}.tmp", std::process::id());
            let mut temp_name = OsString::from(".");
            temp_name.push(stem_within(&name, MAX_NAME_BYTES - 1 - suffix.len()));
            temp_name.push(&suffix);
            let temp = dir.join(temp_name);
            // Registered before it exists: a signal right after the file
            // appears must find its name (the name holds our process id, so
            // no other process's file can bear it).
            crate::output::cleanup::register(&temp);
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    if let Some(replaced) = replaced.take() {
                        keep_owner(&file, &replaced);
                        // After the change of owner, which may clear mode
                        // bits. Only the owner or root may set a mode, and
                        // the new file is ours or we are root; where this
                        // fails the file keeps the default mode.
                        let _ = file.set_permissions(without_set_id(replaced.permissions()));
                    }
                    return Ok(AtomicFile::writing(target, temp, file, false));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    crate::output::cleanup::unregister();
                    return Err(e);
                }
            }
        }
    }

    /// An `AtomicFile` writing `file`, open at `temp`, for `target`.
    fn writing(target: &Path, temp: PathBuf, file: File, direct: bool) -> AtomicFile {
        AtomicFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(BufWriter::with_capacity(BUFFER_BYTES, file)),
            direct,
            written: 0,
            sent: 0,
        }
    }

    /// The path of the temporary file being written (the target itself when
    /// it is a device or a FIFO, written in place).
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Flushes everything and renames the temporary file over the target.
    ///
    /// # Errors
    /// When a write, the flush or the rename fails; the target is then
    /// unchanged and the temporary file removed.
    pub fn commit(mut self) -> io::Result<()> {
        // Taken out, so that dropping `self` no longer removes the temporary
        // file: every path below removes it itself or renames it.
        let Some(writer) = self.writer.take() else {
            return Ok(());
        };
        let sent = self.sent;
        let result = writer
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|file| {
                if self.direct {
                    return Ok(());
                }
                // The rest of the file's write-back, started here rather
                // than inside the rename (see `start_writeback`).
                writeback::start(&file, sent, self.written.saturating_sub(sent));
                drop(file);
                fs::rename(&self.temp, &self.target)
            });
        if !self.direct {
            if result.is_err() {
                let _ = fs::remove_file(&self.temp);
            }
            crate::output::cleanup::unregister();
        }
        result
    }

    /// Once enough new data has reached the temporary file, starts writing it
    /// back to the disk, without waiting. Otherwise all of it would be written
    /// back during the final rename: file systems such as ext4 flush a file
    /// renamed over an existing one (so that a crash cannot leave an empty
    /// file), and the rename would wait for the whole file, about 0.3 s for
    /// 160 MB on the machine the README's figures come from, on a single
    /// thread at the very end of the run.
    fn start_writeback(&mut self) {
        let Some(writer) = self.writer.as_ref() else {
            return;
        };
        let in_file = self.written - writer.buffer().len() as u64;
        if self.direct || in_file - self.sent < WRITEBACK_BYTES {
            return;
        }
        writeback::start(writer.get_ref(), self.sent, in_file - self.sent);
        self.sent = in_file;
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self
            .writer
            .as_mut()
            .expect("writer present until commit")
            .write(buf)?;
        self.written += n as u64;
        self.start_writeback();
        Ok(n)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer
            .as_mut()
            .expect("writer present until commit")
            .write_all(buf)?;
        self.written += buf.len() as u64;
        self.start_writeback();
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer
            .as_mut()
            .expect("writer present until commit")
            .flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() && !self.direct {
            let _ = fs::remove_file(&self.temp);
            crate::output::cleanup::unregister();
        }
    }
}

/// The longest file name most file systems accept, in bytes.
pub const MAX_NAME_BYTES: usize = 255;

/// The target's file name, the stem of its temporary file's name.
fn temp_name_stem(target: &Path) -> OsString {
    target
        .file_name()
        .map_or_else(|| OsString::from("output"), OsString::from)
}

/// At most `limit` bytes of `name`, so that a legal target name of up to 255
/// bytes still gives a legal temporary name once the prefix and suffix are
/// added. Only the temporary name is shortened; the target keeps its name.
#[cfg(unix)]
fn stem_within(name: &OsStr, limit: usize) -> OsString {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let bytes = name.as_bytes();
    OsString::from_vec(bytes[..bytes.len().min(limit)].to_vec())
}

/// Elsewhere names are not bytes: cut at a character boundary (a name that is
/// not Unicode keeps its lossy form, which only the temporary file carries).
#[cfg(not(unix))]
fn stem_within(name: &OsStr, limit: usize) -> OsString {
    let text = name.to_string_lossy();
    let mut end = text.len().min(limit);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    OsString::from(&text[..end])
}

/// Gives the new file the replaced file's owner and group, as far as the
/// process may: root may set both; any other process may not give a file
/// away, so the new file stays its own, and may set only a group it belongs
/// to. Where it may not (someone else's file, or a group the process is not
/// in), the new file has the process's owner or group instead, as with
/// `sed -i` or `mv`; nothing else fails. Unchanged ids are not set, so a
/// user replacing their own file in their own group asks for nothing.
#[cfg(unix)]
fn keep_owner(file: &File, replaced: &fs::Metadata) {
    use std::os::unix::fs::{fchown, MetadataExt};
    let Ok(new) = file.metadata() else {
        return;
    };
    let uid = (new.uid() != replaced.uid()).then_some(replaced.uid());
    let gid = (new.gid() != replaced.gid()).then_some(replaced.gid());
    if uid.is_none() && gid.is_none() {
        return;
    }
    if fchown(file, uid, gid).is_err() && uid.is_some() && gid.is_some() {
        // Not root: the group alone, which a member of it may set.
        let _ = fchown(file, None, gid);
    }
}

/// Elsewhere files have no owner and group to keep.
#[cfg(not(unix))]
fn keep_owner(_file: &File, _replaced: &fs::Metadata) {}

/// `mode` without the set-user-ID, set-group-ID and sticky bits: the new
/// content is not the program that was made set-id, and whoever runs this
/// program must not gain a set-id file by replacing someone else's.
#[cfg(unix)]
fn without_set_id(mode: fs::Permissions) -> fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    fs::Permissions::from_mode(mode.mode() & 0o777)
}

/// Elsewhere permissions have no set-id bits (only read-only), so they are kept.
#[cfg(not(unix))]
fn without_set_id(mode: fs::Permissions) -> fs::Permissions {
    mode
}

/// The path a dangling symbolic link points to (following a chain of them),
/// so that writing through the link creates its target as `>` in a shell
/// does; `target` itself when it is not a link.
fn dangling_link_target(target: &Path) -> PathBuf {
    let mut path = target.to_path_buf();
    // A loop of links ends here too; the write then fails with a clear error.
    for _ in 0..40 {
        match fs::read_link(&path) {
            Ok(next) => {
                path = match path.parent() {
                    Some(parent) if next.is_relative() => parent.join(next),
                    _ => next,
                }
            }
            Err(_) => break,
        }
    }
    path
}

/// True when `target` names a file descriptor that is already open rather than
/// a file: `/proc/self/fd/N`, or a link into such a directory, as `/dev/stdout`
/// and `/dev/fd/N` are on Linux.
fn names_open_file(target: &Path) -> bool {
    let mut path = target.to_path_buf();
    for _ in 0..8 {
        let in_fd_dir = path
            .parent()
            .and_then(|parent| fs::canonicalize(parent).ok())
            .is_some_and(|dir| dir.starts_with("/proc") && dir.file_name() == Some("fd".as_ref()));
        if in_fd_dir {
            return true;
        }
        match fs::read_link(&path) {
            Ok(next) => {
                path = match path.parent() {
                    Some(parent) if next.is_relative() => parent.join(next),
                    _ => next,
                }
            }
            Err(_) => return false,
        }
    }
    false
}

/// Starting the write-back of a file range to the disk without waiting for it.
mod writeback {
    use std::fs::File;

    /// Asks the kernel to start writing `len` bytes at `offset` back to the
    /// disk, and returns at once. This is only a hint: it is ignored where it
    /// fails or is not available, and data safety never depends on it.
    #[cfg(target_os = "linux")]
    pub(super) fn start(file: &File, offset: u64, len: u64) {
        use std::os::raw::{c_int, c_uint};
        use std::os::unix::io::AsRawFd;

        extern "C" {
            fn sync_file_range(fd: c_int, offset: i64, nbytes: i64, flags: c_uint) -> c_int;
        }
        const SYNC_FILE_RANGE_WRITE: c_uint = 2;
        let (Ok(offset), Ok(len)) = (i64::try_from(offset), i64::try_from(len)) else {
            return;
        };
        // SAFETY: the descriptor belongs to `file`, open for the whole call;
        // sync_file_range(2) only reads its integer arguments. Its result is
        // ignored on purpose (see above).
        unsafe {
            sync_file_range(file.as_raw_fd(), offset, len, SYNC_FILE_RANGE_WRITE);
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub(super) fn start(_file: &File, _offset: u64, _len: u64) {}
}

/// Hooks for removing the temporary file when the process is interrupted.
pub mod cleanup {
    use std::ffi::CString;
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    /// The temporary file being written, as a C string, for a signal handler.
    static CURRENT: AtomicPtr<libc_char> = AtomicPtr::new(std::ptr::null_mut());

    #[allow(non_camel_case_types)]
    type libc_char = std::os::raw::c_char;

    #[cfg(unix)]
    pub(super) fn register(path: &Path) {
        use std::os::unix::ffi::OsStrExt;
        if let Ok(c) = CString::new(path.as_os_str().as_bytes()) {
            let old = CURRENT.swap(c.into_raw(), Ordering::SeqCst);
            free(old);
        }
    }

    /// Elsewhere there is no signal handler to hand the path to (the CLI
    /// installs one on Unix only), so nothing is registered; an interrupted
    /// run may leave its temporary file, never a partial target.
    #[cfg(not(unix))]
    pub(super) fn register(_path: &Path) {}

    pub(super) fn unregister() {
        free(CURRENT.swap(std::ptr::null_mut(), Ordering::SeqCst));
    }

    fn free(ptr: *mut libc_char) {
        if !ptr.is_null() {
            // SAFETY: every non-null pointer stored in CURRENT came from
            // CString::into_raw and is taken out of CURRENT exactly once.
            drop(unsafe { CString::from_raw(ptr) });
        }
    }

    /// The temporary file currently being written, for a signal handler to
    /// unlink: a NUL-terminated path, or null. Only async-signal-safe calls
    /// (such as `unlink`) may use it.
    pub fn current_temp_path() -> *const libc_char {
        CURRENT.load(Ordering::SeqCst)
    }
}
