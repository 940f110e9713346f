import v8 from 'node:v8';

/**
 * The server's V8 trades a little speed for memory (docs/decisions/0061): `--optimize-for-size` keeps the young
 * generation small and grows the old one in smaller steps, so the garbage of start-up's bulk builds (search index,
 * recommendation model) does not leave the heap committed at twice what it holds. Measured with the bundled server at
 * 50,000 products on PostgreSQL: RSS 420 → 266 MB once the search index is built. It must run before the app's
 * modules allocate: main.ts imports this module first. Setting it at run time works for these heap-sizing decisions
 * (V8 reads the flag when it sizes the heap, not only at start-up).
 */
v8.setFlagsFromString('--optimize-for-size');
