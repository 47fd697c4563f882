//! [`DenseMap`]: a map from [`Handle`]s to values held in a vector indexed by the handle. Passes keep
//! per-value facts (a constant, a replacement) in one: handles are small dense integers, so a
//! vector lookup replaces hashing, which dominated the passes' time on large programs.

use crate::arena::Handle;

/// A map keyed by `Handle<K>`, growing to the largest handle inserted.
pub struct DenseMap<K, V> {
    slots: Vec<Option<V>>,
    _key: std::marker::PhantomData<fn() -> K>,
}

impl<K, V> Default for DenseMap<K, V> {
    fn default() -> Self {
        DenseMap {
            slots: Vec::new(),
            _key: std::marker::PhantomData,
        }
    }
}

impl<K, V> DenseMap<K, V> {
    /// An empty map with room for handles below `n` (for a function's value count).
    pub fn with_capacity(n: usize) -> Self {
        let mut slots = Vec::new();
        slots.resize_with(n, || None);
        DenseMap {
            slots,
            _key: std::marker::PhantomData,
        }
    }

    pub fn get(&self, key: Handle<K>) -> Option<&V> {
        self.slots.get(key.index()).and_then(Option::as_ref)
    }

    pub fn contains_key(&self, key: Handle<K>) -> bool {
        self.get(key).is_some()
    }

    /// Sets the value of `key`, returning the one it replaces.
    pub fn insert(&mut self, key: Handle<K>, value: V) -> Option<V> {
        let i = key.index();
        if i >= self.slots.len() {
            self.slots.resize_with(i + 1, || None);
        }
        self.slots[i].replace(value)
    }

    /// Whether nothing was ever inserted (slots set to nothing count as empty).
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }
}

impl<K, V: Copy> DenseMap<K, V> {
    /// The value of `key`, copied.
    pub fn copied(&self, key: Handle<K>) -> Option<V> {
        self.get(key).copied()
    }
}
