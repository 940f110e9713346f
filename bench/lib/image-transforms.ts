import sharp from 'sharp';

/**
 * The photo "damage" a shopper's picture of a product suffers: crops, small rotations, brightness changes, JPEG
 * recompression and new backgrounds. Used by the image-search benchmark's generator and by the tests, so both
 * measure the same thing. Deterministic for a given random source.
 */
import { seededRng, type Rng } from './random.js';

export { seededRng, type Rng };

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

export type TransformName = 'crop' | 'rotate' | 'brightness' | 'background' | 'jpeg';

/** Keeps a random window of 65–90 % of each side (the object stays mostly in view, as in a real photo). */
export async function cropImage(input: Buffer, rng: Rng): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const w = meta.width!, h = meta.height!;
  const cw = Math.round(w * between(rng, 0.65, 0.9));
  const ch = Math.round(h * between(rng, 0.65, 0.9));
  const left = Math.round((w - cw) * rng());
  const top = Math.round((h - ch) * rng());
  return sharp(input).extract({ left, top, width: cw, height: ch }).png().toBuffer();
}

/** Rotates by a small angle (±4–12°), filling the corners with a light grey as a camera frame would show. */
export async function rotateImage(input: Buffer, rng: Rng, maxDeg = 12): Promise<Buffer> {
  const angle = between(rng, 4, maxDeg) * (rng() < 0.5 ? -1 : 1);
  return sharp(input).rotate(angle, { background: '#e8e8e8' }).png().toBuffer();
}

/** Darker or brighter by up to 30 %. */
export async function brightnessImage(input: Buffer, rng: Rng): Promise<Buffer> {
  const factor = rng() < 0.5 ? between(rng, 0.7, 0.88) : between(rng, 1.12, 1.3);
  return sharp(input).modulate({ brightness: factor }).png().toBuffer();
}

/** Places the picture, scaled to 60–80 %, on a new plain or two-tone background. */
export async function backgroundImage(input: Buffer, rng: Rng): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const w = meta.width!, h = meta.height!;
  const scale = between(rng, 0.6, 0.8);
  const iw = Math.round(w * scale), ih = Math.round(h * scale);
  const inner = await sharp(input).resize(iw, ih).png().toBuffer();
  const colour = () => `rgb(${Math.round(between(rng, 60, 250))},${Math.round(between(rng, 60, 250))},${Math.round(between(rng, 60, 250))})`;
  const a = colour(), b = colour();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: inner, left: Math.round((w - iw) * rng()), top: Math.round((h - ih) * rng()) }])
    .png()
    .toBuffer();
}

/** Recompresses as a low-quality JPEG (quality 35–70). */
export async function jpegImage(input: Buffer, rng: Rng): Promise<Buffer> {
  return sharp(input).flatten({ background: '#ffffff' }).jpeg({ quality: Math.round(between(rng, 35, 70)) }).toBuffer();
}

const TRANSFORMS: Record<TransformName, (input: Buffer, rng: Rng) => Promise<Buffer>> = {
  crop: cropImage,
  rotate: rotateImage,
  brightness: brightnessImage,
  background: backgroundImage,
  jpeg: jpegImage,
};

/** Applies the named transforms in order (JPEG last, as a shared photo would be). */
export async function transformImage(input: Buffer, names: TransformName[], rng: Rng): Promise<Buffer> {
  let out = input;
  const ordered = [...names].sort((a, b) => Number(a === 'jpeg') - Number(b === 'jpeg'));
  for (const name of ordered) out = await TRANSFORMS[name](out, rng);
  return ordered.includes('jpeg') ? out : sharp(out).jpeg({ quality: 90 }).toBuffer();
}

/** A random mix of 2–4 transforms, always ending with JPEG recompression. */
export function randomTransformSet(rng: Rng): TransformName[] {
  const pool: TransformName[] = ['crop', 'rotate', 'brightness', 'background'];
  const picked = pool.filter(() => rng() < 0.55);
  if (picked.length === 0) picked.push(pool[Math.floor(rng() * pool.length)]!);
  return [...picked, 'jpeg'];
}

/** An image of uniform random noise: matches no product. */
export async function noiseImage(size: number, rng: Rng): Promise<Buffer> {
  const data = Buffer.alloc(size * size * 3);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(rng() * 256);
  return sharp(data, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}
