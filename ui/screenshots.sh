#!/bin/sh
# Regenerates the client's screenshots in docs/screenshots/ (or the folder
# given): builds `sve-ui` (debug) and runs `sve-ui --screenshots DIR` in a
# virtual X screen, so no display is needed. Needs Debian's `xvfb`
# (`apt-get install xvfb`). See `ui/src/screenshots.rs` for what is shown.
set -eu
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
cargo build -p sve-ui --bin sve-ui
# egui's own screenshot command reads the window back: no X tool needed.
xvfb-run --auto-servernum --server-args="-screen 0 1600x1000x24" \
    target/debug/sve-ui --screenshots "$out"
ls -l "$out"/*.png
