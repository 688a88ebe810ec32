//! A small seeded generator (SplitMix64), written here so that the corpus depends on nothing
//! but the seed: the same forms and answers on every machine and with every version of the
//! crates the tests use.

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        (self.next() % n as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: i64, high: i64) -> i64 {
        assert!(low <= high, "between({low}, {high})");
        low + (self.next() % (high - low + 1) as u64) as i64
    }

    /// `between` for unsigned counts.
    pub fn count(&mut self, low: u64, high: u64) -> u64 {
        u64::try_from(self.between(
            i64::try_from(low).expect("small"),
            i64::try_from(high).expect("small"),
        ))
        .expect("not negative")
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `count` of `items` (at most all), in a random order.
    pub fn sample<T: Clone>(&mut self, items: &[T], count: usize) -> Vec<T> {
        let mut left: Vec<T> = items.to_vec();
        let mut out = Vec::new();
        while out.len() < count && !left.is_empty() {
            let index = self.below(left.len());
            out.push(left.remove(index));
        }
        out
    }

    /// Some of `items`, between `min` and `max` of them, in their order.
    pub fn subset<T: Clone>(&mut self, items: &[T], min: usize, max: usize) -> Vec<T> {
        let max = max.min(items.len());
        let count = self.count(min as u64, max as u64) as usize;
        let mut chosen: Vec<usize> = self.sample(&(0..items.len()).collect::<Vec<_>>(), count);
        chosen.sort_unstable();
        chosen
            .into_iter()
            .map(|index| items[index].clone())
            .collect()
    }
}
