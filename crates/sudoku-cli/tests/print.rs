//! Printing, end to end: books are rendered by the real binary and read back
//! with independent tools. PDFs go through poppler (`pdftotext -raw`, which
//! keeps the order of the file, `pdfinfo`, `pdftoppm`); these tests skip, saying
//! why, where poppler-utils is not installed (`.ci/run` installs it). SVG
//! pages are checked with a small XML reader written here.
//!
//! Expected digits come from the test's own helpers: the puzzles as read by
//! the independent parser, solutions by its brute-force solver, candidates by
//! crossing out the givens' peers here.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use common::independent::{brute_force, data_file_puzzles};
use common::{assert_failure, assert_usage_error, stderr, Scratch};

/// The first `n` puzzles of the unbiased test set, as 81-character lines.
fn sample(n: usize) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sudoku-core/tests/data/unbiased.txt"
    ))
    .expect("test data");
    data_file_puzzles(&text).into_iter().take(n).collect()
}

fn line_of(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

fn write_puzzles(scratch: &Scratch, name: &str, puzzles: &[[u8; 81]]) {
    let text: String = puzzles.iter().map(|p| line_of(p) + "\n").collect();
    scratch.write(name, text);
}

fn solution(puzzle: &[u8; 81]) -> [u8; 81] {
    let found = brute_force(puzzle, 2, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(found.count, 1, "test puzzles have one solution");
    found.first.expect("a solution")
}

/// True when poppler's tools run; otherwise says why the test is skipped.
fn have_poppler(test: &str) -> bool {
    let ok = Command::new("pdftotext").arg("-v").output().is_ok()
        && Command::new("pdftoppm").arg("-v").output().is_ok()
        && Command::new("pdfinfo").arg("-v").output().is_ok();
    if !ok {
        eprintln!("{test}: skipped: poppler-utils (pdftotext, pdftoppm, pdfinfo) is not installed");
    }
    ok
}

fn page_count(pdf: &Path) -> usize {
    let out = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo");
    assert!(out.status.success(), "pdfinfo: {}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a page count")
}

/// The text of page `page` in the file's own order.
fn page_text(pdf: &Path, page: usize) -> String {
    let n = page.to_string();
    let out = Command::new("pdftotext")
        .args(["-raw", "-f", &n, "-l", &n])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext");
    assert!(out.status.success(), "pdftotext: {}", stderr(&out));
    String::from_utf8(out.stdout).expect("UTF-8 text")
}

/// The digits of page `page`'s grids, in order: every line made only of
/// digits, after checking and dropping the last one, the page number.
fn page_digits(pdf: &Path, page: usize) -> (Vec<u8>, String) {
    let text = page_text(pdf, page);
    let mut lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != "\u{c}")
        .collect();
    assert_eq!(
        lines.pop(),
        Some(page.to_string().as_str()),
        "folio of page {page}"
    );
    let digits = lines
        .iter()
        .filter(|l| l.chars().all(|c| c.is_ascii_digit() || c == ' '))
        .flat_map(|l| l.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0'))
        .collect();
    (digits, lines.join("\n"))
}

/// Every page renders to an image without a word from pdftoppm.
fn assert_renders(pdf: &Path, pages: usize, scratch: &Scratch) {
    let out = Command::new("pdftoppm")
        .args(["-r", "24", "-png"])
        .arg(pdf)
        .arg(scratch.join("render"))
        .output()
        .expect("pdftoppm");
    assert!(out.status.success(), "pdftoppm: {}", stderr(&out));
    assert!(out.stderr.is_empty(), "pdftoppm: {}", stderr(&out));
    let images = std::fs::read_dir(&scratch.path)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("render"))
        .inspect(|e| assert!(e.metadata().unwrap().len() > 100))
        .count();
    assert_eq!(images, pages);
    for e in std::fs::read_dir(&scratch.path).unwrap().flatten() {
        if e.file_name().to_string_lossy().starts_with("render") {
            std::fs::remove_file(e.path()).unwrap();
        }
    }
}

/// `sudoku rate`'s captions for the puzzles: "SE 3.4 · medium · Hidden Pair".
fn rated_captions(scratch: &Scratch, file: &str) -> Vec<String> {
    let out = scratch.run(&["rate", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let (score, level, hardest) = (
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap(),
            );
            format!("SE {score} · {level} · {hardest}")
        })
        .collect()
}

#[test]
fn pdf_books_of_every_layout_read_back_in_order() {
    if !have_poppler("pdf_books_of_every_layout_read_back_in_order") {
        return;
    }
    let scratch = Scratch::new("print-layouts");
    let puzzles = sample(13);
    write_puzzles(&scratch, "p.txt", &puzzles);
    let solutions: Vec<[u8; 81]> = puzzles.iter().map(solution).collect();
    let captions = rated_captions(&scratch, "p.txt");
    let givens: Vec<u8> = puzzles
        .iter()
        .flatten()
        .copied()
        .filter(|&v| v != 0)
        .collect();
    let answers: Vec<u8> = solutions.iter().flatten().copied().collect();
    for paper in ["a4", "letter"] {
        for per_page in [1usize, 2, 4, 6] {
            let context = format!("{paper}, {per_page} per page");
            let n = per_page.to_string();
            let out = scratch.run(&[
                "print",
                "p.txt",
                "-o",
                "book.pdf",
                "--per-page",
                &n,
                "--paper",
                paper,
                "--answers",
                "--title",
                "Week 1",
            ]);
            assert!(out.status.success(), "{context}: {}", stderr(&out));
            assert!(out.stderr.is_empty(), "{context}: {}", stderr(&out));
            let pdf = scratch.join("book.pdf");
            let puzzle_pages = 13usize.div_ceil(per_page);
            let pages = page_count(&pdf);
            assert_eq!(pages, puzzle_pages + 1, "{context}");

            let mut read = Vec::new();
            let mut text = String::new();
            for page in 1..=puzzle_pages {
                let (digits, words) = page_digits(&pdf, page);
                read.extend(digits);
                text.push_str(&words);
                text.push('\n');
            }
            assert_eq!(read, givens, "{context}: the givens, in order");
            // Each caption, in order, with the number and `sudoku rate`'s verdict.
            let mut rest = text.as_str();
            for (i, caption) in captions.iter().enumerate() {
                let expected = format!("No. {} {caption}", i + 1);
                let at = rest.find(&expected).unwrap_or_else(|| {
                    panic!("{context}: caption {expected:?} not found in order in {text}")
                });
                rest = &rest[at + expected.len()..];
            }
            assert_eq!(text.matches("Week 1").count(), puzzle_pages, "{context}");

            let (key, words) = page_digits(&pdf, pages);
            assert_eq!(key, answers, "{context}: the answer key is the solutions");
            assert!(words.starts_with("Week 1 — answers"), "{context}: {words}");
            assert_renders(&pdf, pages, &scratch);
        }
    }
}

#[test]
fn book_trims_hold_every_layout_that_fits_and_read_back_in_order() {
    if !have_poppler("book_trims_hold_every_layout_that_fits_and_read_back_in_order") {
        return;
    }
    let scratch = Scratch::new("print-trims");
    let puzzles = sample(13);
    write_puzzles(&scratch, "p.txt", &puzzles);
    let solutions: Vec<[u8; 81]> = puzzles.iter().map(solution).collect();
    let captions = rated_captions(&scratch, "p.txt");
    let givens: Vec<u8> = puzzles
        .iter()
        .flatten()
        .copied()
        .filter(|&v| v != 0)
        .collect();
    let answers: Vec<u8> = solutions.iter().flatten().copied().collect();
    for paper in ["a5", "6x9"] {
        for per_page in [1usize, 2, 4, 6] {
            let context = format!("{paper}, {per_page} per page");
            let n = per_page.to_string();
            let args = [
                "print",
                "p.txt",
                "-o",
                "book.pdf",
                "--per-page",
                &n,
                "--paper",
                paper,
                "--answers",
            ];
            let out = scratch.run(&args);
            if paper == "a5" && per_page == 6 {
                let message = common::assert_usage_error(&out, &context);
                assert!(message.contains("does not fit on a5"), "{message}");
                continue;
            }
            assert!(out.status.success(), "{context}: {}", stderr(&out));
            let pdf = scratch.join("book.pdf");
            let puzzle_pages = 13usize.div_ceil(per_page);
            // Twelve answers a page on the book trims.
            let pages = page_count(&pdf);
            assert_eq!(pages, puzzle_pages + 2, "{context}");
            let (mut read, mut text) = (Vec::new(), String::new());
            for page in 1..=puzzle_pages {
                let (digits, words) = page_digits(&pdf, page);
                read.extend(digits);
                text.push_str(&words);
                text.push('\n');
            }
            assert_eq!(read, givens, "{context}: the givens, in order");
            // Each caption is the verdict, or it shortened by the rule: the
            // technique's parenthesised tail, then the technique, dropped.
            let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("No. ")).collect();
            assert_eq!(lines.len(), 13, "{context}: {text}");
            for (i, (line, caption)) in lines.iter().zip(&captions).enumerate() {
                let shown = line
                    .strip_prefix(&format!("No. {} ", i + 1))
                    .unwrap_or_else(|| panic!("{context}: {line}"));
                let level_end = caption
                    .match_indices(" · ")
                    .nth(1)
                    .map_or(caption.len(), |m| m.0);
                let shorter = caption.split(" (").next().unwrap_or(caption);
                assert!(
                    shown == caption || shown == shorter || shown == &caption[..level_end],
                    "{context}: {shown:?} for {caption:?}"
                );
            }
            let mut key = Vec::new();
            for page in puzzle_pages + 1..=pages {
                key.extend(page_digits(&pdf, page).0);
            }
            assert_eq!(key, answers, "{context}: the answer key is the solutions");
            assert_renders(&pdf, pages, &scratch);
        }
    }
}

#[test]
fn candidates_are_every_digit_the_givens_allow() {
    if !have_poppler("candidates_are_every_digit_the_givens_allow") {
        return;
    }
    let scratch = Scratch::new("print-candidates");
    let puzzles = sample(3);
    write_puzzles(&scratch, "p.txt", &puzzles);
    let out = scratch.run(&["print", "p.txt", "--candidates", "--per-page", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = scratch.join("sudoku.pdf");
    assert_eq!(page_count(&pdf), 3);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let mut expected: Vec<u8> = puzzle.iter().copied().filter(|&v| v != 0).collect();
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                continue;
            }
            let (r, c) = (cell / 9, cell % 9);
            for d in 1..=9u8 {
                let seen = (0..81).any(|o| {
                    let (or, oc) = (o / 9, o % 9);
                    let peer = or == r || oc == c || (or / 3 == r / 3 && oc / 3 == c / 3);
                    peer && puzzle[o] == d
                });
                if !seen {
                    expected.push(d);
                }
            }
        }
        let (digits, _) = page_digits(&pdf, i + 1);
        assert_eq!(
            digits,
            expected,
            "puzzle {}: givens, then candidates",
            i + 1
        );
    }
    assert_renders(&pdf, 3, &scratch);
}

#[test]
fn puzzles_writes_a_book_of_the_puzzles_it_would_write_as_text() {
    if !have_poppler("puzzles_writes_a_book_of_the_puzzles_it_would_write_as_text") {
        return;
    }
    let scratch = Scratch::new("print-puzzles");
    let common = ["puzzles", "9", "--seed", "3", "--difficulty", "medium"];
    let text = scratch.run(&[&common[..], &["--format", "line", "-o", "-"]].concat());
    assert!(text.status.success(), "{}", stderr(&text));
    let puzzles = data_file_puzzles(&String::from_utf8_lossy(&text.stdout));
    assert_eq!(puzzles.len(), 9);
    let out = scratch.run(
        &[
            &common[..],
            &["-o", "book.pdf", "--per-page", "4", "--answers"],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = scratch.join("book.pdf");
    assert_eq!(page_count(&pdf), 3 + 1);
    let mut read = Vec::new();
    for page in 1..=3 {
        let (digits, words) = page_digits(&pdf, page);
        read.extend(digits);
        assert!(words.contains("· medium ·"), "{words}");
    }
    let givens: Vec<u8> = puzzles
        .iter()
        .flatten()
        .copied()
        .filter(|&v| v != 0)
        .collect();
    assert_eq!(read, givens);
    let answers: Vec<u8> = puzzles.iter().flat_map(solution).collect();
    assert_eq!(page_digits(&pdf, 4).0, answers);
    assert_eq!(scratch.output(), common::OLD, "sudoku.txt is not touched");
}

/// A minimal XML reader: enough to prove a document well formed (one root,
/// tags nested and closed, attributes quoted and unique, only the five
/// predefined entities or character references) and to walk its elements.
mod xml {
    #[derive(Debug, Default)]
    pub struct Element {
        pub name: String,
        pub attrs: Vec<(String, String)>,
        pub children: Vec<Element>,
        pub text: String,
    }

    impl Element {
        pub fn attr(&self, name: &str) -> Option<&str> {
            self.attrs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        }

        pub fn descendants(&self) -> Vec<&Element> {
            let mut out = Vec::new();
            for child in &self.children {
                out.push(child);
                out.extend(child.descendants());
            }
            out
        }
    }

    fn unescape(text: &str) -> Result<String, String> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find('&') {
            out.push_str(&rest[..at]);
            let end = rest[at..].find(';').ok_or("unterminated entity")? + at;
            let name = &rest[at + 1..end];
            out.push(match name {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ if name.starts_with("#x") => u32::from_str_radix(&name[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or(format!("bad reference &{name};"))?,
                _ if name.starts_with('#') => name[1..]
                    .parse()
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or(format!("bad reference &{name};"))?,
                _ => return Err(format!("unknown entity &{name};")),
            });
            rest = &rest[end + 1..];
        }
        if rest.contains('<') {
            return Err("raw < in text".into());
        }
        out.push_str(rest);
        Ok(out)
    }

    fn is_name(s: &str) -> bool {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
    }

    pub fn parse(doc: &str) -> Result<Element, String> {
        let mut rest = doc.trim_start();
        if let Some(after) = rest.strip_prefix("<?xml") {
            rest = &after[after.find("?>").ok_or("unterminated declaration")? + 2..];
        }
        let mut stack: Vec<Element> = vec![Element::default()];
        loop {
            let Some(open) = rest.find('<') else {
                if !rest.trim().is_empty() {
                    return Err("text after the root".into());
                }
                break;
            };
            let text = unescape(&rest[..open])?;
            if stack.len() == 1 && !text.trim().is_empty() {
                return Err("text outside the root".into());
            }
            stack.last_mut().ok_or("no element")?.text.push_str(&text);
            rest = &rest[open..];
            let close = rest.find('>').ok_or("unterminated tag")?;
            let tag = &rest[1..close];
            rest = &rest[close + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let done = stack.pop().ok_or("unbalanced close")?;
                if done.name != name.trim() || stack.is_empty() {
                    return Err(format!("</{name}> closes <{}>", done.name));
                }
                stack.last_mut().unwrap().children.push(done);
                continue;
            }
            let (tag, empty) = match tag.strip_suffix('/') {
                Some(t) => (t, true),
                None => (tag, false),
            };
            let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
            let mut element = Element {
                name: tag[..name_end].to_string(),
                ..Element::default()
            };
            if !is_name(&element.name) {
                return Err(format!("bad tag name {:?}", element.name));
            }
            let mut attrs = tag[name_end..].trim();
            while !attrs.is_empty() {
                let eq = attrs
                    .find('=')
                    .ok_or(format!("attribute without value in <{tag}>"))?;
                let key = attrs[..eq].trim().to_string();
                let value = attrs[eq + 1..].trim_start();
                let quote = value.chars().next().filter(|&q| q == '"' || q == '\'');
                let quote = quote.ok_or(format!("unquoted attribute in <{tag}>"))?;
                let end = value[1..].find(quote).ok_or("unterminated attribute")? + 1;
                if !is_name(&key) || element.attrs.iter().any(|(k, _)| *k == key) {
                    return Err(format!("bad or repeated attribute {key:?}"));
                }
                element.attrs.push((key, unescape(&value[1..end])?));
                attrs = value[end + 1..].trim_start();
            }
            if empty {
                stack.last_mut().unwrap().children.push(element);
            } else {
                stack.push(element);
            }
            if stack.len() == 1 && stack[0].children.len() > 1 {
                return Err("more than one root".into());
            }
        }
        if stack.len() != 1 {
            return Err(format!("<{}> is not closed", stack.last().unwrap().name));
        }
        let mut document = stack.pop().unwrap();
        if document.children.len() != 1 {
            return Err("no single root element".into());
        }
        Ok(document.children.remove(0))
    }

    #[test]
    fn refuses_malformed_documents() {
        assert!(parse("<a><b/></a>").is_ok());
        for bad in [
            "<a><b></a>",
            "<a>",
            "<a x=1/>",
            "<a x='1' x='2'/>",
            "<a/><b/>",
            "<a>&nbsp;</a>",
            "<a>1 < 2</a>",
            "text<a/>",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}

#[test]
fn svg_pages_are_well_formed_with_81_cells_per_grid() {
    let scratch = Scratch::new("print-svg");
    let puzzles = sample(9);
    write_puzzles(&scratch, "p.txt", &puzzles);
    let title = "Sudoku <für> \"Kinder\" & 'Eltern'";
    let out = scratch.run(&[
        "print",
        "p.txt",
        "-o",
        "book.svg",
        "--per-page",
        "2",
        "--answers",
        "--candidates",
        "--title",
        title,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // 5 pages of puzzles and 1 of answers: book-1.svg to book-6.svg.
    let mut grids: HashMap<String, Vec<u8>> = HashMap::new();
    for page in 1..=6 {
        let path = scratch.join(&format!("book-{page}.svg"));
        let doc = std::fs::read_to_string(&path).expect("page file");
        let root = xml::parse(&doc).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(root.name, "svg");
        assert_eq!(root.attr("xmlns"), Some("http://www.w3.org/2000/svg"));
        let all = root.descendants();
        let titles: Vec<&str> = all
            .iter()
            .filter(|e| e.attr("class") == Some("title"))
            .map(|e| e.text.as_str())
            .collect();
        let heading = if page == 6 {
            format!("{title} — answers")
        } else {
            title.to_string()
        };
        assert_eq!(titles, vec![heading.as_str()], "page {page}");
        for grid in all.iter().filter(|e| e.attr("class") == Some("grid")) {
            let inside = grid.descendants();
            let cells = inside
                .iter()
                .filter(|e| e.attr("class") == Some("cell"))
                .count();
            assert_eq!(cells, 81, "page {page}: {:?}", grid.attr("id"));
            let digits: Vec<u8> = inside
                .iter()
                .filter(|e| matches!(e.attr("class"), Some("given" | "solution")))
                .map(|e| e.text.as_bytes()[0] - b'0')
                .collect();
            let id = grid.attr("id").expect("grid id").to_string();
            assert!(grids.insert(id, digits).is_none());
        }
    }
    assert!(!scratch.join("book-7.svg").exists());
    assert_eq!(grids.len(), 18);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let givens: Vec<u8> = puzzle.iter().copied().filter(|&v| v != 0).collect();
        assert_eq!(
            grids[&format!("puzzle-{}", i + 1)],
            givens,
            "puzzle {}",
            i + 1
        );
        assert_eq!(
            grids[&format!("answer-{}", i + 1)],
            solution(puzzle).to_vec()
        );
    }
}

#[test]
fn bad_input_and_impossible_output_leave_the_old_book() {
    let scratch = Scratch::new("print-failures");
    let old = b"%PDF the previous book".to_vec();
    scratch.write("book.pdf", &old);
    let puzzles: Vec<String> = sample(3).iter().map(line_of).collect();
    scratch.write("good.txt", puzzles.join("\n"));
    let conflict = format!("{}\n{}\n", puzzles[0], "11".to_string() + &".".repeat(79));
    scratch.write("unsolvable.txt", conflict);
    scratch.write(
        "malformed.txt",
        format!("{}\n{}x\n", puzzles[0], &puzzles[2][..80]),
    );
    scratch.write("empty.txt", "");
    for (file, status, needle) in [
        (
            "unsolvable.txt",
            2,
            "unsolvable.txt:2: puzzle 2 has no solution",
        ),
        ("malformed.txt", 2, "malformed.txt:2:81"),
        ("empty.txt", 2, "empty.txt:1:1: no puzzle found"),
        ("missing.txt", 2, "cannot read missing.txt"),
    ] {
        let out = scratch.run(&["print", file, "-o", "book.pdf"]);
        let message = assert_failure(&out, status, file);
        assert!(message.contains(needle), "{file}: {message}");
        assert_eq!(
            std::fs::read(scratch.join("book.pdf")).unwrap(),
            old,
            "{file}"
        );
        assert!(scratch.temp_files().is_empty(), "{file}");
    }
    std::fs::create_dir(scratch.join("dir.pdf")).unwrap();
    let out = scratch.run(&["print", "good.txt", "-o", "dir.pdf"]);
    assert_failure(&out, 3, "a directory as the book");
    for args in [
        &["print", "good.txt", "-o", "book.png"][..],
        &["print", "good.txt", "--per-page", "3"],
        &["print", "good.txt", "--paper", "a3"],
        &["print", "good.txt", "-o", "-", "-o", "x.pdf"],
        &["print"],
        &["puzzles", "3", "--answers"],
        &["puzzles", "3", "-o", "b.pdf", "--with-path"],
        &["puzzles", "100001", "-o", "b.pdf"],
    ] {
        assert_usage_error(&scratch.run(args), &format!("{args:?}"));
    }
    assert_eq!(std::fs::read(scratch.join("book.pdf")).unwrap(), old);
    // Standard output takes the PDF itself.
    let out = scratch.run(&["print", "good.txt", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.starts_with(b"%PDF-1.4\n") && out.stdout.ends_with(b"%%EOF\n"));
}

/// The text of every page of `pdf`, in order.
fn book_text(pdf: &Path) -> String {
    (1..=page_count(pdf))
        .map(|page| page_text(pdf, page))
        .collect::<Vec<_>>()
        .join("\u{c}")
}

#[test]
fn a_lesson_book_equals_the_lesson_printed() {
    if !have_poppler("a_lesson_book_equals_the_lesson_printed") {
        return;
    }
    // Issue 39: the book of a lesson captioned every puzzle with the
    // lesson's technique on the native scale, where `print` says what
    // `rate` says. Both books now come from the same ratings.
    let scratch = Scratch::new("print-lesson");
    for (lesson, scale) in [
        (
            &["--technique", "x-wing", "--difficulty", "medium"][..],
            "se",
        ),
        (&["--technique", "skyscraper"], "native"),
    ] {
        let request = [
            &["puzzles", "30", "--seed", "1", "--scale", scale][..],
            lesson,
        ]
        .concat();
        let book = scratch.run(&[&request[..], &["-o", "book.pdf", "--answers"]].concat());
        assert!(book.status.success(), "{request:?}: {}", stderr(&book));
        let text = scratch.run(&[&request[..], &["-o", "lesson.txt"]].concat());
        assert!(text.status.success(), "{request:?}: {}", stderr(&text));
        let printed = scratch.run(&[
            "print",
            "lesson.txt",
            "-o",
            "printed.pdf",
            "--answers",
            "--scale",
            scale,
        ]);
        assert!(
            printed.status.success(),
            "{request:?}: {}",
            stderr(&printed)
        );
        let (book, printed) = (
            book_text(&scratch.join("book.pdf")),
            book_text(&scratch.join("printed.pdf")),
        );
        assert_eq!(book, printed, "{request:?}");
        // And the captions are `sudoku rate`'s, on the same scale.
        let rated = scratch.run(&["rate", "lesson.txt", "--scale", scale]);
        assert!(rated.status.success(), "{}", stderr(&rated));
        for (i, line) in String::from_utf8_lossy(&rated.stdout).lines().enumerate() {
            let mut parts = line.splitn(3, ' ');
            let (score, level, hardest) = (
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap(),
            );
            // Labelled by the scale, as the game, the hints and the web page
            // label ratings (issue 40 item 8: books said "score").
            let label = if scale == "se" { "SE" } else { "native" };
            let caption = format!("No. {} {label} {score} · {level} · {hardest}", i + 1);
            assert!(
                book.contains(&caption),
                "{request:?}: {caption} not in the book"
            );
        }
    }
}

#[test]
fn completed_grids_are_captioned_as_rate_says() {
    if !have_poppler("completed_grids_are_captioned_as_rate_says") {
        return;
    }
    // Issue 39: a completed grid was captioned "score 0.0 · easy · Full
    // House" where `rate` says "none (already complete)".
    let scratch = Scratch::new("print-complete");
    let mut grids = sample(2);
    grids.insert(1, solution(&grids[0]));
    grids.push(solution(&grids[2]));
    write_puzzles(&scratch, "p.txt", &grids);
    let captions = rated_captions(&scratch, "p.txt");
    assert!(
        captions[1].ends_with("none (already complete)"),
        "{captions:?}"
    );
    let out = scratch.run(&["print", "p.txt", "-o", "book.pdf", "--per-page", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = book_text(&scratch.join("book.pdf"));
    for (i, caption) in captions.iter().enumerate() {
        let expected = format!("No. {} {caption}", i + 1);
        assert!(text.contains(&expected), "{expected:?} not in {text}");
    }
}

#[test]
fn a_book_named_only_by_its_extension_is_refused_with_why() {
    // Issue 39: `-o .pdf` was refused as "-o must end in .pdf or .svg, not
    // '.pdf'". A name that is only the extension is taken for a forgotten
    // name: refused, saying so, for print and puzzles alike, and nothing is
    // written (not even a hidden text file named .pdf).
    let scratch = Scratch::new("print-bare-extension");
    write_puzzles(&scratch, "p.txt", &sample(1));
    for args in [
        &["print", "p.txt", "-o", ".pdf"][..],
        &["print", "p.txt", "-o", "out/.SVG"],
        &["puzzles", "1", "-o", ".pdf"],
        &["puzzles", "1", "-o", ".svg", "--seed", "1"],
    ] {
        let message = assert_usage_error(&scratch.run(args), &format!("{args:?}"));
        let name = args[args.iter().position(|&a| a == "-o").unwrap() + 1];
        let expected = format!("-o '{name}' has no name before its extension");
        assert!(message.contains(&expected), "{args:?}: {message}");
        assert!(!message.contains("must end in"), "{args:?}: {message}");
    }
    for name in [".pdf", ".svg", "out"] {
        assert!(!scratch.join(name).exists(), "{name} was written");
    }
    scratch.assert_untouched("bare extensions");
}
