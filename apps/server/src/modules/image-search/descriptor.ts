import sharp from 'sharp';

/**
 * Visual descriptors for reverse image search, computed in-process with sharp (no downloaded model).
 *
 * An image is described by a few *views* (the whole picture, the picture trimmed to its object, a centre crop),
 * each a unit vector made of weighted, separately normalised blocks:
 *   - colour: soft-binned HSV histogram of the object's pixels (Hellinger-normalised, so cosine = Bhattacharyya);
 *   - layout: mean Lab colour on a 4×4 grid, lightness centred (brightness changes cancel out);
 *   - edges: a small HOG (unsigned gradient orientations, soft-binned, on a 3×3 grid plus a global histogram).
 * Because every block is unit length and scaled by √weight, the cosine of two views is the weighted mean of the
 * block cosines. Matching takes the best pair of views, which is what makes crops, padding and new backgrounds work.
 */

/** A pluggable way to turn an image into view vectors; a learned embedding provider can implement the same. */
export type ImageEmbedder = {
  /** Stored with every descriptor; rows of another model are ignored (and recomputed by the backfill). */
  readonly model: string;
  readonly dims: number;
  /** Views to store for a catalogue image. */
  describeCatalogue(img: DecodedImage): Float32Array[];
  /** Views to try for a query image (more of them: the query is the one that was cropped or re-framed). */
  describeQuery(img: DecodedImage): Float32Array[];
};

/** An image decoded once to small RGB (both sides of the index work from this). */
export type DecodedImage = { data: Uint8Array; width: number; height: number };

/** Longest side the descriptors work at: plenty for colour, layout and coarse edges, and fast on a 1 MP photo. */
const WORK_SIZE = 160;
/** Side of the normalised square a view is resampled to before layout and edges are measured. */
const VIEW_SIZE = 48;

export class ImageDecodeError extends Error {}

/**
 * Decodes any format sharp reads (EXIF orientation applied, transparency flattened on white) to small RGB, the longer
 * side `size` pixels (smaller pictures are enlarged).
 * Throws ImageDecodeError for data that is not a readable image (truncated, corrupt).
 */
export async function decodeImage(input: Buffer, size = WORK_SIZE): Promise<DecodedImage> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: 60_000_000, animated: false })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(size, size, { fit: 'inside', fastShrinkOnLoad: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || info.width < 2 || info.height < 2) throw new Error('unexpected raster');
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (err) {
    throw new ImageDecodeError(err instanceof Error ? err.message : String(err));
  }
}

export type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * Finds the object: pixels that differ from the background, bounded with percentiles so specks don't stretch it.
 * The background is modelled from the border strips, interpolated across the picture, so plain and gradient
 * backgrounds both work. Returns null when there is no clear object (noise, full-bleed photos) or it fills the frame.
 */
export function findObjectBox(img: DecodedImage): Box | null {
  const { data, width: w, height: h } = img;
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.03));
  // mean colour of each border strip per row (left, right) and per column (top, bottom), and how busy they are
  const left = new Float32Array(h * 3), right = new Float32Array(h * 3), top = new Float32Array(w * 3), bottom = new Float32Array(w * 3);
  let rough = 0;
  let roughN = 0;
  const strip = (out: Float32Array, o: number, pixels: number[]) => {
    for (let c = 0; c < 3; c++) {
      let m = 0;
      for (const i of pixels) m += data[i + c]!;
      m /= pixels.length;
      out[o * 3 + c] = m;
      for (const i of pixels) rough += Math.abs(data[i + c]! - m);
    }
    roughN += pixels.length;
  };
  for (let y = 0; y < h; y++) {
    const l: number[] = [], r: number[] = [];
    for (let x = 0; x < band; x++) {
      l.push((y * w + x) * 3);
      r.push((y * w + (w - 1 - x)) * 3);
    }
    strip(left, y, l);
    strip(right, y, r);
  }
  for (let x = 0; x < w; x++) {
    const t: number[] = [], b: number[] = [];
    for (let y = 0; y < band; y++) {
      t.push((y * w + x) * 3);
      b.push(((h - 1 - y) * w + x) * 3);
    }
    strip(top, x, t);
    strip(bottom, x, b);
  }
  rough /= roughN;
  // a busy border (noise, a full-bleed photo) has no background to trim
  if (rough > 25) return null;
  const threshold = Math.max(48, rough * 6);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // inverse-distance blend of the four nearest border samples
      const wl = 1 / (x + 1), wr = 1 / (w - x), wt = 1 / (y + 1), wb = 1 / (h - y);
      const ws = wl + wr + wt + wb;
      const i = (y * w + x) * 3;
      let d = 0;
      for (let c = 0; c < 3; c++) {
        const bg = (left[y * 3 + c]! * wl + right[y * 3 + c]! * wr + top[x * 3 + c]! * wt + bottom[x * 3 + c]! * wb) / ws;
        d += Math.abs(data[i + c]! - bg);
      }
      if (d > threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  const n = xs.length;
  if (n < w * h * 0.02) return null;
  xs.sort((a, b) => a - b);
  ys.sort((a, b) => a - b);
  const lo = Math.floor(n * 0.01);
  const hi = Math.min(n - 1, Math.ceil(n * 0.99));
  const box = { x0: xs[lo]!, y0: ys[lo]!, x1: xs[hi]! + 1, y1: ys[hi]! + 1 };
  const area = (box.x1 - box.x0) * (box.y1 - box.y0);
  if (area > w * h * 0.92 || box.x1 - box.x0 < 4 || box.y1 - box.y0 < 4) return null;
  return box;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}

/** Area-averaged resample of a box of the image to a size×size RGB square (float 0..255). */
function resampleBox(img: DecodedImage, box: Box, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const bw = (box.x1 - box.x0) / size;
  const bh = (box.y1 - box.y0) / size;
  for (let oy = 0; oy < size; oy++) {
    const sy0 = box.y0 + oy * bh;
    const sy1 = sy0 + bh;
    for (let ox = 0; ox < size; ox++) {
      const sx0 = box.x0 + ox * bw;
      const sx1 = sx0 + bw;
      let r = 0, g = 0, b = 0, wsum = 0;
      for (let y = Math.floor(sy0); y < Math.ceil(sy1); y++) {
        const wy = Math.min(y + 1, sy1) - Math.max(y, sy0);
        if (wy <= 0) continue;
        for (let x = Math.floor(sx0); x < Math.ceil(sx1); x++) {
          const wx = Math.min(x + 1, sx1) - Math.max(x, sx0);
          if (wx <= 0) continue;
          const wgt = wx * wy;
          const i = (Math.min(y, img.height - 1) * img.width + Math.min(x, img.width - 1)) * 3;
          r += img.data[i]! * wgt;
          g += img.data[i + 1]! * wgt;
          b += img.data[i + 2]! * wgt;
          wsum += wgt;
        }
      }
      const o = (oy * size + ox) * 3;
      out[o] = r / wsum;
      out[o + 1] = g / wsum;
      out[o + 2] = b / wsum;
    }
  }
  return out;
}

// ---- colour: soft HSV histogram --------------------------------------------------------------------------------

const H_BINS = 12;
const S_BINS = 3;
const V_BINS = 3;
const GRAY_BINS = 5;
const COLOUR_DIMS = H_BINS * S_BINS * V_BINS + GRAY_BINS;

function rgbToHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h /= 6;
    if (h < 0) h += 1;
  }
  return [h, max === 0 ? 0 : d / max, max / 255];
}

/** Linear soft assignment of a value in [0,1] to `bins` bins: [lower bin, weight of lower, upper bin]. */
function soft(v: number, bins: number, circular: boolean): [number, number, number] {
  const pos = circular ? v * bins - 0.5 : Math.min(Math.max(v * bins - 0.5, 0), bins - 1);
  let lo = Math.floor(pos);
  const frac = pos - lo;
  let hi = lo + 1;
  if (circular) {
    lo = ((lo % bins) + bins) % bins;
    hi = hi % bins;
  } else if (hi > bins - 1) hi = bins - 1;
  return [lo, 1 - frac, hi];
}

function colourBlock(pixels: Float32Array, mask: Uint8Array | null): Float32Array {
  const hist = new Float32Array(COLOUR_DIMS);
  const n = pixels.length / 3;
  for (let p = 0; p < n; p++) {
    if (mask && !mask[p]) continue;
    const [h, s, v] = rgbToHsv(pixels[p * 3]!, pixels[p * 3 + 1]!, pixels[p * 3 + 2]!);
    // chroma fades into grey smoothly, so faded or darkened copies still share mass with the original
    const chroma = Math.min(1, Math.max(0, (s * Math.min(1, v * 2.5) - 0.08) / 0.17));
    if (chroma > 0) {
      const [h0, hw, h1] = soft(h, H_BINS, true);
      const [s0, sw, s1] = soft((s - 0.1) / 0.9, S_BINS, false);
      const [v0, vw, v1] = soft(v, V_BINS, false);
      for (const [hb, hwt] of [[h0, hw], [h1, 1 - hw]] as const) {
        for (const [sb, swt] of [[s0, sw], [s1, 1 - sw]] as const) {
          for (const [vb, vwt] of [[v0, vw], [v1, 1 - vw]] as const) {
            hist[(hb * S_BINS + sb) * V_BINS + vb]! += chroma * hwt * swt * vwt;
          }
        }
      }
    }
    if (chroma < 1) {
      const [g0, gw, g1] = soft(v, GRAY_BINS, false);
      const base = H_BINS * S_BINS * V_BINS;
      hist[base + g0]! += (1 - chroma) * gw;
      hist[base + g1]! += (1 - chroma) * (1 - gw);
    }
  }
  let sum = 0;
  for (const x of hist) sum += x;
  // Hellinger: square roots of the frequencies make the cosine a Bhattacharyya coefficient
  for (let i = 0; i < hist.length; i++) hist[i] = sum > 0 ? Math.sqrt(hist[i]! / sum) : 0;
  return hist;
}

// ---- layout: Lab colour on a grid ------------------------------------------------------------------------------

const GRID = 4;
const LAYOUT_DIMS = GRID * GRID * 3;

function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}
const labF = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

function toLab(pixels: Float32Array): Float32Array {
  const n = pixels.length / 3;
  const out = new Float32Array(pixels.length);
  for (let p = 0; p < n; p++) {
    const r = srgbToLinear(pixels[p * 3]!);
    const g = srgbToLinear(pixels[p * 3 + 1]!);
    const b = srgbToLinear(pixels[p * 3 + 2]!);
    const x = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const y = labF(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    out[p * 3] = 116 * y - 16;
    out[p * 3 + 1] = 500 * (x - y);
    out[p * 3 + 2] = 200 * (y - z);
  }
  return out;
}

function layoutBlock(lab: Float32Array, size: number): Float32Array {
  const cells = new Float32Array(LAYOUT_DIMS);
  const counts = new Float32Array(GRID * GRID);
  let meanL = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = Math.floor((y * GRID) / size) * GRID + Math.floor((x * GRID) / size);
      const i = (y * size + x) * 3;
      cells[c * 3]! += lab[i]!;
      cells[c * 3 + 1]! += lab[i + 1]!;
      cells[c * 3 + 2]! += lab[i + 2]!;
      counts[c]! += 1;
      meanL += lab[i]!;
    }
  }
  meanL /= size * size;
  for (let c = 0; c < GRID * GRID; c++) {
    const k = counts[c] || 1;
    // lightness relative to the picture's mean: a brighter copy keeps the same pattern
    cells[c * 3] = (cells[c * 3]! / k - meanL) / 40;
    cells[c * 3 + 1] = cells[c * 3 + 1]! / k / 40;
    cells[c * 3 + 2] = cells[c * 3 + 2]! / k / 40;
  }
  // a flat picture has no layout: a zero block, alike to nothing (not to every other flat-ish picture)
  return unit(cells, 0);
}

// ---- edges: a small HOG ----------------------------------------------------------------------------------------

const ORIENT_BINS = 8;
const HOG_GRID = 3;
/** Centred orientation histograms of the grid cells and the whole view, then the cells' relative edge energy. */
const EDGE_DIMS = (HOG_GRID * HOG_GRID + 1) * ORIENT_BINS + HOG_GRID * HOG_GRID;

function edgeBlock(lab: Float32Array, size: number): Float32Array {
  const hist = new Float32Array(EDGE_DIMS);
  const L = (x: number, y: number) => lab[(y * size + x) * 3]!;
  // contrast-normalised: gradients relative to the picture's lightness spread
  let mean = 0;
  let sq = 0;
  for (let i = 0; i < size * size; i++) {
    mean += lab[i * 3]!;
    sq += lab[i * 3]! ** 2;
  }
  mean /= size * size;
  // the floor keeps faint texture (sensor noise, a nearly flat picture) from being blown up into strong edges
  const sd = Math.sqrt(Math.max(sq / (size * size) - mean * mean, 100));
  const global = HOG_GRID * HOG_GRID * ORIENT_BINS;
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const gx = (L(x + 1, y) - L(x - 1, y)) / sd;
      const gy = (L(x, y + 1) - L(x, y - 1)) / sd;
      const mag = Math.hypot(gx, gy);
      if (mag < 0.05) continue;
      let angle = Math.atan2(gy, gx);
      if (angle < 0) angle += Math.PI;
      const [o0, ow, o1] = soft(angle / Math.PI, ORIENT_BINS, true);
      const c = Math.floor((y * HOG_GRID) / size) * HOG_GRID + Math.floor((x * HOG_GRID) / size);
      hist[c * ORIENT_BINS + o0]! += mag * ow;
      hist[c * ORIENT_BINS + o1]! += mag * (1 - ow);
      // the global histogram carries the object's overall shape, whatever its framing
      hist[global + o0]! += mag * ow * 2;
      hist[global + o1]! += mag * (1 - ow) * 2;
    }
  }
  // Centred: what matters is how a cell's edges lean and which cells hold more edges than others. Texture without
  // direction (noise, grain) is then close to a zero block instead of resembling every busy picture.
  const cells = HOG_GRID * HOG_GRID + 1;
  const energy = new Float32Array(cells);
  for (let c = 0; c < cells; c++) {
    let sum = 0;
    for (let o = 0; o < ORIENT_BINS; o++) sum += hist[c * ORIENT_BINS + o]!;
    energy[c] = sum;
    for (let o = 0; o < ORIENT_BINS; o++) hist[c * ORIENT_BINS + o] = hist[c * ORIENT_BINS + o]! - sum / ORIENT_BINS;
  }
  const meanEnergy = energy.slice(0, cells - 1).reduce((a, b) => a + b, 0) / (cells - 1);
  const out = new Float32Array(EDGE_DIMS);
  out.set(hist.subarray(0, EDGE_DIMS - (cells - 1)));
  for (let c = 0; c < cells - 1; c++) out[EDGE_DIMS - (cells - 1) + c] = (energy[c]! - meanEnergy) * 0.5;
  return unit(out, 0);
}

// ---- assembling views ------------------------------------------------------------------------------------------

function unit(v: Float32Array, offset: number): Float32Array {
  const out = new Float32Array(v.length + (offset > 0 ? 1 : 0));
  out.set(v);
  if (offset > 0) out[v.length] = offset;
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm;
  return out;
}

/** Block weights (they sum to 1, so the cosine of two views is a weighted mean of block cosines). */
export const SOUQ_WEIGHTS = { colour: 0.45, layout: 0.25, edges: 0.3 };
const SOUQ_DIMS = COLOUR_DIMS + LAYOUT_DIMS + EDGE_DIMS;

/** Pixels of a view that belong to the object rather than a plain background (null: use them all). */
function objectMask(pixels: Float32Array, size: number): Uint8Array | null {
  const band: number[][] = [[], [], []];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (x > 1 && x < size - 2 && y > 1 && y < size - 2) continue;
      const i = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) band[c]!.push(pixels[i + c]!);
    }
  }
  const bg = band.map(median);
  const mask = new Uint8Array(size * size);
  let kept = 0;
  for (let p = 0; p < size * size; p++) {
    const d = Math.abs(pixels[p * 3]! - bg[0]!) + Math.abs(pixels[p * 3 + 1]! - bg[1]!) + Math.abs(pixels[p * 3 + 2]! - bg[2]!);
    if (d > 40) {
      mask[p] = 1;
      kept++;
    }
  }
  return kept > size * size * 0.15 ? mask : null;
}

/**
 * Brightness normalisation: scales the view so its brightest pixels (98th percentile of max(R,G,B)) sit at the same
 * level. Undoes exposure changes of a photo (within limits) before colours are binned.
 */
function normaliseExposure(pixels: Float32Array): void {
  const n = pixels.length / 3;
  const peaks = new Float32Array(n);
  for (let p = 0; p < n; p++) peaks[p] = Math.max(pixels[p * 3]!, pixels[p * 3 + 1]!, pixels[p * 3 + 2]!);
  peaks.sort();
  const p98 = peaks[Math.floor(n * 0.98)]!;
  const factor = Math.min(1.6, Math.max(0.75, 240 / Math.max(p98, 1)));
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.min(255, pixels[i]! * factor);
}

function souqView(img: DecodedImage, box: Box): Float32Array {
  const pixels = resampleBox(img, box, VIEW_SIZE);
  normaliseExposure(pixels);
  const lab = toLab(pixels);
  const blocks: [Float32Array, number][] = [
    [colourBlock(pixels, objectMask(pixels, VIEW_SIZE)), SOUQ_WEIGHTS.colour],
    [layoutBlock(lab, VIEW_SIZE), SOUQ_WEIGHTS.layout],
    [edgeBlock(lab, VIEW_SIZE), SOUQ_WEIGHTS.edges],
  ];
  const out = new Float32Array(SOUQ_DIMS);
  let o = 0;
  for (const [block, weight] of blocks) {
    const s = Math.sqrt(weight);
    for (let i = 0; i < block.length; i++) out[o + i] = block[i]! * s;
    o += block.length;
  }
  return out;
}

const full = (img: DecodedImage): Box => ({ x0: 0, y0: 0, x1: img.width, y1: img.height });

function shrink(box: Box, keep: number): Box {
  const dx = ((box.x1 - box.x0) * (1 - keep)) / 2;
  const dy = ((box.y1 - box.y0) * (1 - keep)) / 2;
  return { x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 - dx, y1: box.y1 - dy };
}

/** The framings worth comparing: the whole picture, its object, and (for queries) tighter crops of both. */
function views(img: DecodedImage, query: boolean): Box[] {
  const out: Box[] = [full(img)];
  const object = findObjectBox(img);
  if (object) out.push(object);
  if (query) {
    out.push(shrink(full(img), 0.8));
    if (object) {
      // a query framed on a new background: its object box is the original picture; trim once more inside it
      const inner = findObjectBox({ ...img, ...cropImage(img, object) });
      if (inner) out.push({ x0: object.x0 + inner.x0, y0: object.y0 + inner.y0, x1: object.x0 + inner.x1, y1: object.y0 + inner.y1 });
    }
  }
  return out;
}

function cropImage(img: DecodedImage, box: Box): DecodedImage {
  const x0 = Math.round(box.x0), y0 = Math.round(box.y0);
  const w = Math.max(2, Math.round(box.x1) - x0), h = Math.max(2, Math.round(box.y1) - y0);
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * img.width + x0) * 3;
    data.set(img.data.subarray(src, src + w * 3), y * w * 3);
  }
  return { data, width: w, height: h };
}

/** Souq's descriptor: colour + layout + edges, several framings. */
export const souqEmbedder: ImageEmbedder = {
  model: 'souq-cle-v1',
  dims: SOUQ_DIMS,
  describeCatalogue: (img) => views(img, false).map((b) => souqView(img, b)),
  describeQuery: (img) => views(img, true).map((b) => souqView(img, b)),
};

/** The plain baseline of the benchmark: one global RGB histogram (8×8×8 bins), whole picture, no framing. */
export const colourHistogramEmbedder: ImageEmbedder = {
  model: 'rgb-hist-512',
  dims: 512,
  describeCatalogue: (img) => [rgbHistogram(img)],
  describeQuery: (img) => [rgbHistogram(img)],
};

function rgbHistogram(img: DecodedImage): Float32Array {
  const hist = new Float32Array(512);
  for (let i = 0; i < img.data.length; i += 3) {
    hist[(img.data[i]! >> 5) * 64 + (img.data[i + 1]! >> 5) * 8 + (img.data[i + 2]! >> 5)]! += 1;
  }
  return unit(hist, 0);
}
