//! Compiles the script files given on the command line and prints the IR
//! dump and the diagnostics: `cargo run -p sve-script --example compile -- FILE...`.

fn main() {
    let mut files = Vec::new();
    for path in std::env::args().skip(1) {
        match std::fs::read_to_string(&path) {
            Ok(text) => files.push(sve_script::SourceFile { name: path, text }),
            Err(err) => eprintln!("cannot read {path}: {err}"),
        }
    }
    let compiled = sve_script::compile_files(&files);
    for card in &compiled.cards {
        print!("{}", card.dump());
    }
    print!("{}", compiled.render(&files));
    println!(
        "{} cards compiled, {} rejected, {} errors, {} warnings",
        compiled.cards.len(),
        compiled.rejected.len(),
        compiled.error_count(),
        compiled.warning_count()
    );
}
