/**
 * The names of the image-search model, apart from the code that runs it: the service on the main thread needs the
 * id (rows of image_features carry it) but must not load TensorFlow.js, OpenCV or sharp just to know it — those
 * belong to the inference worker, which starts only when image search is used (docs/decisions/0061).
 */
export const VISUAL_MODEL_NAME = 'mobilenet_v2_mid';

/** Stored with every row of image_features: a change of model, framing or pooling re-describes the catalogue. */
export const VISUAL_DESCRIPTOR_MODEL = `${VISUAL_MODEL_NAME}-gem-hsv-orb-v1`;
