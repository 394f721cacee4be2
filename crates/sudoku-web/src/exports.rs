//! The raw WebAssembly exports: bytes in and out of one shared buffer.
//!
//! The protocol, which `www/engine.js` follows: JavaScript asks for room
//! with [`io_reserve`], writes the UTF-8 input there, and calls a function
//! with the input's length; the function writes its UTF-8 answer into the
//! same buffer and returns the answer's length, which JavaScript reads at
//! [`io_ptr`]. The buffer belongs to this module; WebAssembly runs one call
//! at a time on a thread (the page has one engine per worker), so a
//! thread-local buffer needs no lock.

use std::cell::RefCell;

use crate::api;

thread_local! {
    static IO: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for `len` input bytes and returns where to write them.
#[no_mangle]
pub extern "C" fn io_reserve(len: usize) -> *mut u8 {
    IO.with_borrow_mut(|io| {
        io.clear();
        io.resize(len, 0);
        io.as_mut_ptr()
    })
}

/// Where the last answer is (valid until the next call).
#[no_mangle]
pub extern "C" fn io_ptr() -> *const u8 {
    IO.with_borrow(|io| io.as_ptr())
}

/// Runs `f` on the input (`len` bytes) and leaves its answer in the buffer.
fn call(len: usize, f: impl FnOnce(&str) -> String) -> usize {
    let input = IO.with_borrow(|io| {
        let bytes = &io[..len.min(io.len())];
        String::from_utf8_lossy(bytes).into_owned()
    });
    answer(f(&input))
}

/// Leaves `text` in the buffer and returns its length.
fn answer(text: String) -> usize {
    IO.with_borrow_mut(|io| {
        *io = text.into_bytes();
        io.len()
    })
}

/// [`api::rate`].
#[no_mangle]
pub extern "C" fn rate(len: usize) -> usize {
    call(len, api::rate)
}

/// [`api::rate_lines`].
#[no_mangle]
pub extern "C" fn rate_lines(len: usize) -> usize {
    call(len, api::rate_lines)
}

/// [`api::solve`].
#[no_mangle]
pub extern "C" fn solve(len: usize) -> usize {
    call(len, api::solve)
}

/// [`api::hint`].
#[no_mangle]
pub extern "C" fn hint(len: usize) -> usize {
    call(len, api::hint)
}

/// [`api::candidates`].
#[no_mangle]
pub extern "C" fn candidates(len: usize) -> usize {
    call(len, api::candidates)
}

/// [`api::generate`], the seed given as two 32-bit halves (JavaScript
/// numbers hold 53 bits exactly).
#[no_mangle]
pub extern "C" fn generate(level: u32, seed_high: u32, seed_low: u32) -> usize {
    answer(api::generate(
        level,
        u64::from(seed_high) << 32 | u64::from(seed_low),
    ))
}

/// [`api::daily`].
#[no_mangle]
pub extern "C" fn daily(year: i32, month: u32, day: u32) -> usize {
    answer(api::daily(year, month, day))
}
