//! Which folders are packs.
//!
//! A folder the loader is given (`card-packs/`, `sve pack check DIR`, a dev
//! pack) is a *root*. A root is itself a pack when it has a `pack.toml` or
//! `.txt` scripts directly in it ([`is_pack_root`]); otherwise it is a
//! folder of packs, and each folder at its top is a pack when it has a
//! `pack.toml` or `.txt` scripts at any depth ([`is_pack_dir`]): a
//! community set tree dropped into `card-packs/` as shipped is one pack,
//! whose scripts are all of its `.txt` files (`script_tree`). A folder
//! at the top of a folder of packs that is not a pack is named in a
//! warning; hidden folders (`.git`) are passed over.
//!
//! A pack is never inside another pack: a `pack.toml` below a pack's top
//! is reported (`script_tree` finds it) and its folder's scripts belong
//! to the enclosing pack.

use super::{PackDiagnostic, Severity, error_at, script_tree};
use std::path::{Path, PathBuf};

/// Whether a root is a pack itself (a `pack.toml`, or `.txt` scripts
/// directly in it) rather than a folder of packs.
pub fn is_pack_root(dir: &Path) -> bool {
    dir.join("pack.toml").exists() || script_tree::has_top_level_scripts(dir)
}

/// Whether a folder at the top of a folder of packs is a pack: it has a
/// `pack.toml`, or `.txt` scripts at any depth (a community set folder or
/// set tree).
pub fn is_pack_dir(dir: &Path) -> bool {
    dir.join("pack.toml").exists() || script_tree::has_scripts(dir)
}

/// Whether `path` is a pack folder of `roots`: a root that is a pack, or a
/// pack folder at the top of a root that is a folder of packs.
pub fn is_pack_folder_of(path: &Path, roots: &[PathBuf]) -> bool {
    if roots.iter().any(|root| root == path) {
        return is_pack_root(path);
    }
    path.parent()
        .is_some_and(|parent| roots.iter().any(|root| root == parent) && !is_pack_root(parent))
        && is_pack_dir(path)
}

/// The pack folders of `roots`: each root that is a pack, else the pack
/// folders at its top, in name order. A root that cannot be read, and a
/// folder that is not a pack, are named in `diagnostics`.
pub fn pack_dirs(roots: &[PathBuf], diagnostics: &mut Vec<PackDiagnostic>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for root in roots {
        if is_pack_root(root) {
            out.push(root.clone());
            continue;
        }
        let entries = match std::fs::read_dir(root) {
            Ok(entries) => entries,
            Err(e) => {
                diagnostics.push(error_at(root, format!("cannot read pack folder: {e}")));
                continue;
            }
        };
        let mut folders: Vec<PathBuf> = entries
            .flatten()
            .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
            .map(|entry| entry.path())
            .filter(|path| path.is_dir())
            .collect();
        folders.sort();
        for folder in folders {
            if is_pack_dir(&folder) {
                out.push(folder);
            } else {
                diagnostics.push(PackDiagnostic {
                    severity: Severity::Warning,
                    ..error_at(
                        &folder,
                        "not a pack, skipped: it has no pack.toml and no .txt scripts in it or in its subfolders",
                    )
                });
            }
        }
    }
    out
}

/// The pack folders of `roots` (see [`pack_dirs`]), without the
/// diagnostics.
pub fn pack_folders(roots: &[PathBuf]) -> Vec<PathBuf> {
    pack_dirs(roots, &mut Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_tree_in_a_folder_of_packs_is_one_pack_and_an_empty_folder_is_named() {
        let root = std::env::temp_dir()
            .join(format!("sve-layout-{}", std::process::id()))
            .join("card-packs");
        let _ = std::fs::remove_dir_all(&root);
        let tree = root.join("community");
        std::fs::create_dir_all(tree.join("BoosterPacks/BP01")).expect("folders");
        std::fs::write(tree.join("BoosterPacks/BP01/forest.txt"), "x").expect("script");
        std::fs::create_dir_all(root.join("pictures")).expect("folder");
        std::fs::create_dir_all(root.join(".git")).expect("folder");
        let mut diagnostics = Vec::new();
        let roots = [root.clone()];
        assert_eq!(
            pack_dirs(&roots, &mut diagnostics),
            std::slice::from_ref(&tree)
        );
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert!(
            diagnostics[0]
                .to_string()
                .contains("pictures: warning: not a pack, skipped"),
            "{}",
            diagnostics[0]
        );
        assert!(!is_pack_root(&root));
        assert!(is_pack_folder_of(&tree, &roots));
        assert!(!is_pack_folder_of(&root, &roots));
        assert!(!is_pack_folder_of(&tree.join("BoosterPacks"), &roots));
        // Given as a root, the tree is a folder of packs: `BoosterPacks`.
        assert_eq!(
            pack_dirs(std::slice::from_ref(&tree), &mut Vec::new()),
            [tree.join("BoosterPacks")]
        );
    }
}
