//! Any bytes uploaded as a hotel photo: refused or re-encoded, never a panic, and never more
//! pixels than the limits allow.
#![no_main]

use adapters::providers::media::encode;
use domain::media::ImageLimits;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = encode(data, ImageLimits::default());
});
