//! Codes people copy from a card or a link (gift codes, invitation codes): characters from 32
//! that no one reads as another (no I, O, 0 or 1), read however they are typed.

use super::Randomness;

const ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A fresh code of `length` characters.
pub fn random_code(random: &dyn Randomness, length: usize) -> String {
    let mut code = String::with_capacity(length);
    while code.len() < length {
        for b in random.id().bytes() {
            if code.len() == length {
                break;
            }
            code.push(char::from(ALPHABET[usize::from(b) % ALPHABET.len()]));
        }
    }
    code
}

/// `raw` as the code it was typed for (capitals, without spaces or dashes), if it is one of
/// `length` characters of the alphabet.
pub fn read_code(raw: &str, length: usize) -> Option<String> {
    let plain: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (plain.len() == length && plain.bytes().all(|b| ALPHABET.contains(&b))).then_some(plain)
}
