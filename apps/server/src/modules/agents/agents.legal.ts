import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEGAL_DOCS, LEGAL_LINK_TYPES, LEGAL_PATHS, type LegalDocKey } from '@souq/shared/rules/legal';
import { pickLocale } from '@souq/shared/rules/locale';

/** The checkout's and cart's `links` (types/link.json): the terms of service and the privacy notice, always. */
export function legalLinks(origin: string) {
  return (Object.keys(LEGAL_PATHS) as LegalDocKey[]).map((key) => ({
    type: LEGAL_LINK_TYPES[key],
    url: new URL(LEGAL_PATHS[key], origin).href,
    title: LEGAL_DOCS[key].en.title,
  }));
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The two documents as pages an agent can open for its buyer (decision 0130): plain HTML in the reader's language
 * (`?lang=` or Accept-Language; Arabic right to left), no script.
 */
export function legalRoutes() {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const key of Object.keys(LEGAL_PATHS) as LegalDocKey[]) {
      r.get(LEGAL_PATHS[key], {
        schema: {
          tags: ['agents'],
          summary: `The marketplace's ${key === 'terms' ? 'terms of service' : 'privacy notice'} (HTML, English or Arabic), linked from every agent checkout`,
          querystring: z.object({ lang: z.enum(['en', 'ar']).optional() }),
          response: { 200: z.string().describe('text/html') },
        },
      }, async (req, reply) => {
        const locale = req.query.lang ?? pickLocale({ acceptLanguage: req.headers['accept-language'] ?? null });
        const doc = LEGAL_DOCS[key][locale];
        const body = doc.sections.map((s) => `<h2>${escape(s.heading)}</h2>\n<p>${escape(s.text)}</p>`).join('\n');
        return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(
          `<!doctype html>\n<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${escape(doc.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#0f172a}h2{font-size:1.1rem;margin-block-start:1.5rem}</style></head>` +
          `<body><h1>${escape(doc.title)}</h1><p><time datetime="${doc.updated}">${doc.updated}</time></p>\n${body}</body></html>`,
        );
      });
    }
  };
}
