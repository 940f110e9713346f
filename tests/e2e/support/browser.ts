import fs from 'node:fs';

/**
 * Which Chromium drives the journeys (decision 0182). Debian's headless shell (package chromium-headless-shell, the
 * build Playwright itself runs headless by default) when it is installed: it spends about a third less CPU than the
 * whole browser (no browser UI, no extensions, no Debian start-up flags), and the browser is most of a journey's CPU
 * on a two-core machine. The whole browser (`FULL_BROWSER`) drives the journeys that need what only it does: the
 * headless shell denies the notification permission before anyone is asked, so a page never offers "Enable".
 * CHROMIUM_PATH names one binary for every journey.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const LAUNCH = { executablePath: CHROMIUM, args: ARGS };

/** `test.use(FULL_BROWSER)` at a file's top (a browser is per worker, so not per describe block): its journeys run in the whole browser. */
export const FULL_BROWSER = { launchOptions: { executablePath: FULL_CHROMIUM, args: ARGS } };
