//! Typed arenas: every IR entity lives in an [`Arena`] and is referred to by a [`Handle`], a 32-bit index
//! that carries the entity's type, so a uniform handle can never be used where a value is expected.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// The index of one `T` inside an [`Arena<T>`].
pub struct Handle<T> {
    index: u32,
    _marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// The handle of the `index`-th entity. Handles made this way are checked by the verifier, not here.
    pub const fn from_index(index: usize) -> Handle<T> {
        Handle {
            index: index as u32,
            _marker: PhantomData,
        }
    }

    pub const fn index(self) -> usize {
        self.index as usize
    }
}

// Derives would require `T: Clone` etc.; a handle is always a plain index.
impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = std::any::type_name::<T>();
        let short = name.rsplit("::").next().unwrap_or(name);
        write!(f, "{short}#{}", self.index)
    }
}

/// A growable store of `T`s addressed by [`Handle<T>`]. Entities are never removed (passes leave unused
/// ones behind; the printer and the verifier ignore values that nothing defines).
#[derive(Clone, PartialEq)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T> Arena<T> {
    pub fn new() -> Arena<T> {
        Arena::default()
    }

    /// Stores `item` and returns its handle.
    pub fn append(&mut self, item: T) -> Handle<T> {
        self.items.push(item);
        Handle::from_index(self.items.len() - 1)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The entity, or `None` for a handle that does not belong to this arena.
    pub fn try_get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index())
    }

    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.items.len()
    }

    /// Every handle with its entity, in creation order.
    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> + '_ {
        self.items
            .iter()
            .enumerate()
            .map(|(i, item)| (Handle::from_index(i), item))
    }

    /// Every handle with its entity, mutable, in creation order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Handle<T>, &mut T)> + '_ {
        self.items
            .iter_mut()
            .enumerate()
            .map(|(i, item)| (Handle::from_index(i), item))
    }

    pub fn handles(&self) -> impl Iterator<Item = Handle<T>> {
        (0..self.items.len()).map(Handle::from_index)
    }

    /// The handle of the first entity satisfying `pred`.
    pub fn find(&self, pred: impl FnMut(&T) -> bool) -> Option<Handle<T>> {
        self.items.iter().position(pred).map(Handle::from_index)
    }
}

/// Indexing panics on a foreign handle; code that handles unverified IR uses [`Arena::try_get`].
impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.items[handle.index()]
    }
}
