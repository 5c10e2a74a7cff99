//! A page to draw on in millimetres from the top-left corner, as a layout thinks, over printpdf's
//! operations (points from the bottom-left). Text is measured with the embedded font's own
//! advance widths, so it can be aligned and cut to a column.

use std::io::Read as _;
use std::sync::OnceLock;

use flate2::read::ZlibDecoder;

use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument,
    PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, Rect, TextItem,
};

/// The regular and the bold font program as `build.rs` deflated them: a FlateDecode stream.
const PACKED: [&[u8]; 2] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/RobotoCondensed-Regular.ttf")),
    include_bytes!(concat!(env!("OUT_DIR"), "/RobotoCondensed-Bold.ttf")),
];

/// A4 landscape.
pub const PAGE_WIDTH: f32 = 297.0;
pub const PAGE_HEIGHT: f32 = 210.0;
const PT_PER_MM: f32 = 72.0 / 25.4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

struct Fonts {
    regular: ParsedFont,
    bold: ParsedFont,
}

/// The embedded fonts, parsed once per process.
fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        // Named, so a reader (and `pdffonts`) sees which font is embedded.
        let parse = |bytes, name: &str| {
            let mut font = ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
                .unwrap_or_else(|| unreachable!("the embedded font is a valid TrueType file"));
            font.font_name = Some(name.to_owned());
            font
        };
        let [regular, bold] = programs();
        Fonts {
            regular: parse(regular, "RobotoCondensed-Regular"),
            bold: parse(bold, "RobotoCondensed-Bold"),
        }
    })
}

fn parsed(weight: Weight) -> &'static ParsedFont {
    match weight {
        Weight::Regular => &fonts().regular,
        Weight::Bold => &fonts().bold,
    }
}

/// The width of `text` in millimetres at `size` points.
pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    let font = parsed(weight);
    let units: u32 = text
        .chars()
        .map(|c| {
            font.lookup_glyph_index(c as u32)
                .and_then(|gid| font.get_glyph_width(gid))
                .map_or(0, u32::from)
        })
        .sum();
    units as f32 / f32::from(font.units_per_em.max(1)) * size / PT_PER_MM
}

/// `text`, cut with an ellipsis to fit `width` millimetres.
pub fn fit(text: &str, width: f32, size: f32, weight: Weight) -> String {
    if text_width(text, size, weight) <= width {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && text_width(&format!("{cut}…"), size, weight) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// The regular and the bold font program, inflated once per process.
fn programs() -> &'static [Vec<u8>; 2] {
    static PROGRAMS: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    PROGRAMS.get_or_init(|| {
        PACKED.map(|packed| {
            let mut program = Vec::new();
            ZlibDecoder::new(packed)
                .read_to_end(&mut program)
                .unwrap_or_else(|e| unreachable!("build.rs deflated the font: {e}"));
            program
        })
    })
}

/// One of the embedded font programs, deflated; `None` for other bytes.
fn packed_font(program: &[u8]) -> Option<&'static [u8]> {
    programs()
        .iter()
        .position(|font| font.as_slice() == program)
        .map(|i| PACKED[i])
}

/// A document of pages drawn with the embedded fonts.
pub struct Document {
    pdf: PdfDocument,
    regular: FontId,
    bold: FontId,
    pages: Vec<PdfPage>,
}

impl Document {
    pub fn new(title: &str) -> Document {
        let mut pdf = PdfDocument::new(title);
        let regular = pdf.add_font(parsed(Weight::Regular));
        let bold = pdf.add_font(parsed(Weight::Bold));
        Document {
            pdf,
            regular,
            bold,
            pages: Vec::new(),
        }
    }

    pub fn page(&self) -> Page {
        Page {
            ops: Vec::new(),
            regular: self.regular.clone(),
            bold: self.bold.clone(),
        }
    }

    pub fn add(&mut self, page: Page) {
        self.pages
            .push(PdfPage::new(Mm(PAGE_WIDTH), Mm(PAGE_HEIGHT), page.ops));
    }

    /// The PDF file. Its streams are compressed as printpdf's own `save` does, except the two
    /// embedded font programs, which go in as `build.rs` deflated them: deflating 290 kB of
    /// fonts for every file was four fifths of a scoresheet's time.
    pub fn save(mut self) -> Vec<u8> {
        let pages = std::mem::take(&mut self.pages);
        self.pdf.with_pages(pages);
        let mut document =
            printpdf::to_lopdf_doc(&self.pdf, &PdfSaveOptions::default(), &mut Vec::new());
        for object in document.objects.values_mut() {
            if let lopdf::Object::Stream(stream) = object
                && stream.dict.has(b"Length1")
                && let Some(packed) = packed_font(&stream.content)
            {
                stream.dict.set("Filter", "FlateDecode");
                stream.set_content(packed.to_vec());
            }
        }
        // Streams that carry a filter already are left as they are.
        document.compress();
        let mut bytes = Vec::new();
        document
            .save_to(&mut bytes)
            .unwrap_or_else(|e| unreachable!("writing to memory does not fail: {e}"));
        bytes
    }
}

/// One page's drawing operations.
pub struct Page {
    ops: Vec<Op>,
    regular: FontId,
    bold: FontId,
}

fn point(x: f32, y: f32) -> Point {
    Point {
        x: Pt(x * PT_PER_MM),
        y: Pt((PAGE_HEIGHT - y) * PT_PER_MM),
    }
}

fn grey(level: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent: level,
        icc_profile: None,
    })
}

impl Page {
    /// `text` with its baseline at `y`, aligned on `x`.
    pub fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, align: Align, text: &str) {
        if text.is_empty() {
            return;
        }
        let width = text_width(text, size, weight);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let font = match weight {
            Weight::Regular => self.regular.clone(),
            Weight::Bold => self.bold.clone(),
        };
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFillColor { col: grey(0.0) },
            Op::SetFont {
                font: PdfFontHandle::External(font),
                size: Pt(size),
            },
            Op::SetTextCursor {
                pos: point(left, y),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_owned())],
            },
            Op::EndTextSection,
        ]);
    }

    /// `text` cut to `width` and aligned in the cell from `x` to `x + width`.
    pub fn cell(
        &mut self,
        (x, y): (f32, f32),
        width: f32,
        size: f32,
        weight: Weight,
        align: Align,
        text: &str,
    ) {
        const PAD: f32 = 0.8;
        let shown = fit(text, width - 2.0 * PAD, size, weight);
        let anchor = match align {
            Align::Left => x + PAD,
            Align::Centre => x + width / 2.0,
            Align::Right => x + width - PAD,
        };
        self.text(anchor, y, size, weight, align, &shown);
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), thickness: f32) {
        let end = |(x, y)| LinePoint {
            p: point(x, y),
            bezier: false,
        };
        self.ops.extend([
            Op::SetOutlineColor { col: grey(0.0) },
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::DrawLine {
                line: Line {
                    points: vec![end(from), end(to)],
                    is_closed: false,
                },
            },
        ]);
    }

    /// A rectangle from its top-left corner, outlined, and filled with `fill` grey (0 black, 1
    /// white) when given.
    pub fn rect(
        &mut self,
        (x, y): (f32, f32),
        (width, height): (f32, f32),
        fill: Option<f32>,
        thickness: f32,
    ) {
        let corner = point(x, y + height);
        let mode = if fill.is_some() {
            PaintMode::FillStroke
        } else {
            PaintMode::Stroke
        };
        self.ops.extend([
            Op::SetOutlineColor { col: grey(0.0) },
            Op::SetOutlineThickness { pt: Pt(thickness) },
            Op::SetFillColor {
                col: grey(fill.unwrap_or(1.0)),
            },
            Op::DrawRectangle {
                rectangle: Rect {
                    x: corner.x,
                    y: corner.y,
                    width: Pt(width * PT_PER_MM),
                    height: Pt(height * PT_PER_MM),
                    mode: Some(mode),
                    winding_order: None,
                },
            },
        ]);
    }
}
