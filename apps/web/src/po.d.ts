// A message catalogue (.po) imported by a module: @lingui/vite-plugin compiles it into its messages when it is built.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
