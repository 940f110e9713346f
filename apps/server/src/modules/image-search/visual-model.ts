import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { VISUAL_MODEL_NAME } from './visual-model-id.js';
import { averagePool, CNN_DIMS, NET_INPUT, poolFeatureMap } from './visual-features.js';

/**
 * The image network: MobileNetV2 (×1.4, ImageNet-trained backbone, Apache-2.0) as shipped inside the `nsfwjs` npm
 * package (MIT) under models/mobilenet_v2_mid, run with TensorFlow.js on its WebAssembly backend. Only the generic
 * backbone is used: its last convolutional feature map (7×7×1792), pooled by poolFeatureMap. Everything is read from
 * node_modules: nothing is downloaded, ever. Meant to run inside the inference worker (it blocks while it computes).
 */

const FEATURE_MAP_NODE =
  'StatefulPartitionedCall/sequential/keras_layer/StatefulPartitionedCall/StatefulPartitionedCall/StatefulPartitionedCall/predict/MobilenetV2/Conv_1/Relu6';

type ModelJson = {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
};

export type VisualModel = {
  /**
   * Feature of one RGB square of NET_INPUT × NET_INPUT pixels (bytes, row-major): unit vector of CNN_DIMS. 'gem' is
   * Souq's pooling (poolFeatureMap); 'average' is the network's own global-average feature (the benchmark's baseline).
   */
  embed(rgb: Uint8Array, pooling?: 'gem' | 'average'): Float32Array;
};

let loading: Promise<VisualModel> | null = null;

/** Loads the backend and the network once per thread (about a second; 25 MB of weights). */
export function loadVisualModel(): Promise<VisualModel> {
  loading ??= load().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function load(): Promise<VisualModel> {
  const require = createRequire(import.meta.url);
  // the wasm binaries sit beside the backend's bundle in node_modules (the path must end with a separator)
  setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep));
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend did not start');
  await tf.ready();

  // nsfwjs ships the converted graph and its weight shards as CommonJS modules (JSON and base64 text)
  const dir = path.join(path.dirname(require.resolve('nsfwjs')), '..', 'models', VISUAL_MODEL_NAME);
  const modelFile = path.join(dir, 'model.min.js');
  const json = require(modelFile) as ModelJson;
  const manifest = json.weightsManifest[0];
  if (!manifest) throw new Error(`no weights manifest in ${modelFile}`);
  const shardFiles = manifest.paths.map((p) => path.join(dir, `${p}.min.js`));
  const weights = Buffer.concat(shardFiles.map((f) => Buffer.from(require(f) as string, 'base64')));
  // the module cache would keep ~6 MB of base64 text alive for nothing
  for (const f of [modelFile, ...shardFiles]) delete require.cache[f];

  const artifacts: tf.io.ModelArtifacts = {
    modelTopology: json.modelTopology as tf.io.ModelArtifacts['modelTopology'],
    weightSpecs: manifest.weights,
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
  const model: GraphModel = await loadGraphModel(tf.io.fromMemory(artifacts));
  // the weights now live in the backend's memory; the graph model keeps this object (for save()), so without this
  // the 25 MB copy in JavaScript would stay alive for nothing
  delete artifacts.weightData;

  return {
    embed(rgb: Uint8Array, pooling: 'gem' | 'average' = 'gem'): Float32Array {
      if (rgb.length !== NET_INPUT * NET_INPUT * 3) throw new Error(`network input must be ${NET_INPUT}×${NET_INPUT} RGB`);
      const pixels = new Float32Array(rgb.length);
      for (let i = 0; i < rgb.length; i++) pixels[i] = rgb[i]! / 255;
      const input = tf.tensor4d(pixels, [1, NET_INPUT, NET_INPUT, 3], 'float32');
      const map = model.execute(input, FEATURE_MAP_NODE) as tf.Tensor;
      try {
        const channels = map.shape[map.shape.length - 1];
        if (channels !== CNN_DIMS) throw new Error(`feature map has ${channels} channels, expected ${CNN_DIMS}`);
        const values = map.dataSync() as Float32Array;
        return pooling === 'gem' ? poolFeatureMap(values, CNN_DIMS) : averagePool(values, CNN_DIMS);
      } finally {
        input.dispose();
        map.dispose();
      }
    },
  };
}
