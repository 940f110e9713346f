import sharp from 'sharp';
import { decodeImage, findObjectBox, type Box, type DecodedImage } from './descriptor.js';
import { loadOrb, type Orb } from './orb.js';
import { loadVisualModel, type VisualModel } from './visual-model.js';
import { VISUAL_DESCRIPTOR_MODEL } from './visual-model-id.js';
import {
  borderColour,
  centreSquare,
  colourHistogram,
  NET_INPUT,
  objectSquare,
  quantise,
  scaleBox,
  type ImageVectors,
  type Keypoints,
} from './visual-features.js';
import type { QueryVectors } from './visual-index.js';

/**
 * The learned descriptor end to end (runs in the inference worker): decode → frame → network feature + colour
 * histogram + ORB keypoints. A catalogue picture is framed on its object (found against its background), a shopper's
 * photo on its centre; the query's keypoints cover the whole photo, since the product may sit anywhere in it.
 */

export { VISUAL_DESCRIPTOR_MODEL };

/** Longer side of the working raster (ORB keypoints, colour, framing). Smaller pictures are enlarged to it. */
export const RASTER_SIZE = 400;
/** Longer side of the small copy the object box is searched on (findObjectBox's scale). */
const BOX_SEARCH_SIZE = 160;

export type CatalogueDescription = { vectors: ImageVectors; keypoints: Keypoints };
export type QueryDescription = { vectors: QueryVectors; keypoints: Keypoints };

export type VisualEngine = {
  describeCatalogue(bytes: Buffer): Promise<CatalogueDescription>;
  describeQuery(bytes: Buffer): Promise<QueryDescription>;
  orb: Orb;
};

function greyscale(img: DecodedImage): Uint8Array {
  const out = new Uint8Array(img.width * img.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) {
    out[p] = (img.data[i]! * 77 + img.data[i + 1]! * 150 + img.data[i + 2]! * 29) >> 8;
  }
  return out;
}

/** The square `box` of the picture (padded with `background` where it reaches past the edges), as network input. */
async function networkInput(img: DecodedImage, box: Box, background: [number, number, number]): Promise<Uint8Array> {
  const side = Math.max(1, Math.round(box.x1 - box.x0));
  const x0 = Math.round(box.x0);
  const y0 = Math.round(box.y0);
  const vx0 = Math.min(img.width - 1, Math.max(0, x0));
  const vy0 = Math.min(img.height - 1, Math.max(0, y0));
  const vx1 = Math.max(vx0 + 1, Math.min(img.width, x0 + side));
  const vy1 = Math.max(vy0 + 1, Math.min(img.height, y0 + side));
  const raw = { raw: { width: img.width, height: img.height, channels: 3 as const } };
  // sharp extends after resizing within one pipeline, so the padded square is made first, then scaled
  const padded = await sharp(img.data, raw)
    .extract({ left: vx0, top: vy0, width: vx1 - vx0, height: vy1 - vy0 })
    .extend({
      left: Math.max(0, vx0 - x0),
      top: Math.max(0, vy0 - y0),
      right: Math.max(0, x0 + side - vx1),
      bottom: Math.max(0, y0 + side - vy1),
      background: { r: background[0], g: background[1], b: background[2] },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = await sharp(padded.data, { raw: { width: padded.info.width, height: padded.info.height, channels: 3 } })
    .resize(NET_INPUT, NET_INPUT, { fit: 'fill' })
    .raw()
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** The object of a catalogue picture on the working raster, found on a small copy (null: no clear background). */
async function objectBox(img: DecodedImage): Promise<Box | null> {
  const scale = Math.min(1, BOX_SEARCH_SIZE / Math.max(img.width, img.height));
  if (scale === 1) return findObjectBox(img);
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(Math.max(2, Math.round(img.width * scale)), Math.max(2, Math.round(img.height * scale)), { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = findObjectBox({ data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height });
  return box && scaleBox(box, img.width / info.width);
}

export async function createVisualEngine(): Promise<VisualEngine> {
  const [model, orb]: [VisualModel, Orb] = await Promise.all([loadVisualModel(), loadOrb()]);
  return {
    orb,
    async describeCatalogue(bytes) {
      const img = await decodeImage(bytes, RASTER_SIZE);
      const object = await objectBox(img);
      const background = borderColour(img);
      const square = objectSquare(img.width, img.height, object);
      const cnn = model.embed(await networkInput(img, square, background));
      const colour = colourHistogram(img, object ?? { x0: 0, y0: 0, x1: img.width, y1: img.height }, object ? background : null);
      const keypoints = orb.detect(greyscale(img), img.width, img.height);
      return { vectors: { cnn: quantise(cnn), colour: quantise(colour) }, keypoints };
    },
    async describeQuery(bytes) {
      const img = await decodeImage(bytes, RASTER_SIZE);
      const square = centreSquare(img.width, img.height);
      const cnn = model.embed(await networkInput(img, square, [255, 255, 255]));
      const colour = colourHistogram(img, square);
      const keypoints = orb.detect(greyscale(img), img.width, img.height);
      return { vectors: { cnn, colour }, keypoints };
    },
  };
}
