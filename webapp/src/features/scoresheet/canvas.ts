// A page to draw on in millimetres from the top-left corner, as the layout thinks: the jsPDF port
// of the CLI's `crates/pdf/src/canvas.rs`. Text is measured with the embedded font's own advance
// widths (jsPDF reads them from the TrueType file), so it can be aligned and cut to a column.
import { jsPDF } from 'jspdf';

/** A4 landscape. */
export const PAGE_WIDTH = 297;
export const PAGE_HEIGHT = 210;
const PT_PER_MM = 72 / 25.4;

export type Weight = 'regular' | 'bold';
export type Align = 'left' | 'centre' | 'right';

/** The embedded fonts' TrueType files, base64-encoded, as jsPDF's virtual file system takes them. */
export interface ScoresheetFonts {
  regular: string;
  bold: string;
}

/** Each face is a font of its own in the document, named as its PostScript name (as the CLI's). */
const NAMES: Record<Weight, string> = { regular: 'RobotoCondensed-Regular', bold: 'RobotoCondensed-Bold' };

/** A grey level from 0 (black) to 1 (white), as jsPDF writes it: a gray-space colour. */
const grey = (level: number) => String(level);

/** A document of A4 landscape pages drawn with the embedded fonts. */
export class Canvas {
  readonly doc: jsPDF;
  private pages = 0;

  constructor(title: string, fonts: ScoresheetFonts) {
    this.doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: [PAGE_WIDTH, PAGE_HEIGHT], putOnlyUsedFonts: true, compress: true });
    for (const weight of ['regular', 'bold'] as const) {
      this.doc.addFileToVFS(`${NAMES[weight]}.ttf`, fonts[weight]);
      this.doc.addFont(`${NAMES[weight]}.ttf`, NAMES[weight], 'normal', 'Identity-H');
    }
    this.doc.setProperties({ title });
  }

  /** Starts the next page (the document is made with its first). */
  page(): void {
    if (this.pages > 0) this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT], 'landscape');
    this.pages += 1;
  }

  private use(size: number, weight: Weight): void {
    this.doc.setFont(NAMES[weight], 'normal');
    this.doc.setFontSize(size);
  }

  /** The width of `text` in millimetres at `size` points. */
  textWidth(text: string, size: number, weight: Weight): number {
    this.use(size, weight);
    return this.doc.getStringUnitWidth(text) * size / PT_PER_MM;
  }

  /** `text`, cut with an ellipsis to fit `width` millimetres. */
  fit(text: string, width: number, size: number, weight: Weight): string {
    if (this.textWidth(text, size, weight) <= width) return text;
    const cut = Array.from(text);
    while (cut.length > 0 && this.textWidth(`${cut.join('')}…`, size, weight) > width) cut.pop();
    return `${cut.join('').trimEnd()}…`;
  }

  /** `text` with its baseline at `y`, aligned on `x`. */
  text(x: number, y: number, size: number, weight: Weight, align: Align, text: string): void {
    if (text === '') return;
    const width = this.textWidth(text, size, weight);
    const left = align === 'left' ? x : align === 'centre' ? x - width / 2 : x - width;
    this.use(size, weight);
    this.doc.setTextColor(grey(0));
    this.doc.text(text, left, y, { baseline: 'alphabetic' });
  }

  /** `text` cut to `width` and aligned in the cell from `x` to `x + width`. */
  cell([x, y]: [number, number], width: number, size: number, weight: Weight, align: Align, text: string): void {
    const PAD = 0.8;
    const shown = this.fit(text, width - 2 * PAD, size, weight);
    const anchor = align === 'left' ? x + PAD : align === 'centre' ? x + width / 2 : x + width - PAD;
    this.text(anchor, y, size, weight, align, shown);
  }

  /** A line of `thickness` points. */
  line([x1, y1]: [number, number], [x2, y2]: [number, number], thickness: number): void {
    this.doc.setDrawColor(grey(0));
    this.doc.setLineWidth(thickness / PT_PER_MM);
    this.doc.line(x1, y1, x2, y2);
  }

  /**
   * A rectangle from its top-left corner, outlined with `thickness` points, and filled with
   * `fill` grey (0 black, 1 white) when given.
   */
  rect([x, y]: [number, number], [width, height]: [number, number], fill: number | null, thickness: number): void {
    this.doc.setDrawColor(grey(0));
    this.doc.setLineWidth(thickness / PT_PER_MM);
    this.doc.setFillColor(grey(fill ?? 1));
    this.doc.rect(x, y, width, height, fill === null ? 'S' : 'FD');
  }
}
