import type { Box, DecodedImage } from './descriptor.js';

/**
 * The pure parts of the learned image descriptor (no model, no OpenCV): framing, colour histogram, pooling of the
 * network's feature map, quantisation and the binary record stored in image_features. Shared by the inference worker,
 * the tests and the benchmark.
 */

/** Side of the square the network sees. */
export const NET_INPUT = 224;
/** Width of the network's last feature map (MobileNetV2 ×1.4). */
export const CNN_DIMS = 1792;
/** Share of the shorter side a query photo is cropped to: shoppers centre what they photograph. */
export const QUERY_CROP = 0.75;
/** Margin around a catalogue picture's object, as a share of its longer side (each side). */
export const OBJECT_MARGIN = 0.08;

/** Centre square of `share` of the shorter side. */
export function centreSquare(width: number, height: number, share = QUERY_CROP): Box {
  const side = Math.min(width, height) * share;
  const x0 = (width - side) / 2;
  const y0 = (height - side) / 2;
  return { x0, y0, x1: x0 + side, y1: y0 + side };
}

/**
 * The square around an object with a margin (it may reach past the picture's edges: the caller pads with the
 * background). Without an object, the largest centred square.
 */
export function objectSquare(width: number, height: number, object: Box | null): Box {
  if (!object) return centreSquare(width, height, 1);
  const side = Math.max(object.x1 - object.x0, object.y1 - object.y0) * (1 + 2 * OBJECT_MARGIN);
  const cx = (object.x0 + object.x1) / 2;
  const cy = (object.y0 + object.y1) / 2;
  return { x0: cx - side / 2, y0: cy - side / 2, x1: cx + side / 2, y1: cy + side / 2 };
}

/** Scales a box found on a smaller copy of the picture to the picture's own size. */
export function scaleBox(box: Box, factor: number): Box {
  return { x0: box.x0 * factor, y0: box.y0 * factor, x1: box.x1 * factor, y1: box.y1 * factor };
}

// ---- network feature map → descriptor --------------------------------------------------------------------------

/**
 * Generalised-mean pooling (exponent 3: between average and max pooling, the usual choice for instance retrieval;
 * written out as x·x·x and a cube root) of an H×W×C feature map (non-negative activations), then a square root per component
 * (power normalisation: tames the few dominant channels) and unit length. Cosine of two results = their similarity.
 */
export function poolFeatureMap(map: Float32Array, channels: number): Float32Array {
  const positions = map.length / channels;
  const out = new Float32Array(channels);
  for (let p = 0; p < positions; p++) {
    const base = p * channels;
    for (let c = 0; c < channels; c++) {
      const x = map[base + c]!;
      if (x > 0) out[c]! += x * x * x;
    }
  }
  for (let c = 0; c < channels; c++) out[c] = Math.sqrt(Math.cbrt(out[c]! / positions));
  return normalise(out);
}

/** Plain global average of an H×W×C feature map, unit length (the network's own "feature vector" output). */
export function averagePool(map: Float32Array, channels: number): Float32Array {
  const positions = map.length / channels;
  const out = new Float32Array(channels);
  for (let p = 0; p < positions; p++) for (let c = 0; c < channels; c++) out[c]! += map[p * channels + c]!;
  return normalise(out);
}

export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / n;
  return v;
}

// ---- colour ----------------------------------------------------------------------------------------------------

const H_BINS = 16;
const S_BINS = 4;
const V_BINS = 4;
const GREY_BINS = 8;
export const COLOUR_DIMS = H_BINS * S_BINS * V_BINS + GREY_BINS;
/** Below this saturation or value a pixel has no reliable hue: it counts by brightness only. */
const MIN_SATURATION = 0.15;
const MIN_VALUE = 0.12;
/** Summed |ΔR|+|ΔG|+|ΔB| from the background colour above which a catalogue pixel is part of the object. */
const OBJECT_DIFF = 45;

function colourBin(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  if (s < MIN_SATURATION || v < MIN_VALUE) return H_BINS * S_BINS * V_BINS + Math.min(GREY_BINS - 1, Math.floor(v * GREY_BINS));
  const d = max - min;
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h /= 6;
  if (h < 0) h += 1;
  const hb = Math.min(H_BINS - 1, Math.floor(h * H_BINS));
  const sb = Math.min(S_BINS - 1, Math.floor(s * S_BINS));
  const vb = Math.min(V_BINS - 1, Math.floor(v * V_BINS));
  return (hb * S_BINS + sb) * V_BINS + vb;
}

/**
 * HSV histogram (16 hues × 4 saturations × 4 values, plus 8 greys) of the pixels in a box, Hellinger-normalised (square
 * roots of the frequencies, so the cosine of two is the Bhattacharyya coefficient). With `background`, only pixels
 * that differ from that colour count (a catalogue picture's object), unless too few do.
 */
export function colourHistogram(img: DecodedImage, box: Box, background: [number, number, number] | null = null): Float32Array {
  const x0 = Math.max(0, Math.floor(box.x0)), y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(img.width, Math.ceil(box.x1)), y1 = Math.min(img.height, Math.ceil(box.y1));
  const fill = (objectOnly: boolean) => {
    const hist = new Float32Array(COLOUR_DIMS);
    let n = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * img.width + x) * 3;
        const r = img.data[i]!, g = img.data[i + 1]!, b = img.data[i + 2]!;
        if (objectOnly && background && Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) <= OBJECT_DIFF) continue;
        hist[colourBin(r, g, b)]! += 1;
        n++;
      }
    }
    return { hist, n };
  };
  let { hist, n } = fill(background !== null);
  if (background && n < (x1 - x0) * (y1 - y0) * 0.05) ({ hist, n } = fill(false));
  for (let i = 0; i < hist.length; i++) hist[i] = n > 0 ? Math.sqrt(hist[i]! / n) : 0;
  return hist;
}

/** Median colour of the picture's outermost pixels (the background of a catalogue shot). */
export function borderColour(img: DecodedImage): [number, number, number] {
  const channels: number[][] = [[], [], []];
  const push = (x: number, y: number) => {
    const i = (y * img.width + x) * 3;
    for (let c = 0; c < 3; c++) channels[c]!.push(img.data[i + c]!);
  };
  for (let x = 0; x < img.width; x++) {
    push(x, 0);
    push(x, img.height - 1);
  }
  for (let y = 1; y < img.height - 1; y++) {
    push(0, y);
    push(img.width - 1, y);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1] ?? 255;
  return [median(channels[0]!), median(channels[1]!), median(channels[2]!)];
}

// ---- quantised vectors -----------------------------------------------------------------------------------------

/** A non-negative vector stored as bytes: value ≈ byte × scale (scale = largest value / 255). */
export type QuantisedVector = { bytes: Uint8Array; scale: number };

export function quantise(v: Float32Array): QuantisedVector {
  let max = 0;
  for (const x of v) if (x > max) max = x;
  const bytes = new Uint8Array(v.length);
  const scale = max > 0 ? max / 255 : 0;
  if (max > 0) for (let i = 0; i < v.length; i++) bytes[i] = Math.round(Math.max(0, v[i]!) / scale);
  return { bytes, scale };
}

export function dequantise(q: QuantisedVector): Float32Array {
  return Float32Array.from(q.bytes, (b) => b * q.scale);
}

// ---- stored records --------------------------------------------------------------------------------------------

/** The vectors of one catalogue image, as stored in image_features.vector: network and colour parts. */
export type ImageVectors = { cnn: QuantisedVector; colour: QuantisedVector };

const VECTOR_RECORD_BYTES = 8 + CNN_DIMS + COLOUR_DIMS;

export function packVectors(v: ImageVectors): Buffer {
  const out = Buffer.alloc(VECTOR_RECORD_BYTES);
  out.writeFloatLE(v.cnn.scale, 0);
  out.writeFloatLE(v.colour.scale, 4);
  out.set(v.cnn.bytes, 8);
  out.set(v.colour.bytes, 8 + CNN_DIMS);
  return out;
}

/** Null for a record of another layout (the caller re-describes that image). Copies: a Buffer's slice is a view. */
export function unpackVectors(buf: Uint8Array): ImageVectors | null {
  if (buf.length !== VECTOR_RECORD_BYTES) return null;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  return {
    cnn: { scale: view.getFloat32(0, true), bytes: new Uint8Array(buf.subarray(8, 8 + CNN_DIMS)) },
    colour: { scale: view.getFloat32(4, true), bytes: new Uint8Array(buf.subarray(8 + CNN_DIMS)) },
  };
}

/** ORB keypoints of one picture: positions (pixels of the 400-px working raster) and 32-byte binary descriptors. */
export type Keypoints = { xy: Float32Array; descriptors: Uint8Array };

/** Stored as: count (u16), then count × (x, y) as u16 in 1/16 px, then count × 32 descriptor bytes. */
export function packKeypoints(k: Keypoints): Buffer {
  const n = k.descriptors.length >> 5;
  const out = Buffer.alloc(2 + n * 4 + n * 32);
  out.writeUInt16LE(n, 0);
  for (let i = 0; i < n * 2; i++) out.writeUInt16LE(Math.max(0, Math.min(65535, Math.round(k.xy[i]! * 16))), 2 + i * 2);
  out.set(k.descriptors.subarray(0, n * 32), 2 + n * 4);
  return out;
}

export function unpackKeypoints(buf: Uint8Array): Keypoints | null {
  if (buf.length < 2) return null;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const n = view.getUint16(0, true);
  if (buf.length !== 2 + n * 36) return null;
  const xy = new Float32Array(n * 2);
  for (let i = 0; i < n * 2; i++) xy[i] = view.getUint16(2 + i * 2, true) / 16;
  return { xy, descriptors: new Uint8Array(buf.subarray(2 + n * 4)) };
}
