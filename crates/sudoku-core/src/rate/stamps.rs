//! Stamped marks: a search marks a state by writing its current stamp
//! into the state's slot, and clears every mark at once by taking the next
//! stamp. Buffers of marks are kept from one search to the next (on a
//! thread, across positions), so stamps only grow; they start afresh,
//! once, when half way to wrapping.

/// Clears `marks` and sets `stamp` back to 0 once `stamp` is half way to
/// wrapping: far off within one search, but a long batch of ratings gets
/// there.
pub(super) fn renew_if_worn(stamp: &mut u32, marks: &mut [&mut Vec<u32>]) {
    if *stamp > u32::MAX / 2 {
        for marks in marks {
            marks.fill(0);
        }
        *stamp = 0;
    }
}
