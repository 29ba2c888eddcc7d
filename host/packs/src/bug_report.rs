//! Bug-report bundles: everything needed to reproduce a match exactly, in
//! one folder a playtester can attach to a report.
//!
//! - `replay.sver`: seed, decks, card fingerprint, answers (and a
//!   concession) — `sve replay replay.sver --verify` replays it;
//! - `packs.json`: the loaded packs with versions, card API versions and
//!   build hashes (a replay needs the same builds);
//! - `board.scenario`: the current board as a scenario file, to turn into a
//!   regression test;
//! - `log.txt`: the readable game log;
//! - `README.txt`: how to reproduce.

use crate::packs::PackInfo;
use std::path::{Path, PathBuf};
use sve_engine::board::board_as_text;
use sve_engine::engine::Match;
use sve_engine::replay::Replay;

/// Writes a bundle into a new folder under `dir` (named after the seed and
/// turn) and returns that folder.
pub fn write_bundle(
    dir: &Path,
    game: &Match,
    replay: &Replay,
    packs: &[PackInfo],
    log_lines: &[String],
) -> std::io::Result<PathBuf> {
    let folder = dir.join(format!(
        "sve-bug-seed{}-turn{}",
        replay.seed,
        game.state().turn
    ));
    std::fs::create_dir_all(&folder)?;
    std::fs::write(folder.join("replay.sver"), replay.encode())?;
    let packs_json = serde_json::to_string_pretty(packs).unwrap_or_else(|_| "[]".to_owned());
    std::fs::write(folder.join("packs.json"), packs_json)?;
    std::fs::write(folder.join("board.scenario"), board_as_text(game))?;
    std::fs::write(folder.join("log.txt"), log_lines.join("\n") + "\n")?;
    let pack_lines: Vec<String> = packs
        .iter()
        .map(|p| {
            format!(
                "  {} {} (card API {}, build {})",
                p.id, p.version, p.api_version, p.content_hash
            )
        })
        .collect();
    let readme = format!(
        "Shadowverse: Evolve simulator bug report\n\n\
         Decks: {} vs {}\nSeed: {}\nAnswers: {}\nCard data fingerprint: {:016x}\n\
         Packs:\n{}\n\n\
         Reproduce with the same packs loaded:\n\
         \tcargo run --release -p sve -- replay replay.sver --verify\n\
         board.scenario holds the board at the time of the report.\n",
        replay.decks[0].name,
        replay.decks[1].name,
        replay.seed,
        replay.answers.len(),
        replay.card_fingerprint,
        if pack_lines.is_empty() {
            "  (none: vanilla cards)".to_owned()
        } else {
            pack_lines.join("\n")
        },
    );
    std::fs::write(folder.join("README.txt"), readme)?;
    Ok(folder)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::{Board, Side};
    use sve_engine::engine::PlayerId;

    #[test]
    fn a_bundle_holds_replay_board_packs_log_and_readme() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["V2"]))
            .build();
        let replay = Replay {
            seed: 5,
            decks: [
                sve_engine::replay::ReplayDeck {
                    name: "A".into(),
                    leader: "TEST-LD".into(),
                    main: vec![],
                    evolve: vec![],
                },
                sve_engine::replay::ReplayDeck {
                    name: "B".into(),
                    leader: "TEST-LD".into(),
                    main: vec![],
                    evolve: vec![],
                },
            ],
            card_fingerprint: s.game.db().fingerprint(),
            answers: vec![],
            log_hash: 0,
            conceded: None,
            reloads: Vec::new(),
            seats: Default::default(),
            sandbox: Vec::new(),
            bases: Default::default(),
            fingerprint_with_text: false,
        };
        let dir = std::env::temp_dir().join(format!("sve-bundle-test-{}", std::process::id()));
        let folder =
            write_bundle(&dir, &s.game, &replay, &[], &["— Turn 9: P1 —".into()]).expect("writes");
        for file in [
            "replay.sver",
            "packs.json",
            "board.scenario",
            "log.txt",
            "README.txt",
        ] {
            assert!(folder.join(file).exists(), "{file}");
        }
        let decoded = Replay::decode(&std::fs::read(folder.join("replay.sver")).expect("read"))
            .expect("decodes");
        assert_eq!(decoded, replay);
        let board = std::fs::read_to_string(folder.join("board.scenario")).expect("read");
        assert!(board.contains("P1 field: TEST-V2"), "{board}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
