//! Running scenario files on the real path: parse, build the board over
//! the starter packs, play, check. Run with `cargo bench -p sve-scenario`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("host/scenario is two folders below the workspace root")
        .to_owned()
}

fn scenarios(c: &mut Criterion) {
    let mut group = c.benchmark_group("scenarios");
    group.measurement_time(Duration::from_secs(4));
    let catalog =
        sve_packs::catalog::Catalog::open(&root().join("card-packs"), &root().join("target"))
            .expect("bundled cards");
    let dir = root().join("card-packs/starter-scripts/tests");
    let files = sve_scenario::suite::find_scenarios(&dir).expect("scenarios");
    let one = dir.join("SD01-001-aria-fanfare-tokens.scenario");
    group.bench_function("one_scenario_file", |b| {
        b.iter(|| {
            let report = sve_scenario::suite::run_file(&one, &catalog);
            assert!(!report.is_failure());
        });
    });
    group.throughput(Throughput::Elements(files.len() as u64));
    group.sample_size(10);
    group.bench_function("every_starter_script_scenario", |b| {
        b.iter(|| sve_scenario::suite::run_files(&files, &catalog));
    });
    group.finish();
}

criterion_group!(benches, scenarios);
criterion_main!(benches);
