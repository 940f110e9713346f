import type { MSG } from './messages.js';

// The type every language's texts fill (messages.ar.ts, messages.ar-web.ts) and messages-for.ts hands out: apart from
// messages-for.ts, which imports the browser part's type, so the two do not import each other.

/**
 * The shape of MSG with its texts as strings (MSG is `as const`, so its own type holds the English words themselves):
 * what every language's texts must fill, key by key, with the same arguments.
 */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;
export type Messages = Widen<typeof MSG>;
export type MsgKey = keyof Messages;
