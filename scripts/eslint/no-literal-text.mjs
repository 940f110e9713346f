// A lint rule for two languages (issue 26 item 1): in a translated part of the web app, a text a person reads comes
// from the message catalogue (<Trans>, t`…`), never a literal left in the component. It reports JSX text with
// letters outside <Trans>, and literal strings in the attributes people read (aria-label, title, placeholder, alt,
// label …). Brand names and symbols pass: the list below.

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label', 'hint', 'description', 'header', 'emptyText', 'emptyTitle', 'confirmLabel', 'cancelLabel']);
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
        const text = v?.type === 'Literal' ? v.value : v?.type === 'JSXExpressionContainer' && v.expression.type === 'Literal' ? v.expression.value : null;
        if (typeof text === 'string' && isUserText(text)) context.report({ node, message: `Literal ${name} '${text.slice(0, 40)}': use t\`…\` so it is translated.` });
      },
    };
  },
};

export default rule;
