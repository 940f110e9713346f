/** Compiles kernels.wat and returns the wasm binary as base64 (see build-kernels.mjs). */
export function compileKernels(): Promise<string>;
