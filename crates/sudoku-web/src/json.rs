//! A small JSON writer: the outputs are a few flat objects, so a writer of
//! a few lines beats a serialisation framework in the page's download size.

use std::fmt::Write as _;

/// Builds one JSON object, field by field.
pub(crate) struct Object {
    text: String,
}

impl Object {
    /// An empty object.
    pub(crate) fn new() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    fn key(&mut self, key: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        push_string(&mut self.text, key);
        self.text.push(':');
    }

    /// A string field.
    pub(crate) fn string(mut self, key: &str, value: &str) -> Object {
        self.key(key);
        push_string(&mut self.text, value);
        self
    }

    /// A number field with one decimal (ratings are whole tenths).
    pub(crate) fn tenths(mut self, key: &str, value: f32) -> Object {
        self.key(key);
        self.text.push_str(&sudoku_core::hint::one_decimal(value));
        self
    }

    /// A whole-number field.
    pub(crate) fn number(mut self, key: &str, value: usize) -> Object {
        self.key(key);
        let _ = write!(self.text, "{value}");
        self
    }

    /// A boolean field.
    pub(crate) fn boolean(mut self, key: &str, value: bool) -> Object {
        self.key(key);
        self.text.push_str(if value { "true" } else { "false" });
        self
    }

    /// A field whose value is already JSON.
    pub(crate) fn raw(mut self, key: &str, json: &str) -> Object {
        self.key(key);
        self.text.push_str(json);
        self
    }

    /// The finished object.
    pub(crate) fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

/// A JSON array of already-JSON items.
pub(crate) fn array(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    format!("[{}]", items.join(","))
}

/// A JSON string, escaped.
pub(crate) fn string(value: &str) -> String {
    let mut text = String::new();
    push_string(&mut text, value);
    text
}

fn push_string(text: &mut String, value: &str) {
    text.push('"');
    for ch in value.chars() {
        match ch {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            '\n' => text.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(text, "\\u{:04x}", u32::from(c));
            }
            c => text.push(c),
        }
    }
    text.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }

    #[test]
    fn objects_join_fields_with_commas() {
        let o = Object::new()
            .string("a", "x")
            .number("n", 3)
            .tenths("r", 4.2)
            .boolean("b", false)
            .raw("l", &array(["1".to_string(), "2".to_string()]))
            .finish();
        assert_eq!(o, r#"{"a":"x","n":3,"r":4.2,"b":false,"l":[1,2]}"#);
    }
}
