import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { z } from 'zod';
import type { imageSearchResponseSchema, imageSearchResultSchema } from '@souq/shared/api/image-search';
import { Dialog } from '@/components/ui/Dialog';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Alert';
import { Price } from '@/components/ui/Price';
import { cx } from '@/components/ui/cx';
import { api, ApiError } from '@/lib/api-client';
import { imageFileError, readAsDataUrl } from '@/lib/shop/image-file';
import { DepartmentName } from '@/components/shop/departments';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { Plural, Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

type ImageSearchResult = z.infer<typeof imageSearchResultSchema>;
type ImageSearchResponse = z.infer<typeof imageSearchResponseSchema>;

/** What a chosen result hands back to the caller (the chat sets it as its context product). */
export type ImageSearchProduct = { id: number; name: string; nameAr: string; price: number; image: string | null; category: string };

export type ImageSearchDialogProps = {
  open: boolean;
  onClose: () => void;
  /** A file picked before the dialog opened (the chat's attach button); it shows as the preview. */
  initialFile?: File;
  onSelect: (product: ImageSearchProduct) => void;
  /** Called after every completed search with the number of results (the chat posts its reply from it). */
  onSearched?: (count: number) => void;
};

/** Reverse image search (admin spec §2 "Reverse image search dialog"): upload, preview, search, pick a result. */
export function ImageSearchDialog({ open, onClose, initialFile, onSelect, onSearched }: ImageSearchDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={t`Search by Image`} description={t`Find products that look like your photo.`} size="lg">
      {/* mounted only while open, so every opening starts fresh */}
      <ImageSearchBody initialFile={initialFile} onClose={onClose} onSelect={onSelect} onSearched={onSearched} />
    </Dialog>
  );
}

type Picked = { file: File; dataUrl: string };

function ImageSearchBody({ initialFile, onClose, onSelect, onSearched }: Omit<ImageSearchDialogProps, 'open'>) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<ImageSearchResult[] | null>(null);
  const texts = useMsg();

  async function pick(file: File | undefined | null) {
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setPicked({ file, dataUrl });
      setError(null);
      setResults(null);
    } catch {
      setError(currentMsg().imageInvalid);
    }
  }

  const initial = useRef(initialFile);
  useEffect(() => {
    // the caller's file is read once, when the dialog opens
    if (initial.current) void pick(initial.current);
    return () => controller.current?.abort();
  }, []);

  function clear() {
    controller.current?.abort();
    setPicked(null);
    setResults(null);
    setError(null);
    setSearching(false);
    if (input.current) input.current.value = '';
  }

  async function search() {
    if (!picked) {
      setError(currentMsg().imageRequired);
      return;
    }
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    setSearching(true);
    setError(null);
    setResults(null);
    try {
      const res = await api<ImageSearchResponse>('/api/image-search', {
        method: 'POST',
        body: { image: picked.dataUrl, imageType: picked.file.type },
        signal: ctl.signal,
      });
      const products = Array.isArray(res?.products) ? res.products : [];
      setResults(products);
      onSearched?.(products.length);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      // the server's own words for a file it refuses (too large, not an image, unreadable); otherwise the spec's text
      const refused = err instanceof ApiError && [400, 413, 415, 422].includes(err.status) && err.body?.error;
      setError(refused ? err.message : currentMsg().imageSearchFailed);
    } finally {
      if (controller.current === ctl) setSearching(false);
    }
  }

  function choose(p: ImageSearchResult) {
    onSelect({ id: p.id, name: p.name, nameAr: p.name_ar, price: p.price, image: p.image ?? p.images[0] ?? null, category: p.category });
    onClose();
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void pick(e.dataTransfer.files?.[0]);
  }

  function onPaste(e: ClipboardEvent) {
    const file = Array.from(e.clipboardData.files ?? []).find((f) => f.type.startsWith('image/'));
    if (file) {
      e.preventDefault();
      void pick(file);
    }
  }

  return (
    <div className="flex flex-col gap-4" onPaste={onPaste}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void pick(e.target.files?.[0])}
      />

      {picked ? (
        <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
          <img
            src={picked.dataUrl}
            alt={t`Selected image preview`}
            // shrinks once results are in, so they get the room
            className={cx('shrink-0 rounded-lg bg-white object-contain shadow-sm', results ? 'h-20 w-20' : 'h-28 w-28 sm:h-40 sm:w-40')}
          />
          <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
            <p className="max-w-full truncate text-sm font-medium text-slate-800" title={picked.file.name}>
              {picked.file.name ? <bdi>{picked.file.name}</bdi> : t`Pasted image`}
            </p>
            <p className="text-xs text-slate-500">{(picked.file.size / 1024).toFixed(0)} <Trans>KB</Trans></p>
            <Button variant="secondary" size="sm" onClick={clear}>
              <Trans>Remove image</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          data-autofocus
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
          onDragEnter={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cx(
            'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50/50',
          )}
        >
          <svg viewBox="0 0 24 24" className="h-10 w-10 text-slate-400" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-8 8" strokeLinejoin="round" />
          </svg>
          <span className="text-sm font-medium text-slate-800"><Trans>Drag &amp; drop an image here, or click to upload</Trans></span>
          <span id={hintId} className="text-xs text-slate-500">
            <Trans>JPG, PNG, GIF (max 5MB)</Trans>
          </span>
        </button>
      )}

      <Alert tone="error">{error}</Alert>

      <Button onClick={() => void search()} loading={searching} className="w-full sm:w-auto sm:self-center">
        {searching ? t`Searching...` : t`Search Similar Products`}
      </Button>

      {results && results.length === 0 && (
        <p role="status" className="rounded-lg bg-slate-50 px-4 py-3 text-center text-sm text-slate-600">
          {texts.imageNoMatches}
        </p>
      )}

      {results && results.length > 0 && (
        <section aria-labelledby={`${inputId}-results`} className="flex flex-col gap-3">
          <h3 id={`${inputId}-results`} role="status" className="text-sm font-semibold text-slate-800">
            <Plural value={results.length} one="Found # similar products:" other="Found # similar products:" />
          </h3>
          {results.length === 1 ? (
            <ResultCard product={results[0]!} featured onChoose={choose} />
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {results.map((p) => (
                <li key={p.id}>
                  <ResultCard product={p} onChoose={choose} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function ResultCard({ product, featured = false, onChoose }: { product: ImageSearchResult; featured?: boolean; onChoose: (p: ImageSearchResult) => void }) {
  const image = product.image ?? product.images[0] ?? null;
  const match = Math.round(Math.min(1, Math.max(0, product.similarity)) * 100);
  // the name in the shopper's language, like the shelves and the search (the other language's when it has none)
  const name = pickText(product.name, product.name_ar, useContentLang());
  return (
    <button
      type="button"
      onClick={() => onChoose(product)}
      aria-label={t`Choose ${name}`}
      className={cx(
        'group flex h-full w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-start shadow-sm transition hover:border-brand-500 hover:shadow-md',
        featured ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <div className={cx('relative shrink-0 bg-slate-100', featured ? 'aspect-square w-full sm:w-56' : 'aspect-square w-full')}>
        {image ? (
          <img src={image} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-xs text-slate-400"><Trans>No image</Trans></div>
        )}
        <span className="absolute top-2 start-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-brand-700 shadow-sm">
          <Trans>{match}% match</Trans>
        </span>
      </div>
      <div className={cx('flex min-w-0 flex-1 flex-col gap-1', featured ? 'p-5' : 'p-3')}>
        <span className="text-xs tracking-wide text-slate-500 uppercase"><DepartmentName name={product.category} /></span>
        <span className={cx('font-medium text-slate-900 group-hover:text-brand-700', featured ? 'text-lg' : 'line-clamp-2 text-sm')}>
          <bdi>{name}</bdi>
        </span>
        <Price value={product.price} className={cx('font-semibold text-slate-900', featured ? 'text-xl' : 'text-sm')} />
        {featured && <span className="mt-auto pt-3 text-sm font-medium text-brand-700"><Trans>Select this product →</Trans></span>}
      </div>
    </button>
  );
}

export default ImageSearchDialog;
