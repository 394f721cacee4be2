//! Snapshots of the screen in the game's main states, drawn with ratatui's
//! test backend. Positions are worked out from the grid and the public
//! geometry, so each test checks what the board shows against the game state.

use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use sudoku_core::hint::Role;
use sudoku_core::{Grid, CELLS};
use sudoku_play::game::{Action, Game};
use sudoku_play::ui::{self, Geometry, Theme};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const COLOR: Theme = Theme {
    no_color: false,
    high_contrast: false,
    highlights: true,
    show_timer: true,
};

fn new_game(now: Instant) -> Game {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = sudoku_core::solve(&puzzle).unwrap();
    Game::new(
        puzzle,
        solution,
        "30 givens, solved by singles alone".into(),
        "custom".into(),
        now,
    )
}

fn draw(game: &Game, now: Instant, size: (u16, u16), theme: Theme) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    terminal
        .draw(|f| ui::draw_game(f, game, now, theme))
        .unwrap();
    terminal.backend().buffer().clone()
}

/// Like [`draw`], with a win record or a warning.
fn draw_with(game: &Game, now: Instant, extras: ui::Extras) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|f| ui::draw_game_with(f, game, now, COLOR, extras))
        .unwrap();
    terminal.backend().buffer().clone()
}

fn lines(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (area.y..area.bottom())
        .map(|y| {
            (area.x..area.right())
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

fn screen(buf: &Buffer) -> String {
    lines(buf).join("\n")
}

/// The digit drawn in `cell` (its centre), or ' '.
fn digit_at(buf: &Buffer, geo: &Geometry, cell: usize) -> char {
    let r = geo.cell_rect(cell);
    let (x, y) = (r.x + r.width / 2, r.y + (r.height - 1) / 2);
    buf[(x, y)].symbol().chars().next().unwrap_or(' ')
}

fn geometry(size: (u16, u16)) -> Geometry {
    Geometry::new(Rect::new(0, 0, size.0, size.1)).unwrap()
}

fn select(game: &mut Game, cell: usize, now: Instant) {
    game.apply(Action::Select(cell), now);
}

#[test]
fn new_game_shows_every_given_and_nothing_else() {
    let now = Instant::now();
    let game = new_game(now);
    let buf = draw(&game, now, (80, 24), COLOR);
    let geo = geometry((80, 24));
    for cell in 0..CELLS {
        let given = game.puzzle().cells()[cell];
        let expected = if given == 0 {
            ' '
        } else {
            (b'0' + given) as char
        };
        assert_eq!(digit_at(&buf, &geo, cell), expected, "cell {cell}");
    }
    let text = screen(&buf);
    assert!(text.contains("Time      0:00"), "{text}");
    assert!(text.contains("Mistakes  0"));
    assert!(text.contains("Hints     0"));
    // Thick box borders around the board and between boxes.
    let rows = lines(&buf);
    assert!(rows[0].starts_with("┏━━━━━┯"), "{}", rows[0]);
    assert!(rows[7].starts_with("┣━━━━━┿"), "{}", rows[7]);
    assert!(rows[21].starts_with("┗━━━━━┷"), "{}", rows[21]);
    assert!(rows.iter().all(|r| r.chars().count() == 80));
}

#[test]
fn new_game_snapshot_at_80_by_24() {
    let now = Instant::now();
    let game = new_game(now);
    let rows = lines(&draw(&game, now, (80, 24), COLOR));
    // The top box band, exactly.
    let expected = [
        "┏━━━━━┯━━━━━┯━━━━━┳━━━━━┯━━━━━┯━━━━━┳━━━━━┯━━━━━┯━━━━━┓ SUDOKU  custom          ",
        "┃  5  │  3  │     ┃     │  7  │     ┃     │     │     ┃                         ",
        "┃     │     │     ┃     │     │     ┃     │     │     ┃ Time      0:00          ",
        "┃  6  │     │     ┃  1  │  9  │  5  ┃     │     │     ┃ Mistakes  0             ",
        "┃     │     │     ┃     │     │     ┃     │     │     ┃ Hints     0             ",
        "┃     │  9  │  8  ┃     │     │     ┃     │  6  │     ┃ Mode      Digits        ",
        "┃     │     │     ┃     │     │     ┃     │     │     ┃ Auto-rm   on            ",
        "┣━━━━━┿━━━━━┿━━━━━╋━━━━━┿━━━━━┿━━━━━╋━━━━━┿━━━━━┿━━━━━┫                         ",
    ];
    for (got, want) in rows.iter().zip(expected) {
        assert_eq!(got, want);
    }
}

#[test]
fn givens_and_player_digits_look_different() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 2, now);
    game.apply(Action::Digit(4), now);
    select(&mut game, 80, now); // move the cursor away from both cells
    let buf = draw(&game, now, (80, 24), COLOR);
    let geo = geometry((80, 24));
    let at = |cell: usize| {
        let r = geo.cell_rect(cell);
        buf[(r.x + 2, r.y)].clone()
    };
    let (given, player) = (at(0), at(2));
    assert_eq!(given.symbol(), "5");
    assert_eq!(player.symbol(), "4");
    assert!(given.modifier.contains(Modifier::BOLD));
    assert!(!player.modifier.contains(Modifier::BOLD));
    assert_ne!(given.fg, player.fg);
}

#[test]
fn cursor_row_column_box_and_same_digit_are_highlighted() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 40, now); // r5c5, blank
    let buf = draw(&game, now, (80, 24), COLOR);
    let geo = geometry((80, 24));
    let bg = |cell: usize| {
        let r = geo.cell_rect(cell);
        buf[(r.x, r.y)].bg
    };
    let cursor = bg(40);
    let peer = bg(4); // r1c5, same column
    let other = bg(0);
    assert_ne!(cursor, peer);
    assert_ne!(peer, other);
    assert_eq!(bg(36), peer, "same row");
    assert_eq!(bg(30), peer, "same box");
    // Selecting a 5 highlights every 5 outside the peers the same way.
    select(&mut game, 0, now);
    let buf = draw(&game, now, (80, 24), COLOR);
    let bg = |cell: usize| {
        let r = geo.cell_rect(cell);
        buf[(r.x, r.y)].bg
    };
    let fives: Vec<usize> = (0..CELLS)
        .filter(|&c| game.board().cells()[c] == 5 && c / 9 != 0 && c % 9 != 0 && c / 27 != 0)
        .collect();
    assert!(!fives.is_empty());
    let plain = bg(80);
    for cell in fives {
        assert_ne!(bg(cell), plain, "cell {cell} holds 5");
    }
}

#[test]
fn pencil_marks_compact_and_as_a_three_by_three() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 2, now);
    game.apply(Action::TogglePencil, now);
    for d in [1, 2, 4, 9] {
        game.apply(Action::Digit(d), now);
    }
    select(&mut game, 80, now);

    // Each line of cell r1c3 as drawn, in the compact and the tall layout.
    let cell_lines = |size: (u16, u16)| -> Vec<String> {
        let r = geometry(size).cell_rect(2);
        let rows = lines(&draw(&game, now, size, COLOR));
        rows[r.y as usize..r.bottom() as usize]
            .iter()
            .map(|row| {
                row.chars()
                    .skip(r.x as usize)
                    .take(r.width as usize)
                    .collect()
            })
            .collect()
    };
    assert_eq!(cell_lines((80, 24)), ["¹² ⁴ ", "   ⁹ "]);
    assert_eq!(geometry((90, 40)).cell_h, 3);
    assert_eq!(cell_lines((90, 40)), ["¹ ²  ", "⁴    ", "    ⁹"]);
}

#[test]
fn conflict_is_marked_on_the_board_and_named() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 2, now);
    game.apply(Action::Digit(5), now); // r1c1 already holds a given 5
    select(&mut game, 80, now);
    let buf = draw(&game, now, (80, 24), COLOR);
    let geo = geometry((80, 24));
    let r = geo.cell_rect(2);
    let cell = &buf[(r.x + 2, r.y)];
    assert_eq!(cell.symbol(), "5");
    let red = Color::Indexed(ui::NORMAL.plain.conflict);
    assert_eq!(cell.fg, red);
    let r0 = geo.cell_rect(0);
    assert_eq!(buf[(r0.x + 2, r0.y)].fg, red, "the given 5 too");
    let text = screen(&buf);
    assert!(text.contains("Conflict"), "{text}");
    assert!(text.contains("5 twice in row 1"), "{text}");
}

#[test]
fn hint_shows_the_technique_then_highlights_its_cells() {
    let now = Instant::now();
    let mut game = new_game(now);
    let geo = geometry((80, 24));
    game.apply(Action::Hint, now);
    let title = game.shown_hint().unwrap().title();
    let shown = game.shown_hint().unwrap().hint.clone();
    let buf = draw(&game, now, (80, 24), COLOR);
    let text = screen(&buf);
    assert!(text.contains(&format!("Hint: {title}")), "{text}");
    assert!(text.contains("Press ? again to see where"), "{text}");
    assert!(text.contains("Hints     1"));
    for cell in shown.cells.iter().map(|c| c.cell) {
        let r = geo.cell_rect(cell);
        assert_ne!(
            buf[(r.x, r.y)].bg,
            Color::Indexed(ui::NORMAL.pattern.bg),
            "cell {cell} shown too early"
        );
    }
    assert!(!text.contains("=>"), "no answer yet: {text}");
    game.apply(Action::Hint, now);
    let buf = draw(&game, now, (80, 24), COLOR);
    let text = screen(&buf);
    assert!(text.contains("Press ? again to see the step"), "{text}");
    for &cell in &shown.focus {
        let r = geo.cell_rect(cell);
        assert_eq!(
            buf[(r.x, r.y)].bg,
            Color::Indexed(ui::NORMAL.pattern.bg),
            "cell {cell}"
        );
    }
    game.apply(Action::Hint, now);
    let buf = draw(&game, now, (80, 24), COLOR);
    let text = screen(&buf);
    assert!(text.contains("Press ? again to apply the hint"), "{text}");
    assert!(text.contains("Hints     1"), "counted once");
    for c in &shown.cells {
        let r = geo.cell_rect(c.cell);
        let expected = match c.role {
            Role::Loses => ui::NORMAL.loses,
            Role::Gets => ui::NORMAL.gets,
            Role::Wrong => ui::NORMAL.wrong,
            _ => ui::NORMAL.pattern,
        };
        assert_eq!(
            buf[(r.x, r.y)].bg,
            Color::Indexed(expected.bg),
            "cell {}",
            c.cell
        );
    }
}

/// The panel's notes (below the figures) as one line of words per page,
/// page footers left out.
fn notes_text(buf: &Buffer, geo: &Geometry) -> (String, Option<(usize, usize)>) {
    let rows = lines(buf);
    let p = geo.panel;
    let mut words = Vec::new();
    let mut pages = None;
    for row in &rows[(p.y + 11) as usize..p.bottom() as usize] {
        let part: String = row
            .chars()
            .skip(p.x as usize)
            .take(p.width as usize)
            .collect();
        let part = part.trim();
        if let Some(rest) = part.strip_prefix('(') {
            if let Some((page, total)) = rest.split_once(')').and_then(|(f, _)| f.split_once('/')) {
                pages = Some((page.parse().unwrap(), total.parse().unwrap()));
                continue;
            }
        }
        words.push(part.to_string());
    }
    (words.join(" "), pages)
}

#[test]
fn long_hints_are_shown_whole_in_pages_at_80_by_24() {
    // The issue's case: an extreme puzzle at 80x24, where hint text used to be cut.
    let now = Instant::now();
    let made = sudoku_play::source::generate(sudoku_play::source::Difficulty::Extreme, 3);
    let mut game = Game::new(
        made.puzzle,
        made.solution,
        made.rating,
        "extreme".into(),
        now,
    );
    let geo = geometry((80, 24));
    let mut paged = 0;
    for _ in 0..300 {
        game.apply(Action::Hint, now);
        game.apply(Action::Hint, now);
        game.apply(Action::Hint, now);
        let Some(shown) = game.shown_hint().cloned() else {
            break;
        };
        let wanted = format!("Hint: {} {}", shown.title(), shown.body());
        let wanted: Vec<&str> = wanted.split_whitespace().collect();
        let (first, pages) = notes_text(&draw(&game, now, (80, 24), COLOR), &geo);
        let mut seen = first;
        if let Some((1, total)) = pages {
            paged += 1;
            for page in 2..=total {
                game.apply(Action::NextPage, now);
                let (text, at) = notes_text(&draw(&game, now, (80, 24), COLOR), &geo);
                assert_eq!(at, Some((page, total)));
                seen.push(' ');
                seen.push_str(&text);
            }
            game.apply(Action::NextPage, now);
            let (_, at) = notes_text(&draw(&game, now, (80, 24), COLOR), &geo);
            assert_eq!(at, Some((1, total)), "paging wraps round");
        }
        let seen: Vec<&str> = seen.split_whitespace().collect();
        // Words cut at the panel's edge are re-joined before comparing.
        assert_eq!(seen.concat(), wanted.concat(), "{}", shown.body());
        game.apply(Action::Hint, now);
    }
    assert!(game.is_solved(), "hints solve the puzzle");
    // At 80x24 the panel has room for every step of this puzzle on one page;
    // paging itself is checked with a longer hint below.
    println!("{paged} hints needed more than one page");
}

#[test]
fn a_hint_longer_than_the_panel_pages_without_losing_a_word() {
    // Forty wrong digits make the "wrong digit" hint list forty cells.
    let now = Instant::now();
    let mut game = new_game(now);
    game.apply(Action::ToggleAutoRemove, now);
    let mut wrong = 0;
    for cell in 0..CELLS {
        if !game.is_given(cell) && wrong < 40 {
            let right = game.solution().cells()[cell];
            select(&mut game, cell, now);
            game.apply(Action::Digit(right % 9 + 1), now);
            wrong += 1;
        }
    }
    game.apply(Action::Hint, now);
    game.apply(Action::Hint, now);
    game.apply(Action::Hint, now);
    let shown = game.shown_hint().unwrap().clone();
    let wanted = format!("Hint: {} {}", shown.title(), shown.body());
    let geo = geometry((80, 24));
    let (mut seen, pages) = notes_text(&draw(&game, now, (80, 24), COLOR), &geo);
    let Some((1, total)) = pages else {
        panic!("expected pages, got {pages:?}: {seen}");
    };
    assert!(total >= 2);
    for page in 2..=total {
        game.apply(Action::NextPage, now);
        let (text, at) = notes_text(&draw(&game, now, (80, 24), COLOR), &geo);
        assert_eq!(at, Some((page, total)));
        seen = format!("{seen} {text}");
    }
    let words = |t: &str| t.split_whitespace().collect::<String>();
    assert_eq!(words(&seen), words(&wanted));
    game.apply(Action::PrevPage, now);
    let (_, at) = notes_text(&draw(&game, now, (80, 24), COLOR), &geo);
    assert_eq!(at, Some((total - 1, total)), "PgUp goes back a page");
}

#[test]
fn a_lone_pencil_mark_never_looks_like_a_digit() {
    let now = Instant::now();
    for size in [(80, 24), (90, 40)] {
        let geo = geometry(size);
        for d in 1..=9u8 {
            let mut game = new_game(now);
            select(&mut game, 2, now);
            game.apply(Action::TogglePencil, now);
            game.apply(Action::Digit(d), now);
            select(&mut game, 80, now);
            let buf = draw(&game, now, size, COLOR);
            let r = geo.cell_rect(2);
            let inside: String = (r.y..r.bottom())
                .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                .map(|pos| buf[pos].symbol().to_string())
                .collect();
            assert!(
                !inside.chars().any(|c| c.is_ascii_digit()),
                "{size:?} mark {d}: {inside}"
            );
            assert!(inside.contains(ui::SUPERSCRIPT[d as usize - 1]));
            // The mark that sits on the digit's spot (3 compact, 5 tall) is small there too.
            let centre = digit_at(&buf, &geo, 2);
            assert!(centre == ' ' || centre.to_string() == ui::SUPERSCRIPT[d as usize - 1]);
        }
    }
}

#[test]
fn the_panel_counts_the_digits_left() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 2, now);
    game.apply(Action::Digit(4), now);
    let text = screen(&draw(&game, now, (80, 24), COLOR));
    let left: Vec<String> = (1..=9u8)
        .map(|d| {
            let placed = game.board().cells().iter().filter(|&&x| x == d).count();
            match 9 - placed {
                0 => "-".to_string(),
                n => n.to_string(),
            }
        })
        .collect();
    assert!(text.contains("Digit 1 2 3 4 5 6 7 8 9"), "{text}");
    assert!(
        text.contains(&format!("Left  {}", left.join(" "))),
        "{text}"
    );
}

#[test]
fn wrong_pencil_marks_are_marked_after_a_check() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 2, now);
    game.apply(Action::TogglePencil, now);
    game.apply(Action::Digit(1), now); // r1c3's answer is 4
    select(&mut game, 80, now);
    game.apply(Action::Check, now);
    let buf = draw(&game, now, (80, 24), COLOR);
    let r = geometry((80, 24)).cell_rect(2);
    assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(ui::NORMAL.wrong.bg));
    let text = screen(&buf);
    assert!(text.contains("r1c3 leave out its answer"), "{text}");
}

#[test]
fn a_save_warning_is_shown_at_once() {
    let now = Instant::now();
    let game = new_game(now);
    let warning = "cannot save the game to /x/game.txt: Permission denied";
    let extras = |warning| ui::Extras {
        win: None,
        warning: Some(warning),
        notice: None,
    };
    let buf = draw_with(&game, now, extras(warning));
    let text = screen(&buf);
    assert!(text.contains("Not saved!"), "{text}");
    let (seen, _) = notes_text(&buf, &geometry((80, 24)));
    let seen = seen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(seen.starts_with(&format!("Not saved! {warning}")), "{text}");
    // A long path takes the keys' room rather than being cut.
    let long = format!(
        "cannot save the game to /{}/game.txt: Permission denied",
        "deep/".repeat(30)
    );
    let buf = draw_with(&game, now, extras(&long));
    let (seen, pages) = notes_text(&buf, &geometry((80, 24)));
    assert_eq!(pages, None, "{seen}");
    assert_eq!(
        seen.split_whitespace().collect::<String>(),
        format!("Not saved!{long}")
            .split_whitespace()
            .collect::<String>()
    );
}

#[test]
fn a_question_is_drawn_whole() {
    let mut terminal = Terminal::new(TestBackend::new(40, 12)).unwrap();
    let lines = [
        "A game is in progress".to_string(),
        "hard, 12:04 played.".to_string(),
        "y start the new game (the saved one is lost) · n resume the saved one · q quit"
            .to_string(),
    ];
    terminal
        .draw(|f| ui::draw_question(f, &lines, COLOR))
        .unwrap();
    let text = screen(terminal.backend().buffer());
    let words: Vec<&str> = text.split_whitespace().collect();
    let wanted: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
    assert_eq!(words, wanted);
}

#[test]
fn pause_hides_the_board() {
    let t0 = Instant::now();
    let mut game = new_game(t0);
    game.apply(Action::Pause, t0 + Duration::from_secs(75));
    let buf = draw(&game, t0 + Duration::from_secs(500), (80, 24), COLOR);
    let geo = geometry((80, 24));
    let text = screen(&buf);
    assert!(text.contains("Paused"), "{text}");
    assert!(text.contains("Time      1:15"), "{text}");
    for cell in 0..CELLS {
        let shown = digit_at(&buf, &geo, cell);
        assert!(!shown.is_ascii_digit(), "cell {cell} shows {shown}");
    }
}

#[test]
fn solved_screen_shows_time_and_rating() {
    let t0 = Instant::now();
    let mut game = new_game(t0);
    let solution = *game.solution();
    let later = t0 + Duration::from_secs(203);
    for cell in 0..CELLS {
        if !game.is_given(cell) {
            select(&mut game, cell, later);
            game.apply(Action::Digit(solution.cells()[cell]), later);
        }
    }
    assert!(game.is_solved());
    let text = screen(&draw(
        &game,
        later + Duration::from_secs(60),
        (80, 24),
        COLOR,
    ));
    assert!(text.contains("Solved!"), "{text}");
    assert!(text.contains("Time      3:23"), "{text}");
    assert!(
        text.contains("30 givens, solved by singles alone"),
        "{text}"
    );
    assert!(text.contains("n new game · m menu · q quit"), "{text}");
    // With the level's record after the win.
    let mut stats = sudoku_play::stats::Stats::default();
    stats.record_win("custom", Duration::from_secs(300), 0);
    let win = stats.record_win("custom", game.elapsed(later), 0);
    let extras = ui::Extras {
        win: Some(win),
        warning: None,
        notice: None,
    };
    let text = screen(&draw_with(&game, later, extras));
    assert!(text.contains("3:23  new best!"), "{text}");
    assert!(text.contains("Best      3:23"), "{text}");
    assert!(text.contains("Won       2"), "{text}");
    assert!(text.contains("n new game · m menu · q quit"), "{text}");
}

/// The game's keys that mean something else (or nothing) once it is over.
const PLAY_KEYS: [&str; 6] = [
    "n pencil",
    "m auto-rm",
    "? hint",
    "u undo",
    "f fill",
    "p pause",
];

#[test]
fn end_screens_list_only_the_keys_that_work_there() {
    let now = Instant::now();
    // Solved.
    let mut solved = new_game(now);
    let solution = *solved.solution();
    for cell in 0..CELLS {
        if !solved.is_given(cell) {
            select(&mut solved, cell, now);
            solved.apply(Action::Digit(solution.cells()[cell]), now);
        }
    }
    // Out of mistakes.
    let mut lost = new_game(now).with_mistake_limit(1);
    select(&mut lost, 2, now);
    lost.apply(Action::Digit(1), now); // r1c3's answer is 4
    for game in [&solved, &lost] {
        assert!(game.is_over());
        for size in [(80, 24), (100, 40)] {
            let text = screen(&draw(game, now, size, COLOR));
            for key in PLAY_KEYS {
                assert!(!text.contains(key), "{key} offered at {size:?}:\n{text}");
            }
            for key in ["n new game", "m menu", "q quit"] {
                assert!(text.contains(key), "{key} missing at {size:?}:\n{text}");
            }
        }
    }
    // In play the game's keys are listed.
    let text = screen(&draw(&new_game(now), now, (80, 24), COLOR));
    for key in PLAY_KEYS {
        assert!(text.contains(key), "{key} missing in play:\n{text}");
    }
}

#[test]
fn running_out_of_mistakes_ends_the_game_on_screen() {
    let now = Instant::now();
    let mut game = new_game(now).with_mistake_limit(1);
    select(&mut game, 2, now);
    game.apply(Action::Digit(1), now); // r1c3's answer is 4
    let text = screen(&draw(&game, now, (80, 24), COLOR));
    assert!(text.contains("Out of mistakes"), "{text}");
    assert!(text.contains("Mistakes  1 of 1"), "{text}");
    assert!(text.contains("n new game · m menu · q quit"), "{text}");
    // In the singular (it said "1 mistakes").
    assert!(text.contains("1 mistake: the limit is reached."), "{text}");
}

#[test]
fn out_of_mistakes_says_mistakes_in_the_plural_from_two() {
    let now = Instant::now();
    let mut game = new_game(now).with_mistake_limit(2);
    select(&mut game, 2, now);
    game.apply(Action::Digit(1), now);
    game.apply(Action::Digit(2), now);
    let text = screen(&draw(&game, now, (80, 24), COLOR));
    assert!(text.contains("2 mistakes: the limit is reached."), "{text}");
}

#[test]
fn no_color_uses_no_colours() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 2, now);
    game.apply(Action::Digit(5), now);
    game.apply(Action::Hint, now);
    let buf = draw(
        &game,
        now,
        (80, 24),
        Theme {
            no_color: true,
            ..COLOR
        },
    );
    for cell in buf.content() {
        assert_eq!(cell.fg, Color::Reset);
        assert_eq!(cell.bg, Color::Reset);
    }
    // The cursor is still visible, by reverse video.
    let geo = geometry((80, 24));
    let r = geo.cell_rect(2);
    assert!(buf[(r.x, r.y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn too_small_terminal_says_so() {
    let now = Instant::now();
    let text = screen(&draw(&new_game(now), now, (60, 20), COLOR));
    assert!(text.contains("needs at least 80×24"), "{text}");
    assert!(text.contains("clock is stopped"), "{text}");
}

#[test]
fn a_daily_solved_again_is_practice_and_the_menu_says_it_is_done() {
    use sudoku_play::daily::Date;
    use sudoku_play::stats::Stats;
    use sudoku_play::ui::MenuItem;
    let date: Date = "2026-11-30".parse().unwrap();
    let label = format!("daily {date}");
    let mut stats = Stats::default();
    stats.record_win(&label, Duration::from_secs(500), 0);
    // The menu marks the date's daily as done.
    let menu = |stats: &Stats| {
        let items = [
            MenuItem::Daily(date, stats.get("daily"), stats.daily_solved(date)),
            MenuItem::Quit,
        ];
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|f| ui::draw_menu(f, &items, 0, COLOR, None))
            .unwrap();
        screen(terminal.backend().buffer())
    };
    let text = menu(&stats);
    assert!(text.contains(&format!("Daily puzzle {date}")), "{text}");
    assert!(text.contains("done"), "{text}");
    assert!(!menu(&Stats::default()).contains("done"));
    // Solved again, faster: practice, not a win or a best time.
    let t0 = Instant::now();
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = sudoku_core::solve(&puzzle).unwrap();
    let mut game = Game::new(puzzle, solution, "rated".into(), label.clone(), t0);
    for cell in 0..CELLS {
        if !game.is_given(cell) {
            select(&mut game, cell, t0);
            game.apply(Action::Digit(solution.cells()[cell]), t0);
        }
    }
    let win = stats.record_win(&label, game.elapsed(t0), 0);
    assert!(win.practice);
    let extras = ui::Extras {
        win: Some(win),
        warning: None,
        notice: None,
    };
    let text = screen(&draw_with(&game, t0, extras));
    assert!(text.contains("Practice"), "{text}");
    assert!(!text.contains("new best"), "{text}");
    assert!(text.contains("Won       1"), "{text}");
    assert!(text.contains("Best      8:20"), "{text}");
}

#[test]
fn a_note_shows_in_the_menu_and_keeps_the_games_keys_listed() {
    use sudoku_play::ui::MenuItem;
    let items = [MenuItem::Quit];
    let full = "the saved game could not be read (bad save file, line 1: the first line is not \
                'sudoku-play save 3'); it was kept as /home/player/.local/share/sudoku-play/\
                game.txt.unreadable.1";
    let menu = |notice: Option<&str>, size: (u16, u16)| {
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        terminal
            .draw(|f| ui::draw_menu(f, &items, 0, COLOR, notice))
            .unwrap();
        screen(terminal.backend().buffer())
    };
    // In the menu, whole, with the keys.
    let text = menu(Some(full), (80, 24));
    let words = |t: &str| t.split_whitespace().collect::<String>();
    assert!(
        words(&text).contains(&words(&format!("Note: {full}"))),
        "{text}"
    );
    assert!(text.contains("Enter start"), "{text}");
    assert!(!menu(None, (80, 24)).contains("Note:"));
    // In the game's panel at 80x24, the short form, with every key still listed.
    let now = Instant::now();
    let game = new_game(now);
    let extras = ui::Extras {
        win: None,
        warning: None,
        notice: Some("unreadable save kept as game.txt.unreadable.1"),
    };
    let buf = draw_with(&game, now, extras);
    let (notes, pages) = notes_text(&buf, &geometry((80, 24)));
    assert_eq!(pages, None, "{notes}");
    assert!(
        words(&notes).starts_with(&words(
            "Note: unreadable save kept as game.txt.unreadable.1"
        )),
        "{notes}"
    );
    let text = screen(&buf);
    for key in [
        "n pencil",
        "? hint",
        "p pause",
        "Esc menu  q quit",
        "i help",
    ] {
        assert!(text.contains(key), "{key} hidden by the note:\n{text}");
    }
}

#[test]
fn a_menu_too_big_for_the_terminal_says_so_instead_of_being_cut() {
    use sudoku_play::stats::Record;
    use sudoku_play::ui::MenuItem;
    let date: sudoku_play::daily::Date = "2026-11-30".parse().unwrap();
    let record = Record {
        played: 6,
        won: 5,
        best: Some(Duration::from_secs(182)),
        ..Record::default()
    };
    let mut items = vec![
        MenuItem::Resume("hard, 12:04 played".into()),
        MenuItem::Daily(date, record, true),
    ];
    items.extend(
        sudoku_play::source::Difficulty::ALL
            .iter()
            .map(|&d| MenuItem::New(d, record)),
    );
    items.push(MenuItem::Quit);
    let draw_menu = |size: (u16, u16)| {
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        terminal
            .draw(|f| ui::draw_menu(f, &items, 0, COLOR, None))
            .unwrap();
        screen(terminal.backend().buffer())
    };
    let text = draw_menu((40, 12));
    assert!(text.contains("The terminal is 40×12"), "{text}");
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("the menu needs at least 60×12"), "{text}");
    assert!(!text.contains("Daily puzzle"), "a cut menu: {text}");
    let area = Rect::new(0, 0, 40, 12);
    assert!(!ui::menu_fits(&items, None, area));
    // Where it fits, it is drawn whole.
    let text = draw_menu((80, 24));
    assert!(text.contains("Daily puzzle 2026-11-30"), "{text}");
    assert!(
        text.contains("Quit") && text.contains("Enter start"),
        "{text}"
    );
    let (w, h) = ui::menu_size(&items, None, Rect::new(0, 0, 80, 24));
    let text = draw_menu((w, h));
    assert!(
        text.contains("Enter start"),
        "at its own minimum {w}×{h}: {text}"
    );
}

/// Draws with `draw` on a `size` test terminal and returns the text.
fn draw_screen(size: (u16, u16), draw: impl FnOnce(&mut ratatui::Frame)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    terminal.draw(draw).unwrap();
    screen(terminal.backend().buffer())
}

#[test]
fn the_statistics_screen_shows_each_level_and_the_streaks() {
    use sudoku_play::stats::Stats;
    let s = Duration::from_secs;
    let mut stats = Stats::default();
    stats.record_win("easy", s(300), 0);
    stats.record_win("easy", s(100), 2); // faster, with hints: not the best
    stats.record_loss("easy");
    stats.record_win("hard", s(600), 0);
    stats.record_win("technique XY-Wing", s(700), 0);
    let text = draw_screen((80, 24), |f| ui::draw_stats(f, &stats, COLOR, None));
    let row = |level: &str| {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(level))
            .unwrap_or_else(|| panic!("no {level} row: {text}"));
        line.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    // Level, played, won, win %, average, best, no hints.
    assert_eq!(row("easy"), ["easy", "3", "2", "66%", "3:20", "5:00", "1"]);
    assert_eq!(
        row("hard"),
        ["hard", "1", "1", "100%", "10:00", "10:00", "1"]
    );
    assert_eq!(row("medium"), ["medium", "0", "0", "-", "-", "-", "0"]);
    assert_eq!(row("technique")[1..3], ["1", "1"]);
    assert_eq!(row("all")[1..4], ["5", "4", "80%"]);
    assert!(
        text.contains("Streak: 2 won in a row now, 2 at best"),
        "{text}"
    );
    assert!(text.contains("without hints"), "{text}");
    // A note (an unreadable file) shows above the keys.
    let text = draw_screen((80, 24), |f| {
        ui::draw_stats(
            f,
            &Stats::default(),
            COLOR,
            Some("stats.txt is not a stats file"),
        )
    });
    assert!(
        text.contains("Note: stats.txt is not a stats file"),
        "{text}"
    );
    assert!(text.contains("back to the menu"), "{text}");
    // Too small: said, not cut.
    let text = draw_screen((40, 12), |f| ui::draw_stats(f, &stats, COLOR, None));
    assert!(text.contains("The terminal is 40×12"), "{text}");
    assert!(!text.contains("Played"), "{text}");
}

#[test]
fn the_statistics_screen_keeps_columns_apart_and_sums_past_u32() {
    use sudoku_play::stats::{Stats, MAX_COUNT, MAX_TIME};
    // The largest record the file may hold, under 50 levels: their sum of
    // games is more than a u32 holds.
    let max = MAX_COUNT;
    let total = MAX_TIME.as_millis() * u128::from(max);
    let best = MAX_TIME.as_millis();
    let mut file = String::from("sudoku-play stats 2\n");
    for level in ["easy", "medium", "hard", "expert", "extreme"]
        .into_iter()
        .map(String::from)
        .chain((0..45).map(|i| format!("l{i}")))
    {
        file.push_str(&format!(
            "{level} played {max} won {max} no_hints {max} timed {max} total_ms {total} best_ms {best}\n"
        ));
    }
    let stats = Stats::parse(&file).unwrap();
    let text = draw_screen((100, 80), |f| ui::draw_stats(f, &stats, COLOR, None));
    let row = |level: &str| {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{level} ")))
            .unwrap_or_else(|| panic!("no {level} row: {text}"));
        line.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let n = max.to_string();
    assert_eq!(
        row("easy"),
        ["easy", &n, &n, "100%", "2400:00:00", "2400:00:00", &n],
        "{text}"
    );
    assert_eq!(row("l44")[1..], row("easy")[1..], "{text}");
    let sum = (u64::from(max) * 50).to_string();
    assert!(u64::from(max) * 50 > u64::from(u32::MAX));
    assert_eq!(row("all")[1..], [&sum, &sum, "100%", &sum], "{text}");
}

#[test]
fn the_help_screen_says_when_the_terminal_is_too_small_rather_than_cut_it() {
    for size in [(40, 12), (50, 15), (ui::help_min_width() - 1, 24), (80, 7)] {
        let text = draw_screen(size, |f| {
            ui::draw_help(f, 0, COLOR);
        });
        let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            joined.contains(&format!(
                "The terminal is {}×{}; the help screen needs at least {}×",
                size.0,
                size.1,
                ui::help_min_width()
            )),
            "{text}"
        );
        assert!(!text.contains("move the"), "{text}");
    }
    // At its minimum every line shown is whole, and it scrolls.
    let mut seen = String::new();
    let mut scroll = 0;
    loop {
        let mut max = 0;
        let text = draw_screen((ui::help_min_width(), 8), |f| {
            max = ui::draw_help(f, scroll, COLOR)
        });
        assert!(text.contains("Esc back"), "{text}");
        seen.push_str(&text);
        if scroll >= max {
            break;
        }
        scroll += 1;
    }
    for line in ui::HELP {
        assert!(seen.contains(line.trim_end()), "'{line}' never shown whole");
    }
    // The other screens name themselves.
    use sudoku_play::settings::Settings;
    use sudoku_play::stats::Stats;
    let text = draw_screen((40, 12), |f| {
        ui::draw_stats(f, &Stats::default(), COLOR, None)
    });
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("the statistics screen needs"), "{text}");
    let text = draw_screen((40, 12), |f| {
        ui::draw_settings(f, &Settings::default(), 0, COLOR, None, true)
    });
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("the settings screen needs"), "{text}");
}

#[test]
fn the_settings_screen_says_a_change_was_not_saved_and_keeps_the_path_whole() {
    use sudoku_play::settings::Settings;
    let note = "cannot save the settings to /home/somebody/.local/share/sudoku-play/settings.txt: \
                Is a directory (os error 21); they hold for this run";
    let text = draw_screen((80, 24), |f| {
        ui::draw_settings(f, &Settings::default(), 0, COLOR, Some(note), false)
    });
    assert!(!text.contains("Saved at once"), "{text}");
    assert!(
        text.contains("Not saved; they apply for this run only."),
        "{text}"
    );
    assert!(
        text.contains("settings.txt:"),
        "the file name is cut: {text}"
    );
    assert!(text.contains("/home/somebody/.local/share/"), "{text}");
    let text = draw_screen((80, 24), |f| {
        ui::draw_settings(f, &Settings::default(), 0, COLOR, None, true)
    });
    assert!(
        text.contains("Saved at once; they apply from now on."),
        "{text}"
    );
}

#[test]
fn the_settings_screen_shows_every_value_and_a_note() {
    use sudoku_play::settings::{Field, Settings, ThemeName};
    let settings = Settings {
        mistake_limit: 3,
        theme: ThemeName::HighContrast,
        show_timer: false,
        ..Settings::default()
    };
    let text = draw_screen((80, 24), |f| {
        ui::draw_settings(
            f,
            &settings,
            1,
            COLOR,
            Some("--theme normal is used for this run."),
            true,
        )
    });
    for field in Field::ALL.iter() {
        assert!(text.contains(field.title()), "{text}");
    }
    let line = |title: &str| {
        text.lines()
            .find(|l| l.contains(title))
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(line("Mistake limit").contains("‹ 3 ›"), "{text}");
    assert!(line("Theme").contains("‹ high-contrast ›"), "{text}");
    assert!(line("Show the timer").contains("‹ off ›"), "{text}");
    assert!(text.contains("Note: --theme normal"), "{text}");
}

#[test]
fn the_help_screen_lists_every_key_and_scrolls_at_80_by_24() {
    let mut seen = String::new();
    let mut scroll = 0;
    loop {
        let mut max = 0;
        let text = draw_screen((80, 24), |f| max = ui::draw_help(f, scroll, COLOR));
        assert!(max > 0, "the help is longer than an 80×24 screen");
        assert!(text.contains(&format!("lines {}-", scroll + 1)), "{text}");
        seen.push_str(&text);
        if scroll == max {
            break;
        }
        scroll = (scroll + 10).min(max);
    }
    for line in ui::HELP {
        assert!(seen.contains(line), "'{line}' never shown");
    }
    for key in ["r ", "i, F1", "Esc", "Ctrl-R", "PgDn", "retry"] {
        assert!(seen.contains(key), "{key}");
    }
    // A tall terminal shows it whole.
    let mut max = 1;
    let text = draw_screen((80, 50), |f| max = ui::draw_help(f, 0, COLOR));
    assert_eq!(max, 0);
    assert!(
        text.contains("Esc back") && !text.contains("lines 1-"),
        "{text}"
    );
}

#[test]
fn out_of_mistakes_offers_a_retry_and_a_lesson_another_puzzle() {
    let now = Instant::now();
    let mut lost = new_game(now).with_mistake_limit(1);
    select(&mut lost, 2, now);
    lost.apply(Action::Digit(1), now); // r1c3's answer is 4
    let text = screen(&draw(&lost, now, (80, 24), COLOR));
    assert!(
        text.contains("r retry · n new game · m menu · q quit"),
        "{text}"
    );
    assert!(text.contains("r retry (same puzzle)"), "the panel: {text}");
    // A lesson's Solved! screen offers another puzzle of its technique.
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = sudoku_core::solve(&puzzle).unwrap();
    let mut lesson = Game::new(
        puzzle,
        solution,
        "rated".into(),
        "technique XY-Wing".into(),
        now,
    );
    for cell in 0..CELLS {
        if !lesson.is_given(cell) {
            select(&mut lesson, cell, now);
            lesson.apply(Action::Digit(solution.cells()[cell]), now);
        }
    }
    let text = screen(&draw(&lesson, now, (80, 24), COLOR));
    assert!(text.contains("n another XY-Wing puzzle"), "{text}");
    assert!(!text.contains("r retry"), "{text}");
    assert_eq!(
        ui::technique_of("technique XY-Wing"),
        Some(sudoku_core::rate::Technique::XyWing)
    );
    assert_eq!(ui::technique_of("easy"), None);
}

#[test]
fn highlights_and_the_timer_follow_the_settings() {
    let now = Instant::now();
    let mut game = new_game(now);
    select(&mut game, 40, now);
    let geo = geometry((80, 24));
    let bg = |buf: &Buffer, cell: usize| {
        let r = geo.cell_rect(cell);
        buf[(r.x, r.y)].bg
    };
    let later = now + Duration::from_secs(75);
    let on = draw(&game, later, (80, 24), COLOR);
    assert_ne!(bg(&on, 4), bg(&on, 0), "a peer is highlighted");
    assert!(screen(&on).contains("Time      1:15"));
    let quiet = Theme {
        highlights: false,
        show_timer: false,
        ..COLOR
    };
    let off = draw(&game, later, (80, 24), quiet);
    assert_eq!(bg(&off, 4), bg(&off, 0), "no peer highlight");
    assert_ne!(bg(&off, 40), bg(&off, 0), "the cursor still shows");
    let text = screen(&off);
    assert!(text.contains("Time      hidden"), "{text}");
    assert!(!text.contains("1:15"), "{text}");
}

#[test]
fn every_digit_and_mark_on_the_board_has_its_contrast() {
    // Each theme's pairs, from xterm's fixed 256-colour values: AA (4.5:1)
    // in the normal theme, AAA (7:1) in the high-contrast one.
    for (palette, least) in [(ui::NORMAL, 4.5), (ui::HIGH_CONTRAST, 7.0)] {
        for (name, look) in palette.looks() {
            for (what, fg) in [
                ("given", look.given),
                ("digit", look.player),
                ("conflict", look.conflict),
                ("mark", look.mark),
            ] {
                let ratio = ui::contrast(fg, look.bg);
                assert!(ratio >= least, "{name} {what}: {ratio:.2}:1");
            }
            assert!(look.bg >= 16, "{name}: a palette-dependent colour");
        }
    }
    assert!((ui::contrast(16, 231) - 21.0).abs() < 1e-9);
    assert!((ui::contrast(196, 196) - 1.0).abs() < 1e-9);
    // And the board really draws with them: every cell's digit and marks
    // in a game with a cursor, peers, a hint and a conflict.
    let now = Instant::now();
    for (theme, palette) in [
        (COLOR, ui::NORMAL),
        (
            Theme {
                high_contrast: true,
                ..COLOR
            },
            ui::HIGH_CONTRAST,
        ),
    ] {
        let mut game = new_game(now);
        game.apply(Action::FillMarks, now);
        select(&mut game, 2, now);
        game.apply(Action::Digit(5), now);
        select(&mut game, 40, now);
        let buf = draw(&game, now, (80, 24), theme);
        let geo = geometry((80, 24));
        let allowed: Vec<u8> = palette.looks().iter().map(|(_, l)| l.bg).collect();
        for cell in 0..CELLS {
            let r = geo.cell_rect(cell);
            for y in r.y..r.bottom() {
                for x in r.x..r.right() {
                    let c = &buf[(x, y)];
                    let (Color::Indexed(fg), Color::Indexed(bg)) = (c.fg, c.bg) else {
                        panic!("cell {cell}: {:?} on {:?}", c.fg, c.bg);
                    };
                    assert!(allowed.contains(&bg), "cell {cell}: bg {bg}");
                    if c.symbol() != " " {
                        let ratio = ui::contrast(fg, bg);
                        assert!(ratio >= 4.5, "cell {cell} '{}': {ratio:.2}", c.symbol());
                    }
                }
            }
        }
    }
}

#[test]
fn compact_cells_of_one_box_are_separated_by_an_underline() {
    let now = Instant::now();
    let mut game = new_game(now);
    game.apply(Action::FillMarks, now);
    for theme in [
        COLOR,
        Theme {
            no_color: true,
            ..COLOR
        },
    ] {
        let buf = draw(&game, now, (80, 24), theme);
        let geo = geometry((80, 24));
        for cell in 0..CELLS {
            let r = geo.cell_rect(cell);
            let last = &buf[(r.x + 1, r.bottom() - 1)];
            let first = &buf[(r.x + 1, r.y)];
            let underlined = last.modifier.contains(Modifier::UNDERLINED);
            assert_eq!(underlined, cell / 9 % 3 != 2, "cell {cell}'s last line");
            assert!(
                !first.modifier.contains(Modifier::UNDERLINED) || game.in_conflict(cell),
                "cell {cell}'s first line"
            );
        }
        // Tall cells have thin lines between them instead.
        let buf = draw(&game, now, (100, 40), theme);
        let geo = geometry((100, 40));
        let r = geo.cell_rect(0);
        assert!(!buf[(r.x + 1, r.bottom() - 1)]
            .modifier
            .contains(Modifier::UNDERLINED));
        assert_eq!(buf[(r.x + 1, r.bottom())].symbol(), "─");
    }
}

#[test]
fn a_hint_shows_its_cells_candidates_where_the_player_pencilled_none() {
    let now = Instant::now();
    let mut game = new_game(now);
    let geo = geometry((80, 24));
    let marks_in = |buf: &Buffer, cell: usize| -> Vec<(String, Modifier)> {
        let r = geo.cell_rect(cell);
        (r.y..r.bottom())
            .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
            .map(|(x, y)| &buf[(x, y)])
            .filter(|c| ui::SUPERSCRIPT.contains(&c.symbol()))
            .map(|c| (c.symbol().to_string(), c.modifier))
            .collect()
    };
    let candidates = sudoku_play::source::candidates(game.board());
    game.apply(Action::Hint, now);
    let hint = game.shown_hint().unwrap().hint.clone();
    // The first stage names the technique only: no cell gets marks.
    let buf = draw(&game, now, (80, 24), COLOR);
    assert!((0..CELLS).all(|c| marks_in(&buf, c).is_empty()));
    // The second and third stages lend each empty, unmarked highlighted
    // cell its candidates, in italics; the third makes the hint's digits bold.
    for stage in 2..=3 {
        game.apply(Action::Hint, now);
        let buf = draw(&game, now, (80, 24), COLOR);
        let cells = game.shown_hint().unwrap().highlighted();
        // A naked single's second stage shows nothing, not to give it away.
        assert!(stage == 2 || !cells.is_empty());
        for (cell, &candidates) in candidates.iter().enumerate() {
            let shown = marks_in(&buf, cell);
            if !cells.contains(&cell) || game.board().cells()[cell] != 0 {
                assert!(shown.is_empty(), "stage {stage}, cell {cell}: {shown:?}");
                continue;
            }
            let digits: u16 = shown.iter().fold(0, |m, (s, _)| {
                let d = ui::SUPERSCRIPT.iter().position(|x| x == s).unwrap() + 1;
                m | 1 << d
            });
            assert_eq!(digits, candidates, "stage {stage}, cell {cell}");
            for (symbol, modifier) in &shown {
                assert!(modifier.contains(Modifier::ITALIC), "{symbol}");
                let d = ui::SUPERSCRIPT.iter().position(|x| x == symbol).unwrap() as u8 + 1;
                let bold = modifier.contains(Modifier::BOLD);
                assert_eq!(
                    bold,
                    stage == 3 && hint.digits.contains(&d),
                    "cell {cell} {symbol}"
                );
            }
        }
    }
    // Lent, not given: the player's marks are still empty.
    assert!((0..CELLS).all(|c| game.marks(c) == 0));
    // Where the player has marks, the hint shows those, not the candidates.
    let mut marked = new_game(now);
    let cell = hint
        .focus
        .iter()
        .copied()
        .find(|&c| marked.board().cells()[c] == 0);
    if let Some(cell) = cell {
        select(&mut marked, cell, now);
        marked.apply(Action::TogglePencil, now);
        let d = marked.solution().cells()[cell];
        marked.apply(Action::Digit(d), now);
        marked.apply(Action::Hint, now);
        marked.apply(Action::Hint, now);
        if marked.shown_hint().unwrap().highlighted().contains(&cell) {
            let buf = draw(&marked, now, (80, 24), COLOR);
            let shown = marks_in(&buf, cell);
            assert_eq!(shown.len(), 1, "{shown:?}");
            assert!(!shown[0].1.contains(Modifier::ITALIC));
        }
    }
}

#[test]
fn an_x_wing_hint_shows_its_pattern_candidates_on_an_unmarked_board() {
    use sudoku_core::rate::Technique;
    let made = sudoku_play::source::generate_teaching(Technique::XWing, 3).unwrap();
    let now = Instant::now();
    let mut game = Game::new(
        made.puzzle,
        made.solution,
        "r".into(),
        "technique X-Wing".into(),
        now,
    );
    // Apply hints (three presses each, then the fourth applies) up to the X-Wing.
    let mut steps = 0;
    loop {
        game.apply(Action::Hint, now);
        let hint = game
            .shown_hint()
            .expect("a hint before the end")
            .hint
            .clone();
        if hint.technique == Some(Technique::XWing) {
            break;
        }
        for _ in 0..3 {
            game.apply(Action::Hint, now);
        }
        steps += 1;
        assert!(steps < 81, "no X-Wing");
    }
    // Clear every mark the applied hints left: a player who pencils nothing.
    // (Clearing marks changes the board's state, which withdraws the hint.)
    game.apply(Action::ClearMarks, now);
    if game.shown_hint().is_none() {
        game.apply(Action::Hint, now);
    }
    assert!((0..CELLS).all(|c| game.marks(c) == 0));
    let hint = game.shown_hint().unwrap().hint.clone();
    assert_eq!(hint.technique, Some(Technique::XWing));
    game.apply(Action::Hint, now);
    game.apply(Action::Hint, now);
    assert_eq!(
        game.shown_hint().unwrap().stage,
        sudoku_play::game::HintStage::Action
    );
    let buf = draw(&game, now, (80, 24), COLOR);
    let geo = geometry((80, 24));
    let digit = hint.digits[0];
    let mark = ui::SUPERSCRIPT[digit as usize - 1];
    for c in &hint.cells {
        let r = geo.cell_rect(c.cell);
        let text: String = (r.y..r.bottom())
            .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
            .map(|(x, y)| buf[(x, y)].symbol().to_string())
            .collect();
        assert!(
            text.contains(mark),
            "{:?} cell {} lacks its candidate {digit}: '{text}'",
            c.role,
            c.cell
        );
    }
}
