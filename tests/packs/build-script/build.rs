//! Stands for a hostile build script: it runs natively, with the rights of
//! whoever builds the pack. This one only leaves a marker file in the pack
//! folder, which the tests look for: loading a pack must never run it.

fn main() {
    let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return;
    };
    let marker = std::path::Path::new(&dir).join("build-script-ran");
    // A build script that cannot write its marker fails the build, so a
    // test cannot mistake a silent failure for "it never ran".
    if let Err(e) = std::fs::write(&marker, "the build script of build-script-pack ran\n") {
        panic!("cannot write {}: {e}", marker.display());
    }
}
