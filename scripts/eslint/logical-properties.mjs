// A lint rule for right-to-left done as code (issue 26 item 3): the web app's class names and inline styles use
// logical directions only (ms-/me-/ps-/pe-/start-/end-/text-start/border-s/rounded-s …), so an Arabic page mirrors
// by itself. A physical class (ml-2, pl-4, left-3, text-right, border-l, rounded-br-sm …) or an inline style with a
// physical side (marginLeft, left, textAlign: 'right') fails the lint with the logical name to use instead.

const LOGICAL = {
  ml: 'ms', mr: 'me', pl: 'ps', pr: 'pe', left: 'start', right: 'end',
  'border-l': 'border-s', 'border-r': 'border-e', 'rounded-l': 'rounded-s', 'rounded-r': 'rounded-e',
  'rounded-tl': 'rounded-ss', 'rounded-tr': 'rounded-se', 'rounded-bl': 'rounded-es', 'rounded-br': 'rounded-ee',
  'scroll-ml': 'scroll-ms', 'scroll-mr': 'scroll-me', 'scroll-pl': 'scroll-ps', 'scroll-pr': 'scroll-pe',
  'text-left': 'text-start', 'text-right': 'text-end', 'float-left': 'float-start', 'float-right': 'float-end',
};
// the classes that are physical without a value (border-l, text-right); the others only with one (ml-2, left-0)
const BARE = new Set(['border-l', 'border-r', 'rounded-l', 'rounded-r', 'rounded-tl', 'rounded-tr', 'rounded-bl', 'rounded-br', 'text-left', 'text-right', 'float-left', 'float-right']);
const VALUE = String.raw`(?:\d+(?:\.\d+)?|\d+/\d+|auto|full|px|none|sm|md|lg|xl|2xl|3xl|\[[^\]\s]+\])`;
const NAMES = Object.keys(LOGICAL).sort((a, b) => b.length - a.length).map((n) => n.replace(/-/g, '\\-')).join('|');
const CLASS = new RegExp(String.raw`(?<![\w-])(?:[a-z0-9-]+:)*-?(${NAMES})(?:-(${VALUE}))?(?![\w/\[-])`, 'g');
const STYLE_KEYS = new Set(['marginLeft', 'marginRight', 'paddingLeft', 'paddingRight', 'borderLeft', 'borderRight', 'left', 'right']);

/** The physical classes in a string, each with its logical name. */
export function physicalClasses(text) {
  const found = [];
  for (const m of text.matchAll(CLASS)) {
    const [, name, value] = m;
    if (value === undefined && !BARE.has(name)) continue;
    found.push({ physical: m[0], logical: m[0].replace(name, LOGICAL[name]) });
  }
  return found;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Logical directions only in class names and inline styles' }, schema: [] },
  create(context) {
    const check = (node, text) => {
      for (const f of physicalClasses(text)) {
        context.report({ node, message: `Physical direction '${f.physical}': use '${f.logical}' so right-to-left pages mirror.` });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
      // style={{ marginLeft: 8 }}, style={{ textAlign: 'right' }}
      'JSXAttribute[name.name="style"] Property'(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (STYLE_KEYS.has(key)) context.report({ node, message: `Physical inline style '${key}': use its logical name (marginInlineStart, insetInlineStart …).` });
        if (key === 'textAlign' && node.value.type === 'Literal' && (node.value.value === 'left' || node.value.value === 'right')) {
          context.report({ node, message: `textAlign '${node.value.value}': use 'start' or 'end'.` });
        }
      },
    };
  },
};

import noLiteralText from './no-literal-text.mjs';
import webLayers from './web-layers.mjs';

export default { rules: { 'logical-properties': rule, 'no-literal-text': noLiteralText, 'web-layers': webLayers } };
