import { createRequire } from 'node:module';
import { hammingKnn2 } from './kernels.js';
import type { Keypoints } from './visual-features.js';

/**
 * Geometric verification: ORB keypoints (OpenCV's WebAssembly build, `@techstark/opencv-js`, Apache-2.0) matched by
 * Hamming distance (SIMD kernel) with Lowe's ratio test and a mutual-nearest check, then a RANSAC homography. The number of matches consistent
 * with one homography says whether the query shows the same printed packaging or object as a catalogue picture,
 * which global features alone cannot tell apart. Runs inside the inference worker.
 */

type Cv = typeof import('@techstark/opencv-js');

/** Keypoints kept per picture (strongest first). */
export const MAX_KEYPOINTS = 500;
/** A match is kept when its nearest descriptor is clearly nearer than the second (Lowe's ratio). */
const RATIO = 0.8;
/** Reprojection error (working-raster pixels) under which a match agrees with the homography. */
const RANSAC_THRESHOLD = 5;
/** A homography needs 4 matches; below 5 a fit means nothing. */
const MIN_MATCHES = 5;

let loading: Promise<{ cv: Cv }> | null = null;

/**
 * Starts OpenCV's runtime once per thread (about a second). The module object is wrapped: Emscripten gives it a
 * `then` method, and resolving a promise with it directly would chase that forever.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  loading ??= new Promise<{ cv: Cv }>((resolve, reject) => {
    const require = createRequire(import.meta.url);
    const cv = require('@techstark/opencv-js') as Cv & { onRuntimeInitialized?: () => void };
    if (typeof cv.Mat === 'function') return resolve({ cv });
    const timer = setTimeout(() => reject(new Error('OpenCV did not initialise')), 60_000);
    cv.onRuntimeInitialized = () => {
      clearTimeout(timer);
      resolve({ cv });
    };
  }).catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

export type Orb = {
  /** Keypoints of a greyscale picture (one byte per pixel, row-major). */
  detect(grey: Uint8Array, width: number, height: number, maxKeypoints?: number): Keypoints;
  /** How many query keypoints match the candidate's under one homography (0 when there is no consistent fit). */
  inliers(query: Keypoints, candidate: Keypoints): number;
};

export async function loadOrb(): Promise<Orb> {
  const { cv } = await loadOpenCv();
  const detectors = new Map<number, InstanceType<Cv['ORB']>>();
  const noMask = new cv.Mat();
  return {
    detect(grey, width, height, maxKeypoints = MAX_KEYPOINTS) {
      let orb = detectors.get(maxKeypoints);
      if (!orb) detectors.set(maxKeypoints, (orb = new cv.ORB(maxKeypoints)));
      const img = cv.matFromArray(height, width, cv.CV_8UC1, grey);
      const keypoints = new cv.KeyPointVector();
      const descriptors = new cv.Mat();
      try {
        orb.detectAndCompute(img, noMask, keypoints, descriptors);
        const n = keypoints.size();
        const xy = new Float32Array(n * 2);
        for (let i = 0; i < n; i++) {
          const p = keypoints.get(i).pt;
          xy[i * 2] = p.x;
          xy[i * 2 + 1] = p.y;
        }
        return { xy, descriptors: n > 0 ? new Uint8Array(descriptors.data.slice(0, n * 32)) : new Uint8Array(0) };
      } finally {
        img.delete();
        keypoints.delete();
        descriptors.delete();
      }
    },

    inliers(query, candidate) {
      if (query.descriptors.length < 32 * 2 || candidate.descriptors.length < 32 * 2) return 0;
      const knn = hammingKnn2(query.descriptors, candidate.descriptors);
      const back = hammingKnn2(candidate.descriptors, query.descriptors).index;
      const src: number[] = [];
      const dst: number[] = [];
      for (let i = 0; i < knn.index.length; i++) {
        const j = knn.index[i]!;
        // distinctive (ratio test) and mutual (each is the other's nearest): far fewer chance matches reach RANSAC
        if (j < 0 || knn.best[i]! >= RATIO * knn.second[i]! || back[j] !== i) continue;
        src.push(query.xy[i * 2]!, query.xy[i * 2 + 1]!);
        dst.push(candidate.xy[j * 2]!, candidate.xy[j * 2 + 1]!);
      }
      const n = src.length / 2;
      if (n < MIN_MATCHES) return 0;
      const from = cv.matFromArray(n, 1, cv.CV_32FC2, src);
      const to = cv.matFromArray(n, 1, cv.CV_32FC2, dst);
      const mask = new cv.Mat();
      try {
        const h = cv.findHomography(from, to, cv.RANSAC, RANSAC_THRESHOLD, mask);
        const ok = !h.empty();
        h.delete();
        if (!ok) return 0;
        let count = 0;
        for (let i = 0; i < mask.rows; i++) count += mask.data[i]! ? 1 : 0;
        return count;
      } finally {
        from.delete();
        to.delete();
        mask.delete();
      }
    },
  };
}
