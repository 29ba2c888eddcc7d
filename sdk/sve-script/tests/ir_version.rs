//! The IR's version follows its encoded schema (the rule is on
//! `sve_script::ir::IR_VERSION`).
//!
//! - The schema is traced from the serde derives themselves
//!   (serde-reflection), so every type the IR encodes is covered, enums
//!   declared through macros included, and only what changes the encoding
//!   counts (not comments, not attributes that encode the same).
//! - `ir-schema/v{N}.json` records the schema of each version N. Today's
//!   must equal the one recorded for [`IR_VERSION`]; every version from
//!   [`IR_OLDEST_READABLE`] on must be an append-only prefix of today's.
//! - `tests/data/ir-v{N}.bin` is a module packaged at version N. Each
//!   readable one must decode; an older one must be refused as a version
//!   mismatch.
//!
//! `UPDATE_IR_SCHEMA=1 cargo test -p sve-script --test ir_version` writes
//! the schema file and the packaged sample of the current version when they
//! are missing; it never rewrites a recorded version.

use serde_reflection::{ContainerFormat, Registry, Tracer, TracerConfig};
use std::path::{Path, PathBuf};
use sve_script::ir::{self, IR_OLDEST_READABLE, IR_VERSION, Module};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn schema_path(version: u32) -> PathBuf {
    crate_dir().join(format!("ir-schema/v{version}.json"))
}

fn sample_path(version: u32) -> PathBuf {
    crate_dir().join(format!("tests/data/ir-v{version}.bin"))
}

fn updating() -> bool {
    std::env::var_os("UPDATE_IR_SCHEMA").is_some()
}

/// The schema `Module::to_bytes` encodes, every container by name.
fn traced_schema() -> Registry {
    let mut tracer = Tracer::new(TracerConfig::default());
    // Tracing a type finds one variant of each nested enum per pass;
    // tracing each enum on its own finds all of its variants.
    macro_rules! trace {
        ($($ty:ty),* $(,)?) => {
            $(
                if let Err(err) = tracer.trace_simple_type::<$ty>() {
                    panic!("tracing {}: {err}", stringify!($ty));
                }
            )*
        };
    }
    trace!(
        Module,
        ir::Card,
        ir::Ability,
        ir::Effect,
        ir::Cost,
        ir::Count,
        ir::ComplexStep,
        ir::PayResult,
        ir::ValueNode,
        ir::CondTest,
        ir::FilterItem,
        ir::BinaryOp,
        ir::AbilityKind,
        ir::CardType,
        ir::CheckActionKind,
        ir::Class,
        ir::Counter,
        ir::Duration,
        ir::Keyword,
        ir::Rarity,
        ir::SearchAction,
        ir::Stat,
        ir::Target,
        ir::TokenOption,
        ir::DelayedLasts,
        ir::DamageChange,
        ir::DamageTaken,
        ir::PlayerEffect,
        ir::TurnWindow,
        ir::InsteadZone,
        ir::TriggerIcon,
        ir::HookZone,
        ir::HookWhose,
        ir::Trigger,
        ir::TurnStat,
        ir::Universe,
        ir::ConditionTiming,
    );
    match tracer.registry() {
        Ok(registry) => registry,
        Err(err) => panic!(
            "the IR's schema is incomplete ({err}): add the enum it names to `trace!` in traced_schema"
        ),
    }
}

fn schema_text(registry: &Registry) -> String {
    let mut text = serde_json::to_string_pretty(registry).expect("a registry is JSON");
    text.push('\n');
    text
}

fn recorded_schema(version: u32) -> Option<Registry> {
    let text = std::fs::read_to_string(schema_path(version)).ok()?;
    match serde_json::from_str(&text) {
        Ok(registry) => Some(registry),
        Err(err) => panic!("{}: {err}", schema_path(version).display()),
    }
}

/// Every way `new` fails to read what `old` wrote: empty when `new` only
/// appended (variants at the end of enums, new containers).
fn breaks_between(old: &Registry, new: &Registry) -> Vec<String> {
    let mut breaks = Vec::new();
    for (name, old_format) in old {
        let Some(new_format) = new.get(name) else {
            breaks.push(format!("`{name}` is gone"));
            continue;
        };
        match (old_format, new_format) {
            (ContainerFormat::Enum(old_variants), ContainerFormat::Enum(new_variants)) => {
                for (index, old_variant) in old_variants {
                    match new_variants.get(index) {
                        Some(new_variant) if new_variant == old_variant => {}
                        Some(new_variant) => breaks.push(format!(
                            "`{name}` variant {index} was `{}` and is now `{}` (or its fields changed): append new variants at the end",
                            old_variant.name, new_variant.name
                        )),
                        None => breaks.push(format!(
                            "`{name}` lost variant {index} `{}`",
                            old_variant.name
                        )),
                    }
                }
            }
            _ if old_format == new_format => {}
            _ => breaks.push(format!(
                "`{name}` changed shape (a field added, removed, moved or retyped)"
            )),
        }
    }
    breaks
}

#[test]
fn the_recorded_schema_of_this_version_is_todays() {
    let today = traced_schema();
    let path = schema_path(IR_VERSION);
    let Some(recorded) = recorded_schema(IR_VERSION) else {
        if updating() {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("create ir-schema/");
            std::fs::write(&path, schema_text(&today)).expect("write the schema");
            return;
        }
        panic!(
            "no schema recorded for IR version {IR_VERSION}: run `UPDATE_IR_SCHEMA=1 cargo test -p sve-script --test ir_version` to write {}",
            path.display()
        );
    };
    if recorded == today {
        return;
    }
    let breaks = breaks_between(&recorded, &today);
    let next = IR_VERSION + 1;
    if breaks.is_empty() {
        panic!(
            "the IR's types changed by appending only: set IR_VERSION = {next} in src/ir/mod.rs (leave IR_OLDEST_READABLE: packs packaged before keep loading), then run `UPDATE_IR_SCHEMA=1 cargo test -p sve-script --test ir_version` to record ir-schema/v{next}.json and tests/data/ir-v{next}.bin"
        );
    }
    panic!(
        "the IR's types changed in a way older packs can't be read with:\n  {}\nappend instead if you can; otherwise set IR_VERSION = {next} and IR_OLDEST_READABLE = {next} in src/ir/mod.rs (packs packaged before will be refused), then run `UPDATE_IR_SCHEMA=1 cargo test -p sve-script --test ir_version`",
        breaks.join("\n  ")
    );
}

#[test]
fn every_readable_version_is_an_append_only_prefix_of_today() {
    let today = traced_schema();
    for version in IR_OLDEST_READABLE..=IR_VERSION {
        let Some(recorded) = recorded_schema(version) else {
            panic!(
                "IR version {version} is readable (IR_OLDEST_READABLE = {IR_OLDEST_READABLE}) but {} is missing",
                schema_path(version).display()
            );
        };
        let breaks = breaks_between(&recorded, &today);
        assert!(
            breaks.is_empty(),
            "IR version {version} is marked readable, but today's types can't read it:\n  {}\nset IR_OLDEST_READABLE past it, or undo the change",
            breaks.join("\n  ")
        );
    }
}

/// A small module with a few abilities, for the packaged samples.
fn sample_module() -> Module {
    let source = "\
name Sample Fairy;
id T-IR-001;
class Forest;
type Follower;
cost 1;
stats 1/1;
text \"[Fanfare] Draw a card.\";
ability Fanfare {
    effect DrawCard(1);
}
";
    let compiled = sve_script::compile_file("sample.txt", source);
    assert!(
        compiled.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        compiled.diagnostics
    );
    compiled.into_module()
}

#[test]
fn a_module_packaged_at_each_readable_version_decodes() {
    let current = sample_path(IR_VERSION);
    if !current.exists() && updating() {
        let bytes = sample_module().to_bytes().expect("the sample encodes");
        std::fs::create_dir_all(current.parent().expect("a folder")).expect("create tests/data/");
        std::fs::write(&current, bytes).expect("write the sample");
    }
    for version in 1..=IR_VERSION {
        let path = sample_path(version);
        let Ok(bytes) = std::fs::read(&path) else {
            assert!(
                version < IR_OLDEST_READABLE,
                "no packaged sample {}: run `UPDATE_IR_SCHEMA=1 cargo test -p sve-script --test ir_version`",
                path.display()
            );
            continue;
        };
        let decoded = Module::from_bytes(&bytes);
        if version < IR_OLDEST_READABLE {
            let err = decoded.expect_err("an unreadable version is refused");
            assert!(err.is_version_mismatch(), "{err}");
            assert!(err.to_string().contains("sve pack build"), "{err}");
        } else {
            let module =
                decoded.unwrap_or_else(|err| panic!("{} no longer decodes: {err}", path.display()));
            assert_eq!(module.cards.len(), 1, "{}", path.display());
            assert_eq!(module.cards[0].id, "T-IR-001");
        }
    }
}

#[test]
fn a_newer_version_is_refused_and_says_so() {
    let mut bytes = sample_module().to_bytes().expect("the sample encodes");
    bytes[0] = u8::try_from(IR_VERSION + 1).expect("a one-byte varint");
    let err = Module::from_bytes(&bytes).expect_err("a newer IR");
    assert!(err.is_version_mismatch());
    assert!(err.to_string().contains("newer compiler"), "{err}");
}

#[test]
fn swapping_two_keywords_of_the_real_ir_is_caught() {
    // `Keyword` is declared through the `named_enum!` macro: the schema
    // must see its variants all the same.
    let today = traced_schema();
    let mut swapped = today.clone();
    let Some(ContainerFormat::Enum(variants)) = swapped.get_mut("Keyword") else {
        panic!("the schema has no `Keyword` enum");
    };
    let first = variants.get(&0).expect("a keyword 0").clone();
    let second = variants.get(&1).expect("a keyword 1").clone();
    variants.insert(0, second);
    variants.insert(1, first);
    let breaks = breaks_between(&today, &swapped);
    assert_eq!(breaks.len(), 2, "{breaks:?}");
    assert!(breaks[0].starts_with("`Keyword` variant 0"), "{breaks:?}");
}

/// The rule itself, on small types: what an append keeps readable and what
/// breaks it.
mod rule {
    use super::*;
    use serde::{Deserialize, Serialize};

    mod before {
        use super::*;
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub enum Effect {
            Draw(u8),
            Heal { amount: u8 },
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub struct Card {
            pub cost: u8,
            pub effect: Effect,
        }
    }

    mod appended {
        use super::*;
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub enum Effect {
            Draw(u8),
            Heal { amount: u8 },
            Banish(Target),
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub enum Target {
            Any,
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub struct Card {
            pub cost: u8,
            pub effect: Effect,
        }
    }

    mod inserted {
        use super::*;
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub enum Effect {
            Draw(u8),
            Banish,
            Heal { amount: u8 },
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub struct Card {
            pub cost: u8,
            pub effect: Effect,
        }
    }

    mod new_field {
        use super::*;
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub enum Effect {
            Draw(u8),
            Heal { amount: u8 },
        }
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        pub struct Card {
            pub cost: u8,
            pub attack: u8,
            pub effect: Effect,
        }
    }

    fn schema(trace: impl FnOnce(&mut Tracer) -> serde_reflection::Result<()>) -> Registry {
        let mut tracer = Tracer::new(TracerConfig::default());
        trace(&mut tracer).expect("traces");
        tracer.registry().expect("complete")
    }

    fn before() -> Registry {
        schema(|tracer| {
            tracer.trace_simple_type::<before::Card>()?;
            tracer.trace_simple_type::<before::Effect>()?;
            Ok(())
        })
    }

    #[test]
    fn appending_a_variant_keeps_old_bytes_readable() {
        let old = before();
        let new = schema(|tracer| {
            tracer.trace_simple_type::<appended::Card>()?;
            tracer.trace_simple_type::<appended::Effect>()?;
            tracer.trace_simple_type::<appended::Target>()?;
            Ok(())
        });
        assert_eq!(breaks_between(&old, &new), Vec::<String>::new());
        // And postcard agrees: bytes written before decode after.
        let bytes = postcard::to_allocvec(&before::Card {
            cost: 2,
            effect: before::Effect::Heal { amount: 3 },
        })
        .expect("encodes");
        let read: appended::Card = postcard::from_bytes(&bytes).expect("decodes");
        assert_eq!(
            read,
            appended::Card {
                cost: 2,
                effect: appended::Effect::Heal { amount: 3 }
            }
        );
    }

    #[test]
    fn inserting_a_variant_or_adding_a_field_breaks_old_bytes() {
        let old = before();
        let inserted = schema(|tracer| {
            tracer.trace_simple_type::<inserted::Card>()?;
            tracer.trace_simple_type::<inserted::Effect>()?;
            Ok(())
        });
        let breaks = breaks_between(&old, &inserted);
        assert!(
            breaks
                .iter()
                .any(|b| b.contains("`Effect` variant 1 was `Heal`")),
            "{breaks:?}"
        );
        let new_field = schema(|tracer| {
            tracer.trace_simple_type::<new_field::Card>()?;
            tracer.trace_simple_type::<new_field::Effect>()?;
            Ok(())
        });
        let breaks = breaks_between(&old, &new_field);
        assert_eq!(breaks.len(), 1, "{breaks:?}");
        assert!(breaks[0].contains("`Card` changed shape"), "{breaks:?}");
    }
}
