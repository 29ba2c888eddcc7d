//! What the `sve` binary's tests share.

use std::io::{BufRead, BufReader};
use std::process::Child;

/// The URL a started `sve serve` prints on its first line of output
/// (`serving on ws://...`); takes its stdout, which must be piped.
pub fn served_url(child: &mut Child) -> String {
    let stdout = child.stdout.take().expect("its output");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("it says where it serves");
    line.split_whitespace()
        .find(|word| word.starts_with("ws://"))
        .unwrap_or_else(|| panic!("no URL in `{line}`"))
        .to_owned()
}
