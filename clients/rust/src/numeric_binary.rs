//! numeric's binary form (PostgreSQL's `numeric_send` and `numeric_recv`), the wire form of `distributedid` and
//! `siq`: big-endian `u16` ndigits, `i16` weight, `u16` sign, `u16` dscale, then ndigits base-10000 digits (`u16`),
//! the first of which multiplies 10000^weight.

use crate::Error;

const HEADER_SIZE: usize = 8;
/// u128::MAX has 39 decimal digits: 10 base-10000 digits.
const MAX_DIGITS: usize = 10;
const BASE: u128 = 10_000;

const POSITIVE: u16 = 0x0000;
const NEGATIVE: u16 = 0x4000;
const NAN: u16 = 0xC000;
const PLUS_INFINITY: u16 = 0xD000;
const MINUS_INFINITY: u16 = 0xF000;
/// numeric's largest display scale (NUMERIC_DSCALE_MASK): numeric_recv refuses more.
const MAX_DSCALE: u16 = 0x3FFF;

/// The bytes of one encoded value, on the stack.
pub(crate) struct NumericBinary {
    bytes: [u8; HEADER_SIZE + 2 * MAX_DIGITS],
    len: usize,
}

impl NumericBinary {
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// What numeric_send sends for this integer: dscale 0, the trailing zero digits left out (the weight places the
/// others), zero as no digits and weight 0.
pub(crate) fn encode(value: u128) -> NumericBinary {
    let mut digits = [0u16; MAX_DIGITS]; // least significant first
    let mut count = 0;
    let mut rest = value;
    while rest != 0 {
        digits[count] = (rest % BASE) as u16;
        rest /= BASE;
        count += 1;
    }
    let trailing_zeros = digits[..count].iter().take_while(|&&digit| digit == 0).count();
    let ndigits = count - trailing_zeros;
    let weight = count.saturating_sub(1);
    let mut out = NumericBinary { bytes: [0; HEADER_SIZE + 2 * MAX_DIGITS], len: HEADER_SIZE + 2 * ndigits };
    out.bytes[0..2].copy_from_slice(&(ndigits as u16).to_be_bytes());
    out.bytes[2..4].copy_from_slice(&(weight as i16).to_be_bytes());
    out.bytes[4..6].copy_from_slice(&POSITIVE.to_be_bytes());
    out.bytes[6..8].copy_from_slice(&0u16.to_be_bytes());
    for (index, digit) in digits[trailing_zeros..count].iter().rev().enumerate() {
        let at = HEADER_SIZE + 2 * index;
        out.bytes[at..at + 2].copy_from_slice(&digit.to_be_bytes());
    }
    out
}

/// The integer 0 ..= max that numeric's binary form holds. Any valid form of an integer is taken, as numeric_recv
/// and the extension's own receive functions take it: digits not normalised (leading or trailing zero digits), a
/// dscale above 0 with zero fractional digits (7.00), a negative zero. Anything else is an error, never another
/// number: a malformed form, a fraction, a negative number, NaN, an infinity, a value above max.
pub(crate) fn decode(bytes: &[u8], max: u128, type_name: &'static str, range: &'static str) -> Result<u128, Error> {
    let invalid = |reason: String| Error::InvalidBinary { type_name, reason };
    if bytes.len() < HEADER_SIZE {
        return Err(invalid(format!("{} bytes, shorter than the 8-byte header of numeric's binary form", bytes.len())));
    }
    let u16_at = |at: usize| u16::from_be_bytes([bytes[at], bytes[at + 1]]);
    let ndigits = usize::from(u16_at(0));
    let weight = i64::from(u16_at(2) as i16);
    let sign = u16_at(4);
    let dscale = u16_at(6);
    if bytes.len() != HEADER_SIZE + 2 * ndigits {
        return Err(invalid(format!(
            "its header announces {ndigits} digits ({} bytes) but the value is {} bytes long",
            HEADER_SIZE + 2 * ndigits,
            bytes.len()
        )));
    }
    match sign {
        POSITIVE | NEGATIVE => {}
        NAN => return Err(invalid("the numeric is NaN".into())),
        PLUS_INFINITY | MINUS_INFINITY => return Err(invalid("the numeric is an infinity".into())),
        other => return Err(invalid(format!("its sign field is {other:#06x}, none of numeric's"))),
    }
    if dscale > MAX_DSCALE {
        return Err(invalid(format!("its display scale is {dscale}, above numeric's {MAX_DSCALE}")));
    }
    let above_range = || invalid(format!("the numeric is above the range of a {type_name} ({range})"));
    let mut value: u128 = 0;
    let mut nonzero = false;
    for index in 0..ndigits {
        let digit = u16_at(HEADER_SIZE + 2 * index);
        if digit >= BASE as u16 {
            return Err(invalid(format!("its digit {} is {digit}, above 9999 (digits are base 10000)", index + 1)));
        }
        nonzero |= digit != 0;
        let exponent = weight - index as i64;
        if exponent < 0 {
            if digit != 0 {
                return Err(invalid("the numeric is not an integer: it has a fraction".into()));
            }
        } else if digit != 0 {
            // An exponent past u32 only ever meets a zero digit in a value that fits.
            let place = u32::try_from(exponent).ok().and_then(|exponent| BASE.checked_pow(exponent));
            value = place
                .and_then(|place| place.checked_mul(u128::from(digit)))
                .and_then(|term| value.checked_add(term))
                .filter(|&value| value <= max)
                .ok_or_else(above_range)?;
        }
    }
    if nonzero && sign == NEGATIVE {
        return Err(invalid("the numeric is negative".into()));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DISTRIBUTEDID_MAX: u128 = 10u128.pow(28) - 1;
    const SIQ_MAX: u128 = (1 << 112) - 1;

    fn form(ndigits: u16, weight: i16, sign: u16, dscale: u16, digits: &[u16]) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&ndigits.to_be_bytes());
        bytes.extend_from_slice(&weight.to_be_bytes());
        bytes.extend_from_slice(&sign.to_be_bytes());
        bytes.extend_from_slice(&dscale.to_be_bytes());
        for digit in digits {
            bytes.extend_from_slice(&digit.to_be_bytes());
        }
        bytes
    }

    fn decode_distributedid(bytes: &[u8]) -> Result<u128, Error> {
        decode(bytes, DISTRIBUTEDID_MAX, "distributedid", "0 ... 10^28 - 1")
    }

    fn refusal(bytes: &[u8]) -> String {
        decode_distributedid(bytes).expect_err("must be refused").to_string()
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|byte| format!("{byte:02x}")).collect()
    }

    // Each value's numeric_send output, as PostgreSQL 18 sends it (SELECT encode(numeric_send(N), 'hex')).
    const NUMERIC_SEND: &[(u128, &str)] = &[
        (0, "0000000000000000"),
        (7, "00010000000000000007"),
        (9999, "0001000000000000270f"),
        (10000, "00010001000000000001"),
        (123_456_789, "0003000200000000000109291a85"),
        (100_000_000_000_000_000_000, "00010005000000000001"),
        (10_000_000_000_000_000_000_000_000_000, "00010007000000000001"),
        (DISTRIBUTEDID_MAX, "0007000600000000270f270f270f270f270f270f270f"),
        (SIQ_MAX, "00090008000000000033240d1aca14e40aca215213630b6a005f"),
    ];

    #[test]
    fn encode_writes_what_numeric_send_sends() {
        for &(value, expected) in NUMERIC_SEND {
            assert_eq!(hex(encode(value).as_bytes()), expected, "{value}");
        }
    }

    #[test]
    fn decode_reads_what_numeric_send_sends() {
        for &(value, _) in NUMERIC_SEND {
            assert_eq!(decode(encode(value).as_bytes(), SIQ_MAX, "siq", "0 ... 2^112 - 1"), Ok(value), "{value}");
        }
    }

    #[test]
    fn decode_takes_every_form_of_an_integer() {
        assert_eq!(decode_distributedid(&form(1, 0, POSITIVE, 2, &[7])), Ok(7), "7.00");
        assert_eq!(decode_distributedid(&form(2, 0, POSITIVE, 4, &[7, 0])), Ok(7), "7.0000 with its zero digit");
        assert_eq!(decode_distributedid(&form(2, 1, POSITIVE, 0, &[0, 7])), Ok(7), "a leading zero digit");
        assert_eq!(decode_distributedid(&form(3, 2, POSITIVE, 0, &[1, 0, 0])), Ok(100_000_000), "trailing zeros sent");
        assert_eq!(decode_distributedid(&form(1, 2, POSITIVE, 0, &[1])), Ok(100_000_000), "trailing zeros left out");
        assert_eq!(decode_distributedid(&form(0, 0, NEGATIVE, 0, &[])), Ok(0), "negative zero");
        assert_eq!(decode_distributedid(&form(1, 0, NEGATIVE, 0, &[0])), Ok(0), "negative zero with a digit");
        assert_eq!(decode_distributedid(&form(1, 30_000, POSITIVE, 0, &[0])), Ok(0), "zero far to the left");
        assert_eq!(decode_distributedid(&form(1, -3, POSITIVE, 12, &[0])), Ok(0), "zero far to the right");
    }

    #[test]
    fn decode_refuses_whatever_is_not_an_integer_in_range() {
        assert!(refusal(&form(2, 0, POSITIVE, 1, &[7, 5000])).contains("fraction"), "7.5");
        assert!(refusal(&form(1, -1, POSITIVE, 4, &[1])).contains("fraction"), "0.0001");
        assert!(refusal(&form(1, 0, NEGATIVE, 0, &[7])).contains("negative"), "-7");
        assert!(refusal(&form(0, 0, NAN, 0, &[])).contains("NaN"));
        assert!(refusal(&form(0, 0, PLUS_INFINITY, 0, &[])).contains("infinity"));
        assert!(refusal(&form(0, 0, MINUS_INFINITY, 0, &[])).contains("infinity"));
        assert!(refusal(&form(0, 0, 0x1234, 0, &[])).contains("sign field is 0x1234"));
        assert!(refusal(&form(1, 0, POSITIVE, 0x4000, &[7])).contains("display scale"));
        assert!(refusal(&form(1, 0, POSITIVE, 0, &[10_000])).contains("above 9999"));
        assert!(refusal(&form(2, 0, POSITIVE, 0, &[7])).contains("announces 2 digits"));
        assert!(refusal(&[0, 0, 0]).contains("shorter than the 8-byte header"));
        assert!(refusal(&form(1, 7, POSITIVE, 0, &[1])).contains("above the range"), "10^28");
        assert!(refusal(&form(1, 30_000, POSITIVE, 0, &[1])).contains("above the range"), "10^120000");
        assert!(refusal(&form(2, 9, POSITIVE, 0, &[9999, 9999])).contains("above the range"), "past u128");
        let above_siq = encode(SIQ_MAX + 1);
        assert!(decode(above_siq.as_bytes(), SIQ_MAX, "siq", "0 ... 2^112 - 1").is_err());
    }

    #[test]
    fn every_value_round_trips() {
        let mut value: u128 = 1;
        for _ in 0..10_000 {
            // A linear congruential walk over 0 ... 2^112 - 1, with the values of few digits now and then.
            value = value.wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645).wrapping_add(1) & SIQ_MAX;
            for candidate in [value, value % 100_000_000, value % DISTRIBUTEDID_MAX] {
                let decoded = decode(encode(candidate).as_bytes(), SIQ_MAX, "siq", "0 ... 2^112 - 1");
                assert_eq!(decoded, Ok(candidate));
            }
        }
    }
}
