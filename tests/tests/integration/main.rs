//! Cross-crate scenarios, in one test binary.
//!
//! Every module used to be a binary of its own; each linked the whole host
//! (wasmtime included), which cost a link and a few hundred megabytes of
//! disk per file. One binary links once; the modules keep the topics apart.

mod advanced;
mod attacks;
mod bad_input;
mod bot_matches;
mod card_api_versions;
mod community_style;
mod crate_graph;
mod crests;
mod declared_counters;
mod declared_keywords;
mod delayed_abilities;
mod fuse;
mod hot_reload;
mod later_sets_decks;
mod names;
mod native_scripts;
mod online;
mod pack_hooks;
mod pack_loading;
mod pack_text;
mod packs;
mod player_effects;
mod reload_folders;
mod replacements;
mod scenarios;
mod script_effects;
mod script_packs;
mod script_reload;
mod set_trees;
mod starter_packs;
mod starter_rust;
mod text_files;
mod token_kinds;
mod universes;
mod vocabulary;
mod x_costs;
