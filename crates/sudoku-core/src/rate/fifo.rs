//! The queue the chaining searches expand their candidates from.

/// A first-in first-out queue that keeps everything pushed until cleared:
/// a search's queues only grow while it runs, and a plain vector with a
/// read position is cheaper than a ring buffer.
#[derive(Debug, Default)]
pub(super) struct Fifo<T> {
    items: Vec<T>,
    head: usize,
}

impl<T: Copy> Fifo<T> {
    /// Empties the queue, keeping its memory.
    pub(super) fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    pub(super) fn push_back(&mut self, item: T) {
        self.items.push(item);
    }

    /// Pushes `item` if `keep`, without a branch on `keep` (which the
    /// searches cannot predict: whether a candidate was reached before):
    /// the item is written either way, and counted only if kept.
    #[inline(always)]
    pub(super) fn push_if(&mut self, item: T, keep: bool) {
        self.items.push(item);
        // Never longer than it is, so the length is all that changes.
        self.items
            .truncate(self.items.len() - 1 + usize::from(keep));
    }

    /// The oldest item not taken yet.
    pub(super) fn pop_front(&mut self) -> Option<T> {
        let item = *self.items.get(self.head)?;
        self.head += 1;
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::Fifo;

    #[test]
    fn items_come_out_in_the_order_they_went_in_until_cleared() {
        let mut queue = Fifo::default();
        queue.push_back(3u32);
        queue.push_back(1);
        assert_eq!(queue.pop_front(), Some(3));
        queue.push_back(2);
        assert_eq!(queue.pop_front(), Some(1));
        assert_eq!(queue.pop_front(), Some(2));
        assert_eq!(queue.pop_front(), None);
        queue.push_back(5);
        queue.clear();
        assert_eq!(queue.pop_front(), None);
        queue.push_back(7);
        assert_eq!(queue.pop_front(), Some(7));
        queue.push_if(8, false);
        queue.push_if(9, true);
        queue.push_if(10, false);
        assert_eq!(queue.pop_front(), Some(9));
        assert_eq!(queue.pop_front(), None);
    }
}
