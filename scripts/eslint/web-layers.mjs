// The web app's layers (issue 35 item 4, decision 0146), as a lint rule. apps/web/src has three floors and a roof:
//   lib/         hooks, API helpers, stores, the route map: imports no component and no feature
//   components/  shared pieces (ui/, shop/ the shopper kit, cart/, chat/, seller/ …): imports lib/, never a feature
//   features/X   one screen family: imports lib/, components/ and its own folder, never features/Y
//   app/, main.tsx, entry-server.tsx   the composition root (router, routes, layout): may import anything
// Nothing below the root imports app/ (a test may, for the app's providers). The rule resolves what the code writes,
// the `@/…` alias and relative paths alike, so `@/features/cart/store` and `../cart/store` are both seen.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const ROOT_FILES = /^(main|entry-server)\.tsx?$/;

/** The layer of a path relative to apps/web/src: 'features/<name>', 'components', 'lib', 'app', 'root' or the top folder. */
export function layerOf(rel) {
  const parts = rel.split('/');
  if (parts.length === 1) return ROOT_FILES.test(parts[0]) ? 'root' : parts[0];
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts[0];
}

/** Why an import from one file to another (both relative to apps/web/src) breaks the layers, or null. */
export function layerViolation(fromRel, toRel, { isTest = false } = {}) {
  const from = layerOf(fromRel);
  const to = layerOf(toRel);
  if (from === 'app' || from === 'root') return null;
  if (to === 'app' || to === 'root') return isTest ? null : `${from} may not import the composition root (${toRel}): move what it needs to lib/ or components/.`;
  if (to.startsWith('features/')) {
    if (from === to) return null;
    if (from.startsWith('features/')) return `${from} may not import another feature (${toRel}): move the shared piece down to components/ or lib/.`;
    if (from === 'lib' || from === 'components') return `${from}/ may not import a feature (${toRel}): move the piece down to ${from}/.`;
  }
  if (from === 'lib' && to === 'components') return `lib/ may not import components/ (${toRel}): lib/ is the lowest layer.`;
  return null;
}

/** The path under apps/web/src that a specifier written in `filename` points at, or null (a package, outside src). */
export function targetOf(filename, spec) {
  const at = filename.lastIndexOf(SRC);
  if (at < 0) return null;
  const src = filename.slice(0, at + SRC.length);
  let abs;
  if (spec.startsWith('@/')) abs = path.join(src, spec.slice(2));
  else if (spec.startsWith('./') || spec.startsWith('../')) abs = path.resolve(path.dirname(filename), spec);
  else return null;
  if (!abs.startsWith(src)) return null;
  return abs.slice(src.length).split(path.sep).join('/');
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "The web app's import direction: features never import each other; lib/ and components/ never import features (decision 0146)" },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = targetOf(filename, './' + path.basename(filename));
    if (!from) return {};
    const isTest = /\.test\.(ts|tsx|mts)$/.test(filename);
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = targetOf(filename, source.value);
      if (!to) return;
      const why = layerViolation(from, to, { isTest });
      if (why) context.report({ node: source, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
