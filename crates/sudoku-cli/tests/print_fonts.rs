//! A PDF book's fonts and streams, checked with tools that know nothing of
//! the writer: poppler's `pdffonts` (every font embedded and subset, with a
//! Unicode map) and `pdftotext` (the text reads back exactly), and `qpdf`
//! (the file is sound; `--stream-data=uncompress` decompresses every stream, whose bytes the
//! test then reads itself: the embedded font's table directory and glyph
//! count, the page content).
//!
//! The user-font tests use Debian's Droid Sans Fallback (TrueType outlines,
//! CJK) and URW's Nimbus Sans (CFF outlines), which `.ci/run` installs;
//! where a tool or a font is missing here they skip with a loud message.
//!
//! Unix only: the tools, the fonts' paths, FIFOs and `ulimit` are.
#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{assert_failure, stderr, Scratch};

/// A CJK font with TrueType outlines (Debian: fonts-droid-fallback).
const CJK_FONT: &str = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf";
/// A font with CFF outlines (Debian: fonts-urw-base35).
const CFF_FONT: &str = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf";

/// True when poppler's and qpdf's tools run; otherwise says loudly why not.
fn have_tools(test: &str) -> bool {
    let ok = ["pdffonts", "pdftotext", "qpdf"]
        .iter()
        .all(|tool| Command::new(tool).arg("--version").output().is_ok());
    if !ok {
        eprintln!(
            "\n*** {test}: SKIPPED: pdffonts, pdftotext or qpdf is missing \
             (apt-get install poppler-utils qpdf; .ci/run installs them) ***\n"
        );
    }
    ok
}

/// True when `font` exists; otherwise says loudly why the test is skipped.
fn have_font(test: &str, font: &str, package: &str) -> bool {
    let ok = Path::new(font).is_file();
    if !ok {
        eprintln!(
            "\n*** {test}: SKIPPED: {font} is missing \
             (apt-get install {package}; .ci/run installs it) ***\n"
        );
    }
    ok
}

/// Puzzles for a small book.
fn puzzles(scratch: &Scratch, n: usize) {
    let out = scratch.run(&["puzzles", &n.to_string(), "--seed", "3", "-o", "p.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

fn print(scratch: &Scratch, args: &[&str]) {
    let mut all = vec!["print", "p.txt"];
    all.extend_from_slice(args);
    let out = scratch.run(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
}

/// `pdffonts`' rows: name, type, and the emb, sub and uni columns.
fn fonts(pdf: &Path) -> Vec<(String, String, [String; 3])> {
    let out = Command::new("pdffonts")
        .arg(pdf)
        .output()
        .expect("pdffonts");
    assert!(out.status.success(), "pdffonts: {}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .skip(2)
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            // name type... encoding emb sub uni object generation
            let n = words.len();
            assert!(n >= 7, "pdffonts row {line:?}");
            (
                words[0].to_string(),
                words[1..n - 6].join(" "),
                [
                    words[n - 5].to_string(),
                    words[n - 4].to_string(),
                    words[n - 3].to_string(),
                ],
            )
        })
        .collect()
}

fn assert_qpdf_clean(pdf: &Path) {
    let out = Command::new("qpdf")
        .arg("--check")
        .arg(pdf)
        .output()
        .expect("qpdf");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("No syntax or stream encoding errors found"),
        "qpdf --check {}: {text}{}",
        pdf.display(),
        stderr(&out)
    );
    assert!(!text.contains("WARNING"), "{text}");
}

/// The text of the whole file in its own order.
fn text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-raw"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext");
    assert!(out.status.success(), "pdftotext: {}", stderr(&out));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Every stream of `pdf` decompressed by qpdf, with its dictionary.
fn streams(pdf: &Path, scratch: &Scratch) -> Vec<(String, Vec<u8>)> {
    let plain = scratch.join("plain.pdf");
    let out = Command::new("qpdf")
        .args(["--object-streams=disable", "--stream-data=uncompress"])
        .arg(pdf)
        .arg(&plain)
        .output()
        .expect("qpdf");
    assert!(out.status.success(), "qpdf: {}", stderr(&out));
    let bytes = std::fs::read(&plain).expect("uncompressed file");
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(start) = find(&bytes[at..], b"stream\n").map(|i| i + at) {
        if start >= 3 && &bytes[start - 3..start] == b"end" {
            at = start + 7;
            continue;
        }
        let dict_start = rfind(&bytes[..start], b" obj\n").expect("an object");
        let dict = String::from_utf8_lossy(&bytes[dict_start..start]).into_owned();
        let length: usize = dict
            .split("/Length ")
            .nth(1)
            .and_then(|rest| {
                let n = rest.split_whitespace().next()?;
                n.trim_end_matches(">>").parse().ok()
            })
            .unwrap_or_else(|| panic!("a direct /Length in {dict}"));
        let data = bytes[start + 7..start + 7 + length].to_vec();
        found.push((dict, data));
        at = start + 7 + length;
    }
    found
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// The number of glyphs of a TrueType or OpenType font file, read from
/// its `maxp` table through the table directory.
fn glyph_count(font: &[u8]) -> usize {
    let u16_at = |i: usize| usize::from(u16::from_be_bytes([font[i], font[i + 1]]));
    let u32_at =
        |i: usize| u32::from_be_bytes([font[i], font[i + 1], font[i + 2], font[i + 3]]) as usize;
    let tables = u16_at(4);
    (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&entry| &font[entry..entry + 4] == b"maxp")
        .map(|entry| u16_at(u32_at(entry + 8) + 4))
        .expect("a maxp table")
}

#[test]
fn every_font_is_embedded_subset_and_compressed() {
    if !have_tools("every_font_is_embedded_subset_and_compressed") {
        return;
    }
    let scratch = Scratch::new("print-fonts");
    puzzles(&scratch, 8);
    let title = "Grüße — “Sudoku” € œ";
    print(
        &scratch,
        &[
            "-o",
            "book.pdf",
            "--answers",
            "--per-page",
            "4",
            "--title",
            title,
        ],
    );
    let pdf = scratch.join("book.pdf");
    assert_qpdf_clean(&pdf);
    let rows = fonts(&pdf);
    assert_eq!(rows.len(), 2, "{rows:?}");
    for (name, kind, [emb, sub, uni]) in &rows {
        assert_eq!(kind, "CID TrueType", "{name}");
        assert_eq!([emb, sub, uni], ["yes"; 3], "{name}");
        let (tag, base) = name.split_once('+').expect("a subset tag");
        assert!(tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()));
        assert!(base == "LiberationSans" || base == "LiberationSans-Bold");
    }
    let read = text(&pdf);
    assert!(read.starts_with(&format!("{title}\n")), "{read}");
    assert!(read.contains(&format!("{title} — answers")), "{read}");

    // Every stream is compressed in the file, and decompresses (qpdf) to
    // what it should hold.
    let raw = std::fs::read(&pdf).unwrap();
    let count = |needle: &[u8]| raw.windows(needle.len()).filter(|w| *w == needle).count();
    let streams_in_file = count(b">>\nstream\n");
    assert!(streams_in_file > 4);
    assert_eq!(count(b"/FlateDecode"), streams_in_file);
    assert_eq!(count(b" Tj"), 0, "page content is not plain in the file");
    let plain = streams(&pdf, &scratch);
    assert_eq!(plain.len(), streams_in_file);
    let fonts: Vec<&Vec<u8>> = plain
        .iter()
        .filter(|(dict, _)| dict.contains("/Length1"))
        .map(|(_, data)| data)
        .collect();
    assert_eq!(fonts.len(), 2);
    for font in fonts {
        // The whole of Liberation Sans has 2,600 glyphs in 410 KB; a book
        // of digits and a few words needs a few dozen.
        let glyphs = glyph_count(font);
        assert!((10..80).contains(&glyphs), "{glyphs} glyphs");
        assert!(font.len() < 40_000, "{} bytes", font.len());
    }
    // Each distinct grid is drawn once, as a form the pages place: four
    // puzzle places and eight answer places, each 6 + 6 thin lines, 4 thick
    // lines and a frame.
    let forms: Vec<&Vec<u8>> = plain
        .iter()
        .filter(|(dict, _)| dict.contains("/Subtype /Form"))
        .map(|(_, data)| data)
        .collect();
    assert_eq!(forms.len(), 4 + 8);
    for form in &forms {
        let ops = String::from_utf8_lossy(form);
        assert_eq!(ops.matches(" l\n").count(), 12 + 4, "{ops}");
        assert_eq!(ops.matches(" re S").count(), 1, "{ops}");
    }
    let pages: Vec<String> = plain
        .iter()
        .filter(|(dict, _)| !dict.contains("/Subtype") && !dict.contains("/Length1"))
        .map(|(_, data)| String::from_utf8_lossy(data).into_owned())
        .filter(|text| text.contains(" Do\n"))
        .collect();
    // Two pages of four puzzles and one of eight answers.
    assert_eq!(pages.len(), 3);
    let placed: usize = pages.iter().map(|p| p.matches(" Do\n").count()).sum();
    assert_eq!(placed, 4 + 4 + 8);
    let cmaps = plain
        .iter()
        .filter(|(_, data)| find(data, b"beginbfchar").is_some())
        .count();
    assert_eq!(cmaps, 2);

    // The same book again is the same bytes.
    print(
        &scratch,
        &[
            "-o",
            "again.pdf",
            "--answers",
            "--per-page",
            "4",
            "--title",
            title,
        ],
    );
    assert_eq!(std::fs::read(scratch.join("again.pdf")).unwrap(), raw);
}

#[test]
fn a_cjk_title_prints_in_the_font_given() {
    let test = "a_cjk_title_prints_in_the_font_given";
    if !have_tools(test) || !have_font(test, CJK_FONT, "fonts-droid-fallback") {
        return;
    }
    let scratch = Scratch::new("print-cjk");
    puzzles(&scratch, 3);
    let title = "数独 练习 Grüße Привет";
    print(
        &scratch,
        &[
            "-o",
            "book.pdf",
            "--answers",
            "--title",
            title,
            "--font",
            CJK_FONT,
        ],
    );
    let pdf = scratch.join("book.pdf");
    assert_qpdf_clean(&pdf);
    let rows = fonts(&pdf);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows
        .iter()
        .any(|(name, _, _)| name.ends_with("+DroidSansFallback")));
    for (name, _, flags) in &rows {
        assert_eq!(flags, &["yes", "yes", "yes"], "{name}");
    }
    let read = text(&pdf);
    assert!(read.starts_with(&format!("{title}\n")), "{read}");
    assert!(read.contains(&format!("{title} — answers")), "{read}");
    // A 4 MB font, of which the title's six CJK glyphs are embedded.
    let size = std::fs::metadata(&pdf).unwrap().len();
    assert!(size < 100_000, "{size} bytes");
    let whole = glyph_count(&std::fs::read(CJK_FONT).unwrap());
    assert!(whole > 20_000, "{whole} glyphs in the whole font");
    let subsets: Vec<usize> = streams(&pdf, &scratch)
        .iter()
        .filter(|(dict, _)| dict.contains("/Length1"))
        .map(|(_, data)| glyph_count(data))
        .collect();
    assert_eq!(subsets.len(), 3);
    // The title's four CJK glyphs and what they are built of.
    assert!(subsets.iter().all(|&n| n < 80), "{subsets:?} glyphs");
    // The SVG names the font after the usual faces, for what they lack.
    let out = scratch.run(&[
        "print", "p.txt", "-o", "page.svg", "--title", title, "--font", CJK_FONT,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(scratch.join("page-1.svg")).unwrap();
    assert!(
        svg.contains(
            "font-family=\"Helvetica, Arial, &apos;Droid Sans Fallback&apos;, sans-serif\""
        ),
        "{}",
        &svg[..400]
    );
    let again = scratch.run(&[
        "print",
        "p.txt",
        "-o",
        "-",
        "--answers",
        "--title",
        title,
        "--font",
        CJK_FONT,
    ]);
    assert_eq!(again.stdout, std::fs::read(&pdf).unwrap(), "same bytes");
}

#[test]
fn a_font_with_cff_outlines_is_embedded_as_cff() {
    let test = "a_font_with_cff_outlines_is_embedded_as_cff";
    if !have_tools(test) || !have_font(test, CFF_FONT, "fonts-urw-base35") {
        return;
    }
    let scratch = Scratch::new("print-cff");
    puzzles(&scratch, 2);
    // Liberation Sans has no ∀ or ∃; Nimbus Sans has both.
    let title = "Sudoku ∀∃";
    print(
        &scratch,
        &["-o", "book.pdf", "--title", title, "--font", CFF_FONT],
    );
    let pdf = scratch.join("book.pdf");
    assert_qpdf_clean(&pdf);
    let rows = fonts(&pdf);
    let cff: Vec<_> = rows
        .iter()
        .filter(|(_, kind, _)| kind == "CID Type 0C")
        .collect();
    assert_eq!(cff.len(), 1, "{rows:?}");
    assert!(cff[0].0.ends_with("+NimbusSans-Regular"));
    assert!(rows
        .iter()
        .all(|(_, _, flags)| flags == &["yes", "yes", "yes"]));
    assert!(text(&pdf).starts_with(&format!("{title}\n")));
}

#[test]
fn a_character_no_font_has_is_refused_by_name() {
    let scratch = Scratch::new("print-missing-glyph");
    puzzles(&scratch, 2);
    let old = b"%PDF the previous book".to_vec();
    scratch.write("book.pdf", &old);
    let out = scratch.run(&["print", "p.txt", "-o", "book.pdf", "--title", "数独 Sudoku"]);
    let message = assert_failure(&out, 2, "a CJK title without --font");
    assert!(
        message.contains("'数' (U+6570), '独' (U+72EC)"),
        "{message}"
    );
    assert!(message.contains("--font"), "{message}");
    assert_eq!(std::fs::read(scratch.join("book.pdf")).unwrap(), old);
    // So does a book that `puzzles` would write.
    let out = scratch.run(&["puzzles", "2", "-o", "book.pdf", "--title", "数独"]);
    assert_failure(&out, 2, "puzzles with a CJK title");
    assert_eq!(std::fs::read(scratch.join("book.pdf")).unwrap(), old);
    // An SVG's text is set by the viewer's fonts: the title is kept as it is.
    let out = scratch.run(&["print", "p.txt", "-o", "page.svg", "--title", "数独"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(scratch.join("page-1.svg")).unwrap();
    assert!(svg.contains(">数独</text>"));
    if have_font(
        "a_character_no_font_has_is_refused_by_name",
        CJK_FONT,
        "fonts-droid-fallback",
    ) {
        // Droid Sans Fallback has no Devanagari.
        let out = scratch.run(&[
            "print",
            "p.txt",
            "-o",
            "book.pdf",
            "--title",
            "数独 सुडोकू",
            "--font",
            CJK_FONT,
        ]);
        let message = assert_failure(&out, 2, "a character in neither font");
        assert!(message.contains("DroidSansFallback"), "{message}");
        assert!(message.contains("(U+0938)"), "{message}");
        assert!(!message.contains("U+6570"), "{message}");
        assert_eq!(std::fs::read(scratch.join("book.pdf")).unwrap(), old);
    }
}

#[test]
fn bad_font_files_are_refused_and_leave_the_old_book() {
    let scratch = Scratch::new("print-bad-font");
    puzzles(&scratch, 2);
    let old = b"%PDF the previous book".to_vec();
    scratch.write("book.pdf", &old);
    scratch.write("empty.ttf", "");
    scratch.write(
        "text.ttf",
        "this is not a font, only text in a file\n".repeat(10),
    );
    let mut cut = b"\x00\x01\x00\x00\x00\x0c".to_vec();
    cut.resize(400, 0);
    scratch.write("cut.ttf", cut);
    std::fs::create_dir(scratch.join("fonts.ttf")).unwrap();
    for (file, needle) in [
        ("missing.ttf", "cannot read font missing.ttf"),
        (
            "fonts.ttf",
            "font fonts.ttf: not a regular file (a directory)",
        ),
        ("empty.ttf", "font empty.ttf: the file is empty"),
        ("text.ttf", "font text.ttf: not a TrueType or OpenType font"),
        ("cut.ttf", "font cut.ttf: "),
    ] {
        for output in ["book.pdf", "book.svg"] {
            let out = scratch.run(&["print", "p.txt", "-o", output, "--font", file]);
            let message = assert_failure(&out, 2, file);
            assert!(message.contains(needle), "{file}: {message}");
            assert_eq!(std::fs::read(scratch.join("book.pdf")).unwrap(), old);
            assert!(!scratch.join("book-1.svg").exists());
        }
        let out = scratch.run(&["puzzles", "2", "-o", "book.pdf", "--font", file]);
        assert_failure(&out, 2, file);
        assert_eq!(std::fs::read(scratch.join("book.pdf")).unwrap(), old);
        assert!(scratch.temp_files().is_empty(), "{file}");
    }
}

/// Runs `sudoku` with `args` in `scratch` with at most 1.5 GB of address
/// space (`ulimit -v`, so that a program reading without bound fails
/// instead of exhausting the machine), killing it after `seconds`: `None`
/// when it had to be killed.
fn run_bounded(scratch: &Scratch, args: &[&str], seconds: u64) -> Option<Output> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1500000 && exec \"$0\" \"$@\"")
        .arg(common::binary())
        .args(args)
        .current_dir(&scratch.path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sh");
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if child.try_wait().expect("wait").is_some() {
            return Some(child.wait_with_output().expect("output"));
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
#[test]
fn a_font_that_is_no_regular_file_or_too_large_is_refused_unread() {
    let scratch = Scratch::new("print-font-special");
    puzzles(&scratch, 2);
    let old = b"%PDF the previous book".to_vec();
    scratch.write("old.pdf", &old);
    let made = Command::new("mkfifo")
        .arg(scratch.join("f.ttf"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    // 3 GB of nothing, which takes no room on disk.
    let sparse = std::fs::File::create(scratch.join("sparse.ttf")).expect("create");
    sparse.set_len(3 << 30).expect("set_len");
    std::os::unix::fs::symlink("/dev/zero", scratch.join("zero.ttf")).expect("symlink");
    for (font, needle) in [
        ("/dev/zero", "font /dev/zero: not a regular file"),
        ("zero.ttf", "font zero.ttf: not a regular file"),
        ("f.ttf", "font f.ttf: not a regular file"),
        (
            "sparse.ttf",
            "font sparse.ttf: the file is larger than 64 MiB, the most a font may have",
        ),
    ] {
        for args in [
            vec![
                "print", "p.txt", "-o", "old.pdf", "--title", "✓", "--font", font,
            ],
            vec![
                "puzzles", "2", "--seed", "1", "-o", "old.pdf", "--font", font,
            ],
        ] {
            let out = run_bounded(&scratch, &args, 20)
                .unwrap_or_else(|| panic!("{args:?}: still running after 20 s"));
            let message = assert_failure(&out, 2, font);
            assert!(message.contains(needle), "{font}: {message}");
            assert_eq!(std::fs::read(scratch.join("old.pdf")).unwrap(), old);
        }
    }
}

#[test]
fn a_font_cut_short_is_called_damaged() {
    let test = "a_font_cut_short_is_called_damaged";
    if !have_font(test, CJK_FONT, "fonts-droid-fallback") {
        return;
    }
    let scratch = Scratch::new("print-font-cut");
    puzzles(&scratch, 2);
    let font = std::fs::read(CJK_FONT).expect("the font");
    scratch.write("cut.ttf", &font[..3_024_000.min(font.len() - 1)]);
    let out = scratch.run(&["print", "p.txt", "-o", "book.pdf", "--font", "cut.ttf"]);
    let message = assert_failure(&out, 2, "cut.ttf");
    assert!(
        message.contains("font cut.ttf: the font file is damaged or cut short"),
        "{message}"
    );
}

#[test]
fn a_long_title_is_cut_with_an_ellipsis_never_set_tiny() {
    if !have_tools("a_long_title_is_cut_with_an_ellipsis_never_set_tiny") {
        return;
    }
    let scratch = Scratch::new("print-long-title");
    puzzles(&scratch, 2);
    let title = "W".repeat(10_000);
    print(
        &scratch,
        &["-o", "book.pdf", "--cover", "--answers", "--title", &title],
    );
    let book = scratch.join("book.pdf");
    assert_qpdf_clean(&book);
    // Every size a content stream sets (`/F0 18 Tf`): none under the
    // captions' minimum, 6.5 pt; the title's none under 10 pt.
    let mut sizes = Vec::new();
    for (dict, data) in streams(&book, &scratch) {
        if dict.contains("Length1") || dict.contains("CIDFontType0C") {
            continue;
        }
        let text = String::from_utf8_lossy(&data).into_owned();
        let words: Vec<&str> = text.split_whitespace().collect();
        for w in words.windows(3) {
            if w[2] == "Tf" && w[0].starts_with("/F") {
                sizes.push(w[1].parse::<f32>().expect("a size"));
            }
        }
    }
    assert!(!sizes.is_empty());
    assert!(sizes.iter().all(|&s| s >= 6.5), "{sizes:?}");
    let text = text(&book);
    // Pages are separated by form feeds.
    let titles: Vec<&str> = text
        .lines()
        .map(|l| l.trim_start_matches('\x0c'))
        .filter(|l| l.starts_with("WWW"))
        .collect();
    // The cover, the puzzles' page and the answers' page: each title cut
    // to what fits and ended with `…`.
    assert_eq!(titles.len(), 3, "{text}");
    for line in titles {
        let ws = line.chars().take_while(|&c| c == 'W').count();
        assert!((10..200).contains(&ws), "{line}");
        let tail = &line[ws..];
        assert!(tail == "…" || tail == "… — answers", "{line}");
    }
}

#[test]
fn the_five_thousand_puzzle_book_is_under_four_megabytes() {
    if !have_tools("the_five_thousand_puzzle_book_is_under_four_megabytes") {
        return;
    }
    let scratch = Scratch::new("print-big");
    let out = scratch.run(&["puzzles", "5000", "--seed", "1", "-o", "p.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for (name, args) in [
        ("default.pdf", &[][..]),
        ("answers.pdf", &["--answers"]),
        ("six.pdf", &["--per-page", "6", "--answers"]),
    ] {
        let mut all = vec!["-o", name];
        all.extend_from_slice(args);
        print(&scratch, &all);
        let pdf = scratch.join(name);
        let size = std::fs::metadata(&pdf).unwrap().len();
        assert!(size <= 4_000_000, "{name}: {size} bytes");
        assert_qpdf_clean(&pdf);
        for (font, _, flags) in fonts(&pdf) {
            assert_eq!(flags, ["yes", "yes", "yes"], "{name}: {font}");
        }
    }
}
