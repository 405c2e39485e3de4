//! Generates the tonic services and prost messages from `proto/` with protox, a pure-Rust
//! compiler, so no system `protoc` is needed.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Read when the script runs, not when it was compiled: a target directory shared by two
    // checkouts (CI's clean clone links this one's) would otherwise watch and read the other's.
    let root = format!("{}/../../proto", std::env::var("CARGO_MANIFEST_DIR")?);
    println!("cargo:rerun-if-changed={root}");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(format!("{root}/booking/v1"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "proto") {
            files.push(path);
        }
    }
    files.sort();
    let fds = protox::compile(&files, [&root])?;
    // The REST shim reads and writes these messages as JSON directly, so both protocols share one
    // translation to the domain.
    let mut config = tonic_prost_build::configure();
    for message in [
        "ShuttleDetails",
        "CharterDetails",
        "EscortDetails",
        "MassageDetails",
        "Contact",
        "LineItem",
        "FeeEstimate",
        "BookingRules",
        "BankTransfer",
        "Driver",
    ] {
        config = config.type_attribute(
            format!(".booking.v1.{message}"),
            "#[derive(serde::Serialize, serde::Deserialize)] \
             #[serde(rename_all = \"camelCase\", default, deny_unknown_fields)]",
        );
    }
    config
        .build_server(true)
        .build_client(true)
        .compile_fds(fds)?;
    Ok(())
}
