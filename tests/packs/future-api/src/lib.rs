//! Records card API 9.0.0 instead of what the SDK supports; the host must
//! refuse it with a message naming both versions.

use sve_sdk::bindings::sve::cards::types::{AbilityCall, Manifest};

#[unsafe(link_section = "sve:api-version")]
#[used]
static API_VERSION: [u8; 5] = *b"9.0.0";

struct Future;

impl sve_sdk::bindings::Guest for Future {
    fn manifest() -> Manifest {
        Manifest {
            cards: Vec::new(),
            keywords: Vec::new(),
            counters: Vec::new(),
            token_kinds: Vec::new(),
        }
    }
    fn condition(_call: AbilityCall) -> Result<bool, String> {
        Ok(true)
    }
    fn resolve(_call: AbilityCall) -> Result<(), String> {
        Ok(())
    }
}

sve_sdk::bindings::export!(Future with_types_in sve_sdk::bindings);
