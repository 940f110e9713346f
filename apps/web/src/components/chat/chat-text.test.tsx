import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormattedText } from '@/components/ui/FormattedText';
import { searchPhraseOf } from './api';

const html = (text: string) => renderToStaticMarkup(<FormattedText text={text} />);

describe('FormattedText', () => {
  it('renders **bold** and line breaks as formatting', () => {
    expect(html('Added **2 × Nova X15** to your cart.\nAnything else?')).toBe(
      'Added <strong dir="auto" class="font-semibold">2 × Nova X15</strong> to your cart.<br/>Anything else?',
    );
  });

  it('never turns message text into markup', () => {
    const out = html('<img src=x onerror=alert(1)> **<b>hi</b>**');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<strong dir="auto" class="font-semibold">&lt;b&gt;hi&lt;/b&gt;</strong>');
  });

  it("links the assistant's review quotes to this site only", () => {
    expect(html('Buyers praise it: [“The battery lasts two days”](/?product=4#review-9).')).toBe(
      'Buyers praise it: <a href="/?product=4#review-9" dir="auto" class="underline decoration-dotted underline-offset-2 hover:decoration-solid">“The battery lasts two days”</a>.',
    );
    // another site, a script URL or a protocol-relative address stays text
    for (const text of ['[x](https://evil.example)', '[x](javascript:alert(1))', '[x](//evil.example/a)']) expect(html(text)).not.toContain('<a');
  });

  it('isolates the pieces of an Arabic answer that others typed: a bold name, a review quote in English', () => {
    const out = html('أضفت **2 × Nova X15 Pro (256GB)** إلى سلتك. المشترون يمدحون: [“The battery is great.”](/ai-assistant?product=1#review-30).');
    // each piece is an element with its own direction, so the text around it cannot reorder its words or marks
    expect(out).toContain('<strong dir="auto" class="font-semibold">2 × Nova X15 Pro (256GB)</strong>');
    expect(out).toMatch(/<a href="\/ai-assistant\?product=1#review-30" dir="auto"[^>]*>“The battery is great\.”<\/a>/);
    // and the Arabic around them stays outside the isolates
    expect(out.startsWith('أضفت <strong')).toBe(true);
  });

  it('leaves an unmatched ** as typed', () => {
    expect(html('5 ** 2 is 25')).toBe('5 ** 2 is 25');
  });
});

describe('searchPhraseOf', () => {
  it('finds the quoted phrase after "searching for"', () => {
    expect(searchPhraseOf('I\'m searching for "wireless earbuds" so you can see them.')).toBe('wireless earbuds');
    expect(searchPhraseOf('Searching for “running shoes” now')).toBe('running shoes');
  });

  it('ignores replies without a quoted search', () => {
    expect(searchPhraseOf('Here are the top 3 for phones')).toBeNull();
    expect(searchPhraseOf('searching for phones')).toBeNull();
  });
});
