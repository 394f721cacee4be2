//! The player's settings, kept in `settings.txt` beside the save and
//! changed on the settings screen: the mistake limit of new games,
//! auto-removal of pencil marks, highlights, whether the timer is shown,
//! and the theme.
//!
//! The file is a header line, `sudoku-play settings 1`, then `key value`
//! lines. Unknown keys are skipped, so an older game reads a newer file; a
//! file that cannot be read as settings (a bad header or value) gives the
//! defaults and a note, and is left as it is until the player changes a
//! setting. Command-line flags (`--mistake-limit`, `--theme`) override the
//! file for one run without changing it.

use std::fmt;
use std::str::FromStr;

const HEADER: &str = "sudoku-play settings 1";

/// The colours the game is drawn in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ThemeName {
    /// The terminal's own palette, with colours that read on dark and light backgrounds.
    #[default]
    Normal,
    /// Black on white and white on black only, with bold and underline for
    /// what colour shows in the normal theme: the most contrast any palette gives.
    HighContrast,
}

impl ThemeName {
    /// Every theme, in the settings screen's order.
    pub const ALL: [ThemeName; 2] = [ThemeName::Normal, ThemeName::HighContrast];

    /// The name on the command line and in the file.
    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Normal => "normal",
            ThemeName::HighContrast => "high-contrast",
        }
    }
}

impl fmt::Display for ThemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ThemeName {
    type Err = String;

    fn from_str(s: &str) -> Result<ThemeName, String> {
        ThemeName::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown theme '{s}' (expected normal or high-contrast)"))
    }
}

/// What the player chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Mistakes that end a new game, 0 for no limit.
    pub mistake_limit: u32,
    /// Whether a new game removes a placed digit from its peers' pencil marks.
    pub auto_remove: bool,
    /// Whether the cursor's row, column and box and its digit elsewhere are highlighted.
    pub highlights: bool,
    /// Whether the panel shows the clock while playing (the time is kept either way).
    pub show_timer: bool,
    /// The colours.
    pub theme: ThemeName,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            mistake_limit: 0,
            auto_remove: true,
            highlights: true,
            show_timer: true,
            theme: ThemeName::Normal,
        }
    }
}

/// One line of the settings screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// [`Settings::mistake_limit`].
    MistakeLimit,
    /// [`Settings::auto_remove`].
    AutoRemove,
    /// [`Settings::highlights`].
    Highlights,
    /// [`Settings::show_timer`].
    ShowTimer,
    /// [`Settings::theme`].
    Theme,
}

impl Field {
    /// Every field, in the screen's order.
    pub const ALL: [Field; 5] = [
        Field::MistakeLimit,
        Field::AutoRemove,
        Field::Highlights,
        Field::ShowTimer,
        Field::Theme,
    ];

    /// The field's name on the screen.
    pub fn title(self) -> &'static str {
        match self {
            Field::MistakeLimit => "Mistake limit (new games)",
            Field::AutoRemove => "Auto-remove pencil marks",
            Field::Highlights => "Highlight row, column, box",
            Field::ShowTimer => "Show the timer",
            Field::Theme => "Theme",
        }
    }
}

/// The largest mistake limit the screen offers; the command line takes any.
pub const MAX_LIMIT: u32 = 9;

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

impl Settings {
    /// Reads the file's text; `Err` says which line is wrong.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.trim_end() == HEADER => {}
            _ => return Err(format!("line 1: expected '{HEADER}'")),
        }
        let mut settings = Settings::default();
        for (i, line) in lines {
            let Some((key, value)) = line.trim().split_once(' ') else {
                continue;
            };
            let value = value.trim();
            let bad = || format!("line {}: '{}' is not a value of {key}", i + 1, value);
            let flag = || match value {
                "on" => Ok(true),
                "off" => Ok(false),
                _ => Err(bad()),
            };
            match key {
                "mistake_limit" => settings.mistake_limit = value.parse().map_err(|_| bad())?,
                "auto_remove" => settings.auto_remove = flag()?,
                "highlights" => settings.highlights = flag()?,
                "show_timer" => settings.show_timer = flag()?,
                "theme" => settings.theme = value.parse().map_err(|_| bad())?,
                _ => {}
            }
        }
        Ok(settings)
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        format!(
            "{HEADER}\nmistake_limit {}\nauto_remove {}\nhighlights {}\nshow_timer {}\ntheme {}\n",
            self.mistake_limit,
            on_off(self.auto_remove),
            on_off(self.highlights),
            on_off(self.show_timer),
            self.theme
        )
    }

    /// `field`'s value as the screen shows it.
    pub fn value(&self, field: Field) -> String {
        match field {
            Field::MistakeLimit => match self.mistake_limit {
                0 => "none".to_string(),
                n => n.to_string(),
            },
            Field::AutoRemove => on_off(self.auto_remove).to_string(),
            Field::Highlights => on_off(self.highlights).to_string(),
            Field::ShowTimer => on_off(self.show_timer).to_string(),
            Field::Theme => self.theme.to_string(),
        }
    }

    /// Steps `field` to its next value (`forward`) or its previous one,
    /// wrapping: the mistake limit runs none, 1, ..., [`MAX_LIMIT`].
    pub fn step(&mut self, field: Field, forward: bool) {
        match field {
            Field::MistakeLimit => {
                let n = MAX_LIMIT + 1;
                let now = self.mistake_limit.min(MAX_LIMIT);
                self.mistake_limit = if forward {
                    (now + 1) % n
                } else {
                    (now + n - 1) % n
                };
            }
            Field::AutoRemove => self.auto_remove = !self.auto_remove,
            Field::Highlights => self.highlights = !self.highlights,
            Field::ShowTimer => self.show_timer = !self.show_timer,
            Field::Theme => {
                let all = ThemeName::ALL;
                let i = all.iter().position(|&t| t == self.theme).unwrap_or(0);
                let next = if forward { i + 1 } else { i + all.len() - 1 };
                self.theme = all[next % all.len()];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_the_file() {
        let settings = Settings {
            mistake_limit: 3,
            auto_remove: false,
            highlights: false,
            show_timer: false,
            theme: ThemeName::HighContrast,
        };
        let text = settings.to_text();
        assert!(text.starts_with("sudoku-play settings 1\n"), "{text}");
        assert!(text.contains("theme high-contrast\n"), "{text}");
        assert_eq!(Settings::parse(&text), Ok(settings));
        assert_eq!(
            Settings::parse(&Settings::default().to_text()),
            Ok(Settings::default())
        );
    }

    #[test]
    fn a_bad_file_is_refused_with_its_line_and_unknown_keys_are_skipped() {
        assert!(Settings::parse("").unwrap_err().contains("line 1"));
        assert!(Settings::parse("\u{0}\u{1}garbage").is_err());
        let bad = format!("{HEADER}\nhighlights maybe\n");
        assert!(Settings::parse(&bad).unwrap_err().contains("line 2"));
        let bad = format!("{HEADER}\nmistake_limit -1\n");
        assert!(Settings::parse(&bad).unwrap_err().contains("line 2"));
        let bad = format!("{HEADER}\ntheme neon\n");
        assert!(Settings::parse(&bad).unwrap_err().contains("neon"));
        let newer = format!("{HEADER}\nsound on\nshow_timer off\nlonely\n");
        let read = Settings::parse(&newer).unwrap();
        assert!(!read.show_timer);
        assert_eq!(read.mistake_limit, 0);
    }

    #[test]
    fn each_field_steps_through_its_values_and_wraps() {
        let mut s = Settings::default();
        s.step(Field::MistakeLimit, false);
        assert_eq!(s.mistake_limit, MAX_LIMIT, "none back to the largest");
        s.step(Field::MistakeLimit, true);
        assert_eq!(s.value(Field::MistakeLimit), "none");
        s.step(Field::MistakeLimit, true);
        assert_eq!(s.value(Field::MistakeLimit), "1");
        s.step(Field::Theme, true);
        assert_eq!(s.theme, ThemeName::HighContrast);
        s.step(Field::Theme, true);
        assert_eq!(s.theme, ThemeName::Normal);
        for field in [Field::AutoRemove, Field::Highlights, Field::ShowTimer] {
            let before = s.value(field);
            s.step(field, true);
            assert_ne!(s.value(field), before);
            s.step(field, false);
            assert_eq!(s.value(field), before);
        }
        assert_eq!("High-Contrast".parse(), Ok(ThemeName::HighContrast));
        assert!("neon".parse::<ThemeName>().is_err());
    }
}
