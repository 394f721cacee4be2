//! Numbers as PDF and SVG print them: at most two decimals, no trailing
//! zeros, by hand from the integer number of hundredths (several times faster
//! than formatting a float; a book prints a few hundred thousand of them).

/// Appends `value` with at most two decimals and no trailing zeros.
pub fn push_number(out: &mut Vec<u8>, value: f32) {
    let hundredths = (f64::from(value) * 100.0).round() as i64;
    if hundredths < 0 {
        out.push(b'-');
    }
    let h = hundredths.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut whole = h / 100;
    loop {
        at -= 1;
        digits[at] = b'0' + (whole % 10) as u8;
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
    let frac = h % 100;
    if frac != 0 {
        out.push(b'.');
        out.push(b'0' + (frac / 10) as u8);
        if frac % 10 != 0 {
            out.push(b'0' + (frac % 10) as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals() {
        let text = |v: f32| {
            let mut out = Vec::new();
            push_number(&mut out, v);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(text(595.276), "595.28");
        assert_eq!(text(12.0), "12");
        assert_eq!(text(0.5), "0.5");
        assert_eq!(text(-3.04), "-3.04");
        assert_eq!(text(-0.001), "0");
        assert_eq!(text(1234567.0), "1234567");
        assert_eq!(text(0.07), "0.07");
    }
}
