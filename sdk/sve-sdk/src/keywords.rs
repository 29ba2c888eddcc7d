//! [`Keywords`]: a set of keywords, named as the vocabulary (`sve-vocab`)
//! declares them; on the wire it is the bits alone (`u64`).

sve_vocab::for_each_keyword!(sve_vocab::keywords_bitflags;
    /// A set of keywords: `Keywords::WARD | Keywords::BANE`. Filters and
    /// grants on the wire take its [`bits`](Keywords::bits).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    pub struct Keywords
);
