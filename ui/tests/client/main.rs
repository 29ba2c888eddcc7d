//! The client's tests, in one test binary: each module drives the real
//! client through a kittest harness (or reads its sources). One binary
//! links eframe and the host once instead of once per file.

mod common;

mod abilities;
mod adventure;
mod animations;
mod architecture;
mod arena;
mod bench;
mod board_layout;
mod card_art;
mod deck_builder;
mod deck_code;
mod flow;
mod hot_reload;
mod online;
mod play;
mod preview;
mod recap;
mod replay;
mod safety;
mod series;
mod settings;
mod zones;
