//! [`Keywords`] and [`Counter`], named as the vocabulary (`sve-vocab`)
//! declares them; on the wire they are numbers alone (keyword bits in a
//! `u64`, a counter's number in a `u8`).

sve_vocab::for_each_keyword!(sve_vocab::keywords_bitflags;
    /// A set of keywords: `Keywords::WARD | Keywords::BANE`. Filters and
    /// grants on the wire take its [`bits`](Keywords::bits).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    pub struct Keywords
);

sve_vocab::for_each_counter!(sve_vocab::counter_enum;
    /// A kind of counter: `Counter::Stack`, or a kind a pack declares
    /// (`Counter::Declared(n)`, from
    /// [`Game::declared_counter`](crate::Game::declared_counter)). On the
    /// wire it is its [`index`](Counter::index).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Counter; declared Declared
);
