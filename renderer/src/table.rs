//! Tables as PNG images: a title, a highlighted header row and zebra-striped rows, drawn in the
//! boards' dark colours and font. Made for tournament standings and pairings and for
//! leaderboards, but it knows nothing about them: cells are plain text.
//!
//! The image is 640 to 1000 pixels wide so that a phone shows it legibly. Text that does not fit
//! its column is cut with an ellipsis. The font covers Latin, Greek and Cyrillic; other
//! characters (CJK, emoji) are left out, never drawn as boxes, and a cell left with nothing
//! readable shows [`Labels::undrawable`] (the message that carries the table keeps the names).
//! A long table (more than [`SPLIT_ROWS`] rows) is laid out in two blocks side by side when its
//! text columns can stay readable that way, so that 50 rows make a roughly square image; at
//! most [`MAX_ROWS`] rows and [`MAX_COLUMNS`] columns are drawn, so no input makes it large.
//!
//! # Examples
//!
//! ```
//! use akron_renderer::table::{render, Align, Column, Table};
//! let table = Table {
//!     title: "Spring Swiss".to_string(),
//!     subtitle: "after 3 rounds".to_string(),
//!     columns: vec![Column::new("Player", Align::Left), Column::new("Pts", Align::Right)],
//!     rows: vec![vec!["alice".into(), "3".into()], vec!["bob".into(), "2.5".into()]],
//! };
//! let png = render(&table)?;
//! assert_eq!(&png[1..4], b"PNG");
//! # Ok::<(), akron_renderer::RenderError>(())
//! ```

use crate::canvas::{self, Canvas};
use crate::labels::fill;
use crate::palette::{self, Rgb};
use crate::text;
use crate::{Labels, RenderError};

/// The most rows drawn; further rows are counted in a line under the table.
pub const MAX_ROWS: usize = 200;
/// The most columns drawn; further columns are left out.
pub const MAX_COLUMNS: usize = 8;
/// Above this many rows, the table is drawn in two blocks side by side when they fit.
pub const SPLIT_ROWS: usize = 24;
/// The widest image, in pixels.
pub const MAX_WIDTH: u32 = 1000;
/// The narrowest image, in pixels.
pub const MIN_WIDTH: u32 = 640;

/// Characters of a cell looked at: the rest could never fit.
const MAX_CELL_CHARS: usize = 80;
/// Text sizes, in pixels.
const TEXT: f32 = 24.0;
const HEADER_TEXT: f32 = 21.0;
const TITLE: f32 = 32.0;
const SUBTITLE: f32 = 21.0;
/// Row heights.
const ROW: u32 = 40;
const HEADER_ROW: u32 = 42;
/// Space left and right of a cell's text.
const PAD: f32 = 12.0;
/// Space around the image and between two blocks.
const MARGIN: u32 = 24;
const GAP: u32 = 24;
/// Text columns are squeezed to no less than this (text width), nor start wider.
const TEXT_MIN: f32 = 140.0;
const TEXT_MAX: f32 = 320.0;

/// The table's text colour, the header's fill and ink, the zebra stripe and dim notes.
const INK: Rgb = palette::TEXT;
const HEADER_FILL: Rgb = palette::BOARD;
const HEADER_INK: Rgb = palette::INK;

fn stripe() -> Rgb {
    palette::BACKGROUND.mix(palette::TEXT, 1.0 / 11.0)
}

fn dim() -> Rgb {
    palette::BACKGROUND.mix(palette::TEXT, 8.0 / 11.0)
}

/// How a column's cells sit in it. Left-aligned columns are the text columns (names): they
/// take the room that is left and are shortened first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Align {
    /// Text, such as a name.
    #[default]
    Left,
    /// Numbers.
    Right,
    /// Short marks.
    Centre,
}

/// A column: its header and how its cells sit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The header's text.
    pub header: String,
    /// Where the cells' text sits.
    pub align: Align,
}

impl Column {
    /// A column headed `header`.
    #[must_use]
    pub fn new(header: impl Into<String>, align: Align) -> Column {
        Column {
            header: header.into(),
            align,
        }
    }
}

/// A table to draw: plain text throughout (Markdown is not interpreted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The line above the table, in large type.
    pub title: String,
    /// A dimmer line under the title; empty for none.
    pub subtitle: String,
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The rows, top to bottom, one cell per column (missing cells are empty, extra ones
    /// ignored).
    pub rows: Vec<Vec<String>>,
}

/// Draws `table` as a PNG.
///
/// # Errors
///
/// When the embedded font cannot be read or the image cannot be encoded.
pub fn render(table: &Table) -> Result<Vec<u8>, RenderError> {
    render_with(table, &Labels::english())
}

/// Draws `table` as a PNG with the words of `labels` (the footer for rows left out, the mark
/// for a cell with nothing drawable).
///
/// # Errors
///
/// When the embedded font cannot be read or the image cannot be encoded.
pub fn render_with(table: &Table, labels: &Labels) -> Result<Vec<u8>, RenderError> {
    let (width, height, indices) = draw(table, labels)?.finish();
    palette::encode(width, height, &indices)
}

/// The table's text, cleaned: at most [`MAX_COLUMNS`] columns and [`MAX_ROWS`] rows, cells
/// cut to [`MAX_CELL_CHARS`] characters, control characters as spaces.
struct Cells {
    headers: Vec<String>,
    aligns: Vec<Align>,
    rows: Vec<Vec<String>>,
    left_out: usize,
}

/// `text` as far as the font can draw it, at most [`MAX_CELL_CHARS`] characters, or the
/// `undrawable` mark when characters were left out and nothing readable remains.
fn clean(text: &str, undrawable: &str) -> Result<String, RenderError> {
    let drawn = text::drawable(text, MAX_CELL_CHARS)?;
    Ok(if drawn.dropped && !drawn.meaningful {
        undrawable.to_string()
    } else {
        drawn.text
    })
}

impl Cells {
    fn of(table: &Table, undrawable: &str) -> Result<Cells, RenderError> {
        let columns = &table.columns[..table.columns.len().min(MAX_COLUMNS)];
        let mut rows: Vec<Vec<String>> = Vec::new();
        for row in table.rows.iter().take(MAX_ROWS) {
            let mut cells = Vec::with_capacity(columns.len());
            for i in 0..columns.len() {
                cells.push(match row.get(i) {
                    Some(cell) => clean(cell, undrawable)?,
                    None => String::new(),
                });
            }
            rows.push(cells);
        }
        let mut headers = Vec::with_capacity(columns.len());
        for column in columns {
            headers.push(clean(&column.header, undrawable)?);
        }
        Ok(Cells {
            headers,
            aligns: columns.iter().map(|c| c.align).collect(),
            left_out: table.rows.len().saturating_sub(rows.len()),
            rows,
        })
    }
}

/// Column widths (text plus padding), the number of blocks, and each block's width.
struct Layout {
    widths: Vec<f32>,
    blocks: usize,
    block_width: f32,
    image_width: u32,
}

impl Layout {
    fn of(cells: &Cells, title: f32) -> Result<Layout, RenderError> {
        let mut natural = Vec::with_capacity(cells.headers.len());
        for (i, header) in cells.headers.iter().enumerate() {
            let mut widest = Canvas::text_width(header, HEADER_TEXT)?;
            for row in &cells.rows {
                widest = widest.max(Canvas::text_width(&row[i], TEXT)?);
            }
            if cells.aligns[i] == Align::Left {
                widest = widest.min(TEXT_MAX);
            }
            // A pixel to spare, so that rounding never cuts the widest cell.
            natural.push(widest.ceil() + 1.0 + 2.0 * PAD);
        }
        let inner = (MAX_WIDTH - 2 * MARGIN) as f32;
        let fixed: f32 = natural
            .iter()
            .zip(&cells.aligns)
            .filter(|(_, a)| **a != Align::Left)
            .map(|(w, _)| w)
            .sum();
        let texts = cells.aligns.iter().filter(|a| **a == Align::Left).count();
        let half = (inner - GAP as f32) / 2.0;
        let blocks = if cells.rows.len() > SPLIT_ROWS
            && texts > 0
            && fixed + texts as f32 * (TEXT_MIN + 2.0 * PAD) <= half
        {
            2
        } else {
            1
        };
        let room = if blocks == 2 { half } else { inner };
        let mut widths = natural;
        squeeze(&mut widths, &cells.aligns, room);
        let used: f32 = widths.iter().sum();
        // The narrowest image the content allows, then the columns stretched to fill it.
        let wanted = if blocks == 2 {
            inner
        } else {
            used.max(title)
                .max((MIN_WIDTH - 2 * MARGIN) as f32)
                .min(inner)
        };
        let block_width = if blocks == 2 { half } else { wanted };
        stretch(&mut widths, &cells.aligns, block_width);
        Ok(Layout {
            block_width,
            blocks,
            image_width: wanted.ceil() as u32 + 2 * MARGIN,
            widths,
        })
    }
}

/// Narrows the text columns (then every column) until the widths add up to at most `room`.
fn squeeze(widths: &mut [f32], aligns: &[Align], room: f32) {
    let total: f32 = widths.iter().sum();
    if total <= room {
        return;
    }
    let floor = TEXT_MIN + 2.0 * PAD;
    let slack: f32 = widths
        .iter()
        .zip(aligns)
        .filter(|(_, a)| **a == Align::Left)
        .map(|(w, _)| (w - floor).max(0.0))
        .sum();
    let excess = total - room;
    if slack > 0.0 {
        let share = (excess / slack).min(1.0);
        for (w, a) in widths.iter_mut().zip(aligns) {
            if *a == Align::Left {
                *w -= (*w - floor).max(0.0) * share;
            }
        }
    }
    let total: f32 = widths.iter().sum();
    if total > room && total > 0.0 {
        let scale = room / total;
        for w in widths.iter_mut() {
            *w *= scale;
        }
    }
}

/// Widens the text columns (else every column) so the widths add up to `room`.
fn stretch(widths: &mut [f32], aligns: &[Align], room: f32) {
    let total: f32 = widths.iter().sum();
    if total >= room || widths.is_empty() {
        return;
    }
    let texts = aligns.iter().filter(|a| **a == Align::Left).count();
    let extra = room - total;
    for (w, a) in widths.iter_mut().zip(aligns) {
        if texts == 0 {
            *w += extra / aligns.len() as f32;
        } else if *a == Align::Left {
            *w += extra / texts as f32;
        }
    }
}

/// `text` cut with an ellipsis to fit `room` pixels at `size`.
fn fit(text: &str, room: f32, size: f32) -> Result<String, RenderError> {
    if Canvas::text_width(text, size)? <= room + 0.5 {
        return Ok(text.to_string());
    }
    let ellipsis = Canvas::char_width('…', size)?;
    let mut used = 0.0;
    let mut kept = String::new();
    for c in text.chars() {
        let width = Canvas::char_width(c, size)?;
        if used + width + ellipsis > room {
            break;
        }
        used += width;
        kept.push(c);
    }
    Ok(format!("{}…", kept.trim_end()))
}

fn draw(table: &Table, labels: &Labels) -> Result<Canvas, RenderError> {
    let undrawable = labels.undrawable.as_str();
    let cells = Cells::of(table, undrawable)?;
    let (title, subtitle) = (
        clean(&table.title, undrawable)?,
        clean(&table.subtitle, undrawable)?,
    );
    let title_width =
        Canvas::text_width(&title, TITLE)?.max(Canvas::text_width(&subtitle, SUBTITLE)?);
    let layout = Layout::of(&cells, title_width)?;
    let inner = (layout.image_width - 2 * MARGIN) as f32;
    let per_block = cells.rows.len().div_ceil(layout.blocks);
    let title_height = (TITLE * 1.5) as u32;
    let subtitle_height = if table.subtitle.is_empty() {
        0
    } else {
        (SUBTITLE * 1.5) as u32
    };
    let top = MARGIN + title_height + subtitle_height + 8;
    let footer = if cells.left_out > 0 { ROW } else { 0 };
    let rows_height = u32::try_from(per_block).unwrap_or(u32::MAX) * ROW;
    let height = top + HEADER_ROW + rows_height + footer + MARGIN;
    let mut canvas = Canvas::new(layout.image_width, height, palette::BACKGROUND)?;
    let x0 = MARGIN as f32;
    let title = fit(&title, inner, TITLE)?;
    let title_y = (MARGIN + title_height / 2) as f32;
    canvas.text(&title, (x0, title_y), TITLE, INK, canvas::Align::Left)?;
    if subtitle_height > 0 {
        let subtitle = fit(&subtitle, inner, SUBTITLE)?;
        let y = (MARGIN + title_height + subtitle_height / 2) as f32;
        canvas.text(&subtitle, (x0, y), SUBTITLE, dim(), canvas::Align::Left)?;
    }
    for (block, rows) in cells.rows.chunks(per_block.max(1)).enumerate() {
        let left = x0 + block as f32 * (layout.block_width + GAP as f32);
        draw_block(&mut canvas, &cells, rows, &layout, (left, top))?;
    }
    if cells.rows.is_empty() && layout.blocks == 1 {
        draw_block(&mut canvas, &cells, &[], &layout, (x0, top))?;
    }
    if cells.left_out > 0 {
        let y = (top + HEADER_ROW + rows_height + ROW / 2) as f32;
        let note = fill(&labels.more_rows, &[("n", &cells.left_out.to_string())]);
        canvas.text(&note, (x0 + PAD, y), TEXT, dim(), canvas::Align::Left)?;
    }
    Ok(canvas)
}

/// Draws the header and `rows` with the block's top left corner at `(left, top)`.
fn draw_block(
    canvas: &mut Canvas,
    cells: &Cells,
    rows: &[Vec<String>],
    layout: &Layout,
    (left, top): (f32, u32),
) -> Result<(), RenderError> {
    let x = left.round() as u32;
    let width = layout.block_width.round() as u32;
    canvas.fill_rect((x, top, width, HEADER_ROW), HEADER_FILL);
    let header_y = (top + HEADER_ROW / 2) as f32;
    draw_row(
        canvas,
        &cells.headers,
        &cells.aligns,
        &layout.widths,
        (left, header_y),
        (HEADER_TEXT, HEADER_INK),
    )?;
    for (i, row) in rows.iter().enumerate() {
        let y = top + HEADER_ROW + u32::try_from(i).unwrap_or(u32::MAX) * ROW;
        if i % 2 == 1 {
            canvas.fill_rect((x, y, width, ROW), stripe());
        }
        let middle = (y + ROW / 2) as f32;
        draw_row(
            canvas,
            row,
            &cells.aligns,
            &layout.widths,
            (left, middle),
            (TEXT, INK),
        )?;
    }
    Ok(())
}

/// Draws one row's cells, centred vertically on `y`.
fn draw_row(
    canvas: &mut Canvas,
    texts: &[String],
    aligns: &[Align],
    widths: &[f32],
    (mut x, y): (f32, f32),
    (size, color): (f32, Rgb),
) -> Result<(), RenderError> {
    for ((text, align), width) in texts.iter().zip(aligns).zip(widths) {
        let shown = fit(text, width - 2.0 * PAD, size)?;
        let (anchor, how) = match align {
            Align::Left => (x + PAD, canvas::Align::Left),
            Align::Right => (x + width - PAD, canvas::Align::Right),
            Align::Centre => (x + width / 2.0, canvas::Align::Centre),
        };
        canvas.text(&shown, (anchor, y), size, color, how)?;
        x += width;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings(rows: usize, name: &str) -> Table {
        Table {
            title: "Spring Swiss".to_string(),
            subtitle: "standings after 3 of 3 rounds".to_string(),
            columns: vec![
                Column::new("#", Align::Right),
                Column::new("Player", Align::Left),
                Column::new("Pts", Align::Right),
                Column::new("BH", Align::Right),
                Column::new("W-D-L", Align::Centre),
            ],
            rows: (1..=rows)
                .map(|i| {
                    vec![
                        i.to_string(),
                        format!("{name}{i}"),
                        "2.5".to_string(),
                        "7.5".to_string(),
                        "2-1-0".to_string(),
                    ]
                })
                .collect(),
        }
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() -> Result<(), RenderError> {
        let cut = fit(&"w".repeat(80), 200.0, TEXT)?;
        assert!(cut.ends_with('…') && cut.chars().count() < 20, "{cut}");
        assert!(Canvas::text_width(&cut, TEXT)? <= 200.0);
        assert_eq!(fit("bob", 200.0, TEXT)?, "bob");
        Ok(())
    }

    #[test]
    fn long_tables_go_side_by_side_and_stay_in_width() -> Result<(), RenderError> {
        let short = Layout::of(&Cells::of(&standings(8, "player"), "?")?, 0.0)?;
        assert_eq!(short.blocks, 1);
        let long = Layout::of(&Cells::of(&standings(50, "player"), "?")?, 0.0)?;
        assert_eq!(long.blocks, 2);
        let huge = Layout::of(&Cells::of(&standings(50, &"W".repeat(200)), "?")?, 0.0)?;
        for layout in [short, long, huge] {
            assert!((MIN_WIDTH..=MAX_WIDTH).contains(&layout.image_width));
            let used: f32 = layout.widths.iter().sum();
            assert!((used - layout.block_width).abs() < 1.0, "{used}");
        }
        Ok(())
    }

    #[test]
    fn missing_glyphs_are_never_boxes() -> Result<(), RenderError> {
        let mut canvas = Canvas::new(60, 40, palette::BACKGROUND)?;
        canvas.text("漢🎉", (5.0, 20.0), TEXT, INK, canvas::Align::Left)?;
        let background = palette::index_of(palette::BACKGROUND);
        assert!(canvas.indices().iter().all(|&i| i == background));
        Ok(())
    }
}
