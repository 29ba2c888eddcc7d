//! [`Adapt`]: converting a value between the same type of two card API
//! versions, and macros that write it for types whose shape did not change.
//!
//! Each frozen version's bindings are their own Rust types, even where the
//! WIT is word for word the same, so an adapter converts them field by
//! field. The macros write those conversions in both directions from a list
//! of the cases or fields; a type whose shape changed gets a hand-written
//! impl in its version's adapter.

/// Converts a value of one card API version's type into another's.
pub(crate) trait Adapt<T> {
    /// The same value in the other version's type.
    fn adapt(self) -> T;
}

macro_rules! adapt_identity {
    ($($ty:ty),* $(,)?) => {
        $(impl Adapt<$ty> for $ty {
            fn adapt(self) -> $ty {
                self
            }
        })*
    };
}

adapt_identity!((), bool, u8, u32, u64, i32, String);

impl<A: Adapt<B>, B> Adapt<Vec<B>> for Vec<A> {
    fn adapt(self) -> Vec<B> {
        self.into_iter().map(Adapt::adapt).collect()
    }
}

impl<A: Adapt<B>, B, C: Adapt<D>, D> Adapt<(B, D)> for (A, C) {
    fn adapt(self) -> (B, D) {
        (self.0.adapt(), self.1.adapt())
    }
}

impl<A: Adapt<B>, B> Adapt<Option<B>> for Option<A> {
    fn adapt(self) -> Option<B> {
        self.map(Adapt::adapt)
    }
}

impl<A: Adapt<B>, B, E: Adapt<F>, F> Adapt<Result<B, F>> for Result<A, E> {
    fn adapt(self) -> Result<B, F> {
        self.map(Adapt::adapt).map_err(Adapt::adapt)
    }
}

/// Converts between `$a::$name` and `$b::$name`, an enum or variant with
/// the same cases: unit cases first, then (after `;`) cases with one
/// payload, which is adapted in turn. `a <-> b` writes both directions,
/// `a -> b` only that one (for types that only cross one way: a manifest
/// goes from the pack to the host).
macro_rules! adapt_variant {
    ($a:ident <-> $b:ident :: $name:ident $cases:tt) => {
        $crate::packs::wit::adapt::adapt_variant!($a -> $b :: $name $cases);
        // One set of types without `components`: one way is both.
        #[cfg(feature = "components")]
        $crate::packs::wit::adapt::adapt_variant!($b -> $a :: $name $cases);
    };
    ($a:ident -> $b:ident :: $name:ident { $($unit:ident),* $(,)? $(; $($case:ident),* $(,)?)? }) => {
        impl Adapt<$b::$name> for $a::$name {
            fn adapt(self) -> $b::$name {
                match self {
                    $($a::$name::$unit => $b::$name::$unit,)*
                    $($($a::$name::$case(payload) => $b::$name::$case(payload.adapt()),)*)?
                }
            }
        }
    };
}

/// Converts between `$a::$name` and `$b::$name`, records with the same
/// fields (each adapted in turn); `<->` and `->` as for [`adapt_variant!`].
/// Fields the target has and the source lacks follow a `;` with their
/// value (`; declared_keywords = Vec::new()`); fields the source has and
/// the target lacks are left out of the list.
macro_rules! adapt_record {
    ($a:ident <-> $b:ident :: $name:ident $fields:tt) => {
        $crate::packs::wit::adapt::adapt_record!($a -> $b :: $name $fields);
        // One set of types without `components`: one way is both.
        #[cfg(feature = "components")]
        $crate::packs::wit::adapt::adapt_record!($b -> $a :: $name $fields);
    };
    ($a:ident -> $b:ident :: $name:ident {
        $($field:ident),* $(,)? $(; $($added:ident = $value:expr),* $(,)?)?
    }) => {
        impl Adapt<$b::$name> for $a::$name {
            fn adapt(self) -> $b::$name {
                $b::$name {
                    $($field: self.$field.adapt(),)*
                    $($($added: $value,)*)?
                }
            }
        }
    };
}

/// Implements a version's `game::Host` by adapting each argument to the
/// current API, calling the current implementation, and adapting the result
/// back.
#[cfg(feature = "components")]
macro_rules! delegate_game {
    ($current:path; $(fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        $(fn $name(&mut self, $($arg: $ty),*) -> $ret {
            use $current as current;
            current::$name(self, $($arg.adapt()),*).adapt()
        })*
    };
}

#[cfg(feature = "components")]
pub(crate) use delegate_game;
pub(crate) use {adapt_record, adapt_variant};
