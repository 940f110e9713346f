// A lint rule for two languages (issue 26 item 1): in a translated part of the web app, a text a person reads comes
// from the message catalogue (<Trans>, t`…`), never a literal left in the component. It reports JSX text with
// letters outside <Trans>, and literal strings in the attributes people read (aria-label, title, placeholder, alt,
// label …). Brand names and symbols pass: the list below. A literal reached through an expression that shows it —
// `{busy ? 'Searching...' : 'Search'}`, `{x || 'None'}`, a template's words, `empty={{ title: 'Nothing here' }}` —
// is reported too (issue 34 item 10: such leftovers showed English on Arabic pages).

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label', 'hint', 'description', 'header', 'emptyText', 'emptyTitle', 'confirmLabel', 'cancelLabel',
  'caption', 'errorTitle', 'allLabel', 'crumb', 'subtitle', 'empty']);
// the keys of an object given to a read attribute (`empty={{ title, description }}`) that are shown
const READ_KEYS = new Set(['title', 'description', 'label', 'text']);
// what is the same in every language
const UNTRANSLATED = new Set(['Souq', 'AI', 'SKU', 'AED', 'OK', 'PDF', 'CSV', 'IBAN', 'TRN', 'VAT']);
const LETTERS = /\p{L}{2,}/u;

const isUserText = (text) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t !== '' && LETTERS.test(t) && !UNTRANSLATED.has(t);
};

const insideTrans = (node) => {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'JSXElement' && p.openingElement.name.type === 'JSXIdentifier' && ['Trans', 'Plural', 'Select', 'SelectOrdinal'].includes(p.openingElement.name.name)) return true;
  }
  return false;
};

/** The literal strings an expression shows as it is (the branches of ?: and ||/??, a template's own words, a shown object's texts). */
function shownLiterals(node, out = []) {
  if (!node) return out;
  if (node.type === 'Literal' && typeof node.value === 'string') out.push([node, node.value]);
  else if (node.type === 'TemplateLiteral') {
    const words = node.quasis.map((q) => q.value.cooked ?? '').join(' ');
    if (LETTERS.test(words)) out.push([node, words]);
  } else if (node.type === 'ConditionalExpression') {
    shownLiterals(node.consequent, out);
    shownLiterals(node.alternate, out);
  } else if (node.type === 'LogicalExpression') {
    // `a && 'text'`, `a || 'text'`, `a ?? 'text'`: the right side is shown; the left one is a value or a condition
    shownLiterals(node.right, out);
  } else if (node.type === 'ObjectExpression') {
    for (const prop of node.properties) {
      if (prop.type === 'Property' && prop.key.type === 'Identifier' && READ_KEYS.has(prop.key.name)) shownLiterals(prop.value, out);
    }
  }
  return out;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'User-facing text comes from the message catalogue' }, schema: [] },
  create(context) {
    return {
      JSXText(node) {
        if (isUserText(node.value) && !insideTrans(node)) context.report({ node, message: `Literal text '${node.value.trim().slice(0, 40)}': wrap it in <Trans> so it is translated.` });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const v = node.value;
        const found = v?.type === 'Literal' ? [[v, v.value]] : v?.type === 'JSXExpressionContainer' ? shownLiterals(v.expression) : [];
        for (const [, text] of found) {
          if (typeof text === 'string' && isUserText(text)) context.report({ node, message: `Literal ${name} '${text.slice(0, 40)}': use t\`…\` so it is translated.` });
        }
      },
      JSXExpressionContainer(node) {
        // a child of an element (an attribute's container is the case above)
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        if (insideTrans(node)) return;
        for (const [literal, text] of shownLiterals(node.expression)) {
          if (isUserText(text)) context.report({ node: literal, message: `Literal text '${text.trim().slice(0, 40)}': use t\`…\` or <Trans> so it is translated.` });
        }
      },
    };
  },
};

export default rule;
