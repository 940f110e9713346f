/** The Node options the bundled server runs with (see server-node-flags.mjs). */
export const SERVER_NODE_FLAGS: string[];
